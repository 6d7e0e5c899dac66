import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../client";
import { paymentOrders, user, webhookEvents } from "../schema";
import { firstOwnerOf } from "./mail-senders";
import { markChecked, markPaidOnce, type ReconcileWindow, unpaidOrdersDue } from "./order-checks";
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
export function markOrderChecked(db: Db, orderId: string, checkedAt: Date, checkAfter: Date): Promise<void> {
  return markChecked(db, paymentOrders, { orderId, checkedAt, checkAfter });
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

/** Marks the order paid now unless it already is (markPaidOnce): exactly one caller gets the row back. */
export function markOrderPaid(
  tx: Db,
  orderId: string,
  providerPaymentId: string,
): Promise<PaymentOrder | undefined> {
  return markPaidOnce(tx, paymentOrders, { orderId, providerPaymentId, paidAt: new Date() });
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
