// `npm run backup -- FILE` and `npm run restore -- FILE` (see README, docs/decisions/0005-backups.md).
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { ConfigError, loadConfig, type ToolConfig } from "../config";
import { DataDirLockedError, takeLock } from "../db/lock";
import { pgliteInFolder } from "../db/pglite-folder";
import { keepNewFilesPrivate } from "../private-files";
import { backupPglite, backupPostgres, RestoreRefusedError, restorePglite, restorePostgres } from "./backup";
import { type BackupContents, BackupFileError, readBackupFile } from "./file";
import { type BackupAnswer, requestsDir } from "./jobs";
import { describeSecretReport, type SecretReport } from "./secrets";

const REQUEST_TIMEOUT_MS = 30 * 60_000;

function runningServer(dataDir: string): number | undefined {
  const lock = path.join(dataDir, "db.lock");
  if (!existsSync(lock)) return undefined;
  const pid = Number(readFileSync(lock, "utf8"));
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined;
  }
}

/** The running server makes the backup itself: only it may open the data folder. */
async function askServer(pid: number, dataDir: string, file: string): Promise<number> {
  const dir = requestsDir(dataDir);
  mkdirSync(dir, { recursive: true });
  const id = `${Date.now()}-${randomBytes(4).toString("hex")}`;
  const answerFile = path.join(dir, `${id}.answer.json`);
  writeFileSync(path.join(dir, `${id}.request.json`), JSON.stringify({ file }));
  process.kill(pid, "SIGUSR2");
  const deadline = Date.now() + REQUEST_TIMEOUT_MS;
  while (!existsSync(answerFile)) {
    if (Date.now() > deadline)
      throw new Error(`The running server (pid ${pid}) did not answer the backup request.`);
    await delay(100);
  }
  const answer = JSON.parse(readFileSync(answerFile, "utf8")) as BackupAnswer;
  rmSync(answerFile, { force: true });
  if (!answer.ok) throw new Error(`The running server could not make the backup: ${answer.error}`);
  return answer.bytes ?? 0;
}

async function backup(config: ToolConfig, file: string): Promise<number> {
  const { authSecret } = config;
  if (config.databaseUrl) return backupPostgres(config.databaseUrl, file, { authSecret });
  const pid = runningServer(config.dataDir);
  if (pid) return askServer(pid, config.dataDir, file);
  const dbDir = path.join(config.dataDir, "db");
  if (!existsSync(dbDir) || readdirSync(dbDir).length === 0)
    throw new Error(`There is no database in ${dbDir}.`);
  const release = takeLock(path.join(config.dataDir, "db.lock"));
  try {
    const client = pgliteInFolder(dbDir);
    try {
      return await backupPglite(client, file, { authSecret });
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function restore(config: ToolConfig, backup: BackupContents): Promise<SecretReport> {
  if (config.databaseUrl) return restorePostgres(backup, config.databaseUrl, config.authSecret);
  // A restore that fails leaves nothing behind: not the folder it made, nor a lock or a secret.
  const made = !existsSync(config.dataDir);
  mkdirSync(config.dataDir, { recursive: true });
  try {
    const release = takeLock(path.join(config.dataDir, "db.lock"));
    try {
      return await restorePglite(backup, config.dataDir, config.authSecret);
    } finally {
      release();
    }
  } catch (error) {
    if (made) rmSync(config.dataDir, { recursive: true, force: true });
    throw error;
  }
}

async function main() {
  const [command, given] = process.argv.slice(2);
  if ((command !== "backup" && command !== "restore") || !given) {
    console.error("Usage: npm run backup -- FILE | npm run restore -- FILE");
    process.exit(2);
  }
  keepNewFilesPrivate();
  const file = path.resolve(given);
  // A restore checks the whole file before anything else, even the configuration, touches the target.
  const checked = command === "restore" ? await readBackupFile(file) : undefined;
  const config = loadConfig(undefined, { createSecret: false });
  const where = config.databaseUrl ? "the PostgreSQL database" : config.dataDir;
  const started = performance.now();
  if (command === "backup") {
    const bytes = await backup(config, file);
    const ms = Math.round(performance.now() - started);
    console.log(`Backed up ${where} to ${file} (${(bytes / 1e6).toFixed(1)} MB, ${ms} ms).`);
  } else {
    const report = await restore(config, checked!);
    const ms = Math.round(performance.now() - started);
    console.log(`Restored ${file} into ${where} (${ms} ms).`);
    console.log(describeSecretReport(report, config.dataDir));
    console.log(report.secret === "matches" ? "Start Bahi as usual." : "Then start Bahi.");
  }
}

main().catch((error) => {
  const known =
    error instanceof BackupFileError ||
    error instanceof RestoreRefusedError ||
    error instanceof ConfigError ||
    error instanceof DataDirLockedError;
  console.error(known ? error.message : error instanceof Error ? error.message : error);
  process.exit(1);
});
