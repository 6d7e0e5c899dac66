import { buildQuotePage } from "#domain/quote-page";
import { canAccept, QUOTE_STATUS_LABELS } from "#domain/quotes";
import { now } from "#server/clock";
import { findQuote, findQuoteByPublicToken, type QuoteRow, setQuoteToken } from "#server/db/queries/quotes";
import { cachedSettings } from "#server/db/queries/settings";
import { AppError } from "#server/errors";
import { toQuotePdfView } from "#server/pdf/quote-view";
import { PUBLIC_QUOTE_SCRIPT, renderPublicQuote } from "#server/public-page/quote-render";
import { shownQuoteStatus } from "../quote-status";
import { markQuoteSent } from "../quotes";
import type { KindConfig, LinkState } from "./kind";

// The quote as a kind of document: its PDF (no UPI code: it asks for no payment), its mail, its
// link (sharing a draft's link sends it) and its public page, where the client accepts or declines.

type QuoteLink = LinkState & { row: QuoteRow };

export const QUOTE_KIND: KindConfig = {
  title: "Quote",
  events: "quote_events",
  async printable(db, userId, id) {
    const row = await findQuote(db, userId, id);
    if (!row) return undefined;
    const status = await shownQuoteStatus(db, row);
    const doc = row.quoteData;
    return {
      document: { kind: "quote", id: row.id },
      number: row.quoteNumber,
      company: doc.company,
      shows: { signature: doc.includeSignature, upiQr: false },
      view: (images) => toQuotePdfView(doc, status, images),
    };
  },
  async sendable(db, userId, id) {
    const row = await findQuote(db, userId, id);
    if (!row) return undefined;
    const doc = row.quoteData;
    const open = row.status === "draft" || row.status === "sent";
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
      refusal: open
        ? null
        : new AppError("quote_closed", `This quote is ${row.status}, so it cannot be sent again.`),
    };
  },
  publicPath: "/q",
  sharing: {
    async read(db, userId, id, opts) {
      const row = await findQuote(db, userId, id, opts);
      return row ? ({ status: row.status, token: row.publicToken, row } satisfies QuoteLink) : undefined;
    },
    async onShare(tx, userId, current) {
      await markQuoteSent(tx, userId, (current as QuoteLink).row);
    },
    async setToken(tx, userId, id, token) {
      const row = await setQuoteToken(tx, userId, id, token, now());
      return row && { status: "sent", token: row.token };
    },
    present: (url) => ({ url }),
  },
  publicPage: {
    noun: "quote",
    script: PUBLIC_QUOTE_SCRIPT,
    find: findQuoteByPublicToken,
    imageIds(found) {
      const row = found as QuoteRow;
      const company = row.quoteData.company;
      return {
        logo: company.logoImageId,
        signature: row.quoteData.includeSignature ? company.signatureImageId : null,
      };
    },
    async render({ db }, found, token) {
      const row = found as QuoteRow;
      const status = await shownQuoteStatus(db, row);
      const settings = await cachedSettings(db, row.userId);
      const check = canAccept(row.status, row.validUntil, now(), settings.timeZone);
      const page = buildQuotePage(row.quoteData, status, { logo: true, signature: true, upiQr: false });
      const base = `/q/${token}/images`;
      return renderPublicQuote(page, {
        token,
        statusKey: status,
        statusLabel: QUOTE_STATUS_LABELS[status],
        canAnswer: check.ok,
        closedMessage: check.ok ? null : check.message,
        logoUrl: page.company.logoImageId ? `${base}/logo` : null,
        signatureUrl: page.signatory.imageId ? `${base}/signature` : null,
      });
    },
  },
};
