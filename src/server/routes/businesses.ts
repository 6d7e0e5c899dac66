import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { presentBusiness } from "../presenters/businesses";
import { createBusiness, readMyBusinesses, renameBusiness, switchBusiness } from "../services/businesses";
import { contractRoutes } from "./contract-route";

/**
 * The person's businesses (decision 0072): list, create, rename, switch. A signed-in person only
 * (an API key belongs to one business and cannot reach these); another person's business is a 404.
 */
export function registerBusinessRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  route("GET /api/businesses", async (request) => {
    const me = await requireUser(auth, request);
    const list = await readMyBusinesses(db, me.id);
    return { businesses: list.map((b) => presentBusiness(b, me.businessId)) };
  });

  route("POST /api/businesses", async (request, reply) => {
    const me = await requireUser(auth, request);
    const made = await createBusiness(db, { userId: me.id, name: request.body.name });
    return reply.status(201).send(presentBusiness(made, me.businessId));
  });

  route("PATCH /api/businesses/:id", async (request) => {
    const me = await requireUser(auth, request);
    const renamed = await renameBusiness(db, {
      userId: me.id,
      businessId: request.params.id,
      name: request.body.name,
    });
    return presentBusiness(renamed, me.businessId);
  });

  route("POST /api/businesses/:id/switch", async (request, reply) => {
    const me = await requireUser(auth, request);
    const current = await switchBusiness(db, {
      userId: me.id,
      sessionId: me.sessionId,
      businessId: request.params.id,
    });
    // The next request answers from the new business at once: this process forgets its session
    // cache, and the new mark makes every other instance's cache miss too (decision 0079).
    auth.findSessionUser.forget();
    reply.header("set-cookie", auth.businessMarkCookie());
    return presentBusiness(current, current.id);
  });
}
