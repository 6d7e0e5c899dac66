import type { FastifyInstance } from "fastify";
import { clientCreate, clientListQuery, clientPatch } from "#contract/clients";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { presentClient } from "../presenters/clients";
import { presentPage } from "../presenters/page";
import { createClient, deleteClient, getClient, listClients, updateClient } from "../services/clients";
import { parseBody } from "./validate";

export function registerClientRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/clients", async (request) => {
    const me = await requireUser(auth, request);
    const q = parseBody(clientListQuery, request.query);
    return presentPage(await listClients(db, { userId: me.id, ...q }), q, presentClient);
  });

  app.post("/api/clients", async (request, reply) => {
    const me = await requireUser(auth, request);
    const created = await createClient(db, me.id, parseBody(clientCreate, request.body));
    return reply.status(201).send(presentClient(created));
  });

  app.get<{ Params: { id: string } }>("/api/clients/:id", async (request) => {
    const me = await requireUser(auth, request);
    return presentClient(await getClient(db, me.id, request.params.id));
  });

  app.patch<{ Params: { id: string } }>("/api/clients/:id", async (request) => {
    const me = await requireUser(auth, request);
    const fields = parseBody(clientPatch, request.body);
    return presentClient(await updateClient(db, me.id, request.params.id, fields));
  });

  app.delete<{ Params: { id: string } }>("/api/clients/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteClient(db, me.id, request.params.id);
    return reply.status(204).send();
  });
}
