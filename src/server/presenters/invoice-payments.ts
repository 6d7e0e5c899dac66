import type { Payment } from "#contract/invoice-payments";
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
    tdsMinor: Number(row.tdsMinor),
    tdsSection: row.tdsSection,
    tdsRateBp: row.tdsRateBp,
    tdsSeenIn26as: row.tdsSeenIn26as,
  };
}
