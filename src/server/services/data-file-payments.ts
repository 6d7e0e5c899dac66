import type { z } from "zod";
import { type InvoicePaymentRecord, invoicePaymentRecordSchema } from "#contract/data-file";
import { currencyOf } from "#domain/currencies";
import { formatScaled, parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import type { InvoiceInput } from "#domain/invoice";
import { settledMinor } from "#domain/payments";
import { tdsProblem } from "#domain/tds";
import type { InvoicePaymentRow } from "../db/queries/invoice-payments";

// The payments received that an invoice of the export file carries (docs/decisions/
// 0026-payments-received.md, addendum "Payments in the export file"). Read in two steps: each
// payment against the invoice's currency and status with the rest of the file, then their sum
// against the invoice's total once the settings (and so the company the total is computed for)
// are known.

/** More than any invoice takes by hand; it bounds the work one record of the file can ask for. */
export const MAX_PAYMENTS_PER_INVOICE = 1000;
/** What the payments route takes (contract/invoice-payments.ts). */
const MAX_AMOUNT_MINOR = 999_999_999_999;

export const IMPORT_PAYMENT_MESSAGES = {
  notAList: "Must be a list of payments.",
  tooMany: `At most ${MAX_PAYMENTS_PER_INVOICE} payments.`,
  amount: (exponent: number) =>
    exponent === 0
      ? "Must be a whole amount more than 0."
      : `Must be an amount more than 0 with at most ${exponent} decimals.`,
  draft: "A draft invoice takes no payments.",
  cancelled: "A cancelled invoice takes no payments.",
  overTotal: (paid: string, total: string) =>
    `They add up to ${paid}, more than the invoice's total (${total}).`,
  paidNotWhole: (paid: string, total: string) =>
    `A paid invoice's payments must add up to its total (${total}); these add up to ${paid}.`,
  dueButWhole: (total: string) =>
    `They add up to the whole total (${total}), so the invoice's status must be paid.`,
} as const;

const describeAt = (at: number, issues: z.core.$ZodIssue[]) =>
  issues.map((i) => `payments.${at}.${i.path.join(".")}: ${i.message}`);

/**
 * An invoice's `payments` as the file has them, checked one by one: the amount in the currency's
 * decimals, the route's date, method and text limits, and none on a draft or cancelled invoice.
 * Absent, null or empty is none: the file of an earlier release (a paid invoice then gets one
 * payment of its total, as marking it paid makes).
 */
export function readInvoicePayments(
  raw: unknown,
  invoice: Pick<InvoiceInput, "currency" | "status">,
): { payments: InvoicePaymentRecord[]; problems: string[] } {
  if (raw === undefined || raw === null) return { payments: [], problems: [] };
  if (!Array.isArray(raw))
    return { payments: [], problems: [`payments: ${IMPORT_PAYMENT_MESSAGES.notAList}`] };
  if (raw.length === 0) return { payments: [], problems: [] };
  if (raw.length > MAX_PAYMENTS_PER_INVOICE)
    return { payments: [], problems: [`payments: ${IMPORT_PAYMENT_MESSAGES.tooMany}`] };
  if (invoice.status === "draft" || invoice.status === "cancelled")
    return { payments: [], problems: [`payments: ${IMPORT_PAYMENT_MESSAGES[invoice.status]}`] };

  const { exponent } = currencyOf(invoice.currency);
  const payments: InvoicePaymentRecord[] = [];
  const problems: string[] = [];
  for (const [at, entry] of raw.entries()) {
    const parsed = invoicePaymentRecordSchema.safeParse(entry);
    if (!parsed.success) {
      problems.push(...describeAt(at, parsed.error.issues));
      continue;
    }
    const amountMinor = parseScaled(parsed.data.amount, exponent);
    if (amountMinor === null || amountMinor <= 0 || amountMinor > MAX_AMOUNT_MINOR) {
      problems.push(`payments.${at}.amount: ${IMPORT_PAYMENT_MESSAGES.amount(exponent)}`);
      continue;
    }
    const { paidOn, method, reference, note, source, creditNoteNumber } = parsed.data;
    const tds = readTds(parsed.data, invoice.currency);
    if (typeof tds === "string") {
      problems.push(`payments.${at}.tds: ${tds}`);
      continue;
    }
    // A realisation's rupees credited, in paise; only on an invoice in another currency.
    const inrCreditedMinor =
      parsed.data.inrCredited === undefined || invoice.currency === "INR"
        ? null
        : parseScaled(parsed.data.inrCredited, 2);
    if (inrCreditedMinor !== null && (inrCreditedMinor <= 0 || inrCreditedMinor > MAX_AMOUNT_MINOR)) {
      problems.push(`payments.${at}.inrCredited: ${IMPORT_PAYMENT_MESSAGES.amount(2)}`);
      continue;
    }
    if (parsed.data.inrCredited !== undefined && invoice.currency !== "INR" && inrCreditedMinor === null) {
      problems.push(`payments.${at}.inrCredited: ${IMPORT_PAYMENT_MESSAGES.amount(2)}`);
      continue;
    }
    const realisation =
      inrCreditedMinor !== null || parsed.data.realisationRef
        ? { inrCreditedMinor, realisationRef: parsed.data.realisationRef }
        : {};
    if (source === "credit_note" && creditNoteNumber) {
      // Checked against the file's credit notes (data-file-notes.ts); without them, "manual".
      payments.push({ amountMinor, paidOn, method, reference, note, source, creditNoteNumber });
      continue;
    }
    payments.push({
      amountMinor,
      paidOn,
      method,
      reference,
      note,
      ...realisation,
      // A "Marked as paid" payment goes when the invoice is reopened; it only exists on a paid one.
      source: source === "status" && invoice.status === "paid" ? "status" : "manual",
      ...tds,
      ...(parsed.data.advanceId ? { advanceId: parsed.data.advanceId } : {}),
    });
  }
  return { payments, problems };
}

/**
 * What is wrong with the sum of an invoice's payments, given its total as the server computes it:
 * never more than the total, the whole total for a paid invoice, less for a due one.
 */
export function paymentsTotalProblem(
  invoice: Pick<InvoiceInput, "currency" | "status">,
  payments: readonly InvoicePaymentRecord[],
  totalMinor: number,
): string | null {
  if (payments.length === 0) return null;
  const paidMinor = payments.reduce((sum, p) => sum + settledMinor(p), 0);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  if (paidMinor > totalMinor)
    return `payments: ${IMPORT_PAYMENT_MESSAGES.overTotal(money(paidMinor), money(totalMinor))}`;
  if (invoice.status === "paid" && paidMinor !== totalMinor)
    return `payments: ${IMPORT_PAYMENT_MESSAGES.paidNotWhole(money(paidMinor), money(totalMinor))}`;
  if (invoice.status === "due" && paidMinor === totalMinor)
    return `payments: ${IMPORT_PAYMENT_MESSAGES.dueButWhole(money(totalMinor))}`;
  return null;
}

/**
 * A payment in the export file (an invoice's `payments`): the amount as decimal text in the
 * invoice currency's minor-unit exponent; no ids, and no gateway payment id (unique per server).
 */
export function exportedPayment(
  row: Pick<InvoicePaymentRow, "amountMinor" | "paidOn" | "method" | "reference" | "note" | "source"> &
    Partial<Pick<InvoicePaymentRow, "tdsMinor" | "tdsSection" | "tdsRateBp" | "tdsSeenIn26as">> & {
      creditNoteNumber?: string | null;
      inrCreditedMinor?: number | null;
      realisationRef?: string;
      advanceId?: string | null;
    },
  currency: string,
) {
  return {
    amount: formatScaled(Number(row.amountMinor), currencyOf(currency).exponent),
    paidOn: row.paidOn,
    method: row.method,
    reference: row.reference,
    note: row.note,
    source: row.source,
    // A credit note's share of the balance names its note (of the file's creditNotes).
    ...(row.source === "credit_note" && row.creditNoteNumber
      ? { creditNoteNumber: row.creditNoteNumber }
      : {}),
    ...(row.tdsMinor
      ? {
          tds: formatScaled(Number(row.tdsMinor), currencyOf(currency).exponent),
          tdsSection: row.tdsSection ?? null,
          tdsRateBp: row.tdsRateBp ?? null,
          tdsSeenIn26as: row.tdsSeenIn26as ?? false,
        }
      : {}),
    // A realisation's rupees credited and FIRC / e-BRC number (decision 0089).
    ...(row.inrCreditedMinor != null ? { inrCredited: formatScaled(Number(row.inrCreditedMinor), 2) } : {}),
    ...(row.realisationRef ? { realisationRef: row.realisationRef } : {}),
    ...(row.advanceId ? { advanceId: row.advanceId } : {}),
  };
}

/** A payment's TDS as the file has it (none: {}), or what is wrong with it. */
function readTds(
  record: {
    tds?: string | number;
    tdsSection?: string | null;
    tdsRateBp?: number | null;
    tdsSeenIn26as?: boolean;
  },
  currency: string,
): Pick<InvoicePaymentRecord, "tdsMinor" | "tdsSection" | "tdsRateBp" | "tdsSeenIn26as"> | string {
  if (record.tds === undefined || record.tds === "" || Number(record.tds) === 0) return {};
  const tdsMinor = parseScaled(String(record.tds), currencyOf(currency).exponent);
  if (tdsMinor === null || tdsMinor <= 0 || tdsMinor > MAX_AMOUNT_MINOR)
    return IMPORT_PAYMENT_MESSAGES.amount(currencyOf(currency).exponent);
  const tds = {
    tdsMinor,
    tdsSection: record.tdsSection ?? null,
    tdsRateBp: record.tdsRateBp ?? null,
    tdsSeenIn26as: record.tdsSeenIn26as ?? false,
  };
  return tdsProblem(currency, tds)?.message ?? tds;
}
