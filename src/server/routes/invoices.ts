import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  invoiceFilterQuery,
  invoiceListQuery,
  invoiceNextNumberQuery,
  invoiceStatusChange,
} from "#contract/invoices";
import { invoiceInputSchema } from "#domain/invoice";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { presentInvoice, presentInvoiceSummary } from "../presenters/invoices";
import { presentPage } from "../presenters/page";
import { exportInvoicesCsv } from "../services/csv";
import { listUserInvoices, readInvoice } from "../services/invoice-reads";
import {
  changeInvoiceStatus,
  createInvoice,
  deleteInvoice,
  duplicateInvoice,
  nextInvoiceNumber,
  type SavedInvoice,
  updateInvoice,
} from "../services/invoices";
import { parseBody } from "./validate";

type IdParams = { Params: { id: string } };

export function registerInvoiceRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  const present = (saved: SavedInvoice) => ({ invoice: presentInvoice(saved, saved.today) });

  app.get("/api/invoices", async (request) => {
    const me = await requireUser(auth, request);
    const query = parseBody(invoiceListQuery, request.query);
    const list = await listUserInvoices(db, me.id, query);
    return presentPage(list, query, (row) => presentInvoiceSummary(row, list.today));
  });

  app.get("/api/invoices/next-number", async (request) => {
    const me = await requireUser(auth, request);
    const { invoiceDate } = parseBody(invoiceNextNumberQuery, request.query);
    return nextInvoiceNumber(db, me.id, invoiceDate);
  });

  app.get("/api/invoices/export.csv", async (request, reply) => {
    const me = await requireUser(auth, request);
    const query = parseBody(invoiceFilterQuery, request.query);
    const { fileName, csv } = await exportInvoicesCsv(db, me.id, query);
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${fileName}"`)
      .header("cache-control", "no-store")
      .send(csv);
  });

  app.post<{ Querystring: { autoNumber?: string } }>("/api/invoices", async (request, reply) => {
    const me = await requireUser(auth, request);
    const autoNumber = request.query.autoNumber === "1" || request.query.autoNumber === "true";
    const input = parseBody(invoiceInputSchema, withPlaceholderNumber(request, autoNumber));
    return reply.status(201).send(present(await createInvoice(db, me.id, input, { autoNumber })));
  });

  app.get<IdParams>("/api/invoices/:id", async (request) => {
    const me = await requireUser(auth, request);
    return present(await readInvoice(db, me.id, request.params.id));
  });

  app.put<IdParams>("/api/invoices/:id", async (request) => {
    const me = await requireUser(auth, request);
    const input = parseBody(invoiceInputSchema, request.body);
    return present(await updateInvoice(db, me.id, request.params.id, input));
  });

  app.delete<IdParams>("/api/invoices/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    await deleteInvoice(db, me.id, request.params.id);
    return reply.status(204).send();
  });

  app.post<IdParams>("/api/invoices/:id/status", async (request) => {
    const me = await requireUser(auth, request);
    const change = parseBody(invoiceStatusChange, request.body);
    return present(await changeInvoiceStatus(db, me.id, request.params.id, change));
  });

  app.post<IdParams>("/api/invoices/:id/duplicate", async (request, reply) => {
    const me = await requireUser(auth, request);
    return reply.status(201).send(present(await duplicateInvoice(db, me.id, request.params.id)));
  });
}

/** With `?autoNumber=1` the server picks the number, so the body's own may be missing. */
function withPlaceholderNumber(request: FastifyRequest, autoNumber: boolean): unknown {
  const body = request.body;
  if (!autoNumber || typeof body !== "object" || body === null) return body;
  return { ...body, invoiceNumber: "AUTO" };
}
