import { and, asc, eq, gte, inArray, lte, ne, sql } from "drizzle-orm";
import type { PaymentMethod } from "#domain/payments";
import { readTallyMapping, type TallyMapping } from "#domain/tally/mapping";
import type { Db } from "../client";
import { invoicePayments, invoices, tallyLedgerMappings } from "../schema";

// What the Tally export reads besides the GST returns' own queries (decision 0080): the saved
// ledger names, and the payments received in a date range with their invoice.

export async function readTallyMappingRow(db: Db, businessId: string): Promise<TallyMapping> {
  const [row] = await db
    .select({ mapping: tallyLedgerMappings.mapping })
    .from(tallyLedgerMappings)
    .where(eq(tallyLedgerMappings.businessId, businessId));
  return readTallyMapping(row?.mapping);
}

export async function saveTallyMapping(db: Db, businessId: string, mapping: TallyMapping): Promise<void> {
  await db
    .insert(tallyLedgerMappings)
    .values({ businessId, mapping })
    .onConflictDoUpdate({
      target: tallyLedgerMappings.businessId,
      set: { mapping, updatedAt: sql`now()` },
    });
}

export interface ReceiptRow {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  currency: string;
  invoiceData: unknown;
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  /** 1 for the invoice's first payment (by date, creation, id), counting every money payment. */
  sequence: number;
}

/**
 * Money received in [from, to] (payment dates) with its invoice: not a credit note's share of the
 * balance, which is no money (decision 0037) and goes to Tally as the credit note itself.
 */
export async function receiptsBetween(
  db: Db,
  businessId: string,
  range: { from: string; to: string },
): Promise<ReceiptRow[]> {
  const moneyOfBusiness = and(
    eq(invoicePayments.businessId, businessId),
    ne(invoicePayments.source, "credit_note"),
  );
  const inRange = and(
    moneyOfBusiness,
    gte(invoicePayments.paidOn, range.from),
    lte(invoicePayments.paidOn, range.to),
  );
  // Each payment's place among its invoice's payments, counted over only the invoices paid in range.
  const paidInvoices = db.select({ id: invoicePayments.invoiceId }).from(invoicePayments).where(inRange);
  const ranked = db
    .select({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      amountMinor: invoicePayments.amountMinor,
      paidOn: invoicePayments.paidOn,
      method: invoicePayments.method,
      reference: invoicePayments.reference,
      sequence:
        sql<number>`row_number() over (partition by ${invoicePayments.invoiceId} order by ${invoicePayments.paidOn}, ${invoicePayments.createdAt}, ${invoicePayments.id})`
          .mapWith(Number)
          .as("sequence"),
    })
    .from(invoicePayments)
    .where(and(moneyOfBusiness, inArray(invoicePayments.invoiceId, paidInvoices)))
    .as("ranked");
  const rows = await db
    .select({
      id: ranked.id,
      invoiceId: ranked.invoiceId,
      invoiceNumber: invoices.invoiceNumber,
      currency: invoices.currency,
      invoiceData: invoices.invoiceData,
      amountMinor: ranked.amountMinor,
      paidOn: ranked.paidOn,
      method: ranked.method,
      reference: ranked.reference,
      sequence: ranked.sequence,
    })
    .from(ranked)
    .innerJoin(invoices, and(eq(invoices.id, ranked.invoiceId), eq(invoices.businessId, businessId)))
    .where(and(gte(ranked.paidOn, range.from), lte(ranked.paidOn, range.to)))
    .orderBy(asc(ranked.paidOn), asc(ranked.id));
  return rows as ReceiptRow[];
}
