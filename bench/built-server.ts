// The compiled server on a fresh data folder with one confirmed, signed-in user: for the benches
// that drive a browser against the real build (lighthouse.ts, keystroke.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signUpConfirmed, waitFor } from "./support";

const ROOT = path.resolve(import.meta.dirname, "..");
/** BENCH_DIST=<another checkout>/dist measures that build instead (before and after in one run). */
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(ROOT, "dist"));

/**
 * The compiled server (dist/server) on `port` with a fresh data folder, and a confirmed user signed
 * in: `cookie` is the session. `stop` ends the server and removes the folder.
 */
export async function startSignedInServer(port: number, name: string) {
  if (!existsSync(path.join(DIST, "server/main.mjs")))
    throw new Error("Build first: npx vite build && node scripts/build-server.mjs");
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bahi-${name}-`));
  const server = spawn(process.execPath, [path.join(DIST, "server/main.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  server.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, "the server", 60_000).catch((error) => {
    console.error(stderr);
    throw error;
  });
  const cookie = await signUpConfirmed(origin, dataDir, `${name}@example.com`, name);
  const stop = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, cookie, stop };
}
