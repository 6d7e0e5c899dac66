import QRCode from "qrcode";
import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { buildInvoicePage } from "#domain/invoice-page";
import { displayStatus, invoiceBalanceDueMinor, STATUS_LABELS } from "#domain/status";
import { upiPayFor } from "#domain/upi";
import { now } from "#server/clock";
import { findPaidInvoiceOrder } from "#server/db/queries/gateway-orders";
import { findInvoice } from "#server/db/queries/invoices";
import {
  countPublicView,
  findInvoiceByPublicToken,
  type PublicInvoiceRow,
  readPublicLink,
  setPublicToken,
} from "#server/db/queries/public-invoices";
import { readSettings } from "#server/db/queries/settings";
import { AppError } from "#server/errors";
import { toPdfView } from "#server/pdf/view";
import { PUBLIC_PAGE_SCRIPT, renderPublicInvoice } from "#server/public-page/render";
import { paysOnline } from "../invoice-online-payments";
import { balanceOf } from "../public-invoices";
import { type KindConfig, type LinkState, pageImageIds } from "./kind";

// The invoice as a kind of document: its PDF, its mail, its link (with views and reminders) and
// its public page with the balance, UPI and online payment (docs/decisions/0027).

type InvoiceLink = LinkState & { views: number; firstViewedAt: Date | null; remindersOff: boolean };

export const INVOICE_KIND: KindConfig = {
  title: "Invoice",
  events: "invoice_events",
  async printable(db, businessId, id) {
    const row = await findInvoice(db, businessId, id);
    if (!row) return undefined;
    const doc = row.invoiceData;
    return {
      document: { kind: "invoice", id: row.id },
      number: row.invoiceNumber,
      company: doc.company,
      shows: { signature: doc.includeSignature, upiQr: doc.includeUpiQrCode },
      view: (images) => toPdfView(doc, images, Number(row.amountPaidMinor)),
    };
  },
  async sendable(db, businessId, id) {
    const row = await findInvoice(db, businessId, id);
    if (!row) return undefined;
    const doc = row.invoiceData;
    const balance = invoiceBalanceDueMinor(row.status, Number(row.totalMinor), Number(row.amountPaidMinor));
    return {
      company: doc.company,
      facts: {
        clientName: doc.client.name,
        number: row.invoiceNumber,
        amountMinor: balance || Number(row.totalMinor),
        currency: row.currency,
        dueDate: row.dueDate,
        businessName: doc.company.name,
      },
      refusal:
        row.status === "draft"
          ? new AppError("invoice_not_payable", "Issue the invoice before sending it.")
          : null,
    };
  },
  publicPath: "/i",
  sharing: {
    read: readPublicLink,
    refusal: (current) =>
      current.status === "draft"
        ? new AppError("invoice_not_payable", "Issue the invoice before sharing its link.")
        : undefined,
    setToken: setPublicToken,
    present: (url, state) => {
      const link = state as InvoiceLink;
      return {
        url,
        views: link.views,
        firstViewedAt: link.firstViewedAt?.toISOString() ?? null,
        remindersOff: link.remindersOff,
      };
    },
  },
  publicPage: {
    noun: "invoice",
    script: PUBLIC_PAGE_SCRIPT,
    find: findInvoiceByPublicToken,
    countView: (db, row) => countPublicView(db, row.id, now()),
    imageIds: (found) => {
      const doc = (found as PublicInvoiceRow).invoiceData;
      // The page offers the uploaded UPI QR whether or not the invoice prints it (upiPayFor).
      return { ...pageImageIds(doc, { upi: true }), "upi-qr": doc.company.upiQrImageId };
    },
    async render({ db, gateways }, found, token, query = {}) {
      const row = found as PublicInvoiceRow;
      const settings = await readSettings(db, row.businessId);
      const today = todayInTimeZone(now(), settings.timeZone);
      const doc = row.invoiceData;
      const paid = Number(row.amountPaidMinor);
      const balance = balanceOf(row);
      const base = `/i/${token}/images`;
      const page = buildInvoicePage(doc, { logo: true, signature: true, upiQr: true }, paid);
      // The page asks to be paid by UPI whenever the business has a UPI ID, printed QR or not: the
      // invoice's own, else the one in its settings today.
      const upiId = doc.bankDetails.upiId || settings.bankDetails.upiId;
      const qr =
        balance > 0 ? upiPayFor({ ...doc, bankDetails: { ...doc.bankDetails, upiId } }, balance) : null;
      const paidNow = query.paid
        ? await findPaidInvoiceOrder(db, {
            businessId: row.businessId,
            invoiceId: row.id,
            paymentId: query.paid,
          })
        : undefined;
      const status = displayStatus(row.status, row.dueDate, today, paid);
      const money = (minor: number) => formatMoney(minor, row.currency);
      return renderPublicInvoice(page, {
        token,
        statusKey: status,
        statusLabel: STATUS_LABELS[status],
        balance: balance > 0 ? money(balance) : null,
        upi:
          qr && "uri" in qr
            ? {
                uri: qr.uri,
                upiId,
                amount: money(balance),
                qrSvg: await QRCode.toString(qr.uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" }),
              }
            : null,
        upiImageUrl: qr && "imageId" in qr ? `${base}/upi-qr` : null,
        upiSplitNote: qr?.splitNote ?? null,
        ask: {
          from: doc.company.name || settings.companyName || "The business",
          what: `Invoice ${row.invoiceNumber}`,
          total: money(Number(row.totalMinor)),
          dueLine: row.dueDate
            ? `${status === "overdue" ? "Was due" : "Due by"} ${formatPageDate(row.dueDate)}`
            : null,
          pdfUrl: `/i/${token}/pdf`,
        },
        thanks: paidNow
          ? { amount: money(Number(paidNow.amountMinor)), reference: paidNow.providerPaymentId ?? "" }
          : null,
        logoUrl: page.company.logoImageId ? `${base}/logo` : null,
        signatureUrl: page.signatory.imageId ? `${base}/signature` : null,
        paysOnline: balance > 0 && row.currency === "INR" && (await paysOnline(gateways, row.businessId)),
        canReport: balance > 0 && Boolean(qr),
      });
    },
  },
};
