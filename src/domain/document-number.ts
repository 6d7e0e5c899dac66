import { zonedDateTime } from "./dates";
import { DomainError } from "./errors";

export type InvoiceNumberScheme = "timestamp" | "sequential";

export const INVOICE_NUMBER_MAX_LENGTH = 40;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** INV-DDMMYYYY-HHmmss on the user's wall clock (spec §1, DECISIONS §5). */
export function timestampInvoiceNumber(now: Date, timeZone: string): string {
  const t = zonedDateTime(now, timeZone);
  return `INV-${pad(t.day)}${pad(t.month)}${pad(t.year, 4)}-${pad(t.hour)}${pad(t.minute)}${pad(t.second)}`;
}

// The Indian financial year runs from 1 April to 31 March. This is the one place that says so:
// numbering, the next-number preview and the dashboard all go through these functions.

/** The year in which the financial year holding this calendar year and month began. */
function financialYearStart(year: number, month: number): number {
  return month >= 4 ? year : year - 1;
}

const yearLabel = (start: number) => `${start}-${pad((start + 1) % 100)}`;

/** The financial year of a "YYYY-MM-DD" date (an invoice date, a user's today): "2026-27". */
export function financialYearOfIsoDate(isoDate: string): string {
  return yearLabel(financialYearStart(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7))));
}

/** The first and last month ("YYYY-MM") of the financial year containing a "YYYY-MM-DD" date. */
export function financialYearMonths(isoDate: string): { first: string; last: string } {
  const start = financialYearStart(Number(isoDate.slice(0, 4)), Number(isoDate.slice(5, 7)));
  return { first: `${pad(start, 4)}-04`, last: `${pad(start + 1, 4)}-03` };
}

const FINANCIAL_YEAR = /^(\d{4})-(\d{2})$/;

/** "2026-27": a start year and the last two digits of the year after it. */
export function isFinancialYear(s: string): boolean {
  const match = FINANCIAL_YEAR.exec(s);
  return match !== null && (Number(match[1]) + 1) % 100 === Number(match[2]);
}

/**
 * The numbered series, one counter per user, series and financial year (document_sequences):
 * tax invoices, quotes, credit and debit notes, delivery challans, proforma invoices and receipt
 * vouchers for advances (CGST Rule 50, decision 0098).
 */
export const DOCUMENT_SERIES = ["INV", "QT", "CN", "DN", "DC", "PF", "RV"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

/** CGST Rule 46(b): a tax invoice's (and a note's or challan's) number has at most 16 characters. */
export const GST_DOCUMENT_NUMBER_MAX_LENGTH = 16;

/**
 * SERIES/2026-27/0001: a series per financial year, at least four digits, more once a year
 * passes 9999 documents. Five digits take INV past 16 characters: gst-numbers.ts says so to the
 * user, the series itself keeps counting.
 */
export function formatDocumentNumber(
  series: DocumentSeries,
  financialYear: string,
  sequence: number,
): string {
  if (!DOCUMENT_SERIES.includes(series)) {
    throw new DomainError("INVALID_NUMBER_PREFIX", `Invalid number series: ${series}`);
  }
  if (!isFinancialYear(financialYear)) {
    throw new DomainError("INVALID_FINANCIAL_YEAR", `Invalid financial year: ${financialYear}`);
  }
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new DomainError("INVALID_SEQUENCE", `Invalid sequence: ${sequence}`);
  }
  return `${series}/${financialYear}/${pad(sequence, 4)}`;
}

/** The number after `lastValue` (0: none taken yet): what the editor previews before a save. */
export function nextDocumentNumber(series: DocumentSeries, financialYear: string, lastValue: number): string {
  return formatDocumentNumber(series, financialYear, lastValue + 1);
}

/** The parts of a number made by formatDocumentNumber for this series, or null. */
export function parseDocumentNumber(
  s: string,
  series: DocumentSeries,
): { financialYear: string; sequence: number } | null {
  if (!s.startsWith(`${series}/`)) return null;
  const match = /^(\d{4}-\d{2})\/(\d{4,})$/.exec(s.slice(series.length + 1));
  if (!match || !isFinancialYear(match[1])) return null;
  const sequence = Number(match[2]);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? { financialYear: match[1], sequence } : null;
}

// A draft takes no number from a series until it is issued (decision 0056). Until then it is
// stored under a provisional number that no series, typed number or timestamp number can be:
// "DRAFT-" and eight characters of its id, unique per user like every invoice number.

/** A draft's provisional number, as a pattern both JavaScript and PostgreSQL (`~`) read alike. */
export const DRAFT_NUMBER_PATTERN = "^DRAFT-[0-9A-F]{8}$";
const DRAFT_NUMBER = new RegExp(DRAFT_NUMBER_PATTERN);

/** The provisional number of the draft with this id (a UUID): "DRAFT-1A2B3C4D". */
export function draftNumber(id: string): string {
  return `DRAFT-${id.replaceAll("-", "").slice(0, 8).toUpperCase()}`;
}

/** Whether the number is a draft's provisional number, which issuing replaces with the series'. */
export function isDraftNumber(s: string): boolean {
  return DRAFT_NUMBER.test(s);
}

/**
 * Whether an invoice may be deleted for good (decision 0056): a draft never issued, that is on a
 * provisional number or a number outside the INV series. Anything holding a number of the series
 * (issued, or issued once and back to draft) is cancelled instead, so the series has no gaps.
 */
export function isDeletable(status: string, invoiceNumber: string): boolean {
  if (isDraftNumber(invoiceNumber)) return true;
  return status === "draft" && parseDocumentNumber(invoiceNumber, "INV") === null;
}

/** Why an issued invoice offers Cancel instead of Delete: the API's 409 and the web's dialog. */
export const INVOICE_NOT_DELETABLE =
  "An issued invoice cannot be deleted: GST Rule 46 wants tax invoice numbers in one consecutive " +
  "series, and deleting it would leave a gap. Cancel it instead: it keeps its number and no " +
  "longer counts as a sale.";

const ALLOWED = /^[A-Za-z0-9/_.\- ]+$/;

/** A message saying what is wrong with a typed invoice number, or null when it is acceptable. */
export function validateInvoiceNumber(s: string): string | null {
  if (typeof s !== "string" || s.trim() === "") return "Invoice number is required.";
  if (s.length > INVOICE_NUMBER_MAX_LENGTH) {
    return `Invoice number must be at most ${INVOICE_NUMBER_MAX_LENGTH} characters.`;
  }
  if (!ALLOWED.test(s)) return "Invoice number may only use letters, digits, spaces and / - _ .";
  if (s !== s.trim()) return "Invoice number cannot start or end with a space.";
  return null;
}
