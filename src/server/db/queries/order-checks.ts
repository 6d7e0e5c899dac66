import { and, asc, eq, gt, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/** An order table reconciliation reads: the credit purchases' and the invoices' own-gateway orders. */
type OrderTable = PgTable & {
  id: PgColumn;
  status: PgColumn;
  providerPaymentId: PgColumn;
  paidAt: PgColumn;
  testMode: PgColumn;
  createdAt: PgColumn;
  lastCheckedAt: PgColumn;
  checkAfter: PgColumn;
};

export interface ReconcileWindow {
  now: Date;
  firstCheckAfterMs: number;
  maxAgeMs: number;
  limit: number;
}

/**
 * Marks the order paid with this payment unless it already is: the conditional UPDATE ...
 * RETURNING lets exactly one caller through (on PostgreSQL the others wait on the row lock and
 * then see it paid). Answers the paid order, or undefined when it was paid before.
 */
export async function markPaidOnce<T extends OrderTable>(
  tx: Db,
  table: T,
  p: { orderId: string; providerPaymentId: string; paidAt: Date },
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await tx
    .update(table as PgTable)
    .set({ status: "paid", providerPaymentId: p.providerPaymentId, paidAt: p.paidAt } as never)
    .where(and(eq(table.id, p.orderId), ne(table.status, "paid")))
    .returning();
  return row as T["$inferSelect"] | undefined;
}

/** Notes that reconciliation asked about the order at `checkedAt` and may ask again at `checkAfter`. */
export async function markChecked(
  db: Db,
  table: OrderTable,
  p: { orderId: string; checkedAt: Date; checkAfter: Date },
): Promise<void> {
  await db
    .update(table)
    .set({ lastCheckedAt: p.checkedAt, checkAfter: p.checkAfter } as never)
    .where(eq(table.id, p.orderId));
}

/**
 * Real-mode orders not yet paid that reconciliation should ask Razorpay about at `now`: those
 * whose next check is due (an order never checked is due `firstCheckAfterMs` after its creation),
 * opened within `maxAgeMs`. The least recently checked come first (never checked before all), so
 * however many abandoned orders there are, each run reaches orders the previous runs did not.
 */
export async function unpaidOrdersDue<T extends OrderTable>(
  db: Db,
  table: T,
  params: ReconcileWindow,
): Promise<T["$inferSelect"][]> {
  const { now } = params;
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(
      and(
        ne(table.status, "paid"),
        eq(table.testMode, false),
        gt(table.createdAt, new Date(now.getTime() - params.maxAgeMs)),
        or(
          lte(table.checkAfter, now),
          and(
            isNull(table.checkAfter),
            lt(table.createdAt, new Date(now.getTime() - params.firstCheckAfterMs)),
          ),
        ),
      ),
    )
    .orderBy(sql`${table.lastCheckedAt} asc nulls first`, asc(table.createdAt))
    .limit(params.limit);
  return rows as T["$inferSelect"][];
}
