import { z } from "zod";
import type { AdvanceRecord, ClientRecord, InvoiceRecord } from "#contract/data-file";
import { CURRENCY_CODES, currencyOf } from "#domain/currencies";
import { formatScaled, parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { ADVANCE_GST_RATES } from "#domain/gst-advances";
import { isPlaceOfSupplyCode, OTHER_COUNTRY } from "#domain/gst-states";
import { TAX_SPLITS } from "#domain/gst-supply";
import { isoDate } from "#domain/iso-date";
import { PAYMENT_METHODS } from "#domain/payments";
import { type FailRecord, parsedRecords } from "./data-file-documents";

export type { AdvanceRecord };

// Client advances in the export file (decision 0092): a `clientAdvances` section (absent in older
// files: none), each naming a client of the file by id; a payment applied from one carries its
// `advanceId`. The payments applied from an advance never add up to more than it.

const orEmpty = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? "" : v), z.string().trim().max(max));

const advanceRecordSchema = z.object({
  id: z.string().trim().min(1).max(64),
  clientId: z.string().trim().min(1).max(64),
  currency: z.enum(CURRENCY_CODES).default("INR"),
  amount: z.union([z.string(), z.number()], "Amount must be a decimal, like 5000.00."),
  receivedOn: isoDate,
  method: z.enum(PAYMENT_METHODS),
  reference: orEmpty(100),
  note: orEmpty(500),
  source: z.enum(["manual", "bank_statement"]).catch("manual"),
  // GST due on receipt (decision 0098); absent in older files and for goods: none.
  gst: z
    .object({
      ratePercent: z.union(
        ADVANCE_GST_RATES.map((r) => z.literal(r)),
        `Must be one of ${ADVANCE_GST_RATES.join(", ")}.`,
      ),
      placeOfSupply: z
        .string()
        .trim()
        .refine((v) => isPlaceOfSupplyCode(v) && v !== OTHER_COUNTRY, "Must be a state code, like 27."),
      split: z.enum(TAX_SPLITS),
      voucherNumber: z.string().trim().min(1).max(16).nullable().default(null),
    })
    .nullable()
    .optional()
    .default(null),
});

/**
 * The file's advances, checked: a client of the file, an amount in the currency's decimals, and the
 * invoices' payments applied from each at most its amount and in its currency. A payment naming an
 * advance the file does not have is kept as an ordinary payment.
 */
export function readAdvanceRecords(
  raw: unknown[],
  clients: ClientRecord[],
  invoices: InvoiceRecord[],
  fail: FailRecord,
): AdvanceRecord[] {
  const clientIds = new Set(clients.map((c) => c.id).filter(Boolean));
  const advances: AdvanceRecord[] = [];
  const indexOf = new Map<string, number>();
  const vouchers = new Set<string>();
  for (const { index, record: r, problems } of parsedRecords(raw, advanceRecordSchema, fail)) {
    const amountMinor = parseScaled(r.amount, currencyOf(r.currency).exponent);
    if (amountMinor === null || amountMinor <= 0) problems.push("amount: Must be an amount more than 0.");
    if (!clientIds.has(r.clientId)) problems.push(`clientId: ${r.clientId} is not a client of this file.`);
    if (r.gst && r.currency !== "INR") problems.push("gst: GST on an advance is for a rupee advance only.");
    const voucher = r.gst?.voucherNumber;
    if (voucher && vouchers.has(voucher)) problems.push(`gst.voucherNumber: ${voucher} appears twice.`);
    if (problems.length > 0) {
      fail(index, problems);
      continue;
    }
    indexOf.set(r.id, advances.length);
    if (voucher) vouchers.add(voucher);
    const { gst, amount: _amount, ...fields } = r;
    advances.push({
      ...fields,
      amountMinor: amountMinor!,
      gstRatePercent: gst?.ratePercent ?? null,
      placeOfSupply: gst?.placeOfSupply ?? null,
      taxSplit: gst?.split ?? null,
      voucherNumber: gst?.voucherNumber ?? null,
    });
  }
  const applied = new Map<string, number>();
  for (const invoice of invoices) {
    for (const p of invoice.payments) {
      if (!p.advanceId) continue;
      const at = indexOf.get(p.advanceId);
      if (at === undefined || advances[at]!.currency !== invoice.input.currency) {
        p.advanceId = undefined;
        continue;
      }
      applied.set(p.advanceId, (applied.get(p.advanceId) ?? 0) + p.amountMinor);
    }
  }
  for (const [id, sum] of applied) {
    const advance = advances[indexOf.get(id)!]!;
    if (sum > advance.amountMinor) {
      const money = (m: number) => formatMoney(m, advance.currency);
      const at = raw.findIndex((e) => (e as { id?: unknown })?.id === id);
      fail(at, [
        `The invoices' payments from this advance add up to ${money(sum)}, more than the advance (${money(advance.amountMinor)}).`,
      ]);
    }
  }
  return advances;
}

/** An advance as the export file has it: the amount as decimal text in the currency's exponent. */
export function exportedAdvance(row: {
  id: string;
  clientId: string;
  currency: string;
  amountMinor: number;
  receivedOn: string;
  method: string;
  reference: string;
  note: string;
  source: string;
  gstRatePercent: number | null;
  placeOfSupply: string | null;
  taxSplit: string | null;
  voucherNumber: string | null;
  createdAt: Date;
}) {
  return {
    id: row.id,
    clientId: row.clientId,
    currency: row.currency,
    amount: formatScaled(Number(row.amountMinor), currencyOf(row.currency).exponent),
    receivedOn: row.receivedOn,
    method: row.method,
    reference: row.reference,
    note: row.note,
    source: row.source,
    gst:
      row.gstRatePercent !== null
        ? {
            ratePercent: row.gstRatePercent,
            placeOfSupply: row.placeOfSupply,
            split: row.taxSplit,
            voucherNumber: row.voucherNumber,
          }
        : null,
    createdAt: row.createdAt.toISOString(),
  };
}
