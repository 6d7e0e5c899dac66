// Server start time on an existing data folder, and sign-in latency.
// Run: npx tsx bench/accounts.ts   (uses a fresh temporary data folder and port 3900)
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// What `npm start` runs: the compiled server.
execFileSync("node", ["scripts/build-server.mjs"], { stdio: "inherit" });
const PORT = 3900;
const BASE = `http://localhost:${PORT}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-bench-"));

function startServer(): { child: ChildProcess; ready: Promise<number> } {
  const started = performance.now();
  const child = spawn("node", ["dist/server/main.mjs"], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: BASE, LOG_LEVEL: "warn" },
    stdio: "inherit",
  });
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return { child, ready };
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

const first = startServer();
console.log(`first start (empty data folder, creates the database): ${(await first.ready).toFixed(0)} ms`);
const headers = { origin: BASE, "content-type": "application/json" };
const email = "bench@example.com";
const password = "bench-password-42";
await fetch(`${BASE}/api/auth/sign-up/email`, {
  method: "POST",
  headers,
  body: JSON.stringify({ email, password, name: "Bench" }),
});
const outbox = path.join(dataDir, "outbox");
const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0]), "utf8")
  .replace(/=\r?\n/g, "")
  .replace(/=3D/g, "=");
await fetch(mail.match(/http:\/\/\S+verify-email\S+/)![0], { redirect: "manual" });
await stop(first.child);

const starts: number[] = [];
for (let i = 0; i < 3; i++) {
  const again = startServer();
  starts.push(await again.ready);
  if (i < 2) await stop(again.child);
  else {
    const times: number[] = [];
    for (let j = 0; j < 40; j++) {
      const t = performance.now();
      const res = await fetch(`${BASE}/api/auth/sign-in/email`, {
        method: "POST",
        headers,
        body: JSON.stringify({ email, password }),
      });
      if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const pick = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
    console.log(
      `sign-in latency over ${times.length} sequential sign-ins: median ${pick(0.5)} ms, p95 ${pick(0.95)} ms`,
    );
    await stop(again.child);
  }
}
console.log(
  `start on an existing data folder (spawn to healthy, goal < 2000 ms): ${starts.map((s) => s.toFixed(0)).join(", ")} ms`,
);
