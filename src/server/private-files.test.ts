import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { writeBackupFile } from "./backup/file";
import { PROJECT_ROOT } from "./paths";
import {
  BACKUP_BUNDLE,
  buildServerIfStale,
  closed,
  freePort,
  SERVER_BUNDLE,
  serverEnv,
  watchOutput,
} from "./testing/processes";

// Issue 27 part 4: every file Bahi writes is 0600 and every folder 0700, whatever wrote it (the
// database, the outbox, the backups, a restore), and what an older release left looser is
// tightened at start. Real processes, as an operator runs them: the umask is per process.

/** Files wider than 0600 and folders wider than 0700 under `dir`, with their modes. */
function looseModes(dir: string): string[] {
  const loose: string[] = [];
  const visit = (file: string) => {
    const stat = lstatSync(file);
    const mode = stat.mode & 0o7777;
    if ((mode & ~(stat.isDirectory() ? 0o700 : 0o600)) !== 0)
      loose.push(`${path.relative(dir, file)} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return loose;
}

const fileCount = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length;

/** `npm run backup` / `npm run restore`: the compiled command, as scripts/start.mjs runs it. */
async function cli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ["--enable-source-maps", BACKUP_BUNDLE, ...args], {
    cwd: PROJECT_ROOT,
    env: serverEnv(env),
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = watchOutput(child);
  const { code } = await closed(child);
  return { code, text: output.text() };
}

describe("files at rest", () => {
  let scratch: string;
  beforeAll(() => {
    buildServerIfStale();
    scratch = mkdtempSync(path.join(tmpdir(), "bahi-modes-"));
  }, 120_000);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("start, mail, back up and restore leave no file wider than 0600 and no folder wider than 0700", async () => {
    const dataDir = path.join(scratch, "data");
    // What an older release left: a world-writable file in a world-writable folder.
    mkdirSync(path.join(dataDir, "outbox"), { recursive: true });
    writeFileSync(path.join(dataDir, "outbox", "old.eml"), "reset link");
    chmodSync(path.join(dataDir, "outbox", "old.eml"), 0o666);
    chmodSync(path.join(dataDir, "outbox"), 0o777);

    const port = await freePort();
    const base = `http://localhost:${port}`;
    const server = spawn(process.execPath, [SERVER_BUNDLE], {
      cwd: PROJECT_ROOT,
      env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, MAIL_OUTBOX: "1" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    const output = watchOutput(server);
    try {
      await output.waitFor(/Bahi is ready at/);
      const email = "modes@example.com";
      const up = await fetch(`${base}/api/auth/sign-up/email`, {
        method: "POST",
        headers: { origin: base, "content-type": "application/json" },
        body: JSON.stringify({ email, password: "Kesari-Chai-42!x", name: "Asha" }),
      });
      expect(up.status, await up.clone().text()).toBe(200);
      await output.waitFor(new RegExp(`Mail to ${email}`));
      // The running server makes the backup that the command asks for.
      const file = path.join(dataDir, "backups", "manual.bahi-backup");
      const made = await cli(["backup", file], { DATA_DIR: dataDir });
      expect(made.code, made.text).toBe(0);
    } finally {
      server.kill("SIGTERM");
      await closed(server);
    }
    expect(readdirSync(path.join(dataDir, "outbox")).length).toBe(2);
    expect(fileCount(path.join(dataDir, "db"))).toBeGreaterThan(900);
    expect(looseModes(dataDir)).toEqual([]);

    // The backup holds no secret; the restore says so and what is lost without it.
    const file = path.join(dataDir, "backups", "manual.bahi-backup");
    const secret = readFileSync(path.join(dataDir, "auth-secret"), "utf8").trim();
    expect(readFileSync(file).includes(secret)).toBe(false);
    const header = JSON.parse(readFileSync(file).toString("utf8").split("\n")[1]!);
    expect(header.parts.map((p: { name: string }) => p.name)).toEqual(["pglite-datadir.tar.gz"]);

    const restoredDir = path.join(scratch, "restored");
    const restored = await cli(["restore", file], { DATA_DIR: restoredDir });
    expect(restored.code, restored.text).toBe(0);
    expect(restored.text).toMatch(/No auth secret is in place/);
    expect(restored.text).toMatch(/every session is signed out \(\d+ in the backup\)/);
    expect(existsSync(path.join(restoredDir, "auth-secret"))).toBe(false);
    expect(fileCount(path.join(restoredDir, "db"))).toBeGreaterThan(900);
    expect(looseModes(restoredDir)).toEqual([]);
  }, 240_000);

  it("a failed restore leaves nothing in the target: no folder, no generated secret", async () => {
    // A PostgreSQL backup restored without DATABASE_URL is refused after the file checks out.
    const file = path.join(scratch, "postgres.bahi-backup");
    await writeBackupFile(file, "postgres", [{ name: "postgres.dump", bytes: Buffer.from("PGDMP") }]);
    const target = path.join(scratch, "never");
    const result = await cli(["restore", file], { DATA_DIR: target });
    expect(result.code).toBe(1);
    expect(result.text).toMatch(/This is a PostgreSQL backup/);
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
