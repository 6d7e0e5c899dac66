import { type SQL, sql } from "drizzle-orm";
import type { StoredStatus } from "../../../domain/status";
import { type Db, queryRows } from "../client";
import { invoiceMonthTotals, invoices, productServices, userCredits } from "../schema";
import type { InvoiceSummaryRow } from "./invoices";

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
  return (await queryRows<BucketRow>(db, bucketsQuery(userId, today))).map(bucketOf);
}

interface BucketRow {
  currency: string;
  month: string;
  status: StoredStatus;
  overdue: boolean;
  count: number;
  amount: string;
}

const bucketOf = (r: BucketRow): InvoiceBucket => ({
  currency: r.currency,
  month: r.month,
  status: r.status,
  overdue: r.overdue,
  count: Number(r.count),
  amountMinor: Number(r.amount),
});

function bucketsQuery(userId: string, today: string): SQL {
  const monthStart = `${today.slice(0, 7)}-01`;
  return sql`with split as (
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
    having sum(count) <> 0`;
}

export interface LowStockRow {
  id: string;
  name: string;
  unit: string;
  availableQuantity: string | null;
  lowStockLevel: string | null;
}

/**
 * Everything the dashboard reads but the settings, in one statement (one round trip): the
 * buckets, the 5 latest invoices, up to 10 low-stock products and the credit balance (null for
 * a user without a balance row yet).
 */
export async function dashboardData(db: Db, userId: string, today: string) {
  const [row] = await queryRows<{
    buckets: BucketRow[];
    recent: (Omit<InvoiceSummaryRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string })[];
    low_stock: LowStockRow[];
    credits: number | null;
  }>(
    db,
    sql`with buckets as (${bucketsQuery(userId, today)}),
      recent as (
        select id, invoice_number as "invoiceNumber", status, client_id as "clientId",
          client_name as "clientName", currency, total_minor as "totalMinor",
          invoice_date as "invoiceDate", due_date as "dueDate", payment_date as "paymentDate",
          created_at as "createdAt", updated_at as "updatedAt"
        from ${invoices}
        where user_id = ${userId}
        order by invoice_date desc, created_at desc, id desc
        limit 5
      ),
      low_stock as (
        select id, name, unit, available_quantity::text as "availableQuantity",
          low_stock_level::text as "lowStockLevel", available_quantity as quantity
        from ${productServices}
        where user_id = ${userId} and available_quantity is not null
          and low_stock_level is not null and available_quantity <= low_stock_level
        order by available_quantity asc, lower(name) asc
        limit 10
      )
    select
      (select coalesce(json_agg(b), '[]') from buckets b) as buckets,
      (select coalesce(json_agg(r order by r."invoiceDate" desc, r."createdAt" desc, r.id desc), '[]')
        from recent r) as recent,
      (select coalesce(json_agg(p order by p.quantity asc, lower(p.name) asc), '[]')
        from low_stock p) as low_stock,
      (select credits from ${userCredits} where user_id = ${userId}) as credits`,
  );
  return {
    buckets: row.buckets.map(bucketOf),
    recent: row.recent.map(
      (r): InvoiceSummaryRow => ({
        ...r,
        totalMinor: Number(r.totalMinor),
        createdAt: new Date(r.createdAt),
        updatedAt: new Date(r.updatedAt),
      }),
    ),
    lowStock: row.low_stock.map(({ id, name, unit, availableQuantity, lowStockLevel }) => ({
      id,
      name,
      unit,
      availableQuantity,
      lowStockLevel,
    })),
    credits: row.credits === null ? null : Number(row.credits),
  };
}
