import { creditNoteToGstr1Document } from "../credit-note-gstr1";
import type { NoteDocument } from "../credit-notes";
import { parseScaled } from "../decimal";
import { isServiceCode, uqcOfLine } from "../gst-hsn-summary";
import { gstRatePercent, gstr1DocumentOfInvoice, type StoredGstInvoice } from "../gst-return-documents";
import type { ExportType } from "../gst-supply";
import type { Uqc } from "../gst-uqc";
import type { InvoiceClient, InvoiceDocument } from "../invoice";
import type { PaymentMethod } from "../payments";
import { type GstInvoiceTotals, isGstTotals } from "../totals";

// What the Tally export reads of Bahi's documents (decision 0080): the same documents GSTR-1
// reports (GST tax invoices in rupees under the current GSTIN, their credit and debit notes), with
// the amounts of their stored GST totals, so the file and the return agree to the paisa.

/** One rate's amounts on a document, paise, positive for every kind (the kind gives the side). */
export interface TallyRateAmounts {
  ratePercent: number;
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  /** Every line at this rate is a service (SAC 99...). */
  services: boolean;
}

/** One line of a document, for an item invoice's inventory entry (decision 0080 addendum). */
export interface TallyItemLine {
  name: string;
  hsnSac: string;
  uqc: Uqc;
  ratePercent: number;
  services: boolean;
  /** Decimal text as on the document: "2", "1.5". */
  quantity: string;
  /** The rate per unit, paise. */
  rateMinor: number;
  /** Decimal text, "0" for none. */
  discountPercent: string;
  /** The line's taxable value, paise (quantity x rate less discount, rounded as the document). */
  taxableMinor: number;
}

export type TallyDocumentKind = "invoice" | "credit_note" | "debit_note";

export interface TallyDocument {
  kind: TallyDocumentKind;
  /** Bahi's id: the voucher's REMOTEID and GUID are made from it, so they never change. */
  id: string;
  number: string;
  /** "YYYY-MM-DD" */
  date: string;
  cancelled: boolean;
  client: InvoiceClient;
  placeOfSupply: string;
  reverseCharge: boolean;
  exportType: ExportType;
  rates: TallyRateAmounts[];
  /** The lines, for item invoices; absent on a note made from a typed amount (it stays an accounting voucher). */
  lines?: TallyItemLine[];
  roundOffMinor: number;
  totalMinor: number;
  /** Notes: the invoice they were issued against. */
  original?: { number: string; date: string };
}

export interface TallyReceipt {
  id: string;
  invoiceNumber: string;
  /** The invoice's client snapshot: the receipt's party is the invoice's. */
  client: InvoiceClient;
  /** "YYYY-MM-DD" */
  date: string;
  amountMinor: number;
  method: PaymentMethod;
  reference: string;
  /** 1 for the invoice's first payment, by date then creation: makes the voucher number. */
  sequence: number;
}

function ratesOf(doc: InvoiceDocument, totals: GstInvoiceTotals): TallyRateAmounts[] {
  return totals.taxByRate.map((r) => ({
    ratePercent: r.ratePercent,
    taxableMinor: r.taxableMinor,
    cgstMinor: r.cgstMinor,
    sgstMinor: r.sgstMinor,
    igstMinor: r.igstMinor,
    services: doc.items
      .filter((item) => gstRatePercent(item.taxPercent) === r.ratePercent)
      .every((item) => isServiceCode(item.hsnSac)),
  }));
}

function linesOf(doc: InvoiceDocument, totals: GstInvoiceTotals): TallyItemLine[] {
  return doc.items.map((item, i) => ({
    name: item.name,
    hsnSac: item.hsnSac.trim(),
    uqc: uqcOfLine(item),
    ratePercent: gstRatePercent(item.taxPercent),
    services: isServiceCode(item.hsnSac),
    quantity: String(Number(item.quantity)),
    rateMinor: parseScaled(item.rate, 2) ?? 0,
    discountPercent: String(Number(item.discountPercent ?? "0")),
    taxableMinor: totals.lines[i]!.taxableMinor,
  }));
}

/** The invoice as the export reads it, or null when GSTR-1 leaves it out (draft, retail, other currency or GSTIN). */
export function tallyDocumentOfInvoice(
  row: StoredGstInvoice & { id: string },
  gstin: string,
): TallyDocument | null {
  const result = gstr1DocumentOfInvoice(row, gstin);
  const totals = row.document.totals;
  if (!result.included || !isGstTotals(totals)) return null;
  return {
    kind: "invoice",
    id: row.id,
    number: row.invoiceNumber,
    date: row.invoiceDate,
    cancelled: row.status === "cancelled",
    client: row.document.client,
    placeOfSupply: result.document.placeOfSupply,
    reverseCharge: result.document.reverseCharge,
    exportType: result.document.exportType,
    rates: ratesOf(row.document, totals),
    lines: linesOf(row.document, totals),
    roundOffMinor: totals.roundOffMinor,
    totalMinor: totals.totalMinor,
  };
}

/** A credit or debit note as the export reads it, or null when GSTR-1 leaves it out. */
export function tallyDocumentOfNote(
  row: { id: string; status: string; currency: string; document: NoteDocument },
  original: InvoiceDocument,
  gstin: string,
): TallyDocument | null {
  const note = row.document;
  if (row.currency !== "INR" || original.company?.gst?.gstin !== gstin) return null;
  const gstr1 = creditNoteToGstr1Document({ ...note, cancelled: row.status === "cancelled" }, original);
  if (!gstr1 || !isGstTotals(note.totals)) return null;
  return {
    kind: gstr1.kind,
    id: row.id,
    number: note.invoiceNumber,
    date: note.invoiceDate,
    cancelled: row.status === "cancelled",
    client: note.client,
    placeOfSupply: gstr1.placeOfSupply,
    reverseCharge: gstr1.reverseCharge,
    exportType: gstr1.exportType,
    rates: ratesOf(note, note.totals),
    // Lines taken from the invoice are items; a typed amount is not.
    ...(note.items.every((item) => note.note.originalLineIds[item.id])
      ? { lines: linesOf(note, note.totals) }
      : {}),
    roundOffMinor: note.totals.roundOffMinor,
    totalMinor: note.totals.totalMinor,
    original: { number: note.note.original.invoiceNumber, date: note.note.original.invoiceDate },
  };
}
