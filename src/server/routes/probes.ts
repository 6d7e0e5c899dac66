import type { FastifyInstance } from "fastify";
import { type Db, ping } from "../db/client";
import { countPendingMigrations } from "../db/readiness";
import type { PdfRenderer } from "../pdf/pool";
import { contractRoutes } from "./contract-route";

type Check = "ok" | "unavailable" | "pending" | "starting" | "draining";

/**
 * GET /api/health: liveness. It answers 200 while the process serves HTTP, and says whether the
 * database answers, without failing on it (an orchestrator must not restart every instance
 * because PostgreSQL is down). GET /api/ready: 200 only when this instance can do real work, and
 * 503 from the moment it is told to stop (the drain), while it still serves everything else.
 */
export function registerProbes(
  app: FastifyInstance,
  deps: { db: Db; renderer: PdfRenderer; draining?: () => boolean },
) {
  const route = contractRoutes(app);
  // Requests that arrive while a ping is on its way share its answer: under load, health costs
  // one round trip per round trip time instead of one per request.
  let pinging: Promise<Check> | null = null;
  const database = (): Promise<Check> => {
    pinging ??= ping(deps.db)
      .then((): Check => "ok")
      .catch((): Check => "unavailable")
      .finally(() => {
        pinging = null;
      });
    return pinging;
  };
  let migrated = false;
  const migrations = async (): Promise<Check> => {
    if (migrated) return "ok";
    try {
      migrated = (await countPendingMigrations(deps.db)) <= 0;
      return migrated ? "ok" : "pending";
    } catch {
      return "unavailable";
    }
  };

  route("GET /api/health", async () => ({ status: "ok", database: await database() }));

  route("GET /api/ready", async (_request, reply) => {
    if (deps.draining?.()) {
      return reply
        .status(503)
        .header("cache-control", "no-store")
        .send({ status: "not_ready", checks: { shutdown: "draining" as Check } });
    }
    const db = await database();
    const stats = deps.renderer.stats?.();
    const checks = {
      database: db,
      migrations: db === "ok" ? await migrations() : ("unavailable" as Check),
      // Threads start on demand and end when idle: ready means one has started (so they can),
      // not that one is running now.
      pdf: (!stats || stats.ready > 0 || stats.startable
        ? "ok"
        : stats.startable === false
          ? "unavailable"
          : "starting") as Check,
    };
    const ready = Object.values(checks).every((c) => c === "ok");
    return reply
      .status(ready ? 200 : 503)
      .header("cache-control", "no-store")
      .send({ status: ready ? "ready" : "not_ready", checks });
  });
}
