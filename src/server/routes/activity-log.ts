import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentActivity } from "../presenters/activity-log";
import { presentPage } from "../presenters/page";
import { activityActors, activityPage, exportActivityCsv } from "../services/activity-log";
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

// The business's activity log (decision 0077); every member reads it until roles gate it.

export function registerActivityLogRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/activity", async (me, request) => {
    const q = request.query;
    return presentPage(await activityPage(db, me.businessId, q), q, presentActivity);
  });

  route("GET /api/activity/actors", async (me) => {
    return { items: await activityActors(db, me.businessId) };
  });

  route("GET /api/activity/export.csv", async (me, request, reply) => {
    const { fileName, csv } = await exportActivityCsv(db, me.businessId, request.query);
    return sendAttachment(reply, { type: "csv", fileName, body: csv });
  });
}
