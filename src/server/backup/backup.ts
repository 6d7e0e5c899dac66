import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { copyFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip, createGzip } from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteInFolder } from "../db/pglite-folder";
import { PrivateNodeFS } from "../db/private-fs";
import { type BackupContents, partStream, readBackupFile, readPart, writeBackupFile } from "./file";
import { checkRestoredSecrets, type SecretReport, secretCheckOf } from "./secrets";

// Backups of everything Bahi keeps (every user's rows, and the images, which live in the database
// too): PGlite's data folder as a gzipped tarball, or pg_dump's custom format. Never the auth
// secret, which is kept and restored apart. Both ways stream (docs/decisions/0005-backups.md, 0046,
// 0051-streaming-backups.md).

export class RestoreRefusedError extends Error {}

const PGLITE_PART = "pglite-datadir.tar.gz";

/**
 * The PGlite part: its data folder as a gzipped tarball. The folder is copied once while the
 * database runs on, then made consistent by a second pass over the files changed since, inside a
 * transaction of ours after a CHECKPOINT (PGlite runs no other statement meanwhile; every committed
 * page is in the files, so a restore need not replay the log). The tar and gzip of the copy run
 * outside the database and off the main thread (tar in its own process, gzip in libuv's pool):
 * writes wait only for the second pass. The auth secret stays out (0046); the header keeps a check
 * of it.
 */
export async function backupPglite(
  pglite: PGlite,
  file: string,
  opts: { authSecret?: string } = {},
): Promise<number> {
  const secretCheck = checkOf(opts.authSecret);
  const folder = pglite.fs instanceof PrivateNodeFS ? pglite.fs.folder : undefined;
  if (!folder) {
    // A database in memory (no folder to copy): PGlite's own dump, made inside the database.
    const tarball = await pglite.transaction(async (tx) => {
      await tx.exec("CHECKPOINT");
      return pglite.dumpDataDir("gzip");
    });
    const bytes = Buffer.from(await tarball.arrayBuffer());
    return writeBackupFile(file, "pglite", [{ name: PGLITE_PART, bytes }], { secretCheck });
  }
  // Beside the data folder, on the same file system: a copy-on-write clone where it can.
  const snapshot = path.join(path.dirname(folder), `.backup-${randomBytes(4).toString("hex")}`);
  try {
    // First a copy while the database runs on (not consistent), then, holding it, the files changed
    // since: writes wait for that second pass only (docs/decisions/0051).
    const started = Date.now();
    mkdirSync(snapshot, { mode: 0o700 });
    try {
      await copyChangedSince(folder, snapshot, started);
    } catch (error) {
      // A folder removed while it was read (a dropped table's, say): the second pass copies all.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    await pglite.transaction(async (tx) => {
      await tx.exec("CHECKPOINT");
      await copyChangedSince(folder, snapshot, started);
    });
    const tarball = outputOf("tar", ["-cf", "-", "-C", snapshot, "."], createGzip());
    return await writeBackupFile(file, "pglite", [{ name: PGLITE_PART, bytes: tarball }], { secretCheck });
  } finally {
    await rm(snapshot, { recursive: true, force: true });
  }
}

/**
 * Makes `copy` the same as `folder`, copying only what was written since `since` (or differs in
 * size, or is new) and removing what is gone; an empty `copy` gets everything. File times are coarse (a clock tick of a few ms),
 * so everything written in the two seconds before counts as changed too.
 */
async function copyChangedSince(folder: string, copy: string, since: number): Promise<void> {
  const present = new Set<string>();
  const copies: Array<Promise<void>> = [];
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(folder, path.join(entry.parentPath, entry.name));
    present.add(relative);
    const from = path.join(folder, relative);
    const to = path.join(copy, relative);
    if (entry.isDirectory()) {
      if (!existsSync(to)) mkdirSync(to, { recursive: true, mode: 0o700 });
      continue;
    }
    if (!entry.isFile()) continue;
    // While the database runs on (the first pass) a file may go between the listing and the copy.
    const source = statSync(from, { throwIfNoEntry: false });
    if (!source) continue;
    const copied = statSync(to, { throwIfNoEntry: false });
    if (copied && copied.size === source.size && source.mtimeMs < since - 2000) continue;
    copies.push(copyFile(from, to, constants.COPYFILE_FICLONE).catch(vanished));
  }
  await Promise.all(copies);
  for (const entry of readdirSync(copy, { recursive: true, withFileTypes: true })) {
    const relative = path.relative(copy, path.join(entry.parentPath, entry.name));
    if (!present.has(relative)) rmSync(path.join(copy, relative), { recursive: true, force: true });
  }
}

const vanished = (error: NodeJS.ErrnoException) => {
  if (error.code !== "ENOENT") throw error;
};

const checkOf = (authSecret: string | undefined) => (authSecret ? secretCheckOf(authSecret) : undefined);

/**
 * pg_dump's custom format: one snapshot, so it is consistent while the servers keep writing. Its
 * output streams into the backup file.
 */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  opts: { authSecret?: string } = {},
): Promise<number> {
  return withPgConnection(databaseUrl, async (dbname) => {
    const dump = outputOf("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--dbname=${dbname}`,
    ]);
    return writeBackupFile(file, "postgres", [{ name: "postgres.dump", bytes: dump }], {
      secretCheck: checkOf(opts.authSecret),
    });
  });
}

/**
 * Restores a checked backup into `<dataDir>/db`, which must be missing or empty; answers what the
 * auth secret in place (`authSecret`: AUTH_SECRET or DATA_DIR/auth-secret) can open.
 */
export async function restorePglite(
  backup: BackupContents,
  dataDir: string,
  authSecret?: string,
): Promise<SecretReport> {
  if (backup.kind !== "pglite" || !backup.parts.has(PGLITE_PART)) {
    throw new RestoreRefusedError(
      "This is a PostgreSQL backup: set DATABASE_URL to restore it into PostgreSQL.",
    );
  }
  const target = path.join(dataDir, "db");
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new RestoreRefusedError(
      `${target} already holds a database: restore only into an empty data folder.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  // Unpacked and opened beside the target, then moved in with one rename: a failure leaves nothing.
  const staging = path.join(dataDir, `.restore-${randomBytes(4).toString("hex")}`);
  try {
    mkdirSync(path.join(staging, "db"), { recursive: true, mode: 0o700 });
    // Streamed: gunzip in libuv's pool, tar in its own process (a tarball of any size).
    await inputTo(
      "tar",
      ["-xf", "-", "-C", path.join(staging, "db")],
      [partStream(backup, PGLITE_PART), createGunzip()],
    );
    const client = pgliteInFolder(path.join(staging, "db"));
    await client.waitReady;
    await client.query("select 1 from drizzle.__drizzle_migrations limit 1");
    // Backups of older releases carried the generated secret: it still goes back where it was.
    const carried = backup.parts.has("auth-secret") ? await readPart(backup, "auth-secret") : undefined;
    const secretFile = path.join(dataDir, "auth-secret");
    const legacy =
      carried && !authSecret && !existsSync(secretFile) ? carried.toString("utf8").trim() : undefined;
    const report = await checkRestoredSecrets(
      async <T>(sql: string) => (await client.query<T>(sql)).rows,
      authSecret ?? legacy,
      backup.secretCheck ?? (legacy ? secretCheckOf(legacy) : undefined),
    );
    await client.close();
    if (existsSync(target)) rmSync(target, { recursive: true });
    renameSync(path.join(staging, "db"), target);
    if (legacy) writeFileSync(secretFile, legacy, { mode: 0o600 });
    return report;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Restores a checked backup into a PostgreSQL database without tables, in one transaction. */
export async function restorePostgres(
  backup: BackupContents,
  databaseUrl: string,
  authSecret?: string,
): Promise<SecretReport> {
  if (backup.kind !== "postgres" || !backup.parts.has("postgres.dump")) {
    throw new RestoreRefusedError(
      "This is an embedded (PGlite) backup: unset DATABASE_URL to restore it into DATA_DIR.",
    );
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')",
    );
    if (rows[0]!.n > 0) {
      throw new RestoreRefusedError("The database already has tables: restore only into an empty database.");
    }
  } finally {
    await client.end();
  }
  // pg_restore reads the dump from its standard input, streamed from the backup file.
  await withPgConnection(databaseUrl, (dbname) =>
    inputTo(
      "pg_restore",
      ["--single-transaction", "--exit-on-error", "--no-owner", "--no-privileges", `--dbname=${dbname}`],
      [partStream(backup, "postgres.dump")],
    ),
  );
  const restored = new pg.Client({ connectionString: databaseUrl });
  await restored.connect();
  try {
    return await checkRestoredSecrets(
      async <T>(sql: string) => (await restored.query(sql)).rows as T[],
      authSecret,
      backup.secretCheck,
    );
  } finally {
    await restored.end();
  }
}

/** Reads, checks and restores a backup file into the configured database. */
export async function restoreBackupFile(
  file: string,
  target: { databaseUrl?: string; dataDir: string; authSecret?: string },
): Promise<SecretReport> {
  const backup = await readBackupFile(file);
  if (target.databaseUrl) return restorePostgres(backup, target.databaseUrl, target.authSecret);
  return restorePglite(backup, target.dataDir, target.authSecret);
}

/**
 * Runs pg_dump or pg_restore with the URL's password in a private password file rather than on
 * the command line, where other users of the machine could read it.
 */
async function withPgConnection<T>(databaseUrl: string, work: (dbname: string, dir: string) => Promise<T>) {
  const dir = mkdtempSync(path.join(tmpdir(), "bahi-pg-"));
  try {
    const url = new URL(databaseUrl);
    if (url.password) {
      const passfile = path.join(dir, "pgpass");
      const escapePass = (s: string) => s.replace(/[\\:]/g, (c) => `\\${c}`);
      writeFileSync(passfile, `*:*:*:*:${escapePass(decodeURIComponent(url.password))}\n`, { mode: 0o600 });
      url.password = "";
      url.searchParams.set("passfile", passfile);
    }
    return await work(url.toString(), dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tool's standard output as a stream (through `transform` if given); throws if the tool fails. */
async function* outputOf(command: string, args: string[], transform?: NodeJS.ReadWriteStream) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const stderr = collect(child.stderr);
  const exited = exitOf(child);
  let finished = false;
  try {
    const out = transform ? child.stdout.pipe(transform) : child.stdout;
    for await (const chunk of out) yield chunk as Buffer;
    finished = true;
  } finally {
    if (!finished) child.kill();
  }
  failed(command, await exited, stderr());
}

/** Streams `input` (through each further stream) into a tool's standard input; throws if it fails. */
async function inputTo(command: string, args: string[], input: [Readable, ...NodeJS.ReadWriteStream[]]) {
  const child = spawn(command, args, { stdio: ["pipe", "ignore", "pipe"] });
  const stderr = collect(child.stderr);
  const exited = exitOf(child);
  const fed = pipeline([...input, child.stdin]);
  const [code] = await Promise.allSettled([exited, fed]);
  // The tool's verdict: tar stops reading at the archive's end marker (closing the pipe that feeds
  // it), and a feed that breaks early leaves the tool an input cut short, which it refuses.
  failed(command, code, stderr());
}

function exitOf(child: ReturnType<typeof spawn>): Promise<number | null> {
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", resolve);
  });
  exited.catch(() => {});
  return exited;
}

function collect(stream: Readable): () => string {
  let text = "";
  stream.on("data", (chunk: Buffer) => {
    if (text.length < 16_384) text += chunk.toString("utf8");
  });
  return () => text.trim();
}

function failed(
  command: string,
  exit: number | null | PromiseSettledResult<number | null>,
  stderr: string,
): void {
  const settled: PromiseSettledResult<number | null> =
    typeof exit === "object" && exit !== null ? exit : { status: "fulfilled", value: exit };
  if (settled.status === "rejected") {
    const e = settled.reason as NodeJS.ErrnoException;
    if (e.code === "ENOENT") {
      const hint =
        command === "tar"
          ? "install tar"
          : "install PostgreSQL's client tools (apt-get install postgresql-client)";
      throw new Error(`${command} is not installed: ${hint}.`);
    }
    throw new Error(`${command} failed: ${e.message}`);
  }
  if (settled.value === 0) return;
  if (/server version mismatch/.test(stderr)) {
    throw new Error(
      `${command} is older than the PostgreSQL server and cannot dump it: install the client tools of the server's major version (apt-get install postgresql-client-NN from apt.postgresql.org) and put them first on PATH. ${stderr}`,
    );
  }
  throw new Error(`${command} failed: ${stderr || `exit code ${settled.value}`}`);
}
