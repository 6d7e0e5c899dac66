import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import { presentClient } from "../presenters/clients";
import { presentPage } from "../presenters/page";
import { createClient, deleteClient, getClient, listClients, updateClient } from "../services/clients";
import { businessRoutes } from "./contract-route";

export function registerClientRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  route("GET /api/clients", async (me, request) => {
    const q = request.query;
    return presentPage(await listClients(db, { businessId: me.businessId, ...q }), q, presentClient);
  });

  route("POST /api/clients", async (me, request, reply) => {
    const created = await createClient(db, me.businessId, request.body);
    return reply.status(201).send(presentClient(created));
  });

  route("GET /api/clients/:id", async (me, request) => {
    return presentClient(await getClient(db, me.businessId, request.params.id));
  });

  route("PATCH /api/clients/:id", async (me, request) => {
    return presentClient(await updateClient(db, me.businessId, request.params.id, request.body));
  });

  route("DELETE /api/clients/:id", async (me, request, reply) => {
    await deleteClient(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });
}
