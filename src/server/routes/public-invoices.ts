import type { FastifyInstance, FastifyRequest } from "fastify";
import type { PaymentReport } from "#contract/public-invoices";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { PaymentReportRow } from "../db/queries/public-invoices";
import { readSettings } from "../db/queries/settings";
import { AppError, orNotFound } from "../errors";
import { presentInvoiceSummary } from "../presenters/invoices";
import type { BusinessGateways } from "../services/business-gateway";
import { readDocumentLink, shareDocumentLink } from "../services/documents/share-link";
import {
  createInvoiceOrder,
  handleBusinessWebhook,
  testPayInvoiceOrder,
  verifyInvoicePayment,
} from "../services/invoice-online-payments";
import { userToday } from "../services/invoice-reads";
import type { MailOutbox } from "../services/mail-jobs";
import { recordOnlinePaymentAndTell } from "../services/payment-receipts";
import {
  balanceOf,
  confirmPaymentReport,
  dismissPaymentReport,
  paymentReports,
  publicInvoice,
  reportPayment,
} from "../services/public-invoices";
import { businessRoutes, contractRoutes } from "./contract-route";
import { windowLimiter } from "./public-pages";
import { registerRawBodyRoute } from "./webhooks";

/** Public calls per client address per minute (on this process). */
const CALLS_PER_MINUTE = 60;

const presentReport = (r: PaymentReportRow): PaymentReport => ({
  id: r.id,
  amountMinor: Number(r.amountMinor),
  utr: r.utr,
  note: r.note,
  status: r.status,
  reportedAt: r.reportedAt.toISOString(),
});

export function registerPublicInvoiceRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    config: Config;
    outbox: MailOutbox;
    gateways: BusinessGateways;
  },
) {
  const { auth, db, config, outbox: mailer, gateways } = deps;
  const route = contractRoutes(app);
  const businessRoute = businessRoutes(app, auth);
  const callsAllowed = windowLimiter(CALLS_PER_MINUTE, 60_000);

  const limited = (request: FastifyRequest) => {
    if (!callsAllowed(request.ip)) {
      throw new AppError("too_many_requests", "Too many requests. Please wait a minute and try again.");
    }
  };
  async function found(token: string) {
    const row = orNotFound(await publicInvoice(db, token), "Invoice");
    return row;
  }

  route("POST /api/public/invoices/:token/payment-reports", async (request, reply) => {
    limited(request);
    const input = request.body;
    await reportPayment(
      {
        db,
        mailer,
        publicUrl: config.publicUrl,
        onMailFailed: (error) => request.log.warn({ err: error }, "payment report e-mail failed"),
      },
      request.params.token,
      input,
    );
    return reply.status(201).send({ reported: true });
  });

  const payable = async (token: string) => {
    const row = await found(token);
    const settings = await readSettings(db, row.businessId);
    return {
      id: row.id,
      businessId: row.businessId,
      invoiceNumber: row.invoiceNumber,
      currency: row.currency,
      balanceDueMinor: balanceOf(row),
      businessName: row.invoiceData.company.name || settings.companyName || "Bahi",
    };
  };

  route("POST /api/public/invoices/:token/online-orders", async (request) => {
    limited(request);
    return createInvoiceOrder(gateways, await payable(request.params.token));
  });

  // A payment's receipt and "payment received" mails are queued in the transaction that records it.
  const recordAndTell = recordOnlinePaymentAndTell({ outbox: mailer, publicUrl: config.publicUrl });

  route("POST /api/public/invoices/:token/online-payments", async (request) => {
    limited(request);
    const answer = request.body;
    await mailer.ready?.();
    return verifyInvoicePayment(gateways, await payable(request.params.token), answer, recordAndTell);
  });

  // Only where the server's test checkout is on: otherwise anyone with the link could "pay".
  if (gateways.testModeAvailable) {
    route("POST /api/public/invoices/:token/online-orders/:orderId/test-pay", async (request) => {
      limited(request);
      return testPayInvoiceOrder(gateways, await payable(request.params.token), request.params.orderId);
    });
  }

  // The owner's side: the link to share, and the payments clients reported.
  businessRoute("GET /api/invoices/:id/public-link", async (me, request) => {
    return readDocumentLink(db, config.publicUrl, me.businessId, { kind: "invoice", id: request.params.id });
  });
  businessRoute("POST /api/invoices/:id/public-link", async (me, request) => {
    return shareDocumentLink(db, config.publicUrl, me.businessId, { kind: "invoice", id: request.params.id });
  });
  businessRoute("POST /api/invoices/:id/public-link/renew", async (me, request) => {
    return shareDocumentLink(
      db,
      config.publicUrl,
      me.businessId,
      { kind: "invoice", id: request.params.id },
      { renew: true },
    );
  });
  businessRoute("GET /api/invoices/:id/payment-reports", async (me, request) => {
    // 404 for another's invoice
    await readDocumentLink(db, config.publicUrl, me.businessId, { kind: "invoice", id: request.params.id });
    const reports = await paymentReports(db, me.businessId, request.params.id);
    return { reports: reports.map(presentReport) };
  });
  businessRoute("POST /api/invoices/:id/payment-reports/:reportId/confirm", async (me, request) => {
    const { paidOn } = request.body;
    const invoice = await confirmPaymentReport(
      db,
      me.businessId,
      request.params.id,
      request.params.reportId,
      paidOn,
    );
    return { invoice: presentInvoiceSummary(invoice, await userToday(db, me.businessId)) };
  });
  businessRoute("POST /api/invoices/:id/payment-reports/:reportId/dismiss", async (me, request) => {
    return presentReport(
      await dismissPaymentReport(db, me.businessId, request.params.id, request.params.reportId),
    );
  });

  // A business's own Razorpay webhook: raw bytes for the signature, as in webhooks.ts.
  registerRawBodyRoute(app, "POST /api/webhooks/razorpay/business/:webhookToken", async (raw, request) => {
    await mailer.ready?.();
    return handleBusinessWebhook(
      gateways,
      request.params.webhookToken,
      raw,
      request.headers["x-razorpay-signature"],
      recordAndTell,
    );
  });
}
