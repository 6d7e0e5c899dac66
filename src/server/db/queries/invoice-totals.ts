import { eq, sql } from "drizzle-orm";
import { invoiceBalanceDueMinor, type StoredStatus } from "#domain/status";
import type { Db } from "../client";
import { invoiceDueBalances, invoiceMonthTotals, invoices } from "../schema";
import { balanceDueSql, invoiceStatusColumns } from "./status";

// The dashboard's sums (docs/decisions/0013-dashboard-totals.md): one row per user, invoice
// month, currency, stored status and due month, changed in the same transaction as the invoice.

/** What one invoice adds to the totals. */
export interface InvoiceContribution {
  currency: string;
  status: StoredStatus;
  invoiceDate: string;
  dueDate: string | null;
  totalMinor: number;
  /** What the invoice has received (0 for rows written before payments were kept). */
  amountPaidMinor?: number;
}

const NEVER_OVERDUE = "infinity";

interface Key {
  month: string;
  currency: string;
  status: StoredStatus;
  dueMonth: string;
}

const monthOf = (isoDate: string) => `${isoDate.slice(0, 7)}-01`;

function keyOf(c: InvoiceContribution): Key {
  return {
    month: monthOf(c.invoiceDate),
    currency: c.currency,
    status: c.status,
    dueMonth: c.status === "due" && c.dueDate ? monthOf(c.dueDate) : NEVER_OVERDUE,
  };
}

const keyText = (k: Key) => `${k.month}|${k.currency}|${k.status}|${k.dueMonth}`;

/**
 * Moves the totals from an invoice's old contribution to its new one (null: none, for a new or a
 * deleted invoice). Call in the transaction that changes the invoice. Keys are written in sorted
 * order, so two transactions always lock shared rows in the same order; a row that falls to no
 * invoice is removed.
 */
export async function applyInvoiceTotals(
  tx: Db,
  businessId: string,
  before: InvoiceContribution | null,
  after: InvoiceContribution | null,
): Promise<void> {
  await applyDueBalances(tx, businessId, before, after);
  const deltas = new Map<string, Key & { count: number; totalMinor: number; paidMinor: number }>();
  const addDelta = (c: InvoiceContribution, sign: 1 | -1) => {
    const key = keyOf(c);
    const entry = deltas.get(keyText(key)) ?? { ...key, count: 0, totalMinor: 0, paidMinor: 0 };
    entry.count += sign;
    entry.totalMinor += sign * Number(c.totalMinor);
    entry.paidMinor += sign * Number(c.amountPaidMinor ?? 0);
    deltas.set(keyText(key), entry);
  };
  if (before) addDelta(before, -1);
  if (after) addDelta(after, 1);
  const changes = changedRows(deltas, (d) => [d.count, d.totalMinor, d.paidMinor]);
  if (changes.length === 0) return;

  const values = sql.join(
    changes.map(
      (d) =>
        sql`(${businessId}, ${d.month}::date, ${d.currency}, ${d.status}, ${d.dueMonth}::date, ${d.count}::int, ${d.totalMinor}::bigint, ${d.paidMinor}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${invoiceMonthTotals} as t (business_id, month, currency, status, due_month, count, total_minor, paid_minor)
    values ${values}
    on conflict (business_id, month, currency, status, due_month) do update
      set count = t.count + excluded.count, total_minor = t.total_minor + excluded.total_minor,
        paid_minor = t.paid_minor + excluded.paid_minor`);

  const emptied = changes.filter((d) => d.count < 0);
  if (emptied.length > 0) {
    const keys = sql.join(
      emptied.map((d) => sql`(${d.month}::date, ${d.currency}, ${d.status}, ${d.dueMonth}::date)`),
      sql`, `,
    );
    await tx.execute(sql`
      delete from ${invoiceMonthTotals}
      where business_id = ${businessId} and count = 0 and (month, currency, status, due_month) in (${keys})`);
  }
}

/**
 * Moves the due balances (what due invoices still owe, per currency, due date and paid > 0: the
 * status rule's axes) from an invoice's old contribution to its new one, like applyInvoiceTotals,
 * in the same transaction.
 */
async function applyDueBalances(
  tx: Db,
  businessId: string,
  before: InvoiceContribution | null,
  after: InvoiceContribution | null,
): Promise<void> {
  type Delta = {
    currency: string;
    dueDate: string;
    partPaid: boolean;
    count: number;
    total: number;
    balance: number;
  };
  const deltas = new Map<string, Delta>();
  const addDelta = (c: InvoiceContribution | null, sign: 1 | -1) => {
    if (c?.status !== "due") return;
    const dueDate = c.dueDate ?? NEVER_OVERDUE;
    const paid = Number(c.amountPaidMinor ?? 0);
    const partPaid = paid > 0;
    const key = `${c.currency}|${dueDate}|${partPaid}`;
    const entry = deltas.get(key) ?? {
      currency: c.currency,
      dueDate,
      partPaid,
      count: 0,
      total: 0,
      balance: 0,
    };
    entry.count += sign;
    entry.total += sign * Number(c.totalMinor);
    entry.balance += sign * invoiceBalanceDueMinor(c.status, Number(c.totalMinor), paid);
    deltas.set(key, entry);
  };
  addDelta(before, -1);
  addDelta(after, 1);
  const changes = changedRows(deltas, (d) => [d.count, d.total, d.balance]);
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map(
      (d) =>
        sql`(${businessId}, ${d.currency}, ${d.dueDate}::date, ${d.partPaid}::boolean, ${d.count}::int, ${d.total}::bigint, ${d.balance}::bigint)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    insert into ${invoiceDueBalances} as t (business_id, currency, due_date, part_paid, count, total_minor, balance_minor)
    values ${values}
    on conflict (business_id, currency, due_date, part_paid) do update
      set count = t.count + excluded.count, total_minor = t.total_minor + excluded.total_minor,
        balance_minor = t.balance_minor + excluded.balance_minor`);
  const emptied = changes.filter((d) => d.count < 0);
  if (emptied.length > 0) {
    const keys = sql.join(
      emptied.map((d) => sql`(${d.currency}, ${d.dueDate}::date, ${d.partPaid}::boolean)`),
      sql`, `,
    );
    await tx.execute(sql`
      delete from ${invoiceDueBalances}
      where business_id = ${businessId} and count = 0 and (currency, due_date, part_paid) in (${keys})`);
  }
}

/** Recomputes the user's totals from their invoices (after an import or clearing their data). */
export async function rebuildInvoiceTotals(tx: Db, businessId: string): Promise<void> {
  await tx.delete(invoiceDueBalances).where(eq(invoiceDueBalances.businessId, businessId));
  await tx.execute(sql`
    insert into ${invoiceDueBalances} (business_id, currency, due_date, part_paid, count, total_minor, balance_minor)
    select business_id, currency, coalesce(due_date, 'infinity'::date), ${invoiceStatusColumns.partPaid}, count(*)::int,
      sum(total_minor)::bigint, sum(${balanceDueSql()})::bigint
    from ${invoices}
    where business_id = ${businessId} and status = 'due'
    group by 1, 2, 3, 4`);
  await tx.delete(invoiceMonthTotals).where(eq(invoiceMonthTotals.businessId, businessId));
  await tx.execute(sql`
    insert into ${invoiceMonthTotals} (business_id, month, currency, status, due_month, count, total_minor, paid_minor)
    select business_id, date_trunc('month', invoice_date)::date, currency, status,
      case when status = 'due' and due_date is not null
        then date_trunc('month', due_date)::date else 'infinity'::date end,
      count(*)::int, sum(total_minor)::bigint, sum(amount_paid_minor)::bigint
    from ${invoices}
    where business_id = ${businessId}
    group by 1, 2, 3, 4, 5`);
}

/**
 * The aggregate rows a change moves, in key order (so two transactions lock the same rows in the
 * same order), without those whose figures all net to zero.
 */
function changedRows<T>(deltas: Map<string, T>, figures: (d: T) => number[]): T[] {
  return [...deltas.entries()]
    .filter(([, d]) => figures(d).some((n) => n !== 0))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, d]) => d);
}
