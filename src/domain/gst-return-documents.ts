import { parseScaled } from "./decimal";
import type { Gstr1Document, Gstr1Line } from "./gst-gstr1-types";
import { isServiceCode, uqcOfLine } from "./gst-hsn-summary";
import type { InvoiceDocument } from "./invoice";
import type { StoredStatus } from "./status";
import { type GstLineTotals, isGstTotals } from "./totals";

// From a stored invoice to what the GST returns read (decision 0035): the database hands over
// rows, this turns each into a Gstr1Document or says why it stays out. Credit and debit notes
// get their own adapter beside this one and join the same list.

/** An invoice row as the returns read it: its status columns and its stored document. */
export interface StoredGstInvoice {
  invoiceNumber: string;
  status: StoredStatus;
  /** "YYYY-MM-DD" */
  invoiceDate: string;
  currency: string;
  document: InvoiceDocument;
}

export type Gstr1DocumentResult =
  | { included: true; document: Gstr1Document }
  | { included: false; reason: string };

export const GSTR1_SKIP_REASONS = {
  draft: "A draft is not issued, so it is not reported.",
  retail: "Saved as a retail invoice (before the GST registration), so it carries no GST details.",
  currency:
    "Not in rupees and no exchange rate: GSTR-1 amounts are in rupees, so add the rate to the invoice or enter it on the portal yourself.",
  otherGstin: "Made under another GSTIN than the one in Settings.",
} as const;

/** The whole rate as a number (18, 0.25) from the line's decimal text. */
export function gstRatePercent(taxPercent: string | number | undefined): number {
  const hundredths = parseScaled(taxPercent ?? "0", 2);
  return hundredths === null ? 0 : hundredths / 100;
}

/** The document's lines as GSTR-1 reads them, with their amounts from the GST totals. */
export function gstr1LinesOf(
  doc: InvoiceDocument,
  totals: {
    lines: Pick<GstLineTotals, "taxableMinor" | "igstMinor" | "cgstMinor" | "sgstMinor" | "cessMinor">[];
  },
): Gstr1Line[] {
  return doc.items.map((item, index) => {
    const line = totals.lines[index]!;
    return {
      hsnSac: item.hsnSac,
      description: item.name,
      uqc: uqcOfLine(item),
      quantity: String(item.quantity),
      isService: isServiceCode(item.hsnSac),
      ratePercent: gstRatePercent(item.taxPercent),
      taxableMinor: line.taxableMinor,
      igstMinor: line.igstMinor,
      cgstMinor: line.cgstMinor,
      sgstMinor: line.sgstMinor,
      cessMinor: line.cessMinor,
      ...(item.gstTreatment ? { treatment: item.gstTreatment } : {}),
    };
  });
}

/** The buyer's name as the returns print it: the company when one is given, else the person. */
export function recipientNameOf(client: { name: string; company: string }): string {
  return client.company.trim() || client.name.trim();
}

/**
 * The GSTR-1 document of a stored invoice, or why it stays out: drafts, retail documents, other
 * currencies, and documents made under another GSTIN than `gstin`. A bill of supply (every line
 * nil-rated, exempt or non-GST) is marked `billOfSupply`: Table 8 reads it (decision 0082).
 * A cancelled invoice is included with `cancelled`, so the document summary counts it.
 */
export function gstr1DocumentOfInvoice(invoice: StoredGstInvoice, gstin: string): Gstr1DocumentResult {
  const doc = invoice.document;
  const details = doc.gstDetails;
  if (invoice.status === "draft") return { included: false, reason: GSTR1_SKIP_REASONS.draft };
  if (!details || !doc.company.gst || !isGstTotals(doc.totals)) {
    return { included: false, reason: GSTR1_SKIP_REASONS.retail };
  }
  if (doc.company.gst.gstin !== gstin) return { included: false, reason: GSTR1_SKIP_REASONS.otherGstin };
  // Another currency reports its rupee values, converted once at the invoice's rate (decision 0089).
  const totals = invoice.currency === "INR" ? doc.totals : doc.inrTotals;
  if (!totals) return { included: false, reason: GSTR1_SKIP_REASONS.currency };
  const gstinOfBuyer = doc.client.gstin.trim();
  return {
    included: true,
    document: {
      kind: "invoice",
      number: invoice.invoiceNumber,
      date: invoice.invoiceDate,
      cancelled: invoice.status === "cancelled",
      recipientGstin: gstinOfBuyer === "" ? null : gstinOfBuyer,
      recipientName: recipientNameOf(doc.client),
      placeOfSupply: details.placeOfSupply,
      supplierStateCode: details.supplierStateCode,
      reverseCharge: details.reverseCharge,
      exportType: details.exportType,
      ...(details.sez ? { sez: true } : {}),
      portCode: details.portCode || null,
      shippingBillNumber: details.shippingBillNumber || null,
      shippingBillDate: details.shippingBillDate,
      valueMinor: totals.totalMinor,
      lines: gstr1LinesOf(doc, totals),
      ...(details.documentType === "bill_of_supply" ? { billOfSupply: true } : {}),
    },
  };
}
