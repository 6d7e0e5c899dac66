import type { Payment } from "#contract/invoice-payments";
import { currencyOf } from "#domain/currencies";
import { formatScaled } from "#domain/decimal";
import type { InvoicePaymentRow } from "../db/queries/invoice-payments";

export function presentPayment(row: InvoicePaymentRow): Payment {
  return {
    id: row.id,
    amountMinor: Number(row.amountMinor),
    paidOn: row.paidOn,
    method: row.method,
    reference: row.reference,
    note: row.note,
    source: row.source,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A payment in the export file (an invoice's `payments`): the amount as decimal text in the
 * invoice currency's minor-unit exponent; no ids, and no gateway payment id (unique per server).
 */
export function presentExportedPayment(
  row: Pick<InvoicePaymentRow, "amountMinor" | "paidOn" | "method" | "reference" | "note" | "source"> & {
    creditNoteNumber?: string | null;
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
  };
}
