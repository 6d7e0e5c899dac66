import type { FastifyInstance } from "fastify";
import { profilePatch } from "#contract/account";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { presentProfile } from "../presenters/account";
import { readProfile, renameProfile, resetLinkIsValid } from "../services/account";
import { parseBody } from "./validate";

/** Profile, the public auth configuration and the recovery-link check. */
export function registerAccountRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;

  app.get("/api/auth-config", async () => ({ googleEnabled: Boolean(config.google) }));

  /** Tells the update-password screen whether a reset link is still good, without using it up. */
  app.get<{ Querystring: { token?: string } }>("/api/auth-recovery", async (request) => ({
    valid: await resetLinkIsValid(auth, request.query.token ?? ""),
  }));

  app.get("/api/profile", async (request) => {
    const me = await requireUser(auth, request);
    return presentProfile(await readProfile(db, me.id));
  });

  app.patch("/api/profile", async (request) => {
    const me = await requireUser(auth, request);
    const { fullName } = parseBody(profilePatch, request.body);
    return presentProfile(await renameProfile(db, me.id, fullName));
  });
}
