import {
  DOCUMENT_KINDS,
  kindTitle,
  PRE_INVOICE_STATUS_LABELS,
  type PreInvoiceKind,
  type PreInvoiceStatus,
} from "#domain/document-kinds";
import { buildPreInvoicePage } from "#domain/quote-page";
import { canAccept, type QuoteStoredStatus } from "#domain/quotes";
import { now } from "#server/clock";
import {
  findKindDocument,
  findQuoteByPublicToken,
  type PreInvoiceRow,
  setQuoteToken,
} from "#server/db/queries/quotes";
import { cachedSettings } from "#server/db/queries/settings";
import { AppError } from "#server/errors";
import { toQuotePdfView } from "#server/pdf/quote-view";
import { PUBLIC_QUOTE_SCRIPT, renderPublicQuote } from "#server/public-page/quote-render";
import { shownStatus } from "../quote-status";
import { markQuoteSent } from "../quotes";
import { type KindConfig, type LinkState, type PublicPage, pageImageIds } from "./kind";

// The quote, the proforma invoice and the delivery challan (one table, a kind per row:
// #domain/document-kinds) as kinds of document: the same PDF page (a challan's in triplicate on
// request), mail, link (sharing a draft quote's or proforma's link sends it; a challan is shared
// once issued) and public page at /q/<token>, where only a quote is answered (Accept, Decline).

type PreInvoiceLink = LinkState & { row: PreInvoiceRow };

/** Why the document may not leave Bahi now (a draft quote or proforma is sent by it); null: it may. */
function unsendable(row: PreInvoiceRow): AppError | null {
  const sendable: readonly PreInvoiceStatus[] =
    row.kind === "challan" ? ["issued", "returned", "converted"] : ["draft", "sent"];
  if (sendable.includes(row.status)) return null;
  const message =
    row.kind === "challan" && row.status === "draft"
      ? "Issue the delivery challan before sending it or sharing its link."
      : `This ${DOCUMENT_KINDS[row.kind].noun} is ${row.status}, so it cannot be sent again.`;
  return new AppError(row.kind === "quote" ? "quote_closed" : "document_closed", message);
}

/** One page at /q/<token> for every pre-invoice kind: the token finds the row, whatever its kind. */
const PRE_INVOICE_PAGE: PublicPage = {
  noun: "quote",
  script: PUBLIC_QUOTE_SCRIPT,
  find: findQuoteByPublicToken,
  imageIds: (found) => pageImageIds((found as PreInvoiceRow).quoteData, { upi: false }),
  async render({ db }, found, token) {
    const row = found as PreInvoiceRow;
    const status = await shownStatus(db, row);
    const settings = await cachedSettings(db, row.businessId);
    // Only a quote is answered on its page; a proforma or challan is shown (and printed) only.
    const check =
      row.kind === "quote"
        ? canAccept(row.status as QuoteStoredStatus, row.validUntil, now(), settings.timeZone)
        : null;
    const page = buildPreInvoicePage(
      row.kind,
      row.quoteData,
      status,
      { challanReason: row.challanReason, consignee: row.consignee },
      { logo: true, signature: true, upiQr: false },
    );
    const base = `/q/${token}/images`;
    return renderPublicQuote(page, {
      token,
      statusKey: status,
      statusLabel: PRE_INVOICE_STATUS_LABELS[status],
      canAnswer: check?.ok ?? false,
      closedMessage: check && !check.ok ? check.message : null,
      logoUrl: page.company.logoImageId ? `${base}/logo` : null,
      signatureUrl: page.signatory.imageId ? `${base}/signature` : null,
    });
  },
};

export function preInvoiceKind(kind: PreInvoiceKind): KindConfig {
  return {
    title: kindTitle(kind),
    events: "quote_events",
    async printable(db, businessId, id, opts) {
      const row = await findKindDocument(db, businessId, kind, id);
      if (!row) return undefined;
      const status = await shownStatus(db, row);
      const doc = row.quoteData;
      return {
        document: { kind, id: row.id },
        number: row.quoteNumber,
        company: doc.company,
        // No UPI code: none of them asks for payment.
        shows: { signature: doc.includeSignature, upiQr: false },
        view: (images) => toQuotePdfView(row, status, images, { triplicate: opts?.triplicate ?? false }),
      };
    },
    async sendable(db, businessId, id) {
      const row = await findKindDocument(db, businessId, kind, id);
      if (!row) return undefined;
      const doc = row.quoteData;
      return {
        company: doc.company,
        facts: {
          clientName: doc.client.name,
          number: row.quoteNumber,
          amountMinor: Number(row.totalMinor),
          currency: row.currency,
          dueDate: row.validUntil,
          businessName: doc.company.name,
        },
        refusal: unsendable(row),
      };
    },
    publicPath: DOCUMENT_KINDS[kind].publicPath,
    sharing: {
      async read(db, businessId, id, opts) {
        const row = await findKindDocument(db, businessId, kind, id, opts);
        return row
          ? ({ status: row.status, token: row.publicToken, row } satisfies PreInvoiceLink)
          : undefined;
      },
      // A challan's link waits for its issue; a quote or proforma is sent by sharing it.
      refusal: (current) =>
        kind === "challan" ? (unsendable((current as PreInvoiceLink).row) ?? undefined) : undefined,
      async onShare(tx, businessId, current) {
        await markQuoteSent(tx, businessId, (current as PreInvoiceLink).row);
      },
      async setToken(tx, businessId, id, token) {
        const row = await setQuoteToken(tx, businessId, id, token, now());
        return row;
      },
      present: (url) => ({ url }),
    },
    publicPage: PRE_INVOICE_PAGE,
  };
}
