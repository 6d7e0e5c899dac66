import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Db } from "../db/client";
import { createApiKey, revokeUserApiKey, userApiKeys } from "../services/api-keys";
import { contractRoutes } from "./contract-route";

/** My Account → API keys. A signed-in person only: a key cannot make or revoke keys. */
export function registerApiKeyRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  route("GET /api/api-keys", async (request) => {
    const me = await requireBusiness(auth, request);
    return { keys: await userApiKeys(db, me.businessId) };
  });

  route("POST /api/api-keys", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    const maker = { businessId: me.businessId, userId: me.user.id, role: me.role };
    return reply.status(201).send(await createApiKey(db, maker, request.body));
  });

  route("DELETE /api/api-keys/:id", async (request) => {
    const me = await requireBusiness(auth, request);
    const member = { businessId: me.businessId, userId: me.user.id, role: me.role };
    const revoked = await revokeUserApiKey(db, member, request.params.id);
    return revoked;
  });
}
