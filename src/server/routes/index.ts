import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Mailer } from "../services/mail";
import { registerAccountRoutes } from "./account";
import { registerCreditRoutes } from "./credits";

export interface RouteDeps {
  app: FastifyInstance;
  auth: Auth;
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** Every feature's routes, one line each. */
export function registerFeatureRoutes(deps: RouteDeps) {
  const { app } = deps;
  registerAccountRoutes(app, deps);
  registerCreditRoutes(app, deps);
}
