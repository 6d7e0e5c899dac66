import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrivateNodeFS } from "./private-fs";

/** The extensions the migrations create (pg_trgm: the invoice search's index); every PGlite opens with them. */
export const PGLITE_EXTENSIONS = { pg_trgm };

/**
 * PGlite's own settings: PostgreSQL's default shared_buffers (128 MB) is sized for a machine of its
 * own; inside one Node process it is resident memory on top of everything else. 16 MB holds a
 * small business's hot pages; the rest is read through the file system's cache. Measured by
 * bench/memory.ts (docs/decisions/0049-lean-memory.md). PGlite's WASM memory cannot start below
 * the 128 MB its module declares, so `initialMemory` is left alone.
 */
export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"],
};

/**
 * PGlite on a folder, with the extensions the migrations need and a file system that keeps every
 * file it writes private (db/private-fs.ts): every PGlite on disk opens through here.
 */
export function pgliteInFolder(dir: string, opts: Omit<PGliteOptions, "fs" | "extensions"> = {}): PGlite {
  return new PGlite({ ...PGLITE_OPTIONS, ...opts, fs: new PrivateNodeFS(dir) });
}
