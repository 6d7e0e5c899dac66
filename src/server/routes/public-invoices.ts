import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import QRCode from "qrcode";
import type { PaymentReport } from "#contract/public-invoices";
import { todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { buildInvoicePage } from "#domain/invoice-page";
import { displayStatus, STATUS_LABELS } from "#domain/status";
import { upiQrFor } from "#domain/upi";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import { now } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { findImage } from "../db/queries/images";
import type { PaymentReportRow } from "../db/queries/public-invoices";
import { readSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import type { JobQueue } from "../jobs/queue";
import { presentInvoiceSummary } from "../presenters/invoices";
import { PUBLIC_PAGE_SCRIPT, renderPublicInvoice } from "../public-page/render";
import type { BusinessGateways } from "../services/business-gateway";
import {
  createInvoiceOrder,
  handleBusinessWebhook,
  paysOnline,
  testPayInvoiceOrder,
  verifyInvoicePayment,
} from "../services/invoice-online-payments";
import { recordOnlinePayment } from "../services/invoice-payments";
import { userToday } from "../services/invoice-reads";
import type { MailOutbox } from "../services/mail-jobs";
import {
  balanceOf,
  confirmPaymentReport,
  dismissPaymentReport,
  notePublicView,
  paymentReports,
  publicInvoice,
  readShareLink,
  reportPayment,
  shareLink,
} from "../services/public-invoices";
import { contractRoutes } from "./contract-route";

type TokenParams = { Params: { token: string; kind?: string; orderId?: string } };

/** Views of public pages per client address per minute (on this process). */
const VIEWS_PER_MINUTE = 60;

/** A fixed window per key, kept per process: enough to stop a script from walking tokens. */
export function windowLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string): boolean => {
    const now = Date.now();
    const w = windows.get(key);
    if (!w || now - w.start >= windowMs) {
      if (windows.size >= 50_000) windows.clear();
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    w.count++;
    return w.count <= limit;
  };
}

const presentReport = (r: PaymentReportRow): PaymentReport => ({
  id: r.id,
  amountMinor: Number(r.amountMinor),
  utr: r.utr,
  note: r.note,
  status: r.status,
  reportedAt: r.reportedAt.toISOString(),
});

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Not found</title></head><body style="font:16px system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>This invoice link does not work</h1><p>It may have been replaced by a newer link. Please ask the business that sent it for the current one.</p></body></html>`;

export function registerPublicInvoiceRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    config: Config;
    outbox: MailOutbox;
    gateways: BusinessGateways;
    queue: JobQueue;
  },
) {
  const { auth, db, config, outbox: mailer, gateways } = deps;
  const route = contractRoutes(app);
  const viewsAllowed = windowLimiter(VIEWS_PER_MINUTE, 60_000);

  const noIndex = (reply: FastifyReply) => reply.header("x-robots-tag", "noindex, nofollow");
  const limited = (request: FastifyRequest) => {
    if (!viewsAllowed(request.ip)) {
      throw new AppError("too_many_requests", "Too many requests. Please wait a minute and try again.");
    }
  };
  async function found(token: string) {
    const row = await publicInvoice(db, token);
    if (!row) throw notFound("Invoice");
    return row;
  }

  app.get("/i/page.js", async (_request, reply) =>
    noIndex(reply)
      .type("text/javascript; charset=utf-8")
      .header("cache-control", "no-cache")
      .send(PUBLIC_PAGE_SCRIPT),
  );

  app.get<TokenParams>("/i/:token", async (request, reply) => {
    noIndex(reply).header("cache-control", "no-store").type("text/html; charset=utf-8");
    if (!viewsAllowed(request.ip))
      return reply.status(429).send(NOT_FOUND_PAGE.replace("does not work", "was opened too often"));
    const row = await publicInvoice(db, request.params.token);
    if (!row) return reply.status(404).send(NOT_FOUND_PAGE);
    // HEAD (link previews, uptime checks) answers like GET but is not somebody reading the invoice.
    if (request.method !== "HEAD") {
      const viewer = await auth.findSessionUser(request.headers.cookie).catch(() => null);
      await notePublicView(db, row, viewer?.id ?? null);
    }
    const settings = await readSettings(db, row.userId);
    const today = todayInTimeZone(now(), settings.timeZone);
    const doc = row.invoiceData;
    const paid = Number(row.amountPaidMinor);
    const balance = balanceOf(row);
    const base = `/i/${request.params.token}/images`;
    const page = buildInvoicePage(doc, { logo: true, signature: true, upiQr: true }, paid);
    const qr = balance > 0 ? upiQrFor(doc, balance) : null;
    const status = displayStatus(row.status, row.dueDate, today, paid);
    const money = (minor: number) => formatMoney(minor, row.currency);
    return reply.send(
      renderPublicInvoice(page, {
        token: request.params.token,
        statusKey: status,
        statusLabel: STATUS_LABELS[status],
        balance: balance > 0 ? money(balance) : null,
        upi:
          qr && "uri" in qr
            ? {
                uri: qr.uri,
                upiId: doc.bankDetails.upiId,
                amount: money(balance),
                qrSvg: await QRCode.toString(qr.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
              }
            : null,
        upiImageUrl: qr && "imageId" in qr ? `${base}/upi-qr` : null,
        logoUrl: page.company.logoImageId ? `${base}/logo` : null,
        signatureUrl: page.signatory.imageId ? `${base}/signature` : null,
        paysOnline: balance > 0 && row.currency === "INR" && (await paysOnline(gateways, row.userId)),
        canReport: balance > 0 && Boolean(qr),
      }),
    );
  });

  app.get<TokenParams>("/i/:token/images/:kind", async (request, reply) => {
    limited(request);
    const row = await found(request.params.token);
    const company = row.invoiceData.company;
    const id =
      request.params.kind === "logo"
        ? company.logoImageId
        : request.params.kind === "signature" && row.invoiceData.includeSignature
          ? company.signatureImageId
          : request.params.kind === "upi-qr" && row.invoiceData.includeUpiQrCode
            ? company.upiQrImageId
            : null;
    const image = id ? await findImage(db, row.userId, id) : undefined;
    if (!image) throw notFound("Image");
    return noIndex(reply)
      .type(image.mimeType)
      .header("cache-control", "private, max-age=300")
      .send(image.bytes);
  });

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
    const settings = await readSettings(db, row.userId);
    return {
      id: row.id,
      userId: row.userId,
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

  route("POST /api/public/invoices/:token/online-payments", async (request) => {
    limited(request);
    const answer = request.body;
    return verifyInvoicePayment(gateways, await payable(request.params.token), answer, recordOnlinePayment);
  });

  // Only where the server's test checkout is on: otherwise anyone with the link could "pay".
  if (gateways.testModeAvailable) {
    route("POST /api/public/invoices/:token/online-orders/:orderId/test-pay", async (request) => {
      limited(request);
      return testPayInvoiceOrder(gateways, await payable(request.params.token), request.params.orderId);
    });
  }

  // The owner's side: the link to share, and the payments clients reported.
  route("GET /api/invoices/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return readShareLink(db, config.publicUrl, me.id, request.params.id);
  });
  route("POST /api/invoices/:id/public-link", async (request) => {
    const me = await requireUser(auth, request);
    return shareLink(db, config.publicUrl, me.id, request.params.id);
  });
  route("POST /api/invoices/:id/public-link/renew", async (request) => {
    const me = await requireUser(auth, request);
    return shareLink(db, config.publicUrl, me.id, request.params.id, { renew: true });
  });
  route("GET /api/invoices/:id/payment-reports", async (request) => {
    const me = await requireUser(auth, request);
    await readShareLink(db, config.publicUrl, me.id, request.params.id); // 404 for another's invoice
    const reports = await paymentReports(db, me.id, request.params.id);
    return { reports: reports.map(presentReport) };
  });
  route("POST /api/invoices/:id/payment-reports/:reportId/confirm", async (request) => {
    const me = await requireUser(auth, request);
    const { paidOn } = request.body;
    const invoice = await confirmPaymentReport(db, me.id, request.params.id, request.params.reportId, paidOn);
    return { invoice: presentInvoiceSummary(invoice, await userToday(db, me.id)) };
  });
  route("POST /api/invoices/:id/payment-reports/:reportId/dismiss", async (request) => {
    const me = await requireUser(auth, request);
    return presentReport(await dismissPaymentReport(db, me.id, request.params.id, request.params.reportId));
  });

  // A business's own Razorpay webhook: raw bytes for the signature, as in webhooks.ts.
  app.register(async (scope) => {
    scope.removeContentTypeParser("application/json");
    scope.addContentTypeParser(
      "application/json",
      { parseAs: "buffer", bodyLimit: 64 * 1024 },
      (_req, body, done) => done(null, body),
    );
    contractRoutes(scope)(
      "POST /api/webhooks/razorpay/business/:webhookToken",
      async (request) => {
        const raw: unknown = request.body;
        return handleBusinessWebhook(
          gateways,
          request.params.webhookToken,
          Buffer.isBuffer(raw) ? raw : Buffer.alloc(0),
          request.headers["x-razorpay-signature"],
          recordOnlinePayment,
        );
      },
      { ownBody: true },
    );
  });
}
