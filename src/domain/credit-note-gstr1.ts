import type { NoteDocument } from "./credit-notes";
import type { Gstr1Document } from "./gst-gstr1-types";
import { gstr1LinesOf } from "./gst-return-documents";
import type { InvoiceDocument } from "./invoice";
import { isGstTotals } from "./totals";

// The GSTR-1 builder's input for a credit or debit note (decision 0035): the GSTR-1 route hands
// these to buildGstr1 beside the invoices. Only notes of a GST-registered account make one (their
// document carries gstDetails and the GST totals); a retail note answers null.

/** The note as a GSTR-1 document, with the facts of the invoice it was issued against. */
export function creditNoteToGstr1Document(
  note: NoteDocument & { cancelled: boolean },
  original: InvoiceDocument,
): Gstr1Document | null {
  const gst = note.gstDetails;
  if (!gst || !isGstTotals(note.totals) || !original.gstDetails) return null;
  // Another currency: its rupee values, or nothing without a rate (decision 0089); never foreign
  // minor units reported as paise.
  const totals = note.currency === "INR" ? note.totals : note.inrTotals;
  const originalTotal = note.currency === "INR" ? original.totals.totalMinor : original.inrTotals?.totalMinor;
  if (!totals || originalTotal === undefined) return null;
  const gstin = note.client.gstin.trim() || null;
  return {
    kind: note.note.kind === "credit" ? "credit_note" : "debit_note",
    number: note.invoiceNumber,
    date: note.invoiceDate,
    cancelled: note.cancelled,
    recipientGstin: gstin,
    recipientName: note.client.name,
    placeOfSupply: gst.placeOfSupply,
    supplierStateCode: gst.supplierStateCode,
    reverseCharge: gst.reverseCharge,
    exportType: gst.exportType,
    valueMinor: totals.totalMinor,
    // A typed amount (a discount, a correction) moves no goods: no quantity in the HSN summary.
    lines: gstr1LinesOf(note, totals).map((line, index) =>
      note.note.originalLineIds?.[note.items[index]?.id ?? ""] === null ? { ...line, quantity: "0" } : line,
    ),
    original: {
      number: note.note.original.invoiceNumber,
      date: note.note.original.invoiceDate,
      valueMinor: originalTotal,
      recipientGstin: original.client.gstin.trim() || null,
      placeOfSupply: original.gstDetails.placeOfSupply,
      exportType: original.gstDetails.exportType,
    },
    reason: note.note.reason,
  };
}
