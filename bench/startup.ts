// Start time of the compiled server on a fresh embedded database: from spawning the process to the
// first 200 from /api/health (serving) and from /api/ready (migrations applied, PDF threads up).
// N runs, medians.
// Run: npm run build && npx tsx bench/startup.ts   (BENCH_DIST=<another checkout>/dist, BENCH_N=5)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DIST = path.resolve(process.env.BENCH_DIST ?? "dist");
const N = Number(process.env.BENCH_N ?? 5);
const NODE = path.resolve("node_modules/.bin/node");
/** BENCH_REUSE=1: every run starts on the data folder the first one made (a restart, not a first start). */
const REUSE =
  process.env.BENCH_DATA_DIR ??
  (process.env.BENCH_REUSE === "1" ? mkdtempSync(path.join(tmpdir(), "bahi-start-")) : null);

async function once(port: number): Promise<[number, number]> {
  const dataDir = REUSE ?? mkdtempSync(path.join(tmpdir(), "bahi-start-"));
  const started = performance.now();
  const child = spawn(NODE, [path.join(DIST, "server/main.mjs")], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
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
      if (ready) return [health, performance.now() - started];
      if (performance.now() - started > 60_000) throw new Error("not ready after 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    if (!REUSE) rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: [number, number][] = [];
if (REUSE) await once(3699); // makes the database; not counted
for (let i = 0; i < N; i++) runs.push(await once(3700 + i));
if (REUSE && !process.env.BENCH_DATA_DIR) rmSync(REUSE, { recursive: true, force: true });
const median = (k: 0 | 1) =>
  runs
    .map((r) => r[k])
    .sort((a, b) => a - b)
    [Math.floor(N / 2)]!.toFixed(0);
console.log(
  `${DIST}${REUSE ? " (restart)" : " (first start)"}: serving after median ${median(0)} ms, ready after ${median(1)} ms (${N} runs)`,
);
