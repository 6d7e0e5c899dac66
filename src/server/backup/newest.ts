import { readdir, stat } from "node:fs/promises";
import path from "node:path";

export interface NewestBackup {
  /** Backup files in the folder. */
  files: number;
  /** The newest file's age in seconds and its size in bytes; absent without any file. */
  ageSeconds?: number;
  bytes?: number;
}

/**
 * The newest backup file in `dir` by modification time (any file: the embedded database's
 * .bahi-backup files and PostgreSQL dumps alike), for the metrics. Sub-folders (backup requests)
 * and a missing folder count as no backup.
 */
export async function newestBackup(dir: string, now = Date.now()): Promise<NewestBackup> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  let newest: { mtimeMs: number; size: number } | undefined;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const info = await stat(path.join(dir, entry.name)).catch(() => undefined);
    if (!info) continue; // removed by the daily clean-up meanwhile
    files += 1;
    if (!newest || info.mtimeMs > newest.mtimeMs) newest = info;
  }
  if (!newest) return { files };
  return { files, ageSeconds: Math.max(0, (now - newest.mtimeMs) / 1000), bytes: newest.size };
}
