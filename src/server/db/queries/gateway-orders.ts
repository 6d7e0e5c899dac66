import { and, asc, eq, gt, isNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoiceGatewayOrders } from "../schema";

// Orders on a business's own Razorpay account for its invoices (services/invoice-online-payments.ts).

export type InvoiceGatewayOrder = typeof invoiceGatewayOrders.$inferSelect;

export async function insertInvoiceOrder(
  db: Db,
  order: typeof invoiceGatewayOrders.$inferInsert,
): Promise<InvoiceGatewayOrder> {
  const [row] = await db.insert(invoiceGatewayOrders).values(order).returning();
  return row!;
}

/** The invoice's order with this provider id (an order of another invoice is not found). */
export async function findInvoiceOrder(
  db: Db,
  p: { userId: string; invoiceId: string; providerOrderId: string },
): Promise<InvoiceGatewayOrder | undefined> {
  return findOrder(db, p, eq(invoiceGatewayOrders.invoiceId, p.invoiceId));
}

/** The business's order with this provider id (webhooks name the business by their URL). */
export async function findBusinessOrder(
  db: Db,
  p: { userId: string; providerOrderId: string },
): Promise<InvoiceGatewayOrder | undefined> {
  return findOrder(db, p);
}

async function findOrder(
  db: Db,
  p: { userId: string; providerOrderId: string },
  ...also: SQL[]
): Promise<InvoiceGatewayOrder | undefined> {
  const [row] = await db
    .select()
    .from(invoiceGatewayOrders)
    .where(
      and(
        eq(invoiceGatewayOrders.providerOrderId, p.providerOrderId),
        eq(invoiceGatewayOrders.userId, p.userId),
        ...also,
      ),
    );
  return row;
}

/** Marks the order paid unless it already is: exactly one caller gets the row back. */
export async function markInvoiceOrderPaid(
  tx: Db,
  orderId: string,
  paymentId: string,
  at: Date,
): Promise<InvoiceGatewayOrder | undefined> {
  const [row] = await tx
    .update(invoiceGatewayOrders)
    .set({ status: "paid", providerPaymentId: paymentId, paidAt: at })
    .where(and(eq(invoiceGatewayOrders.id, orderId), ne(invoiceGatewayOrders.status, "paid")))
    .returning();
  return row;
}

/** Real orders unpaid past `firstCheckAfterMs`, younger than `maxAgeMs`, least recently checked first. */
export async function listInvoiceOrdersToReconcile(
  db: Db,
  params: { now: Date; firstCheckAfterMs: number; maxAgeMs: number; limit: number },
): Promise<InvoiceGatewayOrder[]> {
  const { now } = params;
  return db
    .select()
    .from(invoiceGatewayOrders)
    .where(
      and(
        ne(invoiceGatewayOrders.status, "paid"),
        eq(invoiceGatewayOrders.testMode, false),
        gt(invoiceGatewayOrders.createdAt, new Date(now.getTime() - params.maxAgeMs)),
        or(
          lte(invoiceGatewayOrders.checkAfter, now),
          and(
            isNull(invoiceGatewayOrders.checkAfter),
            lt(invoiceGatewayOrders.createdAt, new Date(now.getTime() - params.firstCheckAfterMs)),
          ),
        ),
      ),
    )
    .orderBy(sql`${invoiceGatewayOrders.lastCheckedAt} asc nulls first`, asc(invoiceGatewayOrders.createdAt))
    .limit(params.limit);
}

export async function markInvoiceOrderChecked(db: Db, orderId: string, at: Date, next: Date): Promise<void> {
  await db
    .update(invoiceGatewayOrders)
    .set({ lastCheckedAt: at, checkAfter: next })
    .where(eq(invoiceGatewayOrders.id, orderId));
}
