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

/** Series prefixes: invoices, and the GST credit and debit notes (CN/2026-27/0001, DN/2026-27/0001). */
export const DOCUMENT_NUMBER_PREFIXES = Object.freeze({
  invoice: "INV",
  credit_note: "CN",
  debit_note: "DN",
} as const);

/**
 * PREFIX/2026-27/0001: a series per financial year, at least four digits, more once a year
 * passes 9999 documents. The prefix is letters only ("INV", "CN", "DN").
 */
export function sequentialDocumentNumber(prefix: string, financialYear: string, sequence: number): string {
  if (!/^[A-Z]{1,8}$/.test(prefix)) {
    throw new DomainError("INVALID_NUMBER_PREFIX", `Invalid number prefix: ${prefix}`);
  }
  if (!isFinancialYear(financialYear)) {
    throw new DomainError("INVALID_FINANCIAL_YEAR", `Invalid financial year: ${financialYear}`);
  }
  if (!Number.isSafeInteger(sequence) || sequence < 1) {
    throw new DomainError("INVALID_SEQUENCE", `Invalid invoice sequence: ${sequence}`);
  }
  return `${prefix}/${financialYear}/${pad(sequence, 4)}`;
}

/** The parts of a number made by sequentialDocumentNumber with this prefix, or null. */
export function parseSequentialDocumentNumber(
  s: string,
  prefix: string,
): { financialYear: string; sequence: number } | null {
  if (!s.startsWith(`${prefix}/`)) return null;
  const match = /^(\d{4}-\d{2})\/(\d{4,})$/.exec(s.slice(prefix.length + 1));
  if (!match || !isFinancialYear(match[1])) return null;
  const sequence = Number(match[2]);
  return Number.isSafeInteger(sequence) && sequence >= 1 ? { financialYear: match[1], sequence } : null;
}

/** INV/2026-27/0001: at least four digits, more once a year passes 9999 invoices. */
export function sequentialInvoiceNumber(financialYear: string, sequence: number): string {
  return sequentialDocumentNumber(DOCUMENT_NUMBER_PREFIXES.invoice, financialYear, sequence);
}

/** The parts of a number made by sequentialInvoiceNumber, so the next one can follow the highest. */
export function parseSequentialInvoiceNumber(s: string): { financialYear: string; sequence: number } | null {
  return parseSequentialDocumentNumber(s, DOCUMENT_NUMBER_PREFIXES.invoice);
}

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
