import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { PROJECT_ROOT } from "../paths";
import { testProcessEnv } from "./test-config";

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** The environment for a server process: the test's own, without its database or test settings. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  // No drain unless a test asks for one: there is no load balancer to wait for.
  const env: NodeJS.ProcessEnv = {
    ...testProcessEnv(),
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    // Production mode without SMTP: the tests read the outbox.
    MAIL_OUTBOX: "1",
    SHUTDOWN_DRAIN: "0",
    ...extra,
  };
  for (const name of ["DATABASE_URL", "TEST_DATABASE_URL", "METRICS_TOKEN", "VITEST", "VITEST_POOL_ID"]) {
    if (!(name in extra)) delete env[name];
  }
  return env;
}

/** Collects a child's output and answers when a line matching `pattern` appears. */
export function watchOutput(child: ChildProcess) {
  let text = "";
  const waiters: Array<{ pattern: RegExp; resolve: (m: RegExpMatchArray) => void }> = [];
  const onData = (chunk: Buffer) => {
    text += chunk.toString("utf8");
    for (const w of [...waiters]) {
      const match = text.match(w.pattern);
      if (match) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(match);
      }
    }
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  return {
    text: () => text,
    waitFor(pattern: RegExp): Promise<RegExpMatchArray> {
      const match = text.match(pattern);
      if (match) return Promise.resolve(match);
      return new Promise((resolve, reject) => {
        waiters.push({ pattern, resolve });
        child.once("exit", (code) =>
          setImmediate(() => reject(new Error(`exited (${code}) before ${pattern}:\n${text}`))),
        );
      });
    },
  };
}

/** Answers once the child has exited and every process that shared its stdout/stderr pipes is gone. */
export function closed(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null && child.stdout?.closed !== false) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once("close", (code, signal) => resolve({ code, signal })));
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export const SERVER_BUNDLE = path.join(PROJECT_ROOT, "dist/server/main.mjs");
/** The compiled `npm run backup` / `npm run restore` command. */
export const BACKUP_BUNDLE = path.join(PROJECT_ROOT, "dist/server/backup.mjs");

/** Compiles the server when dist/server is missing or older than its sources (as `npm start` does). */
export function buildServerIfStale(): void {
  const sources = ["src/server", "src/domain", "src/contract"].map((s) => path.join(PROJECT_ROOT, s));
  const newest = Math.max(...sources.filter(existsSync).map(newestMtime));
  if (existsSync(SERVER_BUNDLE) && statSync(SERVER_BUNDLE).mtimeMs >= newest) return;
  const result = spawnSync(process.execPath, ["scripts/build-server.mjs"], {
    cwd: PROJECT_ROOT,
    stdio: "inherit",
  });
  if (result.status !== 0) throw new Error("the server build failed");
}

export { spawn };
