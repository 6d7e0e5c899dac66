// Setup file (vitest.config.ts): each test file's CPU in its worker, user + sys from the file's
// setup to its last hook, kept in the file's meta for the slowest-files reporter. It counts the
// worker only: not PostgreSQL's server, nor the processes a test starts.
const started = process.cpuUsage();
// Vitest reads a hook's first argument as fixtures, which must be a destructuring pattern.
// biome-ignore lint/correctness/noEmptyPattern: no fixtures wanted, the file is the second argument
afterAll(({}, file) => {
  const used = process.cpuUsage(started);
  (file.meta as { cpuMs?: number }).cpuMs = (used.user + used.system) / 1000;
});
