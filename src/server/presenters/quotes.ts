import { quoteStatus } from "#domain/quotes";
import type { QuoteSummaryRow } from "../db/queries/quotes";
import type { QuoteClock, SavedQuote } from "../services/quotes";

// Quotes as the API shows them (src/contract/quotes.ts): every field listed, nothing else leaves
// (not the public token: the owner reads the link through its own route).

export function presentQuoteSummary(row: QuoteSummaryRow, clock: QuoteClock) {
  return {
    id: row.id,
    quoteNumber: row.quoteNumber,
    status: row.status,
    displayStatus: quoteStatus(row.status, row.validUntil, clock.now, clock.timeZone),
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
