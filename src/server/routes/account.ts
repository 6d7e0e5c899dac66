import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { presentProfile } from "../presenters/account";
import { readProfile, renameProfile, resetLinkIsValid } from "../services/account";
import { contractRoutes } from "./contract-route";

/** Profile, the public auth configuration and the recovery-link check. */
export function registerAccountRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;
  const route = contractRoutes(app);

  route("GET /api/auth-config", async () => ({ googleEnabled: Boolean(config.google) }));

  /** Tells the update-password screen whether a reset link is still good, without using it up. */
  route("GET /api/auth-recovery", async (request) => ({
    valid: await resetLinkIsValid(auth, request.query.token ?? ""),
  }));

  route("GET /api/profile", async (request) => {
    const me = await requireUser(auth, request);
    return presentProfile(await readProfile(db, me.id));
  });

  route("PATCH /api/profile", async (request) => {
    const me = await requireUser(auth, request);
    const { fullName } = request.body;
    return presentProfile(await renameProfile(db, me.id, fullName));
  });
}
