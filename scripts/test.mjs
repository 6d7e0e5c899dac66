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

function ensureChromium() {
  if (existsSync("/usr/bin/chromium")) return;
  console.log("Chromium is missing: installing Debian's chromium (needs root and apt)...");
  const isRoot = process.getuid?.() === 0;
  if (!isRoot) {
    console.error("Browser tests need /usr/bin/chromium. Install it with: sudo apt-get install -y chromium");
    process.exit(1);
  }
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const r = spawnSync("apt-get", ["install", "-y", "-qq", "chromium", "poppler-utils"], { stdio: "inherit" });
  if (r.status !== 0 || !existsSync("/usr/bin/chromium")) {
    console.error("Could not install chromium. Install it with: apt-get install -y chromium");
    process.exit(1);
  }
}

run("lint", "npx", ["biome", "check", "."]);
run("types", "npx", ["tsc", "--noEmit", "-p", "."]);
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nTEST_DATABASE_URL is not set: database tests run on PGlite only (CI runs them on PostgreSQL too).",
  );
}
run("unit and API tests", "npx", ["vitest", "run"]);
ensureChromium();
run("build", "npx", ["vite", "build", "--logLevel", "warn"]);
run("server build", process.execPath, ["scripts/build-server.mjs"]);
run("browser tests", "npx", ["playwright", "test"]);
console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
