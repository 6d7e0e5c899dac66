import { formatPageDate } from "./dates";
import type { InvoiceDocument } from "./invoice";
import { buildInvoicePage, type InvoicePageModel, type PageImages, type PageMark } from "./invoice-page";
import type { QuoteStatus } from "./quotes";
import { termsFor } from "./settings";

// A quote's page: its document IS an invoice document (number, date and due date hold the quote's
// number, date and valid-until date), drawn by the same page model with the quote's own words.
// Nothing to pay on a quote, so no payments and no UPI block.

const QUOTE_MARKS: Partial<Record<QuoteStatus, PageMark>> = {
  draft: { text: "DRAFT", colour: "#6B7280" },
  accepted: { text: "ACCEPTED", colour: "#15803D" },
  declined: { text: "DECLINED", colour: "#B91C1C" },
  expired: { text: "EXPIRED", colour: "#92400E" },
};

export function buildQuotePage(
  doc: InvoiceDocument,
  status: QuoteStatus,
  images?: PageImages,
): InvoicePageModel {
  const page = buildInvoicePage({ ...doc, status: "draft", paymentDate: null }, images, 0);
  const meta: InvoicePageModel["meta"] = [
    { key: "number", label: "Quote No.", value: doc.invoiceNumber },
    { key: "date", label: "Quote Date", value: formatPageDate(doc.invoiceDate) },
  ];
  if (doc.dueDate) meta.push({ key: "due", label: "Valid Until", value: formatPageDate(doc.dueDate) });
  return {
    ...page,
    info: {
      ...page.info,
      title: `Quote ${doc.invoiceNumber}`,
      subject: `Quote ${doc.invoiceNumber} for ${doc.clientName}`,
    },
    title: "QUOTATION",
    meta,
    // Quotes saved with the invoice's default terms ("This invoice was created…") print the quote's.
    terms: termsFor("quote", page.terms),
    mark: QUOTE_MARKS[status] ?? null,
    payments: [],
    upi: null,
  };
}
