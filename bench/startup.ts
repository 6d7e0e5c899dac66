// Start time of the compiled server on a fresh embedded database: from spawning the process to the
// first 200 from /api/health (serving) and from /api/ready (migrations applied, PDF threads up), and
// the CPU the server process had used by then (user + system, every thread). N runs, medians.
// Run: npm run build && npx tsx bench/startup.ts   (BENCH_DIST=<another checkout>/dist, BENCH_N=5)
// BENCH_COMPARE=<another checkout>/dist: that build's server too, the two started in turn.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error plain JavaScript without types
import { SERVER_NODE_ARGS, serverEnv } from "../scripts/server-node-args.mjs";

const DIST = path.resolve(process.env.BENCH_DIST ?? "dist");
const N = Number(process.env.BENCH_N ?? 5);
const NODE = path.resolve("node_modules/.bin/node");
/** BENCH_REUSE=1: every run starts on the data folder the first one made (a restart, not a first start). */
const REUSE =
  process.env.BENCH_DATA_DIR ??
  (process.env.BENCH_REUSE === "1" ? mkdtempSync(path.join(tmpdir(), "bahi-start-")) : null);

/** CPU-seconds (user + system, every thread) a live process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function once(dist: string, port: number): Promise<[number, number, number]> {
  const dataDir = REUSE ?? mkdtempSync(path.join(tmpdir(), "bahi-start-"));
  const started = performance.now();
  const child = spawn(NODE, [...SERVER_NODE_ARGS, path.join(dist, "server/main.mjs")], {
    env: serverEnv({
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    }),
    stdio: "ignore",
  });
  let health = 0;
  try {
    for (;;) {
      if (
        !health &&
        (await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ))
      ) {
        health = performance.now() - started;
      }
      const ready =
        health > 0 &&
        (await fetch(`http://127.0.0.1:${port}/api/ready`).then(
          (r) => r.ok,
          () => false,
        ));
      if (ready) return [health, performance.now() - started, cpuSeconds(child.pid!)];
      if (performance.now() - started > 60_000) throw new Error("not ready after 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    if (!REUSE) rmSync(dataDir, { recursive: true, force: true });
  }
}

const COMPARE = process.env.BENCH_COMPARE ? path.resolve(process.env.BENCH_COMPARE) : undefined;
const dists = COMPARE ? [DIST, COMPARE] : [DIST];
const runs = new Map<string, [number, number, number][]>(dists.map((d) => [d, []]));
if (REUSE) await once(DIST, 3699); // makes the database; not counted
for (let i = 0; i < N; i++) {
  for (const [j, dist] of dists.entries()) runs.get(dist)!.push(await once(dist, 3700 + 2 * i + j));
}
if (REUSE && !process.env.BENCH_DATA_DIR) rmSync(REUSE, { recursive: true, force: true });
const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const dist of dists) {
  const r = runs.get(dist)!;
  console.log(
    `${dist}${REUSE ? " (restart)" : " (first start)"}: serving after median ${median(r.map((x) => x[0])).toFixed(0)} ms, ` +
      `ready after ${median(r.map((x) => x[1])).toFixed(0)} ms, ${median(r.map((x) => x[2])).toFixed(2)} CPU-s by then ` +
      `(${N} runs; CPU-s each: ${r.map((x) => x[2].toFixed(2)).join(", ")})`,
  );
}
