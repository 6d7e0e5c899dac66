import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { now, setTestClock } from "../clock";
import type { Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import { parseBody } from "./validate";

const clockBody = z
  .object({ now: z.iso.datetime({ offset: true }) })
  .describe("The instant to set the clock to");

/**
 * Only with TEST_CLOCK=1 (config.ts refuses it in production): browser and HTTP tests move the
 * server's clock and run the jobs that are due, then see what they did, without waiting.
 */
export function registerTestRoutes(app: FastifyInstance, deps: { db: Db; queue: JobQueue }) {
  app.get("/api/test/clock", async () => ({ now: now().toISOString() }));
  app.post("/api/test/clock", async (request) => {
    const { now: instant } = parseBody(clockBody, request.body);
    await setTestClock(deps.db, new Date(instant));
    return { now: now().toISOString() };
  });
  app.post("/api/test/run-jobs", async () => ({ ran: await deps.queue.runScheduledNow() }));
}
