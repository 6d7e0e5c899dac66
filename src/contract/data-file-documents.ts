import { z } from "zod";
import { NOTE_KINDS, NOTE_REASONS, NOTE_STATUSES } from "#domain/credit-notes";
import {
  ALL_PRE_INVOICE_STATUSES,
  CHALLAN_REASONS,
  KIND_STATUSES,
  PRE_INVOICE_KINDS,
} from "#domain/document-kinds";
import { INVOICE_NUMBER_MAX_LENGTH, validateInvoiceNumber } from "#domain/document-number";
import type { InvoiceInput } from "#domain/invoice";
import { isoDate } from "#domain/iso-date";
import { recurringScheduleSchema, recurringStateSchema } from "#domain/recurring";
import { type InvoiceCompanyRecord, recordId, timestamp } from "./data-file";
import { publicLinkRecordSchema } from "./data-file-links";

// Bahi's own records of the export file, beside the spec's four: `quotes`, `recurringProfiles` and
// `creditNotes` (docs/decisions/0031-recurring-schedule.md and 0037-credit-notes.md, addenda
// "In the export file"). Each record's `document` is an invoice document, read by the whole-file
// check with the invoice's own schema; an invoice of the file is named by its number (the file's
// invoices carry no ids). The check of the links between records is server/services/data-file-*.

const instant = timestamp.nullable().default(null);
const invoiceNumberRef = z.string().trim().min(1).max(INVOICE_NUMBER_MAX_LENGTH).nullable().default(null);
/**
 * The date of the invoice a number names, written only where another invoice of the file has the
 * same number (numbers restart each financial year, decision 0082): it tells which one is meant.
 */
const invoiceDateRef = isoDate.optional();
const documentObject = z.record(z.string(), z.unknown(), "Must be a document (an object).");
const documentNumber = (label: string) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem = validateInvoiceNumber(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem.replace("Invoice number", label) });
    });

/**
 * A quote, proforma invoice or delivery challan (`kind`, absent in files from before them: a quote),
 * with the fields of its kind. Its number and date keep the quote's names.
 */
export const quoteRecordSchema = z
  .object({
    id: recordId,
    kind: z.enum(PRE_INVOICE_KINDS).default("quote"),
    quoteNumber: documentNumber("Quote number"),
    status: z.enum(ALL_PRE_INVOICE_STATUSES as [string, ...string[]]),
    quoteDate: isoDate,
    validUntil: isoDate.nullable().default(null),
    sentAt: instant,
    /** The client's answer (or the owner's record of it); the address it came from is not exported. */
    answeredAt: instant,
    answerName: z.string().max(120).nullable().default(null),
    answerComment: z.string().max(1000).nullable().default(null),
    convertedInvoiceNumber: invoiceNumberRef,
    convertedInvoiceDate: invoiceDateRef,
    convertedAt: instant,
    /** A challan's reason, consignee, and when it came back or was cancelled. */
    challanReason: z.enum(CHALLAN_REASONS).nullable().default(null),
    consignee: z
      .object({
        name: z.string().max(200),
        gstin: z.string().max(15),
        address: z.string().max(1000),
        stateCode: z.string().max(2),
      })
      .nullable()
      .default(null),
    returnedAt: instant,
    cancelledAt: instant,
    createdAt: timestamp,
    updatedAt: timestamp,
    document: documentObject,
    /** Its public link (/q/<token>), kept by an import into the business that exported it (decision 0087). */
    publicLink: publicLinkRecordSchema,
  })
  .superRefine((q, ctx) => {
    if (!(KIND_STATUSES[q.kind] as readonly string[]).includes(q.status))
      ctx.addIssue({ code: "custom", path: ["status"], message: `A ${q.kind} cannot be ${q.status}.` });
    if (q.kind === "challan" && q.challanReason === null)
      ctx.addIssue({ code: "custom", path: ["challanReason"], message: "A challan needs its reason." });
    if (q.validUntil && q.validUntil < q.quoteDate)
      ctx.addIssue({ code: "custom", path: ["validUntil"], message: "Cannot be before the quote date." });
    if (q.convertedInvoiceNumber && q.status !== "converted")
      ctx.addIssue({
        code: "custom",
        path: ["convertedInvoiceNumber"],
        message: `A ${q.status} quote has no converted invoice.`,
      });
  });
export type QuoteRecord = z.output<typeof quoteRecordSchema>;

export const recurringRunRecordSchema = z.object({
  periodIndex: z.number().int().min(0),
  periodDate: isoDate,
  outcome: z.enum(["created", "skipped"]),
  invoiceNumber: invoiceNumberRef,
  invoiceDate: invoiceDateRef,
});

export const recurringProfileRecordSchema = z.object({
  id: recordId,
  sourceInvoiceNumber: invoiceNumberRef,
  sourceInvoiceDate: invoiceDateRef,
  schedule: recurringScheduleSchema,
  state: recurringStateSchema,
  action: z.enum(["draft", "issue", "send"]),
  attachPdf: z.boolean().default(false),
  dueDays: z.number().int().min(0).max(365).nullable().default(null),
  status: z.enum(["active", "paused", "finished"]),
  nextDate: isoDate.nullable().default(null),
  stoppedAt: instant,
  lastInvoiceNumber: invoiceNumberRef,
  lastInvoiceDate: invoiceDateRef,
  runs: z.array(recurringRunRecordSchema).max(10_000).default([]),
  createdAt: timestamp,
  updatedAt: timestamp,
  document: documentObject,
});
export type RecurringProfileRecord = z.output<typeof recurringProfileRecordSchema>;

export const creditNoteRecordSchema = z.object({
  id: recordId,
  kind: z.enum(NOTE_KINDS),
  noteNumber: documentNumber("Note number"),
  noteDate: isoDate,
  reason: z.enum(NOTE_REASONS),
  status: z.enum(NOTE_STATUSES),
  /** The original invoice, by its number in the file. */
  invoiceNumber: z.string().trim().min(1).max(INVOICE_NUMBER_MAX_LENGTH),
  invoiceDate: invoiceDateRef,
  /** A credit note's share of the invoice's balance, decimal text in the currency's exponent. */
  appliedAmount: z.union([z.string(), z.number()], "Must be a decimal, like 600.00.").default("0"),
  createdAt: timestamp,
  updatedAt: timestamp,
  document: documentObject,
});
export type CreditNoteRecord = z.output<typeof creditNoteRecordSchema>;

/** A record's document as the whole-file check read it: the invoice input and its company snapshot. */
export interface DocumentRecord {
  input: InvoiceInput;
  /** The document's own company snapshot, or null for the settings' (as an invoice of the file). */
  company: InvoiceCompanyRecord | null;
}

// Invoices of the file are named by their position in the checked list of the file's invoices.

export interface ImportedQuote extends DocumentRecord {
  record: QuoteRecord;
  convertedInvoice: number | null;
}

export interface ImportedRecurringProfile extends DocumentRecord {
  record: RecurringProfileRecord;
  sourceInvoice: number | null;
  lastInvoice: number | null;
  /** Each run's invoice, when it is one of the file's. */
  runInvoices: Array<number | null>;
}

export interface ImportedCreditNote extends DocumentRecord {
  record: CreditNoteRecord;
  invoice: number;
  appliedMinor: number;
  /** The original line each of the note's items came from (null for a typed amount), by item id. */
  originalLineIds: Record<string, string | null>;
}
