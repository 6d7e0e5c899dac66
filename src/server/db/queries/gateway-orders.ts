import { and, eq, type SQL } from "drizzle-orm";
import type { Db } from "../client";
import { invoiceGatewayOrders } from "../schema";
import { markChecked, markPaidOnce, type ReconcileWindow, unpaidOrdersDue } from "./order-checks";
import { insertRow } from "./owned";

// Orders on a business's own Razorpay account for its invoices (services/invoice-online-payments.ts).

export type InvoiceGatewayOrder = typeof invoiceGatewayOrders.$inferSelect;
type NewInvoiceGatewayOrder = typeof invoiceGatewayOrders.$inferInsert;

export function insertInvoiceOrder(db: Db, order: NewInvoiceGatewayOrder): Promise<InvoiceGatewayOrder> {
  return insertRow(db, invoiceGatewayOrders, order);
}

/** The invoice's order with this provider id (an order of another invoice is not found). */
export async function findInvoiceOrder(
  db: Db,
  p: { businessId: string; invoiceId: string; providerOrderId: string },
): Promise<InvoiceGatewayOrder | undefined> {
  return findOrder(db, p, eq(invoiceGatewayOrders.invoiceId, p.invoiceId));
}

/** The business's order with this provider id (webhooks name the business by their URL). */
export async function findBusinessOrder(
  db: Db,
  p: { businessId: string; providerOrderId: string },
): Promise<InvoiceGatewayOrder | undefined> {
  return findOrder(db, p);
}

async function findOrder(
  db: Db,
  p: { businessId: string; providerOrderId: string },
  ...also: SQL[]
): Promise<InvoiceGatewayOrder | undefined> {
  return firstOrder(
    db,
    eq(invoiceGatewayOrders.providerOrderId, p.providerOrderId),
    eq(invoiceGatewayOrders.businessId, p.businessId),
    ...also,
  );
}

async function firstOrder(db: Db, ...where: SQL[]): Promise<InvoiceGatewayOrder | undefined> {
  const [row] = await db
    .select()
    .from(invoiceGatewayOrders)
    .where(and(...where));
  return row;
}

/** Marks the order paid unless it already is: exactly one caller gets the row back. */
export function markInvoiceOrderPaid(
  tx: Db,
  orderId: string,
  paymentId: string,
  at: Date,
): Promise<InvoiceGatewayOrder | undefined> {
  return markPaidOnce(tx, invoiceGatewayOrders, { orderId, providerPaymentId: paymentId, paidAt: at });
}

/** The invoices' own-gateway orders reconciliation should ask Razorpay about now (order-checks.ts). */
export function listInvoiceOrdersToReconcile(
  db: Db,
  params: ReconcileWindow,
): Promise<InvoiceGatewayOrder[]> {
  return unpaidOrdersDue(db, invoiceGatewayOrders, params);
}

export function markInvoiceOrderChecked(db: Db, orderId: string, at: Date, next: Date): Promise<void> {
  return markChecked(db, invoiceGatewayOrders, { orderId, checkedAt: at, checkAfter: next });
}

/** The invoice's order paid with this payment id (the public page's thank-you names it). */
export async function findPaidInvoiceOrder(
  db: Db,
  p: { businessId: string; invoiceId: string; paymentId: string },
): Promise<InvoiceGatewayOrder | undefined> {
  return firstOrder(
    db,
    eq(invoiceGatewayOrders.businessId, p.businessId),
    eq(invoiceGatewayOrders.invoiceId, p.invoiceId),
    eq(invoiceGatewayOrders.providerPaymentId, p.paymentId),
    eq(invoiceGatewayOrders.status, "paid"),
  );
}
