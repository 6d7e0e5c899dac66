import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { StoredStatus } from "../../../domain/status";
import { type Db, queryRows } from "../client";
import { invoiceMonthTotals, invoices, productServices } from "../schema";
import { type InvoiceSummaryRow, summaryColumns } from "./invoices";

/** Invoices of one currency, month ("YYYY-MM" of the invoice date) and status, summed. */
export interface InvoiceBucket {
  currency: string;
  month: string;
  status: StoredStatus;
  /** Due with a due date before today (only ever true for status "due"). */
  overdue: boolean;
  count: number;
  amountMinor: number;
}

/**
 * The user's invoices in these few buckets, read from the totals kept with every invoice change
 * (./invoice-totals.ts) rather than from the invoices, so the cost does not grow with them.
 * "Overdue" depends on today: totals whose due month is before this month are overdue, later
 * ones are not, and for this month the invoices due before today are read through the
 * (user, status, due date) index and moved from due to overdue.
 */
export async function invoiceBuckets(db: Db, userId: string, today: string): Promise<InvoiceBucket[]> {
  const monthStart = `${today.slice(0, 7)}-01`;
  const rows = await queryRows<{
    currency: string;
    month: string;
    status: StoredStatus;
    overdue: boolean;
    count: number;
    amount: string;
  }>(
    db,
    sql`with split as (
          select currency, date_trunc('month', invoice_date)::date as month,
            count(*)::int as count, sum(total_minor)::bigint as amount
          from ${invoices}
          where user_id = ${userId} and status = 'due'
            and due_date >= ${monthStart}::date and due_date < ${today}::date
          group by 1, 2
        ), parts as (
          select currency, month, status, due_month < ${monthStart}::date as overdue,
            count, total_minor as amount
          from ${invoiceMonthTotals}
          where user_id = ${userId}
          union all
          select currency, month, 'due', true, count, amount from split
          union all
          select currency, month, 'due', false, -count, -amount from split
        )
        select currency, to_char(month, 'YYYY-MM') as month, status, overdue,
          sum(count)::int as count, sum(amount)::text as amount
        from parts
        group by 1, 2, 3, 4
        having sum(count) <> 0`,
  );
  return rows.map((r) => ({
    currency: r.currency,
    month: r.month,
    status: r.status,
    overdue: r.overdue,
    count: Number(r.count),
    amountMinor: Number(r.amount),
  }));
}

export async function recentInvoices(db: Db, userId: string, limit: number): Promise<InvoiceSummaryRow[]> {
  const rows = await db
    .select(summaryColumns)
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(desc(invoices.invoiceDate), desc(invoices.createdAt), desc(invoices.id))
    .limit(limit);
  return rows as InvoiceSummaryRow[];
}

/** Tracked products at or under their low-stock level, emptiest first. */
export async function lowStockProducts(db: Db, userId: string, limit: number) {
  return db
    .select({
      id: productServices.id,
      name: productServices.name,
      unit: productServices.unit,
      availableQuantity: productServices.availableQuantity,
      lowStockLevel: productServices.lowStockLevel,
    })
    .from(productServices)
    .where(
      and(
        eq(productServices.userId, userId),
        isNotNull(productServices.availableQuantity),
        isNotNull(productServices.lowStockLevel),
        sql`${productServices.availableQuantity} <= ${productServices.lowStockLevel}`,
      ),
    )
    .orderBy(asc(productServices.availableQuantity), asc(sql`lower(${productServices.name})`))
    .limit(limit);
}
