import { type SQL, sql } from "drizzle-orm";
import { addDays } from "#domain/dates";
import { financialYearMonths } from "#domain/document-number";
import { AGEING_LIMITS } from "#domain/payments";
import type { DisplayStatus, StoredStatus } from "#domain/status";
import type { Db } from "../client";
import { preparedRows } from "../prepared";
import {
  invoiceDueBalances,
  invoiceMonthTotals,
  invoicePayments,
  invoices,
  productServices,
  receivedMonthTotals,
  userCredits,
} from "../schema";
import type { InvoiceSummaryRow } from "./invoices";
import { displayStatusSql, dueBalanceStatusColumns, dueSideSql } from "./status";
import { lowStockSql } from "./stock";

/** Invoices of one currency, month ("YYYY-MM" of the invoice date) and status, summed. */
export interface InvoiceBucket {
  currency: string;
  month: string;
  status: StoredStatus;
  /** Due with a due date before today (only ever true for status "due"). */
  overdue: boolean;
  count: number;
  amountMinor: number;
  /** What these invoices have received (part payments of due ones; all of paid ones). */
  paidMinor: number;
}

/** [currency, month (first day), status, overdue, count, total, paid] of one totals row. */
type TotalsRow = [string, string, StoredStatus, boolean, number, number, number];
/** [currency, invoice month (first day), total, paid] of one invoice due this month before today. */
type DueRow = [string, string, number, number];

/**
 * The user's invoices in these few buckets, from the totals kept with every invoice change
 * (./invoice-totals.ts) rather than from the invoices, so the cost does not grow with them.
 * "Overdue" depends on today: totals whose due month is before this month are overdue, later
 * ones are not, and the invoices due this month before today (read through the
 * (user, status, due date) index) move from due to overdue.
 */
function bucketsOf(totals: TotalsRow[], dueThisMonth: DueRow[]): InvoiceBucket[] {
  const buckets = new Map<string, InvoiceBucket>();
  const add = (
    currency: string,
    month: string,
    status: StoredStatus,
    overdue: boolean,
    count: number,
    amount: number,
    paid: number,
  ) => {
    const key = `${currency}|${month}|${status}|${overdue}`;
    const bucket = buckets.get(key) ?? {
      currency,
      month: month.slice(0, 7),
      status,
      overdue,
      count: 0,
      amountMinor: 0,
      paidMinor: 0,
    };
    bucket.count += count;
    bucket.amountMinor += Number(amount);
    bucket.paidMinor += Number(paid ?? 0);
    buckets.set(key, bucket);
  };
  for (const [currency, month, status, overdue, count, amount, paid] of totals) {
    add(currency, month, status, overdue, count, amount, paid);
  }
  for (const [currency, month, amount, paid] of dueThisMonth) {
    add(currency, month, "due", false, -1, -amount, -paid);
    add(currency, month, "due", true, 1, amount, paid);
  }
  return [...buckets.values()].filter((b) => b.count !== 0);
}

/** The values of bucketColumns' statement: the user, their today and the first day of its month. */
function bucketValues(businessId: string, today: string) {
  return { businessId, today, monthStart: `${today.slice(0, 7)}-01` };
}

/** Reads the totals and the invoices due this month before today (the values of bucketValues). */
function bucketColumns(): SQL {
  const businessId = sql.placeholder("businessId");
  const monthStart = sql.placeholder("monthStart");
  const today = sql.placeholder("today");
  return sql`(select coalesce(json_agg(json_build_array(currency, month, status,
          due_month < ${monthStart}::date, count, total_minor, paid_minor)), '[]')
        from ${invoiceMonthTotals} where business_id = ${businessId}) as totals,
      (select coalesce(json_agg(json_build_array(currency,
          date_trunc('month', invoice_date)::date, total_minor, amount_paid_minor)), '[]')
        from ${invoices}
        where business_id = ${businessId} and status = 'due'
          and due_date >= ${monthStart}::date and ${dueSideSql(invoices.dueDate, sql`${today}::date`, "past")}) as due_this_month`;
}

const bucketRows = preparedRows<{ totals: TotalsRow[]; due_this_month: DueRow[] }>(
  "invoice_buckets",
  sql`select ${bucketColumns()}`,
);

export async function invoiceBuckets(db: Db, businessId: string, today: string): Promise<InvoiceBucket[]> {
  const [row] = await bucketRows(db, bucketValues(businessId, today));
  return bucketsOf(row!.totals, row!.due_this_month);
}

export interface LowStockRow {
  id: string;
  name: string;
  unit: string;
  availableQuantity: string | null;
  lowStockLevel: string | null;
}

/** [currency, balance not yet overdue, then overdue up to each limit, then beyond the last]. */
type BalanceRow = [string, number, number, number, number, number];
/**
 * [currency, month ("YYYY-MM" of the payment date), received, invoices paid]; the month is null
 * on the row of the financial year so far.
 */
type ReceivedRow = [string, string | null, number, number];
/** [currency, shown status, count, total] of the due invoices, by the status rule. */
type DueStatusRow = [string, DisplayStatus, number, number];

/**
 * What the user's clients owe, by currency and ageing bucket (limit1..3: the first due date still
 * within each bucket, from the domain's AGEING_LIMITS), from the due balances kept with every
 * invoice change (./invoice-totals.ts: a few rows per due date, not one per invoice); the money
 * received per month since the revenue chart's first month and since the financial year began;
 * and the due invoices by the status they show (the status rule's SQL over the due balances).
 */
function receivablesColumns(): SQL {
  const today = sql.placeholder("today");
  const [limit1, limit2, limit3] = [
    sql.placeholder("limit1"),
    sql.placeholder("limit2"),
    sql.placeholder("limit3"),
  ];
  const notPast = dueSideSql(sql.raw("due_date"), sql`${today}::date`, "not_past");
  const past = dueSideSql(sql.raw("due_date"), sql`${today}::date`, "past");
  const inYear = sql`month >= ${sql.placeholder("yearStart")}::date`;
  return sql`(select coalesce(json_agg(json_build_array(currency, b0, b1, b2, b3, b4)), '[]') from (
        select currency,
          coalesce(sum(balance_minor) filter (where ${notPast}), 0)::float8 as b0,
          coalesce(sum(balance_minor) filter (where ${past} and due_date >= ${limit1}::date), 0)::float8 as b1,
          coalesce(sum(balance_minor) filter (where due_date < ${limit1}::date and due_date >= ${limit2}::date), 0)::float8 as b2,
          coalesce(sum(balance_minor) filter (where due_date < ${limit2}::date and due_date >= ${limit3}::date), 0)::float8 as b3,
          coalesce(sum(balance_minor) filter (where due_date < ${limit3}::date), 0)::float8 as b4
        from ${invoiceDueBalances}
        where business_id = ${sql.placeholder("businessId")}
        group by currency) b) as balances,
      (select coalesce(json_agg(json_build_array(currency, month, amount, invoices)), '[]') from (
        select currency, to_char(month, 'YYYY-MM') as month, amount::float8, invoices from received
        union all
        select currency, null, coalesce(sum(amount) filter (where ${inYear}), 0)::float8,
          coalesce(sum(new_in_year) filter (where ${inYear}), 0)::int
        from received group by currency) r) as received,
      (select coalesce(json_agg(json_build_array(currency, shown, count, total)), '[]') from (
        select currency, ${displayStatusSql(sql`${today}::date`, dueBalanceStatusColumns)} as shown,
          sum(count)::int as count, sum(total_minor)::float8 as total
        from ${invoiceDueBalances}
        where business_id = ${sql.placeholder("businessId")}
        group by 1, 2) s) as due_statuses`;
}

/**
 * The money received per currency and month from the revenue chart's first month (or the year's
 * start) to today: the months before this one as kept by the payments' triggers (migration 0021,
 * received_month_totals), this month to today from its payments. Never a credit note's share, which
 * lowers a balance but brings no money in (decision 0037). `new_in_year`: the month's invoices that
 * received nothing earlier in the financial year, so the year's count is their sum.
 */
const received = sql`received as (
        select currency, month, amount_minor as amount, invoices, new_in_year
        from ${receivedMonthTotals}
        where business_id = ${sql.placeholder("businessId")}
          and month >= ${sql.placeholder("receivedFrom")}::date and month < ${sql.placeholder("monthStart")}::date
        union all
        select i.currency, ${sql.placeholder("monthStart")}::date, sum(p.amount_minor), count(distinct p.invoice_id),
          count(distinct p.invoice_id) filter (where not exists (
            select 1 from ${invoicePayments} e
            where e.invoice_id = p.invoice_id and e.source <> 'credit_note'
              and e.paid_on >= ${sql.placeholder("yearStart")}::date and e.paid_on < ${sql.placeholder("monthStart")}::date))
        from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id
        where p.business_id = ${sql.placeholder("businessId")} and p.source <> 'credit_note'
          and p.paid_on >= ${sql.placeholder("monthStart")}::date and p.paid_on <= ${sql.placeholder("today")}::date
        group by i.currency
      )`;

/** The values of the dashboard statement: bucketValues, the ageing limits and the year's start. */
function dashboardValues(businessId: string, today: string) {
  const [limit1, limit2, limit3] = AGEING_LIMITS.map((days) => addDays(today, -days));
  return {
    ...bucketValues(businessId, today),
    limit1,
    limit2,
    limit3,
    yearStart: `${financialYearMonths(today).first}-01`,
    // The revenue chart's first month, or the financial year's start if earlier.
    receivedFrom: [
      `${lastTwelveMonths(today.slice(0, 7))[0]}-01`,
      `${financialYearMonths(today).first}-01`,
    ].sort()[0],
  };
}

const dashboardRows = preparedRows<{
  totals: TotalsRow[];
  due_this_month: DueRow[];
  recent: (Omit<InvoiceSummaryRow, "createdAt" | "updatedAt"> & { createdAt: string; updatedAt: string })[];
  low_stock: LowStockRow[];
  credits: number | null;
  balances: BalanceRow[];
  received: ReceivedRow[];
  due_statuses: DueStatusRow[];
}>(
  "dashboard",
  sql`with ${received},
      recent as (
        select id, invoice_number as "invoiceNumber", status, client_id as "clientId",
          client_name as "clientName", currency, total_minor as "totalMinor",
          invoice_date as "invoiceDate", due_date as "dueDate", payment_date as "paymentDate",
          amount_paid_minor::float8 as "amountPaidMinor", open_reports as "openReports",
          created_at as "createdAt", updated_at as "updatedAt"
        from ${invoices}
        where business_id = ${sql.placeholder("businessId")}
        order by invoice_date desc, created_at desc, id desc
        limit 5
      ),
      low_stock as (
        select id, name, unit, available_quantity::text as "availableQuantity",
          low_stock_level::text as "lowStockLevel", available_quantity as quantity
        from ${productServices}
        where business_id = ${sql.placeholder("businessId")} and ${lowStockSql}
        order by available_quantity asc, lower(name) asc
        limit 10
      )
    select
      ${bucketColumns()},
      (select coalesce(json_agg(r order by r."invoiceDate" desc, r."createdAt" desc, r.id desc), '[]')
        from recent r) as recent,
      (select coalesce(json_agg(p order by p.quantity asc, lower(p.name) asc), '[]')
        from low_stock p) as low_stock,
      (select credits from ${userCredits} where business_id = ${sql.placeholder("businessId")}) as credits,
      ${receivablesColumns()}`,
);

/**
 * Everything the dashboard reads but the settings, in one statement (one round trip): the
 * buckets, the 5 latest invoices, up to 10 low-stock products, the credit balance (null for a
 * user without a balance row yet) and the receivables.
 */
export async function dashboardData(db: Db, businessId: string, today: string) {
  const [row] = await dashboardRows(db, dashboardValues(businessId, today));
  if (!row) throw new Error("The dashboard's statement answered no row");
  return {
    buckets: bucketsOf(row.totals, row.due_this_month),
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
    dueStatuses: row.due_statuses.map(([currency, status, count, total]) => ({
      currency,
      status,
      count: Number(count),
      amountMinor: Number(total),
    })),
    received: {
      months: row.received.flatMap(([currency, month, amount, count]) =>
        month === null ? [] : [{ currency, month, amountMinor: Number(amount), count: Number(count) }],
      ),
      year: row.received.flatMap(([currency, month, amount, count]) =>
        month === null ? [{ currency, amountMinor: Number(amount), count: Number(count) }] : [],
      ),
    },
    receivables: {
      balances: row.balances.map(([currency, ...buckets]) => ({ currency, buckets: buckets.map(Number) })),
    },
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
export type Receivables = DashboardData["receivables"];
export type Received = DashboardData["received"];
export type DueStatusTotal = DashboardData["dueStatuses"][number];

/** "2026-11" and the 11 months before it, oldest first. */
export function lastTwelveMonths(month: string): string[] {
  const [year, m] = month.split("-").map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year!, m! - 1 - (11 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}
