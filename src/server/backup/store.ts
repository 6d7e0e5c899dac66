import { copyFile, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { NewestBackup } from "./newest";

// Where the daily PostgreSQL backups go: one interface, so the job does not care whether it is a
// folder or a bucket (docs/decisions/0051-streaming-backups.md).

export interface StoredBackup {
  name: string;
  bytes: number;
  modified: Date;
}

export interface BackupStore {
  /** Where, for messages: a folder's path or s3://bucket/prefix. */
  readonly where: string;
  /** Stores the finished file `file` under `name`, whole or not at all. */
  put(name: string, file: string): Promise<void>;
  list(): Promise<StoredBackup[]>;
  remove(name: string): Promise<void>;
}

/** A folder on this machine (by default DATA_DIR/backups, which the metrics read). */
export class FolderStore implements BackupStore {
  constructor(readonly where: string) {}

  async put(name: string, file: string): Promise<void> {
    await mkdir(this.where, { recursive: true, mode: 0o700 });
    const target = path.join(this.where, name);
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      // Another file system: copied beside the target, then renamed in.
      const partial = path.join(this.where, `.${name}.partial`);
      await copyFile(file, partial);
      await rename(partial, target);
    }
  }

  async list(): Promise<StoredBackup[]> {
    const entries = await readdir(this.where, { withFileTypes: true }).catch(() => []);
    const stored: StoredBackup[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.startsWith(".")) continue;
      const info = await stat(path.join(this.where, entry.name)).catch(() => undefined);
      if (info) stored.push({ name: entry.name, bytes: info.size, modified: info.mtime });
    }
    return stored;
  }

  async remove(name: string): Promise<void> {
    await rm(path.join(this.where, name), { force: true });
  }
}

/** The newest stored backup, for the metrics (bahi_backup_*). */
export async function newestStored(store: BackupStore, now = Date.now()): Promise<NewestBackup> {
  const stored = await store.list();
  const newest = stored.reduce<StoredBackup | undefined>(
    (a, b) => (!a || b.modified.getTime() > a.modified.getTime() ? b : a),
    undefined,
  );
  if (!newest) return { files: 0 };
  return {
    files: stored.length,
    ageSeconds: Math.max(0, (now - newest.modified.getTime()) / 1000),
    bytes: newest.bytes,
  };
}

/**
 * DATA_DIR/backups (which the metrics read) and a bucket: a backup is put in the folder, then
 * uploaded from there; if the upload fails it is removed from the folder too, so the store holds it
 * whole in both places or not at all, and the next hourly check makes it again. Lists the backups
 * of either place; removes from both.
 */
export class MirroredStore implements BackupStore {
  readonly where: string;
  constructor(
    private readonly folder: FolderStore,
    private readonly bucket: BackupStore,
  ) {
    this.where = `${folder.where} and ${bucket.where}`;
  }

  async put(name: string, file: string): Promise<void> {
    await this.folder.put(name, file);
    try {
      await this.bucket.put(name, path.join(this.folder.where, name));
    } catch (error) {
      await this.folder.remove(name);
      throw error;
    }
  }

  async list(): Promise<StoredBackup[]> {
    const [local, remote] = await Promise.all([this.folder.list(), this.bucket.list()]);
    const byName = new Map(local.map((b) => [b.name, b]));
    for (const b of remote) if (!byName.has(b.name)) byName.set(b.name, b);
    return [...byName.values()];
  }

  async remove(name: string): Promise<void> {
    await Promise.all([this.folder.remove(name), this.bucket.remove(name)]);
  }
}
