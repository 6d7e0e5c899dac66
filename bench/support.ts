// Pieces the load benchmarks share: a private PostgreSQL instance they can restart at will (so the
// machine's own server is never touched), a process's memory, and waiting for a condition.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const pgBin = () => {
  const base = "/usr/lib/postgresql";
  const version = existsSync(base) ? readdirSync(base).sort().at(-1) : undefined;
  if (!version) throw new Error("PostgreSQL's server binaries were not found under /usr/lib/postgresql.");
  return path.join(base, version, "bin");
};

/** Runs a PostgreSQL server binary, as the postgres user when this process is root. */
function asPostgres(cmd: string, args: string[]) {
  const bin = path.join(pgBin(), cmd);
  return process.getuid?.() === 0
    ? execFileSync("runuser", ["-u", "postgres", "--", bin, ...args], { stdio: "pipe" })
    : execFileSync(bin, args, { stdio: "pipe" });
}

/** A PostgreSQL instance of the bench's own on `port` (trust auth, user postgres). */
export function privatePostgres(port: number, name: string, serverOptions = "") {
  const dir = mkdtempSync(path.join(tmpdir(), `${name}-pg-`));
  chmodSync(dir, 0o777);
  const data = path.join(dir, "data");
  const args = [
    "-D",
    data,
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} ${serverOptions}`.trim(),
  ];
  return {
    /** The instance's data folder (its postmaster.pid names the server process). */
    dataDir: data,
    /** The folder of its Unix-domain socket (`host=` in a connection string). */
    socketDir: dir,
    start() {
      asPostgres("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"]);
      asPostgres("pg_ctl", [...args, "-w", "start"]);
    },
    restart() {
      asPostgres("pg_ctl", [...args, "-m", "fast", "-w", "restart"]);
    },
    stop() {
      try {
        asPostgres("pg_ctl", [...args, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Resident memory of a process, in MB. */
export function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

/** Polls `check` until it answers true, or fails after `ms`. */
export async function waitFor(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Signs a new user up on the server at `origin`, confirms the address through the mail the server
 * wrote to `dataDir`/outbox and signs in: the session cookie. `email` picks the user's own mail.
 */
export async function signUpConfirmed(origin: string, dataDir: string, email: string, name: string) {
  const password = "kesari-chai-load-42";
  const headers = { origin, "content-type": "application/json" };
  const signedUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name }),
  });
  if (!signedUp.ok) throw new Error(`sign-up failed: ${signedUp.status} ${await signedUp.text()}`);
  const outbox = path.join(dataDir, "outbox");
  // Outbox files are named by time and id, not by recipient: the To header says whom.
  const mine = () =>
    existsSync(outbox)
      ? readdirSync(outbox)
          .map((f) => readFileSync(path.join(outbox, f), "utf8"))
          .filter((raw) => /^to:(.*)$/im.exec(raw.slice(0, raw.search(/\r?\n\r?\n/)))?.[1]?.includes(email))
      : [];
  await waitFor(async () => mine().length > 0, "the confirmation mail", 60_000);
  const mail = mine()[0]!.replace(/=\r?\n/g, "");
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
