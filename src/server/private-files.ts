import { chmodSync, existsSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

// Everything Bahi keeps in DATA_DIR is private to its own user: the database, the generated auth
// secret, the outbox (its mails hold reset and confirmation links) and the backups. Every process
// that writes there (the server, each cluster worker, `npm run backup`/`restore`) sets the umask
// first, and the server tightens what an older release left looser. See docs/decisions/0046.

/** New files 0600 and folders 0700 at most, whatever the caller asks for. */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Tightens every file to at most 0600 and every folder to at most 0700 under `dir` (itself
 * included); answers how many it changed and the paths it could not change (owned by another user).
 */
export function tightenModes(dir: string): { changed: number; failed: string[] } {
  const result = { changed: 0, failed: [] as string[] };
  if (!existsSync(dir)) return result;
  const visit = (file: string) => {
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) return;
    const limit = stat.isDirectory() ? 0o700 : 0o600;
    const mode = stat.mode & 0o7777;
    if ((mode & ~limit) !== 0) {
      try {
        chmodSync(file, mode & limit);
        result.changed += 1;
      } catch {
        result.failed.push(file);
      }
    }
    if (stat.isDirectory()) for (const name of readdirSync(file)) visit(path.join(file, name));
  };
  visit(dir);
  return result;
}
