import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { StoredStatus } from "../../../domain/status";
import { type Db, queryRows } from "../client";
import { invoices, productServices } from "../schema";
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
 * The user's invoices grouped in one pass over their rows; every dashboard figure is a sum of
 * these few buckets, so the cost stays one scan however many figures the page shows.
 */
export async function invoiceBuckets(db: Db, userId: string, today: string): Promise<InvoiceBucket[]> {
  const rows = await queryRows<{
    currency: string;
    month: string;
    status: StoredStatus;
    overdue: boolean;
    count: number;
    amount: string;
  }>(
    db,
    sql`select currency, to_char(invoice_date, 'YYYY-MM') as month, status,
          (status = 'due' and due_date is not null and due_date < ${today}::date) as overdue,
          count(*)::int as count, sum(total_minor)::text as amount
        from ${invoices}
        where user_id = ${userId}
        group by 1, 2, 3, 4`,
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
