// The Node arguments the server runs with (`npm start`; the server processes of WEB_CONCURRENCY
// inherit them).
// --max-semi-space-size=16: V8's young generation. Smaller semi-spaces kept an idle server small
// (decision 0049 ran with 2 MB) but cost every request: under load a list request's in-flight
// objects outlived 2 MB of allocation, were copied and promoted, and garbage collection took 21 %
// of the server's CPU against 6-8 % with 8-16 MB (docs/decisions/0053-api-per-request.md).
// --expose-gc: once the server has been quiet for a few seconds it runs one memory-reducing
// collection (src/server/idle-collection.ts), which gives the young generation back: idle RSS is
// then lower than with 2 MB semi-spaces and no such collection.
// --no-allocation-site-pretenuring: V8 otherwise learns, from a burst in which many objects of one
// allocation site outlived a collection, to allocate that site's objects straight into the old
// generation. Under load it did so for the rows node-postgres parses and the objects made from them:
// every young object those old ones pointed to was kept through each scavenge and promoted too
// (17 % of the bytes a list request allocated, against 3 % without), the old generation filled every
// 2-3 s, and the server's CPU per list request rose by a fifth, at random from one start to the next
// (docs/decisions/0117-no-allocation-site-pretenuring.md).
// No --enable-source-maps: the compiled server's entries turn source maps on for Bahi's own files
// only (scripts/build-server.mjs); the flag would keep every package's source map in memory too.
export const SERVER_NODE_ARGS = [
  "--max-semi-space-size=16",
  "--no-allocation-site-pretenuring",
  "--expose-gc",
];

// glibc's malloc, for the server's own native memory (what the V8 heap is not: thread arenas,
// buffers, compiler zones). By default glibc raises its mmap threshold each time a large block
// (a font file read, the fonts' shared block, a big response) is freed, up to 32 MB; afterwards
// blocks of that size come from the heap, and once freed they stay resident between live ones. An
// idle server on PostgreSQL held ~18 MB more that way after its start-up PDF thread had come and
// gone. Fixing the threshold at glibc's own starting value (128 KiB) keeps it there: large blocks
// are mapped and handed back when freed (docs/decisions/0095-idle-server-within-twice-the-bare-one.md).
// Other C libraries (musl) ignore the variable.
export const SERVER_MALLOC_TUNABLES = "glibc.malloc.mmap_threshold=131072";

/** `env` with the server's malloc setting, beside any GLIBC_TUNABLES given (a given threshold wins). */
export function serverEnv(env = process.env) {
  const given = env.GLIBC_TUNABLES;
  if (given?.includes("glibc.malloc.mmap_threshold=")) return { ...env };
  return { ...env, GLIBC_TUNABLES: given ? `${given}:${SERVER_MALLOC_TUNABLES}` : SERVER_MALLOC_TUNABLES };
}
