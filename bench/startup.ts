// Start time of the compiled server on a fresh embedded database: from spawning the process to the
// first 200 from /api/ready (migrations applied, PDF threads up, job queue started). N runs, median.
// Run: npm run build && npx tsx bench/startup.ts   (BENCH_DIST=<another checkout>/dist, BENCH_N=5)
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const DIST = path.resolve(process.env.BENCH_DIST ?? "dist");
const N = Number(process.env.BENCH_N ?? 5);
const NODE = path.resolve("node_modules/.bin/node");

async function once(port: number): Promise<number> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-start-"));
  const started = performance.now();
  const child = spawn(NODE, [path.join(DIST, "server/main.mjs")], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`).then((r) => r.ok, () => false);
      if (ready) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error("not ready after 60 s");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const times: number[] = [];
for (let i = 0; i < N; i++) times.push(await once(3700 + i));
times.sort((a, b) => a - b);
console.log(
  `${DIST}: ready after median ${times[Math.floor(N / 2)]!.toFixed(0)} ms (runs: ${times.map((t) => t.toFixed(0)).join(", ")})`,
);
