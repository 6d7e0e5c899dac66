import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gt, gte, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { creditLedger, paymentOrders, user, userCredits, webhookEvents } from "../schema";

export type PaymentOrder = typeof paymentOrders.$inferSelect;

export async function insertPaymentOrder(
  db: Db,
  order: typeof paymentOrders.$inferInsert,
): Promise<PaymentOrder> {
  const [row] = await db.insert(paymentOrders).values(order).returning();
  return row!;
}

/** The order with this provider id, only when it belongs to this user (the owner check is in the WHERE). */
export async function findUserOrder(db: Db, userId: string, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), eq(paymentOrders.providerOrderId, providerOrderId)));
  return row;
}

/** Webhooks and reconciliation find an order by the provider's id alone; the payload names no user. */
export async function findOrderByProviderId(db: Db, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.providerOrderId, providerOrderId));
  return row;
}

/** How many orders this user opened since `since` (a brake on order spam). */
export async function countOrdersSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(paymentOrders)
    .where(and(eq(paymentOrders.userId, userId), gte(paymentOrders.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Real-mode orders not yet paid that reconciliation should ask Razorpay about at `now`: those
 * whose next check is due (an order never checked is due `firstCheckAfterMs` after its creation),
 * opened within `maxAgeMs`. The least recently checked come first (never checked before all), so
 * however many abandoned orders there are, each run reaches orders the previous runs did not.
 */
export async function listOrdersToReconcile(
  db: Db,
  params: { now: Date; firstCheckAfterMs: number; maxAgeMs: number; limit: number },
) {
  const { now } = params;
  return db
    .select()
    .from(paymentOrders)
    .where(
      and(
        ne(paymentOrders.status, "paid"),
        eq(paymentOrders.testMode, false),
        gt(paymentOrders.createdAt, new Date(now.getTime() - params.maxAgeMs)),
        or(
          lte(paymentOrders.checkAfter, now),
          and(
            isNull(paymentOrders.checkAfter),
            lt(paymentOrders.createdAt, new Date(now.getTime() - params.firstCheckAfterMs)),
          ),
        ),
      ),
    )
    .orderBy(sql`${paymentOrders.lastCheckedAt} asc nulls first`, asc(paymentOrders.createdAt))
    .limit(params.limit);
}

/** Notes that reconciliation asked about this order at `checkedAt` and may ask again at `checkAfter`. */
export async function markOrderChecked(
  db: Db,
  orderId: string,
  checkedAt: Date,
  checkAfter: Date,
): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ lastCheckedAt: checkedAt, checkAfter })
    .where(eq(paymentOrders.id, orderId));
}

/** Makes an unpaid order due for reconciliation at `at` (a webhook could not finish its lookup). */
export async function requestOrderCheck(db: Db, orderId: string, at: Date): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ checkAfter: at })
    .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, "paid")));
}

export async function markOrderFailed(db: Db, orderId: string): Promise<void> {
  await db
    .update(paymentOrders)
    .set({ status: "failed" })
    .where(and(eq(paymentOrders.id, orderId), eq(paymentOrders.status, "created")));
}

export interface GrantResult {
  /** True only for the one call that actually added the credits. */
  granted: boolean;
  order: PaymentOrder;
}

/**
 * Marks the order paid and adds its credits, exactly once, in one transaction. The conditional
 * UPDATE ... RETURNING lets one caller through (on PostgreSQL the others wait on the row lock
 * and then see it paid); the unique index on the ledger (one 'purchase' per order) and the one
 * on the payment id make a second grant impossible even if that ever failed. A webhook's event id
 * is recorded in the same transaction, so an event is remembered only together with its effect.
 */
export async function grantOrder(
  db: Db,
  orderId: string,
  providerPaymentId: string,
  event?: { id: string; type: string },
): Promise<GrantResult> {
  return db.transaction(async (tx) => {
    if (event) {
      await tx.insert(webhookEvents).values({ id: event.id, eventType: event.type }).onConflictDoNothing();
    }
    const [paid] = await tx
      .update(paymentOrders)
      .set({ status: "paid", providerPaymentId, paidAt: new Date() })
      .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, "paid")))
      .returning();
    if (!paid) {
      const [order] = await tx.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
      if (!order) throw new Error(`payment order ${orderId} does not exist`);
      return { granted: false, order };
    }
    await tx.insert(creditLedger).values({
      id: randomUUID(),
      userId: paid.userId,
      delta: paid.credits,
      reason: "purchase",
      paymentOrderId: paid.id,
    });
    await tx
      .insert(userCredits)
      .values({ userId: paid.userId, credits: paid.credits })
      .onConflictDoUpdate({
        target: userCredits.userId,
        set: { credits: sql`${userCredits.credits} + ${paid.credits}`, lastUpdatedAt: new Date() },
      });
    return { granted: true, order: paid };
  });
}

/** True when a webhook event with this id was already handled (its grant committed). */
export async function webhookEventSeen(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id));
  return rows.length > 0;
}

/** Name and e-mail for the purchase mail. */
export async function findUserContact(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  return row;
}
