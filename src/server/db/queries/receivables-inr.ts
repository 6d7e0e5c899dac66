import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoices } from "../schema";

// The dashboard's receivables in rupees for invoices in other currencies (decision 0089): each due
// invoice's balance at its own invoice rate (its rupee value in proportion to what is still owed),
// summed per currency. Invoices without a rate are counted apart, so the page can say so.

export interface ForeignReceivable {
  currency: string;
  /** Balance due in paise at the invoices' own rates (those with a rate). */
  outstandingInrMinor: number;
  /** Due invoices of this currency that have no rate, so no rupee value. */
  withoutRate: number;
}

export async function foreignReceivablesInRupees(db: Db, businessId: string): Promise<ForeignReceivable[]> {
  const rows = await db
    .select({
      currency: invoices.currency,
      inr: sql<number>`coalesce(sum(round(${invoices.inrTotalMinor}::numeric * (${invoices.totalMinor} - ${invoices.amountPaidMinor}) / nullif(${invoices.totalMinor}, 0))) filter (where ${isNotNull(invoices.inrTotalMinor)}), 0)`.mapWith(
        Number,
      ),
      withoutRate: sql<number>`count(*) filter (where ${invoices.inrTotalMinor} is null)`.mapWith(Number),
    })
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), eq(invoices.status, "due"), ne(invoices.currency, "INR")))
    .groupBy(invoices.currency);
  return rows.map((r) => ({ currency: r.currency, outstandingInrMinor: r.inr, withoutRate: r.withoutRate }));
}
