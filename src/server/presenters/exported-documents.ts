import type { InvoiceDocument } from "#domain/invoice";
import type { QuoteRow } from "../db/queries/quotes";

// Bahi's own records of the export file (contract/data-file-documents.ts), each field listed.
// Invoices are named by number: the file's invoices carry no ids, and the import gives them new ones.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A quote with its document and its answer. Not its public link (a new one is made when it is
 * shared) nor the address the answer came from (the client's personal data; it stays in the
 * quote's activity, which is not exported).
 */
export function presentExportedQuote(quote: QuoteRow, convertedInvoiceNumber: string | null) {
  return {
    id: quote.id,
    quoteNumber: quote.quoteNumber,
    status: quote.status,
    quoteDate: quote.quoteDate,
    validUntil: quote.validUntil,
    sentAt: iso(quote.sentAt),
    answeredAt: iso(quote.answeredAt),
    answerName: quote.answerName,
    answerComment: quote.answerComment,
    convertedInvoiceNumber,
    convertedAt: iso(quote.convertedAt),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
    document: quote.quoteData as InvoiceDocument,
  };
}
