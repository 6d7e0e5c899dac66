// `npm test`: everything. Lint, types, unit and API tests (PGlite, and PostgreSQL when
// TEST_DATABASE_URL is set), and the browser tests on the built app in Debian's Chromium.
//
// Three lanes side by side (docs/decisions/0050), each after the builds it needs (0074): unit and
// API tests; lint and types; browser tests. TEST_SERIAL=1 runs the steps one after another (to
// compare, or on a one-core machine).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const env = { ...process.env, TZ: "UTC" };
const started = Date.now();
const serial = Boolean(process.env.TEST_SERIAL);
const times = [];

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// Each step's CPU (user + sys of it and the processes it waited for) comes from GNU time where the
// machine has it: on 2 cores the lanes share the CPU, so CPU-seconds say where the time goes better
// than the wall clock does (issue 29).
const TIME = "/usr/bin/time";
const cpuDir = existsSync(TIME) ? mkdtempSync(path.join(tmpdir(), "bahi-test-cpu-")) : undefined;
let cpuFiles = 0;

/** `command args` run through GNU time into a file of its own, or as it is without it. */
function timed(command, args) {
  if (!cpuDir) return { command, args, cpu: () => undefined };
  const file = path.join(cpuDir, `${cpuFiles++}`);
  return {
    command: TIME,
    args: ["-q", "-f", "%U %S", "-o", file, command, ...args],
    cpu: () => {
      try {
        const [user, sys] = readFileSync(file, "utf8").trim().split("\n").pop().split(" ").map(Number);
        return user + sys;
      } catch {
        return undefined;
      }
    },
  };
}

/**
 * Runs one step; `live`: its output goes straight to ours, else it is printed whole when it ends.
 */
function step(title, command, args, { live = true } = {}) {
  return new Promise((resolve) => {
    if (live) console.log(`\n=== ${title} ===`);
    const t = Date.now();
    const run = timed(command, args);
    const child = spawn(run.command, run.args, {
      cwd: root,
      env,
      stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    const output = [];
    child.stdout?.on("data", (chunk) => output.push(chunk));
    child.stderr?.on("data", (chunk) => output.push(chunk));
    child.on("close", (code) => {
      const ok = code === 0;
      if (!live) {
        console.log(`\n=== ${title} ===`);
        process.stdout.write(Buffer.concat(output));
      }
      const took = Date.now() - t;
      const cpu = run.cpu();
      times.push({ title, took, cpu });
      const cpuText = cpu === undefined ? "" : ` (${cpu.toFixed(1)} CPU-s)`;
      console.log(`--- ${title}: ${ok ? "ok" : "FAILED"} in ${seconds(took)}${cpuText}`);
      resolve(ok);
    });
  });
}

/** Steps one after another, stopping at the first that fails. */
async function lane(steps, options) {
  for (const [title, command, args] of steps) {
    if (!(await step(title, command, args, options))) return false;
  }
  return true;
}

function finish(ok) {
  console.log("\nStep times (wall, and CPU: user + sys):");
  for (const { title, took, cpu } of times) {
    const cpuText = cpu === undefined ? "" : `${cpu.toFixed(1)} CPU-s`;
    console.log(`  ${seconds(took).padStart(9)}  ${cpuText.padStart(12)}  ${title}`);
  }
  const cpus = times.map((t) => t.cpu).filter((c) => c !== undefined);
  if (cpus.length)
    console.log(
      `  ${"".padStart(9)}  ${`${cpus.reduce((a, b) => a + b, 0).toFixed(1)} CPU-s`.padStart(12)}  in all`,
    );
  if (cpuDir) rmSync(cpuDir, { recursive: true, force: true });
  if (env.E2E_SEED_DIR) rmSync(env.E2E_SEED_DIR, { recursive: true, force: true });
  if (!ok) {
    console.error("\nSome tests failed (see above).");
    process.exit(1);
  }
  console.log(`\nAll tests passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;

/**
 * Browser tests need Debian's Chromium headless shell (decision 0121); PDF tests need poppler's
 * pdftotext and pdftoppm.
 */
const SHELL = "/usr/bin/chromium-headless-shell";
const PACKAGES = ["chromium-headless-shell", "poppler-utils"];
const haveTools = () => existsSync(SHELL) && hasCommand("pdftotext") && hasCommand("pdftoppm");
function ensureTools() {
  if (haveTools()) return;
  console.log(`Installing what the tests need: Debian's ${PACKAGES.join(" and ")} (apt-get)...`);
  if (process.getuid?.() !== 0) {
    console.error(
      `The tests need ${SHELL}, pdftotext and pdftoppm. Install them with: sudo apt-get install -y ${PACKAGES.join(" ")}`,
    );
    process.exit(1);
  }
  spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  const r = spawnSync("apt-get", ["install", "-y", "-qq", ...PACKAGES], { stdio: "inherit" });
  if (r.status !== 0 || !haveTools()) {
    console.error(`Could not install them. Install with: apt-get install -y ${PACKAGES.join(" ")}`);
    process.exit(1);
  }
}

ensureTools();
if (!process.env.TEST_DATABASE_URL) {
  console.log(
    "\nTEST_DATABASE_URL is not set: database tests run on PGlite only (CI runs them on PostgreSQL too).",
  );
}
// Three lanes side by side (docs/decisions/0050): the unit and API tests with their output live;
// lint and types; the browser tests (mostly waiting on the browser, so they fit beside the CPU-bound
// unit tests on 2 cores). The output of the others is printed when each step ends. The builds take a
// few seconds and come before the lanes that need them: the browser tests run the built app, and the
// tests that start the built server (scaling, shutdown) must not read dist/server while it is written.
const builds = [
  ["server build", process.execPath, ["scripts/build-server.mjs"]],
  ["build", "npx", ["vite", "build", "--logLevel", "warn"]],
];
const checks = [
  ["lint", "npx", ["biome", "check", "."]],
  // TypeScript 7's native checker on one thread: on 2 cores shared by three lanes its threads only
  // compete with the tests (docs/decisions/0113).
  ["types", "npx", ["tsc", "--noEmit", "--singleThreaded", "-p", "."]],
];
const unit = ["unit and API tests", "npx", ["vitest", "run"]];
const browser = ["browser tests", "npx", ["playwright", "test"]];
// Beside the builds: the migrated template databases that Vitest's files copy (its global setup
// finds them made), and a data folder with a migrated embedded database for the browser tests'
// servers to start on (E2E_SEED_DIR, playwright.config.ts; decision 0069).
const seedDir = mkdtempSync(path.join(tmpdir(), "bahi-e2e-seed-"));
env.E2E_SEED_DIR = seedDir;
const templates = ["test databases", "npx", ["tsx", "src/server/testing/make-templates.ts", seedDir]];

const [serverBuild, build] = builds;
if (serial) {
  const [lint, types] = checks;
  finish(await lane([lint, types, templates, unit, build, serverBuild, browser]));
} else {
  // Each lane starts as soon as what it needs is there (docs/decisions/0074): lint and types need
  // nothing built, so they start at once; the unit tests (the longest lane) need the server build
  // and the template databases, not the web build; the browser tests need all three.
  const quiet = { live: false };
  const serverAndTemplates = Promise.all([lane([serverBuild], quiet), lane([templates], quiet)]).then((oks) =>
    oks.every(Boolean),
  );
  const webBuild = lane([build], quiet);
  const lanes = await Promise.all([
    serverAndTemplates.then((ok) => ok && lane([unit])),
    // Not at a lower priority: types is one thread, and starved it finished last (864 s at load 29).
    lane(checks, quiet),
    Promise.all([serverAndTemplates, webBuild]).then((oks) => oks.every(Boolean) && lane([browser], quiet)),
  ]);
  finish(lanes.every(Boolean));
}
