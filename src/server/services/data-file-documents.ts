import type { z } from "zod";
import { type InvoiceRecord, invoiceCompanySchema } from "#contract/data-file";
import type { DocumentRecord } from "#contract/data-file-documents";
import { taxInvoiceNumberKey } from "#domain/gst-numbers";
import { type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import { AppError } from "../errors";

// What the readers of the file's quotes, recurring profiles and credit notes share: the list
// itself, the invoices of the file they name (by number), and their documents, read with the
// invoice's own schema like the file's invoices.

/** Reports one bad record of a section: its index and its problems. */
export type FailRecord = (index: number, problems: string[]) => void;

/**
 * The file's checked invoices, found by number (the file's invoices carry no ids). A number may
 * repeat across financial years (Rule 46(b), decision 0082): a record then names its invoice by
 * number and date (the export writes the date only for such numbers); by number alone it names
 * none, rather than either.
 */
export interface FileInvoices {
  list: InvoiceRecord[];
  /** The invoice `number` names (in the year of `date`, when given), or undefined. */
  find(number: string, date?: string): number | undefined;
  repeated: Set<string>;
}

/**
 * Reads one section of the file (quotes, recurring profiles) whose records may name the file's
 * invoices: the records that pass, each bad one reported through `fail`.
 */
export type ReadSection<T> = (raw: unknown[], invoices: FileInvoices, fail: FailRecord) => T[];

export function fileInvoices(list: InvoiceRecord[]): FileInvoices {
  const byNumber = new Map<string, number>();
  const byYear = new Map<string, number>();
  const repeated = new Set<string>();
  for (const [i, r] of list.entries()) {
    const number = r.input.invoiceNumber;
    byYear.set(taxInvoiceNumberKey(number, r.input.invoiceDate), i);
    if (byNumber.has(number)) repeated.add(number);
    else byNumber.set(number, i);
  }
  for (const number of repeated) byNumber.delete(number);
  const find = (number: string, date?: string) =>
    date ? byYear.get(taxInvoiceNumberKey(number, date)) : byNumber.get(number);
  return { list, find, repeated };
}

/** Why a record's invoice number names no invoice of the file. */
export const notInFile = (field: string, number: string, invoices?: FileInvoices, date?: string) =>
  invoices?.repeated.has(number) && !date
    ? `${field}: ${number} is the number of more than one invoice of this file (of different financial years); give the invoice's date too, as the export does.`
    : `${field}: ${number} is not an invoice of this file${date ? ` dated in the financial year of ${date}` : ""}.`;

/** A section of Bahi's own: absent (a file of the spec or an earlier release) is none. */
export function sectionOf(body: Record<string, unknown>, key: string): unknown[] {
  const raw = body[key];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) throw new AppError("bad_request", `"${key}" must be a list of records.`);
  return raw;
}

export const describeIssues = (issues: z.core.$ZodIssue[], prefix = "") =>
  issues.map((i) => `${prefix}${i.path.join(".") || "record"}: ${i.message}`);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A record's document, read as an invoice's with the record's own number, dates and status put
 * over it (the document holds copies of them), and its company snapshot when it has one.
 */
export function readDocument(
  raw: Record<string, unknown>,
  fields: Partial<Pick<InvoiceInput, "invoiceNumber" | "invoiceDate" | "dueDate" | "status" | "paymentDate">>,
): { document: DocumentRecord; problems: [] } | { document: null; problems: string[] } {
  const parsed = invoiceInputSchema.safeParse({ ...raw, ...fields });
  if (!parsed.success) return { document: null, problems: describeIssues(parsed.error.issues, "document.") };
  const company = isRecord(raw.company) ? invoiceCompanySchema.safeParse(raw.company) : null;
  return { document: { input: parsed.data, company: company?.success ? company.data : null }, problems: [] };
}

/**
 * A section's records, each parsed by `schema`: one that does not parse is failed with the
 * schema's messages and skipped; the others come with their problems so far (an id the section
 * already had), for the reader to add its own checks to.
 */
export function* parsedRecords<S extends z.ZodType<{ id?: string }>>(
  raw: unknown[],
  schema: S,
  fail: FailRecord,
): Generator<{ index: number; record: z.output<S>; problems: string[] }> {
  const ids = new Set<string>();
  for (const [index, entry] of raw.entries()) {
    const parsed = schema.safeParse(entry);
    if (!parsed.success) {
      fail(index, describeIssues(parsed.error.issues));
      continue;
    }
    const problems: string[] = [];
    const id = parsed.data.id;
    if (id && ids.has(id)) problems.push(`id: ${id} appears twice.`);
    else if (id) ids.add(id);
    yield { index, record: parsed.data, problems };
  }
}
