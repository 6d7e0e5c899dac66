import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { createApiKey, revokeUserApiKey, userApiKeys } from "../services/api-keys";
import { businessRoutes } from "./contract-route";

/** My Account → API keys. A signed-in person only: a key cannot make or revoke keys. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/api-keys", async (me) => {
    return { keys: await userApiKeys(db, me.businessId) };
  });

  route("POST /api/api-keys", async (me, request, reply) => {
    const maker = { businessId: me.businessId, userId: me.user.id, role: me.role };
    return reply.status(201).send(await createApiKey(db, maker, request.body));
  });

  route("DELETE /api/api-keys/:id", async (me, request) => {
    const member = { businessId: me.businessId, userId: me.user.id, role: me.role };
    const revoked = await revokeUserApiKey(db, member, request.params.id);
    return revoked;
  });
}
