// The invoice the domain's and the server's tests start from.
import { buildInvoiceDocument, type InvoiceCompany, invoiceInputSchema } from "../invoice";

/** What an invoice and a quote as the editor sends them have alike: rupees, the client, one line of ₹100. */
function oneLineOf(client: string, item: string) {
  return {
    currency: "INR",
    client: { name: client },
    items: [{ id: "l1", name: item, quantity: "1", rate: "100" }],
  };
}

/** An invoice as the editor sends it: one "Consulting" line of ₹100 for Asha Traders, due, May 2026. */
export function invoiceRequest(invoiceNumber: string, over: Record<string, unknown> = {}) {
  return {
    invoiceNumber,
    status: "due",
    invoiceDate: "2026-05-01",
    dueDate: "2026-05-31",
    ...oneLineOf("Asha Traders", "Consulting"),
    ...over,
  };
}

/** The document `company` issues of `invoiceRequest(invoiceNumber, over)`. */
export function invoiceDocumentOf(
  company: InvoiceCompany,
  invoiceNumber: string,
  over: Record<string, unknown> = {},
) {
  return buildInvoiceDocument(invoiceInputSchema.parse(invoiceRequest(invoiceNumber, over)), company);
}

/** A quote as the editor sends it, numbered by the server: one teak chair of ₹100 for Meera Stores, May 2026. */
export function quoteRequest(over: Record<string, unknown> = {}) {
  return {
    quoteNumber: null,
    quoteDate: "2026-05-01",
    validUntil: "2026-05-31",
    ...oneLineOf("Meera Stores", "Teak chair"),
    ...over,
  };
}
