import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteInFolder } from "../db/client";
import { type BackupContents, readBackupFile, writeBackupFile } from "./file";
import { checkRestoredSecrets, type SecretReport, secretCheckOf } from "./secrets";

// Backups of everything Bahi keeps (every user's rows, and the images, which live in the database
// too): PGlite's own data-folder dump, or pg_dump's custom format. Never the auth secret, which is
// kept and restored apart. See docs/decisions/0005-backups.md and 0046.

const run = promisify(execFile);

export class RestoreRefusedError extends Error {}

/**
 * The PGlite part: its data folder as a gzipped tarball, made between two transactions. The auth
 * secret stays out (docs/decisions/0046); the header keeps a check of it.
 */
export async function backupPglite(
  pglite: PGlite,
  file: string,
  opts: { authSecret?: string } = {},
): Promise<number> {
  // dumpDataDir excludes other queries but not the statements between a transaction's queries:
  // inside a transaction of our own no other transaction can be half done; the checkpoint puts
  // every committed page into the files, so the restore need not replay the log.
  const tarball = await pglite.transaction(async (tx) => {
    await tx.exec("CHECKPOINT");
    return pglite.dumpDataDir("gzip");
  });
  const parts = [{ name: "pglite-datadir.tar.gz", bytes: Buffer.from(await tarball.arrayBuffer()) }];
  return writeBackupFile(file, "pglite", parts, { secretCheck: checkOf(opts.authSecret) });
}

const checkOf = (authSecret: string | undefined) => (authSecret ? secretCheckOf(authSecret) : undefined);

/** pg_dump's custom format: one snapshot, so it is consistent while the servers keep writing. */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  opts: { authSecret?: string } = {},
): Promise<number> {
  return withPgConnection(databaseUrl, async (dbname, work) => {
    const dump = path.join(work, "bahi.dump");
    await pgTool("pg_dump", [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${dump}`,
      `--dbname=${dbname}`,
    ]);
    return writeBackupFile(file, "postgres", [{ name: "postgres.dump", bytes: readFileSync(dump) }], {
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
  const tarball = backup.parts.get("pglite-datadir.tar.gz");
  if (backup.kind !== "pglite" || !tarball) {
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
    mkdirSync(staging);
    const client = pgliteInFolder(path.join(staging, "db"), {
      loadDataDir: new Blob([new Uint8Array(tarball)]),
    });
    await client.waitReady;
    await client.query("select 1 from drizzle.__drizzle_migrations limit 1");
    // Backups of older releases carried the generated secret: it still goes back where it was.
    const carried = backup.parts.get("auth-secret");
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
  const dump = backup.parts.get("postgres.dump");
  if (backup.kind !== "postgres" || !dump) {
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
  await withPgConnection(databaseUrl, async (dbname, work) => {
    const file = path.join(work, "bahi.dump");
    writeFileSync(file, dump, { mode: 0o600 });
    await pgTool("pg_restore", [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      `--dbname=${dbname}`,
      file,
    ]);
  });
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
  const backup = readBackupFile(file);
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

async function pgTool(command: string, args: string[]): Promise<void> {
  try {
    await run(command, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === "ENOENT") {
      throw new Error(
        `${command} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client).`,
      );
    }
    throw new Error(`${command} failed: ${(e.stderr ?? e.message).trim()}`);
  }
}
