// The Node arguments the server runs with (`npm start`; the server processes of WEB_CONCURRENCY
// inherit them). --max-semi-space-size=2: V8's young generation otherwise grows to 2 x 64 MB
// while the server loads its code and never gives it back, which was a third of an idle
// server's memory; 2 MB semi-spaces measured best of 1, 2, 4, 8 and the default for idle RSS
// against allocation-heavy work (docs/decisions/0049-lean-memory.md).
export const SERVER_NODE_ARGS = ["--enable-source-maps", "--max-semi-space-size=2"];
