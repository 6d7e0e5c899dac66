// `npm test`: everything. Lint, types, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests on the built app in Debian's Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, TZ: "UTC" };
const started = Date.now();

function run(title, command, args) {
  console.log(`\n=== ${title} ===`);
  const t = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env });
  console.log(
    `--- ${title}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) {
    console.error(`\n${title} failed.`);
    process.exit(result.status ?? 1);
  }
}

const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;

/** Browser tests need Debian's Chromium; PDF tests need poppler's pdftotext and pdftoppm. */
function ensureTools() {
  if (existsSync("/usr/bin/chromium") && hasCommand("pdftotext") && hasCommand("pdftoppm")) return;
  console.log("Installing what the tests need: Debian's chromium and poppler-utils (apt-get)...");
  if (process.getuid?.() !== 0) {
    console.error(
      "The tests need /usr/bin/chromium and pdftotext. Install them with: sudo apt-get install -y chromium poppler-utils",
    );
    process.exit(1);
  }
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const r = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "poppler-utils"], { stdio: "inherit" });
  if (r.status !== 0 || !existsSync("/usr/bin/chromium") || !hasCommand("pdftotext")) {
    console.error("Could not install them. Install with: apt-get install -y chromium poppler-utils");
    process.exit(1);
  }
}

ensureTools();
run("lint", "npx", ["biome", "check", "."]);
run("types", "npx", ["tsc", "--noEmit", "-p", "."]);
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nTEST_DATABASE_URL is not set: database tests run on PGlite only (CI runs them on PostgreSQL too).",
  );
}
run("unit and API tests", "npx", ["vitest", "run"]);
run("build", "npx", ["vite", "build", "--logLevel", "warn"]);
run("server build", process.execPath, ["scripts/build-server.mjs"]);
run("browser tests", "npx", ["playwright", "test"]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
