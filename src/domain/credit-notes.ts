import { z } from "zod";
import type { DocumentSeries } from "./document-number";
import { DomainError } from "./errors";
import type { Transport } from "./eway-bill";
import { uqcOfLine } from "./gst-hsn-summary";
import { GST_DOCUMENT_TITLES } from "./gst-registration";
import type { Uqc } from "./gst-uqc";
import {
  buildInvoiceDocument,
  decimalText,
  type InvoiceDocument,
  type InvoiceInput,
  type InvoiceItem,
  uqcText,
} from "./invoice";
import { valuesOf } from "./labelled-values";
import { balanceDueMinor } from "./payments";
import type { StoredStatus } from "./status";
import { fromQuantityUnits, toQuantityUnits } from "./stock";

// Credit and debit notes (GST issue part 5; docs/decisions/0037-credit-notes.md). A note is issued
// against one issued invoice: its document is an invoice document built from the original's
// snapshots (client, company, GST choices), so its tax split is the original's by construction.
// Notes may be issued on any issued invoice, retail too (as Zoho allows); GSTR-1 counts only the
// notes of a GST-registered account (the original carries gstDetails).

export const NOTE_KINDS = ["credit", "debit"] as const;
export type NoteKind = (typeof NOTE_KINDS)[number];

export const NOTE_STATUSES = ["issued", "cancelled"] as const;
export type NoteStatus = (typeof NOTE_STATUSES)[number];

/** The reasons of the GST note (Rule 53 and the return's former reason list). */
export const NOTE_REASON_LABELS = Object.freeze({
  sales_return: "Sales return",
  post_sale_discount: "Post-sale discount",
  deficiency_in_service: "Deficiency in service",
  correction_in_invoice: "Correction in invoice",
  change_in_pos: "Change in POS",
  provisional_assessment: "Finalisation of provisional assessment",
  others: "Others",
});
export type NoteReason = keyof typeof NOTE_REASON_LABELS;
export const NOTE_REASONS = valuesOf(NOTE_REASON_LABELS);

export const NOTE_TITLES: Readonly<Record<NoteKind, string>> = Object.freeze({
  credit: GST_DOCUMENT_TITLES.credit_note,
  debit: GST_DOCUMENT_TITLES.debit_note,
});

/** Each kind's number series: CN/2026-27/0001, DN/2026-27/0001. */
export const NOTE_SERIES: Readonly<Record<NoteKind, DocumentSeries>> = Object.freeze({
  credit: "CN",
  debit: "DN",
});

export const NOTE_HSN_MESSAGE = "An HSN or SAC code has 4, 6 or 8 digits.";

export const NOTE_MESSAGES = {
  notIssued: "Issue the invoice before making a credit or debit note against it.",
  cancelled: "A cancelled invoice takes no credit or debit notes.",
  noLines: "Choose at least one line, with a quantity or an amount.",
  beforeInvoice: "The note cannot be dated before the invoice.",
  unknownLine: "This line is not on the original invoice.",
  tooMuchQuantity: (left: string) => `At most ${left} can still be credited on this line.`,
  notPositive: "Enter a quantity or amount above zero.",
  overCredit: (left: string) =>
    `This credit note is more than what is left to credit on the invoice (${left}).`,
  alreadyCancelled: "This note is already cancelled.",
  invoiceHasNotes:
    "This invoice has credit or debit notes. Cancel them first to delete it, or to make it a draft or cancelled.",
  creditPayment: "This is a credit note's share of the balance. Cancel the credit note instead.",
  debitTransport: "A debit note moves no goods: it has no Transport section.",
  cancelledTransport: "A cancelled note moves no goods: its Transport section cannot change.",
} as const;

/**
 * One line of a note: a line of the original (by its id) with the quantity returned or corrected,
 * at the original's rate, discount and tax; or a typed amount (a discount, a correction) with a
 * tax rate, taxed like the original's lines.
 */
export const noteLineSchema = z.union([
  z.object({ originalLineId: z.string().min(1).max(64), quantity: decimalText }),
  z.object({
    originalLineId: z.null(),
    name: z.string().trim().min(1, "Describe the amount.").max(200, "Must be at most 200 characters."),
    amount: decimalText,
    taxPercent: decimalText.default("0"),
    /**
     * The amount's HSN or SAC and its unit quantity code, for the e-invoice and GSTR-1's HSN
     * summary (decision 0082). Absent: the invoice's, as typedAmountDefaults gives them.
     */
    hsnSac: z
      .string()
      .trim()
      .refine((v) => v === "" || /^\d{4}(\d{2}){0,2}$/.test(v), NOTE_HSN_MESSAGE)
      .optional(),
    uqc: uqcText.optional(),
  }),
]);

/**
 * The HSN/SAC and UQC a typed amount takes when the user gives none: those of the invoice's
 * first line with an HSN/SAC (a discount on goods is reported under the goods' code), else blank.
 */
export function typedAmountDefaults(original: Pick<InvoiceDocument, "items">): {
  hsnSac: string;
  uqc: Uqc | "";
} {
  const source = original.items.find((item) => (item.hsnSac ?? "").trim() !== "");
  if (!source) return { hsnSac: "", uqc: "" };
  return { hsnSac: source.hsnSac.trim(), uqc: uqcOfLine(source) };
}

export type NoteLineInput = z.output<typeof noteLineSchema>;

/** What the user chooses for a note (the number is allocated by the server). */
export interface NoteChoices {
  kind: NoteKind;
  noteDate: string;
  reason: NoteReason;
  lines: NoteLineInput[];
  notes?: string;
  /** A credit note's own Transport section (decision 0090); the original's is never carried over. */
  transport?: Transport;
}

/** A note stored earlier against the same invoice: what it took from each line and its total. */
export interface EarlierNote {
  kind: NoteKind;
  status: NoteStatus;
  totalMinor: number;
  document: Pick<NoteDocument, "items">;
}

/** The original invoice facts a note prints and reports. */
export interface NoteOriginal {
  invoiceId: string;
  invoiceNumber: string;
  invoiceDate: string;
}

/** A note's stored document: an invoice document plus what makes it a note. */
export interface NoteDocument extends InvoiceDocument {
  note: {
    kind: NoteKind;
    reason: NoteReason;
    original: NoteOriginal;
    /** The original line each item came from (null for a typed amount), by item id. */
    originalLineIds: Record<string, string | null>;
  };
}

/** Whether an invoice in this status takes notes: issued (due or paid). */
export function takesNotes(status: StoredStatus): boolean {
  return status === "due" || status === "paid";
}

/** Quantity units each original line has already had credited by issued credit notes. */
export function creditedQuantities(earlier: readonly EarlierNote[]): Map<string, number> {
  const used = new Map<string, number>();
  for (const n of earlier) {
    if (n.kind !== "credit" || n.status !== "issued") continue;
    const ids = (n.document as Partial<NoteDocument>).note?.originalLineIds ?? {};
    for (const item of n.document.items) {
      const lineId = ids[item.id];
      if (!lineId) continue;
      used.set(lineId, (used.get(lineId) ?? 0) + toQuantityUnits(item.quantity));
    }
  }
  return used;
}

/** What is left to credit on the invoice: its total less the issued credit notes. */
export function creditableMinor(originalTotalMinor: number, earlier: readonly EarlierNote[]): number {
  const credited = earlier
    .filter((n) => n.kind === "credit" && n.status === "issued")
    .reduce((sum, n) => sum + n.totalMinor, 0);
  return Math.max(0, originalTotalMinor - credited);
}

const quantityText = (units: number) => String(fromQuantityUnits(units));

/**
 * The note's document built from the original: same client, company, currency and GST choices
 * (so the same split), its own number and date, the chosen lines. Throws a DomainError
 * (validation_failed, with the field at fault) for lines that are not the original's, quantities
 * above what is left, or a credit above what is left to credit.
 */
export function buildNoteDocument(
  original: InvoiceDocument & { status: StoredStatus },
  originalRef: NoteOriginal,
  choices: NoteChoices,
  number: string,
  earlier: readonly EarlierNote[],
  formatAmount: (minor: number) => string,
): NoteDocument {
  if (original.status === "draft") throw new DomainError("credit_note_not_allowed", NOTE_MESSAGES.notIssued);
  if (original.status === "cancelled")
    throw new DomainError("credit_note_not_allowed", NOTE_MESSAGES.cancelled);
  const fail = (field: string, message: string): never => {
    throw new DomainError("validation_failed", message, field, { [field]: message });
  };
  if (choices.noteDate < original.invoiceDate) fail("noteDate", NOTE_MESSAGES.beforeInvoice);
  if (choices.lines.length === 0) fail("lines", NOTE_MESSAGES.noLines);

  const used = choices.kind === "credit" ? creditedQuantities(earlier) : new Map<string, number>();
  const originalLineIds: Record<string, string | null> = {};
  const items: InvoiceItem[] = choices.lines.map((line, i) => {
    const id = `n${i + 1}`;
    if (line.originalLineId === null) {
      originalLineIds[id] = null;
      if (!(Number(line.amount) > 0)) fail(`lines.${i}.amount`, NOTE_MESSAGES.notPositive);
      const defaults = typedAmountDefaults(original);
      const hsnSac = line.hsnSac === undefined ? defaults.hsnSac : line.hsnSac;
      const uqc = line.uqc === undefined || line.uqc === "" ? (hsnSac === "" ? "" : defaults.uqc) : line.uqc;
      return {
        id,
        productId: null,
        name: line.name,
        hsnSac,
        unit: "",
        ...(uqc !== "" ? { uqc: uqc as Uqc } : {}),
        quantity: "1",
        rate: line.amount,
        discountPercent: "0",
        taxPercent: line.taxPercent,
      };
    }
    const source = original.items.find((item) => item.id === line.originalLineId);
    if (!source) return fail(`lines.${i}.originalLineId`, NOTE_MESSAGES.unknownLine);
    const units = safeUnits(line.quantity, `lines.${i}.quantity`);
    if (units <= 0) fail(`lines.${i}.quantity`, NOTE_MESSAGES.notPositive);
    if (choices.kind === "credit") {
      const left = toQuantityUnits(source.quantity) - (used.get(source.id) ?? 0);
      if (units > left) fail(`lines.${i}.quantity`, NOTE_MESSAGES.tooMuchQuantity(quantityText(left)));
      used.set(source.id, (used.get(source.id) ?? 0) + units);
    }
    originalLineIds[id] = source.id;
    return { ...source, id, quantity: quantityText(units) };
  });

  const input: InvoiceInput = {
    ...original,
    invoiceNumber: number,
    status: "due",
    invoiceDate: choices.noteDate,
    dueDate: null,
    paymentDate: null,
    items,
    notes: choices.notes ?? "",
    includeUpiQrCode: false,
  };
  // The invoice's goods went out; a credit note's come back on their own journey (or none).
  delete input.transport;
  if (choices.kind === "credit" && choices.transport) input.transport = choices.transport;
  let built: InvoiceDocument;
  try {
    built = buildInvoiceDocument(stripComputed(input), original.company);
  } catch (error) {
    if (error instanceof DomainError) fail("lines", error.message);
    throw error;
  }
  if (choices.kind === "credit") {
    const left = creditableMinor(original.totals.totalMinor, earlier);
    if (built.totals.totalMinor > left) fail("lines", NOTE_MESSAGES.overCredit(formatAmount(left)));
  }
  return {
    ...built,
    note: { kind: choices.kind, reason: choices.reason, original: originalRef, originalLineIds },
  };
}

function safeUnits(quantity: string, field: string): number {
  try {
    return toQuantityUnits(quantity);
  } catch {
    throw new DomainError("validation_failed", "Enter a quantity with at most 3 decimals.", field, {
      [field]: "Enter a quantity with at most 3 decimals.",
    });
  }
}

/** The input fields of a stored document (what buildInvoiceDocument takes), without the computed parts. */
function stripComputed(doc: InvoiceInput & Partial<InvoiceDocument>): InvoiceInput {
  const {
    clientName: _c,
    company: _co,
    totals: _t,
    totalAmount: _ta,
    amountInWords: _w,
    gstDetails: _g,
    ...input
  } = doc as InvoiceInput & Partial<InvoiceDocument> & { note?: unknown };
  delete (input as { note?: unknown }).note;
  return input as InvoiceInput;
}

/**
 * How much of a credit note reduces the invoice's balance due: all of it up to the balance; the
 * rest (on an invoice already paid) is owed back to the client (a refund or a credit to them).
 */
export function creditApplication(
  noteTotalMinor: number,
  invoiceTotalMinor: number,
  invoicePaidMinor: number,
): { appliedMinor: number; excessMinor: number } {
  const balance = balanceDueMinor(invoiceTotalMinor, invoicePaidMinor);
  const appliedMinor = Math.min(noteTotalMinor, balance);
  return { appliedMinor, excessMinor: noteTotalMinor - appliedMinor };
}

/**
 * What a note puts back into stock, per product, in quantity units: only an issued credit note
 * for a sales return, and only its lines from a product (the database leaves alone a product
 * that does not track stock).
 */
export function noteStockReturns(doc: Pick<NoteDocument, "items" | "note">): Map<string, number> {
  const back = new Map<string, number>();
  if (doc.note.kind !== "credit" || doc.note.reason !== "sales_return") return back;
  for (const item of doc.items) {
    if (!item.productId || !doc.note.originalLineIds[item.id]) continue;
    back.set(item.productId, (back.get(item.productId) ?? 0) + toQuantityUnits(item.quantity));
  }
  return back;
}
