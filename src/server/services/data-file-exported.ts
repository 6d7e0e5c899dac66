import type { NoteDocument } from "#domain/credit-notes";
import { currencyOf } from "#domain/currencies";
import { formatScaled } from "#domain/decimal";
import type { InvoiceDocument } from "#domain/invoice";
import type { CreditNoteRow } from "../db/queries/credit-notes";
import type { PreInvoiceRow } from "../db/queries/quotes";
import type { RecurringProfileRow, RecurringRunRow } from "../db/queries/recurring";

// Bahi's own records of the export file (contract/data-file-documents.ts), each field listed.
// Invoices are named by number: the file's invoices carry no ids, and the import gives them new ones.

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The date of the invoice `id` names when its number is used by more than one of the business's
 * invoices (numbers restart each financial year, decision 0082), else undefined: the file names
 * invoices by number, and the date tells which year's is meant. Files of businesses whose numbers
 * never repeat stay as they were.
 */
export type RepeatedNumberDate = (invoiceId: string | null) => string | undefined;

/** The field `key` holding `date`, when there is one (a RepeatedNumberDate's answer), else no field. */
function dateField<K extends string>(key: K, date: string | undefined): Partial<Record<K, string>> {
  return date ? ({ [key]: date } as Record<K, string>) : {};
}

/**
 * A quote with its document and its answer. Its public link is added by the export with the
 * proof of the business (decision 0087); not the address the answer came from (the client's
 * personal data; it stays in the quote's activity, which is not exported).
 */
export function presentExportedQuote(
  quote: PreInvoiceRow,
  convertedInvoiceNumber: string | null,
  dateOf: RepeatedNumberDate = () => undefined,
) {
  return {
    id: quote.id,
    kind: quote.kind,
    quoteNumber: quote.quoteNumber,
    status: quote.status,
    quoteDate: quote.quoteDate,
    validUntil: quote.validUntil,
    sentAt: iso(quote.sentAt),
    answeredAt: iso(quote.answeredAt),
    answerName: quote.answerName,
    answerComment: quote.answerComment,
    convertedInvoiceNumber,
    ...dateField("convertedInvoiceDate", dateOf(quote.convertedInvoiceId)),
    convertedAt: iso(quote.convertedAt),
    challanReason: quote.challanReason,
    consignee: quote.consignee,
    returnedAt: iso(quote.returnedAt),
    cancelledAt: iso(quote.cancelledAt),
    createdAt: quote.createdAt.toISOString(),
    updatedAt: quote.updatedAt.toISOString(),
    document: quote.quoteData as InvoiceDocument,
  };
}

/**
 * A credit or debit note with its document, its original invoice by number, and a credit note's
 * applied share as decimal text in the currency's exponent (the share itself travels as the
 * original's payment of source "credit_note" naming the note).
 */
export function presentExportedCreditNote(
  note: CreditNoteRow,
  invoiceNumber: string,
  dateOf: RepeatedNumberDate = () => undefined,
) {
  const document = note.noteData as NoteDocument;
  // The original's id is this server's (the import gives invoices new ones): the number names it.
  const { invoiceId: _, ...original } = document.note.original;
  return {
    id: note.id,
    kind: note.kind,
    noteNumber: note.noteNumber,
    noteDate: note.noteDate,
    reason: note.reason,
    status: note.status,
    invoiceNumber,
    ...dateField("invoiceDate", dateOf(note.invoiceId)),
    appliedAmount: formatScaled(Number(note.appliedMinor), currencyOf(note.currency).exponent),
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
    document: { ...document, note: { ...document.note, original } },
  };
}

/**
 * A recurring profile: what it repeats, its schedule and state (pauses included), and the periods
 * it handled, each with the invoice it made by number; invoices by number as everywhere in the file.
 */
export function presentExportedRecurringProfile(
  profile: RecurringProfileRow,
  runs: RecurringRunRow[],
  invoiceNumber: (id: string | null) => string | null,
  dateOf: RepeatedNumberDate = () => undefined,
) {
  return {
    id: profile.id,
    sourceInvoiceNumber: invoiceNumber(profile.sourceInvoiceId),
    ...dateField("sourceInvoiceDate", dateOf(profile.sourceInvoiceId)),
    schedule: profile.schedule,
    state: profile.state,
    action: profile.action,
    attachPdf: profile.attachPdf,
    dueDays: profile.dueDays,
    status: profile.status,
    nextDate: profile.nextDate,
    stoppedAt: iso(profile.stoppedAt),
    lastInvoiceNumber: invoiceNumber(profile.lastInvoiceId),
    ...dateField("lastInvoiceDate", dateOf(profile.lastInvoiceId)),
    runs: runs.map((run) => ({
      periodIndex: run.periodIndex,
      periodDate: run.periodDate,
      outcome: run.outcome,
      invoiceNumber: run.invoiceNumber,
      ...dateField("invoiceDate", dateOf(run.invoiceId)),
    })),
    createdAt: profile.createdAt.toISOString(),
    updatedAt: profile.updatedAt.toISOString(),
    document: profile.document as InvoiceDocument,
  };
}
