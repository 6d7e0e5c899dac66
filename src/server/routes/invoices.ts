import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
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
import { sendAttachment } from "./attachment";
import { businessRoutes } from "./contract-route";

export function registerInvoiceRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  const present = (saved: SavedInvoice) => ({ invoice: presentInvoice(saved, saved.today) });

  route("GET /api/invoices", async (me, request) => {
    const query = request.query;
    const list = await listUserInvoices(db, me.businessId, query);
    return presentPage(list, query, (row) => presentInvoiceSummary(row, list.today));
  });

  route("GET /api/invoices/next-number", async (me, request) => {
    const { invoiceDate } = request.query;
    return nextInvoiceNumber(db, me.businessId, invoiceDate);
  });

  route("GET /api/invoices/export.csv", async (me, request, reply) => {
    const query = request.query;
    const { fileName, csv } = await exportInvoicesCsv(db, me.businessId, query);
    return sendAttachment(reply, { type: "csv", fileName, body: csv });
  });

  route(
    "POST /api/invoices",
    async (me, request, reply) => {
      const autoNumber = wantsAutoNumber(request.query);
      return reply
        .status(201)
        .send(present(await createInvoice(db, me.businessId, request.body, { autoNumber })));
    },
    { prepareBody: (body, request) => withPlaceholderNumber(body, wantsAutoNumber(request.query)) },
  );

  route("GET /api/invoices/:id", async (me, request) => {
    return present(await readInvoice(db, me.businessId, request.params.id));
  });

  route("PUT /api/invoices/:id", async (me, request) => {
    const input = request.body;
    return present(await updateInvoice(db, me.businessId, request.params.id, input));
  });

  route("DELETE /api/invoices/:id", async (me, request, reply) => {
    await deleteInvoice(db, me.businessId, request.params.id);
    return reply.status(204).send();
  });

  route("POST /api/invoices/:id/status", async (me, request) => {
    const change = request.body;
    return present(await changeInvoiceStatus(db, me.businessId, request.params.id, change));
  });

  route("POST /api/invoices/:id/duplicate", async (me, request, reply) => {
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
