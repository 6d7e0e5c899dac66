import { validateHsnSac } from "./gst-hsn";
import { taxInvoiceNumberKey, validateTaxInvoiceNumber } from "./gst-numbers";
import type { InvoiceDocument } from "./invoice";

// What a GST document (tax invoice or bill of supply) must satisfy beyond a retail invoice
// (decision 0033): the number's Rule 46 form and each line's HSN/SAC digits. The editor shows
// the same messages the server answers with; field paths are the API's ("items.0.hsnSac").

type CheckedDocument = Pick<InvoiceDocument, "invoiceNumber" | "client" | "items" | "company" | "gstDetails">;

/** The problems of a GST document by field, empty when it passes or is retail. */
export function gstDocumentProblems(document: CheckedDocument): Record<string, string> {
  const company = document.company.gst;
  if (!company || !document.gstDetails) return {};
  const problems: Record<string, string> = {};
  const number = validateTaxInvoiceNumber(document.invoiceNumber);
  if (number) problems.invoiceNumber = number;
  const buyerRegistered = document.client.gstin.trim() !== "";
  document.items.forEach((item, index) => {
    const problem = validateHsnSac(item.hsnSac ?? "", {
      turnoverAbove5Crore: company.turnoverAbove5Crore,
      buyerRegistered,
      line: index + 1,
    });
    if (problem) problems[`items.${index}.hsnSac`] = problem;
  });
  return problems;
}

/**
 * The key that keeps a GST document's number unique within its financial year ignoring case,
 * or null for a retail invoice (the `number_key` column; a partial unique index enforces it).
 */
export function gstNumberKeyOf(
  document: Pick<InvoiceDocument, "invoiceNumber" | "invoiceDate" | "gstDetails">,
): string | null {
  return document.gstDetails ? taxInvoiceNumberKey(document.invoiceNumber, document.invoiceDate) : null;
}
