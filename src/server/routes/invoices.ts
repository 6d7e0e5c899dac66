import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
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
import { contractRoutes } from "./contract-route";
import { sendAttachment } from "./attachment";

export function registerInvoiceRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = contractRoutes(app);

  const present = (saved: SavedInvoice) => ({ invoice: presentInvoice(saved, saved.today) });

  route("GET /api/invoices", async (request) => {
    const me = await requireBusiness(auth, request);
    const query = request.query;
    const list = await listUserInvoices(db, me.businessId, query);
    return presentPage(list, query, (row) => presentInvoiceSummary(row, list.today));
  });

  route("GET /api/invoices/next-number", async (request) => {
    const me = await requireBusiness(auth, request);
    const { invoiceDate } = request.query;
    return nextInvoiceNumber(db, me.businessId, invoiceDate);
  });

  route("GET /api/invoices/export.csv", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    const query = request.query;
    const { fileName, csv } = await exportInvoicesCsv(db, me.businessId, query);
    return sendAttachment(reply, { type: "csv", fileName, body: csv });
  });

  route(
    "POST /api/invoices",
    async (request, reply) => {
      const me = await requireBusiness(auth, request);
      const autoNumber = wantsAutoNumber(request.query);
      return reply
        .status(201)
        .send(present(await createInvoice(db, me.businessId, request.body, { autoNumber })));
    },
    { prepareBody: (body, request) => withPlaceholderNumber(body, wantsAutoNumber(request.query)) },
  );

  route("GET /api/invoices/:id", async (request) => {
    const me = await requireBusiness(auth, request);
    return present(await readInvoice(db, me.businessId, request.params.id));
  });

  route("PUT /api/invoices/:id", async (request) => {
    const me = await requireBusiness(auth, request);
    const input = request.body;
    return present(await updateInvoice(db, me.businessId, request.params.id, input));
  });

  route("DELETE /api/invoices/:id", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    await deleteInvoice(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });

  route("POST /api/invoices/:id/status", async (request) => {
    const me = await requireBusiness(auth, request);
    const change = request.body;
    return present(await changeInvoiceStatus(db, me.businessId, request.params.id, change));
  });

  route("POST /api/invoices/:id/duplicate", async (request, reply) => {
    const me = await requireBusiness(auth, request);
    return reply.status(201).send(present(await duplicateInvoice(db, me.businessId, request.params.id)));
  });
}

const wantsAutoNumber = (query: unknown) => {
  const { autoNumber } = query as { autoNumber?: string };
  return autoNumber === "1" || autoNumber === "true";
};

/** With `?autoNumber=1` the server picks the number, so the body's own may be missing. */
function withPlaceholderNumber(body: unknown, autoNumber: boolean): unknown {
  if (!autoNumber || typeof body !== "object" || body === null) return body;
  return { ...body, invoiceNumber: "AUTO" };
}
