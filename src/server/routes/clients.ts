import type { FastifyInstance } from "fastify";
import { clientCreate, clientListQuery, clientPatch } from "#contract/clients";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import {
  type Address,
  type ClientRow,
  createClient,
  deleteClient,
  getClient,
  listClients,
  updateClient,
} from "../db/queries/clients";
import { notFound } from "../errors";
import { parseBody } from "./validate";

export function presentAddress(a: unknown): Address {
  const v = (a ?? {}) as Partial<Address>;
  return {
    line1: v.line1 ?? "",
    line2: v.line2 ?? "",
    city: v.city ?? "",
    state: v.state ?? "",
    postalCode: v.postalCode ?? "",
    country: v.country ?? "",
  };
}

export function presentClient(c: ClientRow) {
  return {
    id: c.id,
    name: c.name,
    company: c.company,
    email: c.email,
    phone: c.phone,
    gstin: c.gstin,
    billingAddress: presentAddress(c.billingAddress),
    shippingAddress: c.shippingAddress ? presentAddress(c.shippingAddress) : null,
    notes: c.notes,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

export function registerClientRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/clients", async (request) => {
    const me = await requireUser(auth, request);
    const q = parseBody(clientListQuery, request.query);
    const { rows, total } = await listClients(db, { userId: me.id, ...q, search: q.search || undefined });
    return { items: rows.map(presentClient), total, page: q.page, pageSize: q.pageSize };
  });

  app.post("/api/clients", async (request, reply) => {
    const me = await requireUser(auth, request);
    const fields = parseBody(clientCreate, request.body);
    const created = await createClient(db, { userId: me.id, fields });
    return reply.status(201).send(presentClient(created));
  });

  app.get<{ Params: { id: string } }>("/api/clients/:id", async (request) => {
    const me = await requireUser(auth, request);
    const found = await getClient(db, { userId: me.id, id: request.params.id });
    if (!found) throw notFound("Client");
    return presentClient(found);
  });

  app.patch<{ Params: { id: string } }>("/api/clients/:id", async (request) => {
    const me = await requireUser(auth, request);
    const fields = parseBody(clientPatch, request.body);
    const updated = await updateClient(db, { userId: me.id, id: request.params.id, fields });
    if (!updated) throw notFound("Client");
    return presentClient(updated);
  });

  app.delete<{ Params: { id: string } }>("/api/clients/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    const deleted = await deleteClient(db, { userId: me.id, id: request.params.id });
    if (!deleted) throw notFound("Client");
    return reply.status(204).send();
  });
}
