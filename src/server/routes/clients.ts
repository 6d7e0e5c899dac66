import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { isValidEmail, isValidGstin, normalizeGstin } from "../../domain/validation";
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

const text = (max: number, what: string) =>
  z.string(`${what} must be text.`).trim().max(max, `${what} must be at most ${max} characters.`);

const addressSchema = z.object({
  line1: text(200, "Address line 1").default(""),
  line2: text(200, "Address line 2").default(""),
  city: text(100, "City").default(""),
  state: text(100, "State").default(""),
  postalCode: text(20, "Postal code").default(""),
  country: text(100, "Country").default(""),
});

const clientFields = {
  name: text(200, "Name").min(1, "Name is required."),
  company: text(200, "Company"),
  email: text(254, "E-mail").refine((v) => v === "" || isValidEmail(v), "Enter a valid e-mail address."),
  phone: text(40, "Phone").refine(
    (v) => /^[0-9+()\-.\s]*$/.test(v),
    "Phone may contain digits, spaces and + ( ) - . only.",
  ),
  gstin: text(20, "GSTIN")
    .transform(normalizeGstin)
    .refine(
      (v) => v === "" || isValidGstin(v),
      "Enter a valid 15-character GSTIN (check the last character).",
    ),
  billingAddress: addressSchema,
  shippingAddress: addressSchema.nullable(),
  notes: text(2000, "Notes"),
};

/** Unknown keys (id, user_id, credits...) are stripped, never stored. */
const createSchema = z.object({
  name: clientFields.name,
  company: clientFields.company.default(""),
  email: clientFields.email.default(""),
  phone: clientFields.phone.default(""),
  gstin: clientFields.gstin.default(""),
  billingAddress: addressSchema.default(() => addressSchema.parse({})),
  shippingAddress: clientFields.shippingAddress.default(null),
  notes: clientFields.notes.default(""),
});
/** A PATCH changes only the fields it names. */
const patchSchema = z.object({
  name: clientFields.name.optional(),
  company: clientFields.company.optional(),
  email: clientFields.email.optional(),
  phone: clientFields.phone.optional(),
  gstin: clientFields.gstin.optional(),
  billingAddress: clientFields.billingAddress.optional(),
  shippingAddress: clientFields.shippingAddress.optional(),
  notes: clientFields.notes.optional(),
});

export const listQuerySchema = z.object({
  search: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
  sort: z.enum(["name", "newest"], "Sort must be name or newest.").default("name"),
  page: z.coerce.number("Page must be a number.").int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number("Page size must be a number.").int().min(1).max(100).default(20),
});

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
    const q = parseBody(listQuerySchema, request.query);
    const { rows, total } = await listClients(db, { userId: me.id, ...q, search: q.search || undefined });
    return { items: rows.map(presentClient), total, page: q.page, pageSize: q.pageSize };
  });

  app.post("/api/clients", async (request, reply) => {
    const me = await requireUser(auth, request);
    const fields = parseBody(createSchema, request.body);
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
    const fields = parseBody(patchSchema, request.body);
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
