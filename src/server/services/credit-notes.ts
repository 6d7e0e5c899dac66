import { randomUUID } from "node:crypto";
import type { CreditNoteBody, CreditNoteListQuery, CreditNoteTransportBody } from "#contract/credit-notes";
import { creditNoteToGstr1Document } from "#domain/credit-note-gstr1";
import {
  buildNoteDocument,
  creditApplication,
  type EarlierNote,
  NOTE_MESSAGES,
  NOTE_SERIES,
  NOTE_TITLES,
  type NoteDocument,
  noteStockReturns,
} from "#domain/credit-notes";
import { financialYearOfIsoDate } from "#domain/document-number";
import { formatMoney } from "#domain/format";
import type { InvoiceDocument } from "#domain/invoice";
import type { Db } from "../db/client";
import {
  type CreditNoteRow,
  findCreditNote,
  insertCreditNote,
  listCreditNotes,
  notesOfInvoice,
  notesWithOriginalsBetween,
  updateCreditNote,
} from "../db/queries/credit-notes";
import { allocateNumber } from "../db/queries/document-numbers";
import { deleteInvoicePayment } from "../db/queries/invoice-payments";
import { findInvoice, type InvoiceRow, storedInvoiceDocument } from "../db/queries/invoices";
import { applyStockChange } from "../db/queries/stock";
import { AppError, notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
import { recordEvent } from "./documents/events";
import { lockInvoice, recordPayment, settle } from "./invoice-payments";

// Credit and debit notes (GST issue part 5; docs/decisions/0037-credit-notes.md). Creating and
// cancelling run in one transaction that locks the original invoice first, so notes and payments
// of one invoice take turns: the number, the note, its share of the balance (an invoice_payments
// row of source "credit_note", through the payments' own path so status, amount paid, dashboard
// sums and due balances follow) and the returned stock are written together or not at all.

export interface NoteWithInvoice {
  note: CreditNoteRow;
  invoice: InvoiceRow;
}

const earlierOf = (rows: CreditNoteRow[]): EarlierNote[] =>
  rows.map((r) => ({
    kind: r.kind,
    status: r.status,
    totalMinor: Number(r.totalMinor),
    document: r.noteData as NoteDocument,
  }));

/** Moves the returned stock of a sales-return credit note in (sign 1) or out again (sign -1). */
async function moveStock(tx: Db, businessId: string, note: CreditNoteRow, sign: 1 | -1): Promise<void> {
  const doc = note.noteData as NoteDocument;
  const title = NOTE_TITLES[note.kind];
  for (const [productId, units] of [...noteStockReturns(doc)].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await applyStockChange(tx, {
      businessId,
      productId,
      changeUnits: sign * units,
      reason: sign === 1 ? "credit_note_issued" : "credit_note_cancelled",
      note:
        sign === 1
          ? `${title} ${note.noteNumber}: returned against ${doc.note.original.invoiceNumber}`
          : `${title} ${note.noteNumber} cancelled`,
      invoiceId: note.invoiceId,
      invoiceNumber: note.noteNumber,
      // Cancelling a return takes the goods out again even if they were sold since (as an
      // invoice going back to due would refuse, a cancelled note must not be stuck).
      allowNegative: true,
    });
  }
}

export async function createCreditNote(
  db: Db,
  businessId: string,
  input: CreditNoteBody,
): Promise<NoteWithInvoice> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, businessId, input.invoiceId);
    const earlier = earlierOf(await notesOfInvoice(tx, businessId, invoice.id));
    const original = storedInvoiceDocument(invoice);
    const financialYear = financialYearOfIsoDate(input.noteDate);
    const money = (minor: number) => formatMoney(minor, invoice.currency);
    // Checked once before a number is taken, and built again with it (a refusal keeps the series).
    buildNoteDocument(original, refOf(invoice), input, "CN/2000-01/0001", earlier, money);
    const number = await allocateNumber(tx, businessId, NOTE_SERIES[input.kind], input.noteDate);
    const document = buildNoteDocument(original, refOf(invoice), input, number, earlier, money);
    const totals = document.totals;
    const { appliedMinor } =
      input.kind === "credit"
        ? creditApplication(totals.totalMinor, invoice.totalMinor, invoice.amountPaidMinor)
        : { appliedMinor: 0 };
    let note = await insertCreditNote(tx, {
      id: randomUUID(),
      businessId,
      kind: input.kind,
      invoiceId: invoice.id,
      noteNumber: number,
      financialYear,
      noteDate: input.noteDate,
      reason: input.reason,
      status: "issued",
      currency: invoice.currency,
      clientName: document.clientName,
      taxableMinor: totals.taxableMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      appliedMinor,
      noteData: document,
    });
    let updated = invoice;
    if (appliedMinor > 0) {
      const { payment, invoice: after } = await recordPayment(
        tx,
        businessId,
        invoice.id,
        {
          amountMinor: appliedMinor,
          paidOn: input.noteDate,
          method: "other",
          reference: number,
          note: `${NOTE_TITLES.credit} ${number}`,
        },
        { source: "credit_note", inTransaction: true },
      );
      updated = after;
      note = await updateCreditNote(tx, businessId, note.id, { paymentId: payment.id });
    }
    await recordEvent(tx, {
      businessId,
      document: { kind: "invoice", id: invoice.id },
      kind: "note_issued",
      detail: { kind: input.kind, number, totalMinor: totals.totalMinor, currency: invoice.currency },
    });
    await moveStock(tx, businessId, note, 1);
    // A note is issued as it is made: two entries, as for an invoice issued at once (decision 0077).
    const record = noteRecord(note);
    await recordActivity(tx, {
      businessId,
      action: "created",
      record,
      detail: { invoice: invoice.invoiceNumber },
    });
    await recordActivity(tx, { businessId, action: "issued", record });
    return { note, invoice: updated };
  });
}

const noteRecord = (note: CreditNoteRow) => ({
  kind: note.kind === "debit" ? ("debit_note" as const) : ("credit_note" as const),
  id: note.id,
  label: note.noteNumber,
});

const refOf = (invoice: InvoiceRow) => ({
  invoiceId: invoice.id,
  invoiceNumber: invoice.invoiceNumber,
  invoiceDate: invoice.invoiceDate,
});

/** Cancels a note: its share of the balance comes off the invoice's payments, returned stock leaves. */
export async function cancelCreditNote(db: Db, businessId: string, noteId: string): Promise<NoteWithInvoice> {
  return db.transaction(async (tx) => {
    const found = orNotFound(await findCreditNote(tx, businessId, noteId), "Credit note");
    const invoice = await lockInvoice(tx, businessId, found.invoiceId);
    const note = (await findCreditNote(tx, businessId, noteId, { forUpdate: true }))!;
    if (note.status === "cancelled")
      throw new AppError("credit_note_not_allowed", NOTE_MESSAGES.alreadyCancelled);
    let updated = invoice;
    if (note.paymentId) {
      const deleted = await deleteInvoicePayment(tx, {
        businessId,
        invoiceId: invoice.id,
        id: note.paymentId,
      });
      if (deleted) {
        await recordEvent(tx, {
          businessId,
          document: { kind: "invoice", id: invoice.id },
          kind: "payment_deleted",
          detail: {
            amountMinor: Number(deleted.amountMinor),
            currency: invoice.currency,
            method: deleted.method,
            source: deleted.source,
            reference: deleted.reference,
          },
        });
        updated = await settle(tx, businessId, invoice);
      }
    }
    const cancelled = await updateCreditNote(tx, businessId, note.id, {
      status: "cancelled",
      paymentId: null,
    });
    await moveStock(tx, businessId, note, -1);
    await recordActivity(tx, { businessId, action: "cancelled", record: noteRecord(note) });
    return { note: cancelled, invoice: updated };
  });
}

/**
 * Saves an issued credit note's Transport section (decision 0090): the vehicle of goods coming
 * back is often known only after the note. Nothing else of the note changes; a debit note or a
 * cancelled note takes none.
 */
export async function saveCreditNoteTransport(
  db: Db,
  businessId: string,
  noteId: string,
  body: CreditNoteTransportBody,
): Promise<NoteWithInvoice> {
  return db.transaction(async (tx) => {
    orNotFound(await findCreditNote(tx, businessId, noteId), "Credit note");
    const note = (await findCreditNote(tx, businessId, noteId, { forUpdate: true }))!;
    if (note.kind !== "credit") throw new AppError("credit_note_not_allowed", NOTE_MESSAGES.debitTransport);
    if (note.status === "cancelled")
      throw new AppError("credit_note_not_allowed", NOTE_MESSAGES.cancelledTransport);
    const { transport: _old, ...rest } = note.noteData as NoteDocument;
    const noteData: NoteDocument = body.transport ? { ...rest, transport: body.transport } : rest;
    const saved = await updateCreditNote(tx, businessId, note.id, { noteData });
    await recordActivity(tx, {
      businessId,
      action: "edited",
      record: noteRecord(note),
      detail: { fields: ["transport"] },
    });
    const invoice = orNotFound(await findInvoice(tx, businessId, note.invoiceId), "Credit note");
    return { note: saved, invoice };
  });
}

export async function readCreditNote(db: Db, businessId: string, noteId: string): Promise<NoteWithInvoice> {
  const note = orNotFound(await findCreditNote(db, businessId, noteId), "Credit note");
  const invoice = orNotFound(await findInvoice(db, businessId, note.invoiceId), "Credit note");
  return { note, invoice };
}

export async function listUserCreditNotes(db: Db, businessId: string, query: CreditNoteListQuery) {
  if (query.invoiceId && !(await findInvoice(db, businessId, query.invoiceId))) throw notFound("Invoice");
  return listCreditNotes(db, businessId, query);
}

/**
 * The GSTR-1 builder's documents for the user's notes dated in [from, to] ("YYYY-MM-DD"): only
 * notes of a GST-registered account make one (decision 0037). For the GSTR-1 route.
 */
export async function gstr1NoteDocuments(
  db: Db,
  businessId: string,
  from: string,
  to: string,
  gstin?: string,
) {
  const rows = await notesWithOriginalsBetween(db, businessId, from, to);
  return rows
    .filter(({ originalData }) => !gstin || (originalData as InvoiceDocument).company?.gst?.gstin === gstin)
    .map(({ note, originalData }) =>
      creditNoteToGstr1Document(
        { ...(note.noteData as NoteDocument), cancelled: note.status === "cancelled" },
        originalData as InvoiceDocument,
      ),
    )
    .filter((doc) => doc !== null);
}
