import type { Payment } from "#contract/invoice-payments";
import { exchangeDifference } from "#domain/export-fx";
import type { InvoicePaymentRow } from "../db/queries/invoice-payments";

/** `invoice`: its total and rupee value, for the exchange difference of a realisation. */
export function presentPayment(
  row: InvoicePaymentRow,
  invoice?: { totalMinor: number; inrTotalMinor: number | null },
): Payment {
  const credited = row.inrCreditedMinor === null ? null : Number(row.inrCreditedMinor);
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
    inrCreditedMinor: credited,
    realisationRef: row.realisationRef,
    advanceId: row.advanceId ?? null,
    exchangeDifferenceMinor:
      credited !== null && invoice?.inrTotalMinor != null
        ? exchangeDifference(
            { amountMinor: Number(row.amountMinor), inrCreditedMinor: credited },
            { totalMinor: invoice.totalMinor, inrTotalMinor: invoice.inrTotalMinor },
          )
        : null,
  };
}
