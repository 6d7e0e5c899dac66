import { createHash, randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import path from "node:path";

// One backup is one file: a magic line, a JSON header line naming each part with its length and
// SHA-256, then the parts' bytes. A restore checks every length and checksum before it writes
// anything, so a truncated or damaged file is refused with the target untouched.

const MAGIC = "BAHI-BACKUP 1\n";
const MAX_HEADER = 64 * 1024;

export type BackupKind = "pglite" | "postgres";

export interface BackupPart {
  name: string;
  bytes: Buffer;
}

export interface BackupContents {
  kind: BackupKind;
  createdAt: string;
  /** A check of the AUTH_SECRET the backup was made under (backup/secrets.ts), never the secret. */
  secretCheck?: string;
  parts: Map<string, Buffer>;
}

interface Header {
  kind: BackupKind;
  createdAt: string;
  secretCheck?: string;
  parts: Array<{ name: string; bytes: number; sha256: string }>;
}

export class BackupFileError extends Error {}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** Writes the backup beside its final name, syncs it, then renames it into place. */
export function writeBackupFile(
  file: string,
  kind: BackupKind,
  parts: BackupPart[],
  opts: { secretCheck?: string; now?: Date } = {},
): number {
  const header: Header = {
    kind,
    createdAt: (opts.now ?? new Date()).toISOString(),
    secretCheck: opts.secretCheck,
    parts: parts.map((p) => ({ name: p.name, bytes: p.bytes.length, sha256: sha256(p.bytes) })),
  };
  const head = Buffer.from(`${MAGIC}${JSON.stringify(header)}\n`);
  const partial = path.join(
    path.dirname(file),
    `.${path.basename(file)}.${randomBytes(4).toString("hex")}.partial`,
  );
  const fd = openSync(partial, "w", 0o600);
  let total = 0;
  try {
    for (const chunk of [head, ...parts.map((p) => p.bytes)]) {
      let offset = 0;
      while (offset < chunk.length) offset += writeSync(fd, chunk, offset);
      total += chunk.length;
    }
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(partial, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(partial, file);
  return total;
}

/** Reads and checks a whole backup file; throws BackupFileError with a plain reason when it is not whole. */
export function readBackupFile(file: string): BackupContents {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    throw new BackupFileError(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  const bad = (why: string) => new BackupFileError(`${file} is not a usable Bahi backup: ${why}`);
  if (!data.subarray(0, MAGIC.length).equals(Buffer.from(MAGIC))) throw bad("it does not start like one.");
  const end = data.indexOf(10, MAGIC.length);
  if (end < 0 || end - MAGIC.length > MAX_HEADER) throw bad("its header is cut off.");
  let header: Header;
  try {
    header = JSON.parse(data.subarray(MAGIC.length, end).toString("utf8")) as Header;
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
  if (data.length < expected) {
    throw bad(`it is truncated (${data.length} of ${expected} bytes).`);
  }
  if (data.length > expected) throw bad(`it has ${data.length - expected} unexpected bytes at its end.`);
  const parts = new Map<string, Buffer>();
  let offset = end + 1;
  for (const part of header.parts) {
    const bytes = data.subarray(offset, offset + part.bytes);
    if (sha256(bytes) !== part.sha256) throw bad(`its part "${part.name}" fails its checksum (damaged).`);
    parts.set(part.name, bytes);
    offset += part.bytes;
  }
  const secretCheck = typeof header.secretCheck === "string" ? header.secretCheck : undefined;
  return { kind: header.kind, createdAt: header.createdAt, secretCheck, parts };
}
