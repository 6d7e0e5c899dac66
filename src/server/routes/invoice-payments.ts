import type { FastifyInstance } from "fastify";
import type { Auth } from "../auth/auth";
import type { Db } from "../db/client";
import type { InvoicePaymentRow } from "../db/queries/invoice-payments";
import type { InvoiceRow } from "../db/queries/invoices";
import { presentPayment } from "../presenters/invoice-payments";
import { presentInvoiceSummary } from "../presenters/invoices";
import { openAdvancesFor } from "../services/client-advances";
import { documentActivity } from "../services/documents/events";
import {
  deletePayment,
  editPayment,
  invoicePayments,
  invoiceTaxableMinor,
  recordPayment,
} from "../services/invoice-payments";
import { userToday } from "../services/invoice-reads";
import { businessRoutes } from "./contract-route";

/** Payments received against an invoice; every answer holds the invoice's new balance and all its payments. */
export function registerInvoicePaymentRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const route = businessRoutes(app, auth);

  async function answer(businessId: string, invoice: InvoiceRow, payments?: InvoicePaymentRow[]) {
    const [today, all, advances] = await Promise.all([
      userToday(db, businessId),
      payments ?? invoicePayments(db, businessId, invoice.id).then((r) => r.payments),
      openAdvancesFor(db, businessId, invoice),
    ]);
    const inrTotalMinor = invoice.invoiceData.inrTotals?.totalMinor ?? null;
    const rupees = { totalMinor: invoice.totalMinor, inrTotalMinor };
    return {
      invoice: presentInvoiceSummary(invoice, today),
      payments: all.map((p) => presentPayment(p, rupees)),
      taxableMinor: invoiceTaxableMinor(invoice),
      inrTotalMinor,
      advances: advances.map((a) => ({
        id: a.id,
        balanceMinor: a.balanceMinor,
        receivedOn: a.receivedOn,
        method: a.method,
        reference: a.reference,
      })),
    };
  }

  route("GET /api/invoices/:id/activity", async (me, request) => {
    await invoicePayments(db, me.businessId, request.params.id); // 404 for another user's invoice
    return { events: await documentActivity(db, me.businessId, { kind: "invoice", id: request.params.id }) };
  });

  route("GET /api/invoices/:id/payments", async (me, request) => {
    const { invoice, payments } = await invoicePayments(db, me.businessId, request.params.id);
    return answer(me.businessId, invoice, payments);
  });

  route("POST /api/invoices/:id/payments", async (me, request, reply) => {
    const input = request.body;
    const { invoice } = await recordPayment(db, me.businessId, request.params.id, input);
    return reply.status(201).send(await answer(me.businessId, invoice));
  });

  route("PUT /api/invoices/:id/payments/:paymentId", async (me, request) => {
    const input = request.body;
    const { invoice } = await editPayment(
      db,
      me.businessId,
      request.params.id,
      request.params.paymentId,
      input,
    );
    return answer(me.businessId, invoice);
  });

  route("DELETE /api/invoices/:id/payments/:paymentId", async (me, request) => {
    const invoice = await deletePayment(db, me.businessId, request.params.id, request.params.paymentId);
    return answer(me.businessId, invoice);
  });
}
