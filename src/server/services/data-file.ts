import type { z } from "zod";
import {
  type ClientRecord,
  clientRecordSchema,
  type InvoiceRecord,
  invoiceCompanySchema,
  type ProductRecord,
  productRecordSchema,
} from "#contract/data-file";
import type {
  ImportedCreditNote,
  ImportedQuote,
  ImportedRecurringProfile,
} from "#contract/data-file-documents";
import type { StatementRecord } from "#contract/data-file-links";
import { taxInvoiceNumberKey } from "#domain/gst-numbers";
import { buildInvoiceDocument, type InvoiceCompany, invoiceInputSchema } from "#domain/invoice";
import { IMPORT_MESSAGES } from "#domain/messages";
import { AppError } from "../errors";
import { type AdvanceRecord, readAdvanceRecords } from "./data-file-advances";
import {
  describeIssues,
  type FailRecord,
  fileInvoices,
  parsedRecords,
  sectionOf,
} from "./data-file-documents";
import { readInvoiceSharing, readStatementRecords } from "./data-file-links";
import { noteTotalsProblems, readCreditNoteRecords, sharesAsManualPayments } from "./data-file-notes";
import { paymentsTotalProblem, readInvoicePayments } from "./data-file-payments";
import { readQuoteRecords } from "./data-file-quotes";
import { readRecurringRecords } from "./data-file-recurring";

// The export file of spec §3 ("invoices", "clients", "settings", "productServices") and the whole-file
// check that import runs before it touches anything (DECISIONS §7). Clients and products keep the
// snake_case column names of the spec's tables; invoices are the camelCase invoice_data documents.

export const MAX_IMPORT_BYTES = 25 * 1024 * 1024;
const MAX_DEPTH = 24;
const MAX_RECORDS = 100_000;
const MAX_ERRORS_LISTED = 20;

export interface ParsedDataFile {
  clients: ClientRecord[];
  productServices: ProductRecord[];
  invoices: InvoiceRecord[];
  /** The settings object as it is in the file; image data URLs are handled by the caller. */
  settings: Record<string, unknown>;
  /** Bahi's own sections (none in a file of the spec or an earlier release). */
  quotes: ImportedQuote[];
  creditNotes: ImportedCreditNote[];
  recurringProfiles: ImportedRecurringProfile[];
  /** Statements of account that were downloaded, shared or sent (decision 0087). */
  statements: StatementRecord[];
  /** Client advances (decision 0092); none in older files. */
  clientAdvances: AdvanceRecord[];
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Deepest nesting of a parsed JSON value, counted without recursion. */
export function jsonDepthExceeds(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth > limit) return true;
    for (const child of Object.values(v))
      if (typeof child === "object" && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/** Collects each bad record's problems under the spec's prefix and its index, then refuses them all. */
function importProblems() {
  const errors: string[] = [];
  const fields: Record<string, string> = {};
  return {
    fail(section: string, prefix: string, index: number, problems: string[]) {
      fields[`${section}.${index}`] = problems.join("; ");
      errors.push(`${prefix} at index ${index}: ${problems.join("; ")}`);
    },
    throwIfAny() {
      if (errors.length === 0) return;
      const shown = errors.slice(0, MAX_ERRORS_LISTED);
      if (errors.length > shown.length) shown.push(`...and ${errors.length - shown.length} more.`);
      throw new AppError("validation_failed", shown.join("\n"), fields);
    },
  };
}

/** A section's records that parse and whose ids are not repeated; every other is failed. */
function recordsOf<S extends z.ZodType<{ id?: string }>>(raw: unknown[], schema: S, fail: FailRecord) {
  const records: z.output<S>[] = [];
  for (const { index, record, problems } of parsedRecords(raw, schema, fail)) {
    if (problems.length > 0) fail(index, problems);
    else records.push(record);
  }
  return records;
}

/**
 * Validates the whole file. Every bad record is reported with the spec's prefix and its index;
 * nothing is written unless this answers.
 */
export function parseDataFile(body: unknown): ParsedDataFile {
  if (
    !isRecord(body) ||
    !Array.isArray(body.invoices) ||
    !Array.isArray(body.clients) ||
    !Array.isArray(body.productServices) ||
    !isRecord(body.settings)
  ) {
    throw new AppError("bad_request", IMPORT_MESSAGES.invalidFileFormat);
  }
  if (jsonDepthExceeds(body, MAX_DEPTH)) {
    throw new AppError("bad_request", "This file is nested too deeply to be a Bahi export.");
  }
  const quoteEntries = sectionOf(body, "quotes");
  const noteEntries = sectionOf(body, "creditNotes");
  const profileEntries = sectionOf(body, "recurringProfiles");
  const statementEntries = sectionOf(body, "statements");
  const advanceEntries = sectionOf(body, "clientAdvances");
  const total =
    advanceEntries.length +
    statementEntries.length +
    body.invoices.length +
    body.clients.length +
    body.productServices.length +
    quoteEntries.length +
    noteEntries.length +
    profileEntries.length;
  if (total > MAX_RECORDS) {
    throw new AppError("bad_request", `This file has more than ${MAX_RECORDS} records.`);
  }

  const { fail, throwIfAny } = importProblems();

  const clients = recordsOf(body.clients, clientRecordSchema, (index, problems) =>
    fail("clients", IMPORT_MESSAGES.clientImportErrorPrefix, index, problems),
  );
  const productServices = recordsOf(body.productServices, productRecordSchema, (index, problems) =>
    fail("productServices", IMPORT_MESSAGES.productImportErrorPrefix, index, problems),
  );

  const invoices: InvoiceRecord[] = [];
  const numbers = new Map<string, number>();
  for (const [index, raw] of body.invoices.entries()) {
    const parsed = invoiceInputSchema.safeParse(raw);
    if (!parsed.success) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, describeIssues(parsed.error.issues));
      continue;
    }
    // Unique within a financial year, ignoring case, as the database keeps GST numbers (Rule 46(b),
    // decision 0082); a retail invoice's number repeated in another year meets the database's own
    // business-wide index when the file is applied.
    const key = taxInvoiceNumberKey(parsed.data.invoiceNumber, parsed.data.invoiceDate);
    const earlier = numbers.get(key);
    if (earlier !== undefined) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, [
        `invoiceNumber: ${parsed.data.invoiceNumber} is also used by the invoice at index ${earlier} in the same financial year.`,
      ]);
      continue;
    }
    numbers.set(key, index);
    const { payments, problems } = readInvoicePayments(
      (raw as Record<string, unknown>).payments,
      parsed.data,
    );
    if (problems.length > 0) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, problems);
      continue;
    }
    const { sharing, problems: sharingProblems } = readInvoiceSharing(raw);
    if (sharingProblems.length > 0) {
      fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, sharingProblems);
      continue;
    }
    const company = invoiceCompanySchema.safeParse(isRecord(raw) ? raw.company : undefined);
    invoices.push({
      input: parsed.data,
      company: company.success && isRecord((raw as Record<string, unknown>).company) ? company.data : null,
      payments,
      sharing,
    });
  }

  const inFile = fileInvoices(invoices);
  const quotes = readQuoteRecords(quoteEntries, inFile, (index, problems) =>
    fail("quotes", IMPORT_MESSAGES.quoteImportErrorPrefix, index, problems),
  );

  let creditNotes: ImportedCreditNote[] = [];
  if (body.creditNotes === undefined || body.creditNotes === null) {
    for (const invoice of invoices) invoice.payments = sharesAsManualPayments(invoice.payments);
  } else {
    creditNotes = readCreditNoteRecords(
      noteEntries,
      inFile,
      (index, problems) => fail("creditNotes", IMPORT_MESSAGES.creditNoteImportErrorPrefix, index, problems),
      (index, problems) => fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, problems),
    );
  }

  const recurringProfiles = readRecurringRecords(profileEntries, inFile, (index, problems) =>
    fail("recurringProfiles", IMPORT_MESSAGES.recurringImportErrorPrefix, index, problems),
  );

  const statements = readStatementRecords(statementEntries, clients, (index, problems) =>
    fail("statements", IMPORT_MESSAGES.statementImportErrorPrefix, index, problems),
  );

  const clientAdvances = readAdvanceRecords(advanceEntries, clients, invoices, (index, problems) =>
    fail("clientAdvances", "Client advance import error", index, problems),
  );

  throwIfAny();
  return {
    clientAdvances,
    statements,
    clients,
    productServices,
    invoices,
    settings: body.settings,
    quotes,
    creditNotes,
    recurringProfiles,
  };
}

/**
 * The second half of the whole-file check, once the file's settings are read: each invoice's
 * payments against its total, computed from its lines for the company it is saved with (its own
 * snapshot, or the settings' one, as the import writes it). `invoices` are parseDataFile's, in the
 * file's order (it refuses a file with any bad record), so their index is the file's.
 */
export function checkPaymentTotals(
  invoices: InvoiceRecord[],
  settingsCompany: InvoiceCompany,
  creditNotes: ImportedCreditNote[] = [],
): void {
  const { fail, throwIfAny } = importProblems();
  noteTotalsProblems(
    creditNotes,
    fileInvoices(invoices),
    (company) => company ?? settingsCompany,
    (index, problems) => fail("creditNotes", IMPORT_MESSAGES.creditNoteImportErrorPrefix, index, problems),
  );
  for (const [index, { input, company, payments }] of invoices.entries()) {
    if (payments.length === 0) continue;
    const totalMinor = buildInvoiceDocument(input, company ?? settingsCompany).totals.totalMinor;
    const problem = paymentsTotalProblem(input, payments, totalMinor);
    if (problem) fail("invoices", IMPORT_MESSAGES.invoiceImportErrorPrefix, index, [problem]);
  }
  throwIfAny();
}
