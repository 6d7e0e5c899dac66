import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentDashboard } from "../presenters/dashboard";
import { readDashboard } from "../services/dashboard";
import { businessRoutes } from "./contract-route";

export function registerDashboardRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/dashboard", async (me) => {
    return presentDashboard(await readDashboard(db, me.businessId));
  });
}
