// The compiled server on a fresh data folder with one confirmed, signed-in user: for the benches
// that drive a browser against the real build (lighthouse.ts, keystroke.ts).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { waitFor } from "./support";

const ROOT = path.resolve(import.meta.dirname, "..");

/** Signs a new user up, confirms the address through the outbox mail and returns the session cookie. */
async function signUp(origin: string, dataDir: string, name: string): Promise<string> {
  const email = `${name}@example.com`;
  const password = `kesari-chai-${name}-42`;
  const headers = { origin, "content-type": "application/json" };
  const signedUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name }),
  });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const outbox = path.join(dataDir, "outbox");
  await waitFor(
    async () => existsSync(outbox) && readdirSync(outbox).length > 0,
    "the confirmation mail",
    60_000,
  );
  const mail = readFileSync(path.join(outbox, readdirSync(outbox)[0]!), "utf8").replace(/=\r?\n/g, "");
  const link = /https?:\/\/[^\s"<>]+verify-email[^\s"<>]*/.exec(mail.replaceAll("=3D", "="))?.[0];
  if (!link) throw new Error("no confirmation link in the outbox");
  await fetch(link, { redirect: "manual" });
  const res = await fetch(`${origin}/api/auth/sign-in/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed: ${res.status}`);
  return cookie;
}

/**
 * The compiled server (dist/server) on `port` with a fresh data folder, and a confirmed user signed
 * in: `cookie` is the session. `stop` ends the server and removes the folder.
 */
export async function startSignedInServer(port: number, name: string) {
  if (!existsSync(path.join(ROOT, "dist/server/main.mjs")))
    throw new Error("Build first: npx vite build && node scripts/build-server.mjs");
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), `bahi-${name}-`));
  const server = spawn(process.execPath, [path.join(ROOT, "dist/server/main.mjs")], {
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
  const cookie = await signUp(origin, dataDir, name);
  const stop = async () => {
    const exited = new Promise((r) => server.once("exit", r));
    server.kill("SIGTERM");
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { origin, cookie, stop };
}
