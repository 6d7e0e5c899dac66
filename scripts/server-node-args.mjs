// The Node arguments the server runs with (`npm start`; the server processes of WEB_CONCURRENCY
// inherit them).
// --max-semi-space-size=16: V8's young generation. Smaller semi-spaces kept an idle server small
// (decision 0049 ran with 2 MB) but cost every request: under load a list request's in-flight
// objects outlived 2 MB of allocation, were copied and promoted, and garbage collection took 21 %
// of the server's CPU against 6-8 % with 8-16 MB (docs/decisions/0053-api-per-request.md).
// --expose-gc: once the server has been quiet for a few seconds it runs one memory-reducing
// collection (src/server/idle-collection.ts), which gives the young generation back: idle RSS is
// then lower than with 2 MB semi-spaces and no such collection.
// No --enable-source-maps: the compiled server's entries turn source maps on for Bahi's own files
// only (scripts/build-server.mjs); the flag would keep every package's source map in memory too.
export const SERVER_NODE_ARGS = ["--max-semi-space-size=16", "--expose-gc"];
