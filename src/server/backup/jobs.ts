import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import type { JobRunner } from "../jobs/runner";
import { type S3Settings, S3Store } from "./s3";
import { type BackupStore, FolderStore, MirroredStore } from "./store";

// On the embedded database only this process may open the data folder, so every backup of a
// running server is made here: once a day by the job below, and on request by `npm run backup`,
// which leaves a request file in DATA_DIR/backups/requests and sends this process SIGUSR2.
// The backup code itself (./backup: tar, gzip, pg_dump and PGlite's folder) is loaded when a backup
// is made, not with the server (docs/decisions/0095-idle-server-within-twice-the-bare-one.md).
const backupCode = () => import("./backup");

const DAY_MS = 24 * 60 * 60_000;
const CHECK_EVERY_MS = 60 * 60_000;
const NAME = /^bahi-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z\.bahi-backup$/;

export const backupsDir = (dataDir: string) => path.join(dataDir, "backups");
export const requestsDir = (dataDir: string) => path.join(backupsDir(dataDir), "requests");

/** bahi-2026-11-23T03-40-00Z.bahi-backup: sorts by time, safe on every file system. */
export function dailyBackupName(now: Date): string {
  return `bahi-${now.toISOString().slice(0, 19).replace(/:/g, "-")}Z.bahi-backup`;
}

function timeOf(name: string): number {
  const m = NAME.exec(name);
  return m ? Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}Z`) : Number.NaN;
}

/**
 * Makes today's backup when the newest in DATA_DIR/backups is a day old (or there is none), then
 * keeps the newest `keep`. Answers the file made, if any.
 */
export async function runDailyBackup(
  pglite: PGlite,
  opts: { dataDir: string; keep: number; now?: Date; authSecret?: string },
): Promise<string | undefined> {
  const now = opts.now ?? new Date();
  const dir = backupsDir(opts.dataDir);
  mkdirSync(dir, { recursive: true });
  const existing = readdirSync(dir)
    .filter((f) => NAME.test(f))
    .sort();
  const newest = existing.at(-1);
  let made: string | undefined;
  // A minute of slack, so an hourly check does not slip the daily time an hour each day.
  if (!newest || now.getTime() - timeOf(newest) >= DAY_MS - 60_000) {
    made = path.join(dir, dailyBackupName(now));
    const { backupPglite } = await backupCode();
    await backupPglite(pglite, made, { authSecret: opts.authSecret });
    existing.push(path.basename(made));
  }
  for (const old of existing.slice(0, Math.max(0, existing.length - opts.keep))) {
    rmSync(path.join(dir, old), { force: true });
  }
  return made;
}

/**
 * PostgreSQL's daily backup (pg_dump's custom format in a Bahi backup file): made when the newest
 * in the store is a day old (or there is none), into a private temporary file, then put in the
 * store; backups older than `keep` days are removed. Answers the name stored, if any. Several
 * servers schedule it; the job runner's period claim lets one of them run each check.
 */
export async function runDailyPostgresBackup(
  databaseUrl: string,
  store: BackupStore,
  opts: { workDir: string; keep: number; now?: Date; authSecret?: string },
): Promise<string | undefined> {
  const now = opts.now ?? new Date();
  const stored = (await store.list())
    .filter((b) => NAME.test(b.name))
    .map((b) => b.name)
    .sort();
  const newest = stored.at(-1);
  let made: string | undefined;
  if (!newest || now.getTime() - timeOf(newest) >= DAY_MS - 60_000) {
    made = dailyBackupName(now);
    mkdirSync(opts.workDir, { recursive: true, mode: 0o700 });
    const file = path.join(opts.workDir, `.${made}.making`);
    try {
      const { backupPostgres } = await backupCode();
      await backupPostgres(databaseUrl, file, { authSecret: opts.authSecret });
      await store.put(made, file);
    } finally {
      rmSync(file, { force: true });
    }
  }
  await removeExpired(store, opts.keep, now, stored);
  return made;
}

/** Removes the daily backups (among `names`, by default all in the store) older than `keep` days. */
export async function removeExpired(
  store: BackupStore,
  keep: number,
  now: Date,
  names?: string[],
): Promise<void> {
  const stored = names ?? (await store.list()).map((b) => b.name).filter((name) => NAME.test(name));
  for (const name of stored) {
    if (now.getTime() - timeOf(name) > keep * DAY_MS) await store.remove(name);
  }
}

export interface BackupRequest {
  file: string;
}
export interface BackupAnswer {
  ok: boolean;
  bytes?: number;
  error?: string;
}

/** Makes the backups that `npm run backup` asked for, answering each beside its request. */
export async function serveBackupRequests(
  pglite: PGlite,
  dataDir: string,
  authSecret?: string,
): Promise<void> {
  const dir = requestsDir(dataDir);
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".request.json"))) {
    const request = path.join(dir, name);
    const answer = request.replace(/\.request\.json$/, ".answer.json");
    let result: BackupAnswer;
    try {
      const { file } = JSON.parse(readFileSync(request, "utf8")) as BackupRequest;
      const { backupPglite } = await backupCode();
      result = { ok: true, bytes: await backupPglite(pglite, file, { authSecret }) };
    } catch (error) {
      result = { ok: false, error: (error as Error).message };
    }
    rmSync(request, { force: true });
    writeFileSync(answer, JSON.stringify(result));
  }
}

/**
 * The daily backup job: on the embedded database with the SIGUSR2 requests of `npm run backup`; on
 * PostgreSQL into the store (DATA_DIR/backups unless another is given).
 */
export function registerBackups(
  app: FastifyInstance,
  deps: {
    jobs: JobRunner;
    pglite?: PGlite;
    databaseUrl?: string;
    store?: BackupStore;
    /** A bucket the PostgreSQL backups are uploaded to as well (aws4fetch is loaded on first use). */
    s3?: S3Settings;
    dataDir: string;
    keep: number;
    authSecret: string;
  },
): void {
  const { jobs, pglite, dataDir, keep, authSecret } = deps;
  if (!pglite) {
    if (!deps.databaseUrl || keep === 0) return;
    const folder = new FolderStore(backupsDir(dataDir));
    const store = deps.store ?? (deps.s3 ? new MirroredStore(folder, new S3Store(deps.s3)) : folder);
    const databaseUrl = deps.databaseUrl;
    // Every server schedules the check; each hour's run is claimed by one of them (jobs/runner.ts).
    jobs.every("daily-backup", CHECK_EVERY_MS, () =>
      runDailyPostgresBackup(databaseUrl, store, { workDir: backupsDir(dataDir), keep, authSecret }),
    );
    return;
  }
  const onRequest = () =>
    void jobs.run("backup-request", () => serveBackupRequests(pglite, dataDir, authSecret));
  app.addHook("onListen", async () => {
    process.on("SIGUSR2", onRequest);
    // Requests left while the server was starting.
    onRequest();
    if (keep > 0) {
      const daily = () => runDailyBackup(pglite, { dataDir, keep, authSecret });
      void jobs.run("daily-backup", daily);
      jobs.every("daily-backup", CHECK_EVERY_MS, daily);
    }
  });
  app.addHook("onClose", async () => {
    process.off("SIGUSR2", onRequest);
  });
}
