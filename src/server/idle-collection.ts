import type { FastifyInstance } from "fastify";
import type { Metrics } from "./metrics";

/** How often the server looks whether it has been quiet (no request for at least this long). */
export const QUIET_CHECK_MS = 5_000;

/** A server asked only by its health checks and its metrics scraper is quiet. */
const PROBES = new Set(["/api/health", "/api/ready", "/metrics"]);

type Collect = (options: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * One memory-reducing garbage collection whenever the server has been quiet for a while after it
 * started or after it last served requests (docs/decisions/0053-api-per-request.md). V8's young
 * generation grows to its largest size while the server loads its code and under load, and keeps
 * it; this collection gives it back, so the server runs with semi-spaces large enough for requests
 * (`--max-semi-space-size` in scripts/server-node-args.mjs) and still sits idle in little memory.
 * Needs `--expose-gc` (`npm start` passes it); without it (tests, a bare `node`) it does nothing.
 * `owe()` asks for one more once quiet: memory let go outside any request (the last PDF thread
 * ended and its fonts' shared block with it) stays resident until a collection frees it.
 */
export function collectWhenQuiet(
  app: FastifyInstance,
  metrics: Metrics,
  collect = globalThis.gc as unknown,
): { owe(): void } {
  if (typeof collect !== "function") return { owe() {} };
  let served = 0;
  let seen = 0;
  let owed = true; // the start itself allocated plenty
  app.addHook("onRequest", (request, _reply, done) => {
    if (!PROBES.has(request.routeOptions.url ?? "")) served++;
    done();
  });
  const timer = setInterval(() => {
    if (served !== seen) {
      seen = served;
      owed = true;
      return;
    }
    if (!owed) return;
    owed = false;
    (collect as Collect)({ type: "major", execution: "sync", flavor: "last-resort" });
    metrics.idleCollections.inc();
  }, QUIET_CHECK_MS);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
  return {
    owe() {
      owed = true;
    },
  };
}
