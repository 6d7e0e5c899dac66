import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { presentDashboard } from "../presenters/dashboard";
import { readDashboard } from "../services/dashboard";
import { contractRoutes } from "./contract-route";

export function registerDashboardRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  route("GET /api/dashboard", async (request) => {
    const me = await requireBusiness(auth, request);
    return presentDashboard(await readDashboard(db, me.businessId));
  });
}
