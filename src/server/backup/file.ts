import { createHash, randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

// One backup is one file: a magic line, a JSON header line naming each part with its length and
// SHA-256, then the parts' bytes. A restore checks every length and checksum before it writes
// anything, so a truncated or damaged file is refused with the target untouched. Both ways stream:
// memory stays flat whatever the size (docs/decisions/0051-streaming-backups.md).

const MAGIC = "BAHI-BACKUP 1\n";
const MAX_HEADER = 64 * 1024;
/**
 * Room kept for the header while the parts stream in behind it; the header (lengths and checksums,
 * known only at the end) is written into it last, padded with spaces, which JSON allows.
 */
const HEADER_ROOM = 4096;

export type BackupKind = "pglite" | "postgres";

export interface BackupPart {
  name: string;
  /** The part's bytes, or a stream of them (which may throw to abandon the backup). */
  bytes: Buffer | AsyncIterable<Buffer>;
}

/** A backup file whose lengths and checksums have been checked; its parts are read from the file. */
export interface BackupContents {
  file: string;
  kind: BackupKind;
  createdAt: string;
  /** A check of the AUTH_SECRET the backup was made under (backup/secrets.ts), never the secret. */
  secretCheck?: string;
  parts: Map<string, { offset: number; bytes: number }>;
}

interface Header {
  kind: BackupKind;
  createdAt: string;
  secretCheck?: string;
  parts: Array<{ name: string; bytes: number; sha256: string }>;
}

export class BackupFileError extends Error {}

/** Writes the backup beside its final name, syncs it, then renames it into place; answers its size. */
export async function writeBackupFile(
  file: string,
  kind: BackupKind,
  parts: BackupPart[],
  opts: { secretCheck?: string; now?: Date } = {},
): Promise<number> {
  const createdAt = (opts.now ?? new Date()).toISOString();
  const partial = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`,
  );
  const handle = await open(partial, "w", 0o600);
  try {
    await handle.write(Buffer.from(`${MAGIC}${" ".repeat(HEADER_ROOM - 1)}\n`));
    let total = MAGIC.length + HEADER_ROOM;
    const described: Header["parts"] = [];
    for (const part of parts) {
      const hash = createHash("sha256");
      let bytes = 0;
      const chunks = Buffer.isBuffer(part.bytes) ? [part.bytes] : part.bytes;
      for await (const chunk of chunks) {
        hash.update(chunk);
        await handle.write(chunk);
        bytes += chunk.length;
      }
      described.push({ name: part.name, bytes, sha256: hash.digest("hex") });
      total += bytes;
    }
    const header: Header = { kind, createdAt, secretCheck: opts.secretCheck, parts: described };
    const json = JSON.stringify(header);
    if (json.length > HEADER_ROOM - 1) throw new Error("The backup's header does not fit its room.");
    await handle.write(Buffer.from(json.padEnd(HEADER_ROOM - 1, " ")), 0, HEADER_ROOM - 1, MAGIC.length);
    await handle.sync();
    await handle.close();
    await rename(partial, file);
    return total;
  } catch (error) {
    await handle.close().catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/**
 * Checks a whole backup file (its header, its length, each part's checksum) by reading it once as a
 * stream; throws BackupFileError with a plain reason when it is not whole.
 */
export async function readBackupFile(file: string): Promise<BackupContents> {
  const bad = (why: string) => new BackupFileError(`${file} is not a usable Bahi backup: ${why}`);
  let head: Buffer;
  let size: number;
  try {
    const handle = await open(file, "r");
    try {
      size = (await handle.stat()).size;
      head = Buffer.alloc(Math.min(size, MAGIC.length + MAX_HEADER + 1));
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
  } catch (error) {
    throw new BackupFileError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  if (!head.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw bad("it does not start like one.");
  const end = head.indexOf(10, MAGIC.length);
  if (end < 0) throw bad("its header is cut off.");
  let header: Header;
  try {
    header = JSON.parse(head.subarray(MAGIC.length, end).toString("utf8")) as Header;
  } catch {
    throw bad("its header is damaged.");
  }
  if (
    (header.kind !== "pglite" && header.kind !== "postgres") ||
    !Array.isArray(header.parts) ||
    !header.parts.every((p) => typeof p.name === "string" && Number.isSafeInteger(p.bytes) && p.bytes >= 0)
  ) {
    throw bad("its header is damaged.");
  }
  const expected = header.parts.reduce((sum, p) => sum + p.bytes, end + 1);
  if (size < expected) throw bad(`it is truncated (${size} of ${expected} bytes).`);
  if (size > expected) throw bad(`it has ${size - expected} unexpected bytes at its end.`);
  const parts = new Map<string, { offset: number; bytes: number }>();
  let offset = end + 1;
  for (const part of header.parts) {
    const hash = createHash("sha256");
    if (part.bytes > 0) {
      for await (const chunk of createReadStream(file, { start: offset, end: offset + part.bytes - 1 }))
        hash.update(chunk as Buffer);
    }
    if (hash.digest("hex") !== part.sha256)
      throw bad(`its part "${part.name}" fails its checksum (damaged).`);
    parts.set(part.name, { offset, bytes: part.bytes });
    offset += part.bytes;
  }
  const secretCheck = typeof header.secretCheck === "string" ? header.secretCheck : undefined;
  return { file, kind: header.kind, createdAt: header.createdAt, secretCheck, parts };
}

/** A checked part's bytes as a stream, read from the file (for the big ones). */
export function partStream(backup: BackupContents, name: string): Readable {
  const part = backup.parts.get(name);
  if (!part) throw new BackupFileError(`${backup.file} has no part "${name}".`);
  if (part.bytes === 0) return Readable.from([]);
  return createReadStream(backup.file, { start: part.offset, end: part.offset + part.bytes - 1 });
}

/** A small checked part's bytes (the auth secret older releases carried). */
export async function readPart(backup: BackupContents, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of partStream(backup, name)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
