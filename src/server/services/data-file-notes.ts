import { z } from "zod";
import type { InvoiceCompanyRecord, InvoicePaymentRecord } from "#contract/data-file";
import { creditNoteRecordSchema, type ImportedCreditNote } from "#contract/data-file-documents";
import { NOTE_MESSAGES, NOTE_SERIES, takesNotes } from "#domain/credit-notes";
import { currencyOf } from "#domain/currencies";
import { parseScaled } from "#domain/decimal";
import { financialYearOfIsoDate, parseDocumentNumber } from "#domain/document-number";
import { formatMoney } from "#domain/format";
import { buildInvoiceDocument, type InvoiceCompany } from "#domain/invoice";
import {
  describeIssues,
  type FailRecord,
  type FileInvoices,
  notInFile,
  parsedRecords,
  readDocument,
} from "./data-file-documents";

// The file's `creditNotes` (docs/decisions/0037-credit-notes.md, addendum "In the export file"),
// checked whole before anything is written: the number of its kind's series and year, its
// original invoice in the file and issued, its document, and a credit note's applied share as
// the original's payments carry it (a payment of source "credit_note" naming the note).

const originalLineIdsSchema = z.record(z.string().max(64), z.string().max(64).nullable());

export const NOTE_IMPORT_MESSAGES = {
  number: (prefix: string) =>
    `Must be a number of the note's series for its date, like ${prefix}/2026-27/0001.`,
  applied: "Must be an amount of 0 or more in the invoice's currency.",
  debitApplied: "A debit note takes nothing off the invoice's balance.",
  noShare: (number: string) =>
    `The original invoice's payments have no credit note share naming ${number} for this amount.`,
  unexpectedShare: (number: string) =>
    `The original invoice's payments have a credit note share naming ${number}, which this note does not apply.`,
  unknownNote: (number: string) => `${number} is not a credit note of this file.`,
  currency: "Must be the original invoice's currency.",
  notPositive: "The note's total must be more than 0.",
  appliedOverTotal: "appliedAmount: Cannot be more than the note's total.",
} as const;

export function readCreditNoteRecords(
  raw: unknown[],
  invoices: FileInvoices,
  fail: FailRecord,
  failInvoice: FailRecord,
): ImportedCreditNote[] {
  const notes: ImportedCreditNote[] = [];
  const numbers = new Map<string, number>();
  const claimed = new Set<InvoicePaymentRecord>();
  for (const { index, record, problems } of parsedRecords(raw, creditNoteRecordSchema, fail)) {
    const key = record.noteNumber.toLowerCase();
    const earlier = numbers.get(key);
    if (earlier !== undefined)
      problems.push(`noteNumber: ${record.noteNumber} is also used by the note at index ${earlier}.`);
    else numbers.set(key, index);
    const prefix = NOTE_SERIES[record.kind];
    const series = parseDocumentNumber(record.noteNumber, prefix);
    if (!series || series.financialYear !== financialYearOfIsoDate(record.noteDate))
      problems.push(`noteNumber: ${NOTE_IMPORT_MESSAGES.number(prefix)}`);

    const at = invoices.find(record.invoiceNumber, record.invoiceDate);
    if (at === undefined) {
      fail(index, [
        ...problems,
        notInFile("invoiceNumber", record.invoiceNumber, invoices, record.invoiceDate),
      ]);
      continue;
    }
    const { input: original, payments } = invoices.list[at]!;
    if (record.status === "issued" && !takesNotes(original.status))
      problems.push(
        `invoiceNumber: ${original.status === "draft" ? NOTE_MESSAGES.notIssued : NOTE_MESSAGES.cancelled}`,
      );
    if (record.noteDate < original.invoiceDate) problems.push(`noteDate: ${NOTE_MESSAGES.beforeInvoice}`);

    const { document, problems: documentProblems } = readDocument(record.document, {
      invoiceNumber: record.noteNumber,
      invoiceDate: record.noteDate,
      dueDate: null,
      status: "due",
      paymentDate: null,
    });
    problems.push(...documentProblems);
    if (document && document.input.currency !== original.currency)
      problems.push(`document.currency: ${NOTE_IMPORT_MESSAGES.currency}`);
    const lineIds = originalLineIdsSchema.safeParse(
      (record.document.note as { originalLineIds?: unknown } | undefined)?.originalLineIds ?? {},
    );
    if (!lineIds.success)
      problems.push(...describeIssues(lineIds.error.issues, "document.note.originalLineIds."));
    const originalLines = new Set(original.items.map((item) => item.id));
    for (const lineId of Object.values(lineIds.data ?? {}))
      if (lineId !== null && !originalLines.has(lineId))
        problems.push(`document.note.originalLineIds: ${lineId}: ${NOTE_MESSAGES.unknownLine}`);

    const appliedMinor = parseScaled(String(record.appliedAmount), currencyOf(original.currency).exponent);
    if (appliedMinor === null || appliedMinor < 0)
      problems.push(`appliedAmount: ${NOTE_IMPORT_MESSAGES.applied}`);
    else if (record.kind === "debit" && appliedMinor > 0)
      problems.push(`appliedAmount: ${NOTE_IMPORT_MESSAGES.debitApplied}`);

    // The note's share among the original's payments: exactly one when it applies something.
    const shares = payments.filter(
      (p) => p.source === "credit_note" && p.creditNoteNumber === record.noteNumber,
    );
    for (const share of shares) claimed.add(share);
    const applies = record.kind === "credit" && record.status === "issued" && (appliedMinor ?? 0) > 0;
    if (applies && (shares.length !== 1 || shares[0]!.amountMinor !== appliedMinor))
      problems.push(`appliedAmount: ${NOTE_IMPORT_MESSAGES.noShare(record.noteNumber)}`);
    if (!applies && shares.length > 0)
      problems.push(`appliedAmount: ${NOTE_IMPORT_MESSAGES.unexpectedShare(record.noteNumber)}`);

    if (problems.length > 0 || !document || !lineIds.success || appliedMinor === null) {
      fail(index, problems);
      continue;
    }
    notes.push({ ...document, record, invoice: at, appliedMinor, originalLineIds: lineIds.data });
  }
  // A share naming a note that is not in the file would leave a payment no note explains.
  for (const [at, { payments }] of invoices.list.entries()) {
    const problems = payments.flatMap((p, n) =>
      p.source === "credit_note" && !claimed.has(p)
        ? [`payments.${n}.creditNoteNumber: ${NOTE_IMPORT_MESSAGES.unknownNote(p.creditNoteNumber ?? "")}`]
        : [],
    );
    if (problems.length > 0) failInvoice(at, problems);
  }
  return notes;
}

/** A file without `creditNotes` (an earlier release): its notes' shares are payments like any other. */
export function sharesAsManualPayments(payments: InvoicePaymentRecord[]): InvoicePaymentRecord[] {
  return payments.map((p) => {
    if (p.source !== "credit_note") return p;
    const { creditNoteNumber: _, ...rest } = p;
    return { ...rest, source: "manual" };
  });
}

/**
 * The second half of the notes' check, once the settings give the company of a document without
 * its own: each note's total (more than 0, at least its applied share) and, for the issued credit
 * notes of one invoice together, no more than the invoice's total.
 */
export function noteTotalsProblems(
  notes: ImportedCreditNote[],
  invoices: FileInvoices,
  companyOf: (snapshot: InvoiceCompanyRecord | null) => InvoiceCompany,
  fail: FailRecord,
): void {
  const credited = new Map<number, number>();
  // The notes are the file's, in its order (the first half refuses a file with any bad record).
  for (const [index, note] of notes.entries()) {
    const total = buildInvoiceDocument(note.input, companyOf(note.company)).totals.totalMinor;
    const problems: string[] = [];
    if (total <= 0) problems.push(`document.items: ${NOTE_IMPORT_MESSAGES.notPositive}`);
    if (note.appliedMinor > total) problems.push(NOTE_IMPORT_MESSAGES.appliedOverTotal);
    if (note.record.kind === "credit" && note.record.status === "issued") {
      const original = invoices.list[note.invoice]!;
      const originalTotal = buildInvoiceDocument(original.input, companyOf(original.company)).totals
        .totalMinor;
      const before = credited.get(note.invoice) ?? 0;
      if (before + total > originalTotal) {
        const left = formatMoney(Math.max(0, originalTotal - before), original.input.currency);
        problems.push(`document.items: ${NOTE_MESSAGES.overCredit(left)}`);
      }
      credited.set(note.invoice, before + total);
    }
    if (problems.length > 0) fail(index, problems);
  }
}
