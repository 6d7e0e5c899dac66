import type { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// PGlite's file system (Emscripten's NODEFS) sets every file's mode itself, after creating it, to
// what PostgreSQL asked for inside the WebAssembly sandbox (0666 for most of them, 0777 for
// folders), so the process umask does not apply: a data folder came out with 968 of 1,247 files
// world-writable. This file system keeps each mode it sets within 0600 for files and 0700 for
// folders: nobody but Bahi's own user reads or writes the database.

const TYPE_BITS = 0o170000;
const DIRECTORY = 0o040000;

/** The mode with group and other bits (and a file's execute bit) removed. */
export function privateMode(mode: number): number {
  const type = mode & TYPE_BITS;
  const limit = type === DIRECTORY ? 0o700 : 0o600;
  return type | (mode & 0o7777 & limit);
}

interface NodeFsOps {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown;
    setattr(node: unknown, attr: { mode?: number }): void;
  };
  stream_ops: { setattr(stream: unknown, node: unknown, attr: { mode?: number }): void };
}

const patched = new WeakSet<object>();

function keepModesPrivate(nodefs: NodeFsOps): void {
  if (patched.has(nodefs)) return;
  patched.add(nodefs);
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs;
  const mknod = nodeOps.mknod;
  nodeOps.mknod = (parent, name, mode, dev) => mknod(parent, name, privateMode(mode), dev);
  const setNode = nodeOps.setattr;
  nodeOps.setattr = (node, attr) =>
    setNode(node, attr.mode == null ? attr : { ...attr, mode: privateMode(attr.mode) });
  const setStream = streamOps.setattr;
  streamOps.setattr = (stream, node, attr) =>
    setStream(stream, node, attr.mode == null ? attr : { ...attr, mode: privateMode(attr.mode) });
}

/** PGlite's Node file system, keeping every file at most 0600 and every folder at most 0700. */
export class PrivateNodeFS extends NodeFS {
  /** The data folder on the host (the backups copy it: backup/backup.ts). */
  get folder(): string {
    return this.rootDir;
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...((emscriptenOpts.preRun ?? []) as Array<(mod: unknown) => void>),
      (mod: unknown) => keepModesPrivate((mod as { NODEFS: NodeFsOps }).NODEFS),
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as typeof emscriptenOpts };
  }
}
