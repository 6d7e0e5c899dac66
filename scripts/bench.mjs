// `npm run bench`: lists the benchmarks in bench/ with what each measures and how it runs;
// `npm run bench -- <name> [args]` (e.g. `api-load`, `pdf/figures`) runs one. The list and the
// commands come from each benchmark's own header comment ("Run: <command>"), so they cannot drift.
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const benchDir = path.join(root, "bench");

/** A benchmark: a bench/ file whose header says how to run it (support modules do not). */
function readBenchmark(file) {
  const header = [];
  for (const line of readFileSync(path.join(benchDir, file), "utf8").split("\n")) {
    if (!line.startsWith("//")) break;
    header.push(line.replace(/^\/\/\s?/, ""));
  }
  const name = file.replace(/\.ts$/, "");
  const escaped = name.replace(/[/.]/g, "\\$&");
  const pattern = new RegExp(
    `((?:[A-Z_]+=\\S+ )?(?:npm|npx) .*?npx tsx bench/${escaped}\\.ts|(?:[A-Z_]+=\\S+ )?npx tsx bench/${escaped}\\.ts)`,
  );
  const at = header.findIndex((line) => pattern.test(line));
  if (at === -1) return undefined;
  const before = header.slice(0, at).join(" ") || header[at];
  const summary = /^(.*?\.)(\s|$)/.exec(before)?.[1] ?? before;
  return { name, command: pattern.exec(header[at])[1], summary };
}

const files = readdirSync(benchDir, { recursive: true })
  .map((file) => String(file).split(path.sep).join("/"))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts") && !file.includes("/out/"))
  .sort();
const benchmarks = files.map(readBenchmark).filter(Boolean);

const [wanted, ...args] = process.argv.slice(2);
if (!wanted) {
  console.log("Benchmarks (npm run bench -- <name> [args]; each prints its figures):\n");
  for (const { name, command, summary } of benchmarks) {
    const lines = summary.match(/.{1,80}(\s|$)/g).map((line) => line.trim());
    console.log(`${name.padEnd(20)} ${lines.join(`\n${"".padEnd(21)}`)}\n${"".padEnd(21)}$ ${command}\n`);
  }
  process.exit(0);
}
const benchmark = benchmarks.find((b) => b.name === wanted);
if (!benchmark) {
  console.error(`No benchmark named "${wanted}". Known: ${benchmarks.map((b) => b.name).join(", ")}`);
  process.exit(1);
}
const quoted = args.map((arg) => `'${arg.replaceAll("'", "'\\''")}'`).join(" ");
console.log(`$ ${benchmark.command} ${quoted}`.trimEnd());
const result = spawnSync("sh", ["-c", `${benchmark.command} ${quoted}`], { cwd: root, stdio: "inherit" });
process.exit(result.status ?? 1);
