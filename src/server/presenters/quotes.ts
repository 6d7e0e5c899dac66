import { type QuoteStoredStatus, quoteStatus } from "#domain/quotes";
import type { QuoteSummaryRow } from "../db/queries/quotes";
import type { QuoteClock, SavedDocument, SavedQuote } from "../services/quotes";

// Quotes as the API shows them (src/contract/quotes.ts): every field listed, nothing else leaves
// (not the public token: the owner reads the link through its own route).

export function presentQuoteSummary(row: QuoteSummaryRow, clock: QuoteClock) {
  const status = row.status as QuoteStoredStatus;
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    status,
    displayStatus: quoteStatus(status, row.validUntil, clock.now, clock.timeZone),
    clientId: row.clientId,
    clientName: row.clientName,
    currency: row.currency,
    totalMinor: Number(row.totalMinor),
    quoteDate: row.quoteDate,
    validUntil: row.validUntil,
    convertedInvoiceId: row.convertedInvoiceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentQuote(row: SavedQuote, convertedInvoiceNumber: string | null = null) {
  return {
    ...presentQuoteSummary(row, row.clock),
    sentAt: row.sentAt?.toISOString() ?? null,
    answer: row.answeredAt
      ? {
          at: row.answeredAt.toISOString(),
          name: row.answerName ?? "",
          comment: row.answerComment ?? "",
          ip: row.answerIp,
        }
      : null,
    convertedInvoiceNumber: row.convertedInvoiceNumber ?? convertedInvoiceNumber,
    document: row.quoteData,
  };
}

/** A proforma's or challan's list row (src/contract/quotes.ts kindSummarySchema). */
export function presentKindSummary(row: QuoteSummaryRow) {
  return {
    id: row.id,
    kind: row.kind as "proforma" | "challan",
    number: row.quoteNumber,
    status: row.status,
    clientId: row.clientId,
    clientName: row.clientName,
    currency: row.currency,
    totalMinor: Number(row.totalMinor),
    date: row.quoteDate,
    validUntil: row.validUntil,
    reason: row.challanReason,
    convertedInvoiceId: row.convertedInvoiceId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentKindDocument(row: SavedDocument) {
  return {
    ...presentKindSummary(row),
    consignee: row.consignee,
    sentAt: row.sentAt?.toISOString() ?? null,
    returnedAt: row.returnedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    convertedInvoiceNumber: row.convertedInvoiceNumber ?? null,
    document: row.quoteData,
  };
}
