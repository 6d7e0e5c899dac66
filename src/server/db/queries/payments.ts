import { randomUUID } from "node:crypto";
import { and, asc, count, eq, gte, lt, ne, sql } from "drizzle-orm";
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

/** Real-mode orders still unpaid that were opened before `olderThan`, oldest first. */
export async function listUnpaidOrders(db: Db, olderThan: Date, limit: number) {
  return db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.status, "created"),
        eq(paymentOrders.testMode, false),
        lt(paymentOrders.createdAt, olderThan),
      ),
    )
    .orderBy(asc(paymentOrders.createdAt))
    .limit(limit);
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
 * on the payment id make a second grant impossible even if that ever failed.
 */
export async function grantOrder(db: Db, orderId: string, providerPaymentId: string): Promise<GrantResult> {
  return db.transaction(async (tx) => {
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

/** Records a webhook event id; false when it was seen before. */
export async function recordWebhookEvent(db: Db, id: string, eventType: string): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ id, eventType })
    .onConflictDoNothing()
    .returning({ id: webhookEvents.id });
  return rows.length > 0;
}

/** Forgets an event whose handling failed, so the provider's retry is handled again. */
export async function forgetWebhookEvent(db: Db, id: string): Promise<void> {
  await db.delete(webhookEvents).where(eq(webhookEvents.id, id));
}

/** Name and e-mail for the purchase mail. */
export async function findUserContact(db: Db, userId: string) {
  const [row] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  return row;
}
