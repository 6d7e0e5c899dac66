import { FX_MESSAGES } from "./export-fx";
import { eInvoiceSupplyType } from "./gst-einvoice-eligibility";
import { validateHsnSac } from "./gst-hsn";
import { taxInvoiceNumberKey, validateTaxInvoiceNumber } from "./gst-numbers";
import { ADDRESS_STATE_MESSAGES, addressStateProblem } from "./gst-supply";
import type { InvoiceDocument } from "./invoice";

// What a GST document (tax invoice or bill of supply) must satisfy beyond a retail invoice
// (decision 0033): the number's Rule 46 form and each line's HSN/SAC digits. The editor shows
// the same messages the server answers with; field paths are the API's ("items.0.hsnSac").

type CheckedDocument = Pick<
  InvoiceDocument,
  "invoiceNumber" | "client" | "items" | "company" | "gstDetails"
> &
  Partial<Pick<InvoiceDocument, "status" | "currency" | "exchangeRate">>;

/**
 * Whether the document will get an e-invoice: a tax invoice (or note) the e-invoice takes (a
 * registered buyer, an SEZ, an export) from a business above the ₹5 crore turnover that makes
 * e-invoicing compulsory (Notification 10/2023-CT; decision 0082).
 */
export function willBeEInvoiced(
  document: Pick<CheckedDocument, "client" | "company" | "gstDetails">,
): boolean {
  const company = document.company.gst;
  const details = document.gstDetails;
  if (!company?.turnoverAbove5Crore || !details) return false;
  return (
    eInvoiceSupplyType({
      documentKind: details.documentType,
      buyerGstin: document.client.gstin,
      exportType: details.exportType,
      sez: details.sez === true,
    }) !== null
  );
}

/** The problems of a GST document by field, empty when it passes or is retail. */
export function gstDocumentProblems(document: CheckedDocument): Record<string, string> {
  const company = document.company.gst;
  if (!company || !document.gstDetails) return {};
  const problems: Record<string, string> = {};
  const number = validateTaxInvoiceNumber(document.invoiceNumber, { eInvoiced: willBeEInvoiced(document) });
  if (number) problems.invoiceNumber = number;
  // A draft may wait for the state; issuing it may not (decision 0082).
  const issuing = document.status !== undefined && document.status !== "draft";
  if (
    issuing &&
    document.gstDetails.placeOfSupplyUnknown &&
    document.gstDetails.documentType === "tax_invoice"
  ) {
    const shipping = document.client.shippingAddress;
    const shippingProblem = shipping ? addressStateProblem(shipping) : null;
    if (shippingProblem) problems["client.shippingAddress.state"] = shippingProblem;
    else
      problems["client.billingAddress.state"] =
        addressStateProblem(document.client.billingAddress) ?? ADDRESS_STATE_MESSAGES.missing;
  }
  // GST is in rupees: an issued export or SEZ supply in another currency needs its rate (decision 0089).
  if (
    issuing &&
    document.currency !== undefined &&
    document.currency !== "INR" &&
    document.gstDetails.exportType !== "none" &&
    !document.exchangeRate
  )
    problems["exchangeRate.rate"] = FX_MESSAGES.required;
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
