import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../client";
import { paymentOrders, user, webhookEvents } from "../schema";
import { firstOwnerOf } from "./mail-senders";
import { type ReconcileWindow, unpaidOrdersDue } from "./order-checks";
import { insertRow } from "./owned";

export type PaymentOrder = typeof paymentOrders.$inferSelect;

export function insertPaymentOrder(db: Db, order: typeof paymentOrders.$inferInsert): Promise<PaymentOrder> {
  return insertRow(db, paymentOrders, order);
}

/** The order with this provider id, only when it belongs to this user (the owner check is in the WHERE). */
export async function findUserOrder(db: Db, businessId: string, providerOrderId: string) {
  const [row] = await db
    .select()
    .from(paymentOrders)
    .where(and(eq(paymentOrders.businessId, businessId), eq(paymentOrders.providerOrderId, providerOrderId)));
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

/** The credit purchases reconciliation should ask Razorpay about now (order-checks.ts). */
export function listOrdersToReconcile(db: Db, params: ReconcileWindow): Promise<PaymentOrder[]> {
  return unpaidOrdersDue(db, paymentOrders, params);
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

/** Records a webhook event's id; called in the transaction of the grant it caused. */
export async function recordWebhookEvent(tx: Db, event: { id: string; type: string }): Promise<void> {
  await tx.insert(webhookEvents).values({ id: event.id, eventType: event.type }).onConflictDoNothing();
}

/**
 * Marks the order paid unless it already is: the conditional UPDATE ... RETURNING lets exactly
 * one caller through (on PostgreSQL the others wait on the row lock and then see it paid).
 * Answers the paid order, or undefined when it was paid before.
 */
export async function markOrderPaid(
  tx: Db,
  orderId: string,
  providerPaymentId: string,
): Promise<PaymentOrder | undefined> {
  const [paid] = await tx
    .update(paymentOrders)
    .set({ status: "paid", providerPaymentId, paidAt: new Date() })
    .where(and(eq(paymentOrders.id, orderId), ne(paymentOrders.status, "paid")))
    .returning();
  return paid;
}

export async function findOrderById(db: Db, orderId: string): Promise<PaymentOrder | undefined> {
  const [order] = await db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
  return order;
}

/** True when a webhook event with this id was already handled (its grant committed). */
export async function webhookEventSeen(db: Db, id: string): Promise<boolean> {
  const rows = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, id));
  return rows.length > 0;
}

/** Name and e-mail of the business's owner (decision 0072), for the purchase mail and notices. */
export async function findUserContact(db: Db, businessId: string) {
  const [row] = await db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, firstOwnerOf(businessId)));
  return row;
}
