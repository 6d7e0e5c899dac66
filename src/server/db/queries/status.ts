import { type SQL, sql } from "drizzle-orm";
import {
  type DisplayStatus,
  type DueSide,
  STORED_STATUSES,
  type StoredStatus,
  statusCells,
} from "#domain/status";
import { invoiceDueBalances, invoices } from "../schema";

// The status rule of #domain/status (STATUS_TABLE) as SQL, built from the table itself so the two
// cannot drift: the shown status as a CASE, and the WHERE of a filter on a shown status. Statuses
// are written into the statement, not sent as values, so a plan made once can use the partial
// index on status = 'due' (decision 0042). status-rule.test.ts checks SQL and domain agree.

/** The columns the rule reads: the stored status, the due date (null or 'infinity': none), paid > 0. */
export interface StatusColumns {
  status: unknown;
  dueDate: unknown;
  /** A boolean expression: the invoice has received something. */
  partPaid: SQL;
}

export const invoiceStatusColumns: StatusColumns = {
  status: invoices.status,
  dueDate: invoices.dueDate,
  partPaid: sql`(${invoices.amountPaidMinor} > 0)`,
};

/**
 * The due balances (invoice-totals.ts) hold only due invoices, keyed by the rule's other two axes:
 * the rule reads them as it reads invoices.
 */
export const dueBalanceStatusColumns: StatusColumns = {
  status: sql`'due'`,
  dueDate: invoiceDueBalances.dueDate,
  partPaid: sql`${invoiceDueBalances.partPaid}`,
};

/** `dueSide(dueDate, today) === side` of #domain/status: past once the due date is before today. */
export function dueSideSql(dueDate: unknown, today: unknown, side: DueSide): SQL {
  return side === "past"
    ? sql`(${dueDate} is not null and ${dueDate} < ${today})`
    : sql`(${dueDate} is null or ${dueDate} >= ${today})`;
}

const literal = (value: string) => sql.raw(`'${value}'`);

/** The cells of the table that show `shown`, grouped by stored status. */
function cellsShowing(shown: DisplayStatus) {
  const cells = statusCells();
  return STORED_STATUSES.map((status) => {
    const own = cells.filter((c) => c.status === status);
    return { status, all: own.every((c) => c.shown === shown), cells: own.filter((c) => c.shown === shown) };
  }).filter((g) => g.cells.length > 0);
}

/** The stored statuses with some invoice showing `shown`. */
export function storedStatusesShowing(shown: DisplayStatus): StoredStatus[] {
  return cellsShowing(shown).map((g) => g.status);
}

/** The shown statuses that are exactly one stored status, whatever the date and payments. */
export function isWholeStoredStatus(shown: DisplayStatus): boolean {
  const groups = cellsShowing(shown);
  return groups.length === 1 && groups[0]!.all && groups[0]!.status === shown;
}

/** Within one stored status, the condition on side and payments of these cells. */
function cellsCondition(cols: StatusColumns, today: unknown, cells: ReturnType<typeof statusCells>): SQL {
  const bySide = (["not_past", "past"] as const).map((side) => {
    const own = cells.filter((c) => c.side === side);
    if (own.length === 0) return undefined;
    if (own.length === 2) return dueSideSql(cols.dueDate, today, side);
    return sql`(${dueSideSql(cols.dueDate, today, side)} and ${own[0]!.partPaid ? cols.partPaid : sql`not ${cols.partPaid}`})`;
  });
  const parts = bySide.filter((p): p is SQL => p !== undefined);
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * Rows whose shown status is `shown` on `today`. `storedValue` may stand for the stored status
 * (a placeholder shared by the statuses that are one stored status whole: draft, paid, cancelled).
 */
export function displayStatusWhere(
  shown: DisplayStatus,
  today: unknown,
  cols: StatusColumns = invoiceStatusColumns,
  storedValue?: unknown,
): SQL {
  const groups = cellsShowing(shown);
  if (groups.length === 0) return sql`false`;
  const parts = groups.map((g) => {
    const isStatus = sql`${cols.status} = ${g.all && storedValue !== undefined ? storedValue : literal(g.status)}`;
    return g.all ? isStatus : sql`(${isStatus} and ${cellsCondition(cols, today, g.cells)})`;
  });
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** The shown status of each row as a CASE over the table's cells. */
export function displayStatusSql(
  today: unknown,
  cols: StatusColumns = invoiceStatusColumns,
): SQL<DisplayStatus> {
  const cells = statusCells();
  const shownValues = [...new Set(cells.map((c) => c.shown))];
  const branches = shownValues.map(
    (shown) => sql`when ${displayStatusWhere(shown, today, cols)} then ${literal(shown)}`,
  );
  return sql<DisplayStatus>`(case ${sql.join(branches, sql` `)} end)`;
}

/**
 * `invoiceBalanceDueMinor` of #domain/status: what a due invoice still owes, never negative;
 * 0 for any other status.
 */
export function balanceDueSql(
  status: unknown = invoices.status,
  totalMinor: unknown = invoices.totalMinor,
  amountPaidMinor: unknown = invoices.amountPaidMinor,
): SQL<number> {
  return sql<number>`(case when ${status} = 'due' then greatest(${totalMinor} - ${amountPaidMinor}, 0) else 0 end)`;
}
