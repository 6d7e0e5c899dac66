import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { getCreditBalance } from "../db/queries/credits";

export function registerCreditRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  app.get("/api/credits", async (request) => {
    const me = await requireUser(deps.auth, request);
    const balance = await getCreditBalance(deps.db, me.id);
    return { credits: balance.credits, lastUpdatedAt: balance.lastUpdatedAt.toISOString() };
  });
}
