import { randomBytes, randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import {
  findBusinessOrder,
  findInvoiceOrder,
  type InvoiceGatewayOrder,
  insertInvoiceOrder,
  listInvoiceOrdersToReconcile,
  markInvoiceOrderChecked,
  markInvoiceOrderPaid,
} from "../db/queries/gateway-orders";
import { findGateway, findGatewayByWebhookToken } from "../db/queries/gateways";
import { hitRateLimit } from "../db/queries/rate-limits";
import { AppError } from "../errors";
import { type BusinessGateways, liveKeysOf } from "./business-gateway";
import { RECONCILE_AFTER_MS, RECONCILE_MAX_AGE_MS, recheckDelayMs } from "./payment-events";
import {
  checkoutSignature,
  parseWebhookEvent,
  type RazorpayClient,
  signaturesMatch,
  webhookSignature,
} from "./razorpay";

// A client pays an invoice online into the business's own Razorpay account (issue 11 part 3;
// DECISIONS §10). The same rules as credit purchases (services/payments.ts): the server prices
// the order (the invoice's balance due), stores it, checks Checkout's signature against the order
// it stored, asks Razorpay what was captured, and records the payment once, whichever of verify,
// webhook or reconciliation comes first. Recording itself belongs to the invoice's payments
// (`record`, called inside the transaction that marks the order paid).

/** What the public page knows of the invoice being paid. */
export interface PayableInvoice {
  id: string;
  businessId: string;
  invoiceNumber: string;
  currency: string;
  balanceDueMinor: number;
  businessName: string;
}

/** Records a captured online payment on its invoice, in the caller's transaction. */
export type RecordGatewayPayment = (
  tx: Db,
  payment: { businessId: string; invoiceId: string; amountMinor: number; paymentId: string; paidAt: Date },
) => Promise<void>;

const MAX_ORDERS_PER_INVOICE_PER_HOUR = 20;

export const NOT_PAYABLE_ONLINE = "Online payment is not available for this invoice.";
export const NOTHING_TO_PAY = "This invoice has nothing left to pay.";
const NOT_VERIFIED =
  "We could not verify this payment. If money left your account, the business will see it.";

async function connectedGateway(g: BusinessGateways, businessId: string) {
  const row = await findGateway(g.db, businessId);
  if (row?.testMode) return g.testModeAvailable ? { row, live: undefined } : undefined;
  const live = liveKeysOf(g, row);
  return live && row ? { row, live } : undefined;
}

/** Whether the invoice's business takes online payments (the public page shows the button then). */
export async function paysOnline(g: BusinessGateways, businessId: string): Promise<boolean> {
  return (await connectedGateway(g, businessId)) !== undefined;
}

export async function createInvoiceOrder(g: BusinessGateways, invoice: PayableInvoice) {
  const gateway = await connectedGateway(g, invoice.businessId);
  if (!gateway || invoice.currency !== "INR") throw new AppError("not_found", NOT_PAYABLE_ONLINE);
  if (invoice.balanceDueMinor <= 0) throw new AppError("nothing_to_pay", NOTHING_TO_PAY);
  // One atomic claim per attempt (before Razorpay is asked), so parallel requests share the limit.
  if ((await hitRateLimit(g.db, `orders:invoice:${invoice.id}`, 3600)) > MAX_ORDERS_PER_INVOICE_PER_HOUR) {
    throw new AppError("too_many_requests", "Too many payment attempts. Please try again in an hour.");
  }
  const receipt = `inv_${randomBytes(12).toString("hex")}`;
  let providerOrderId = `order_test_${randomBytes(10).toString("hex")}`;
  if (gateway.live) {
    const created = await gateway.live.client
      .createOrder({
        amount: invoice.balanceDueMinor,
        currency: invoice.currency,
        receipt,
        notes: { invoice_number: invoice.invoiceNumber },
      })
      .catch(() => {
        throw new AppError("service_unavailable", "Could not reach Razorpay. Please try again.");
      });
    if (created.amount !== invoice.balanceDueMinor || created.currency !== invoice.currency) {
      throw new AppError("service_unavailable", "Could not create the payment. Please try again.");
    }
    providerOrderId = created.id;
  }
  const order = await insertInvoiceOrder(g.db, {
    id: randomUUID(),
    businessId: invoice.businessId,
    invoiceId: invoice.id,
    providerOrderId,
    amountMinor: invoice.balanceDueMinor,
    currency: invoice.currency,
    status: "created",
    testMode: !gateway.live,
  });
  return {
    order_id: order.providerOrderId,
    amount: order.amountMinor,
    currency: order.currency,
    key_id: gateway.live?.keyId ?? null,
    test_mode: order.testMode,
    checkout_url: gateway.live ? g.checkoutUrl : null,
    name: invoice.businessName,
    description: `Invoice ${invoice.invoiceNumber}`,
  };
}

/** The captured payment of this order for its exact amount, asked of the business's Razorpay. */
async function capturedPaymentOf(client: RazorpayClient, order: InvoiceGatewayOrder, paymentId?: string) {
  const payments = await client.fetchOrderPayments(order.providerOrderId);
  return payments.find(
    (paid) =>
      paid.status === "captured" &&
      paid.order_id === order.providerOrderId &&
      paid.amount === order.amountMinor &&
      paid.currency === order.currency &&
      (paymentId === undefined || paid.id === paymentId),
  );
}

/** Marks the order paid and records the payment on its invoice, once, in one transaction. */
async function settleOrder(
  g: BusinessGateways,
  order: InvoiceGatewayOrder,
  paymentId: string,
  record: RecordGatewayPayment,
): Promise<boolean> {
  try {
    return await g.db.transaction(async (tx) => {
      const paidAt = new Date();
      const paid = await markInvoiceOrderPaid(tx, order.id, paymentId, paidAt);
      if (!paid) return false;
      await record(tx, {
        businessId: order.businessId,
        invoiceId: order.invoiceId,
        amountMinor: order.amountMinor,
        paymentId,
        paidAt,
      });
      return true;
    });
  } catch (error) {
    if (isUniqueViolation(error)) return false; // the same payment id, recorded by another caller
    throw error;
  }
}

export interface CheckoutAnswer {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** Checkout's answer, checked against the stored order and (for a real order) against Razorpay. */
export async function verifyInvoicePayment(
  g: BusinessGateways,
  invoice: Pick<PayableInvoice, "id" | "businessId">,
  answer: CheckoutAnswer,
  record: RecordGatewayPayment,
): Promise<{ recorded: boolean; amount: number }> {
  const order = await findInvoiceOrder(g.db, {
    businessId: invoice.businessId,
    invoiceId: invoice.id,
    providerOrderId: answer.razorpay_order_id,
  });
  if (!order) throw new AppError("not_found", "Payment order not found.");
  const gateway = await connectedGateway(g, invoice.businessId);
  if (!gateway || Boolean(gateway.live) === order.testMode) throw new AppError("bad_request", NOT_VERIFIED);
  const secret = gateway.live ? gateway.live.keySecret : g.testSecret;
  const expected = checkoutSignature(order.providerOrderId, answer.razorpay_payment_id, secret);
  if (!signaturesMatch(expected, answer.razorpay_signature)) throw new AppError("bad_request", NOT_VERIFIED);
  if (order.status === "paid") return { recorded: false, amount: order.amountMinor };
  if (gateway.live) {
    const captured = await capturedPaymentOf(gateway.live.client, order, answer.razorpay_payment_id).catch(
      () => {
        throw new AppError("service_unavailable", "Could not reach Razorpay. Please try again.");
      },
    );
    if (!captured) {
      throw new AppError(
        "payment_pending",
        "Your payment is being confirmed by the bank. The business will see it within a few minutes.",
      );
    }
  }
  return {
    recorded: await settleOrder(g, order, answer.razorpay_payment_id, record),
    amount: order.amountMinor,
  };
}

/** The test checkout "pays" a test-mode order: a payment id and a signature with the local secret. */
export async function testPayInvoiceOrder(
  g: BusinessGateways,
  invoice: Pick<PayableInvoice, "id" | "businessId">,
  providerOrderId: string,
): Promise<CheckoutAnswer> {
  const order = await findInvoiceOrder(g.db, {
    businessId: invoice.businessId,
    invoiceId: invoice.id,
    providerOrderId,
  });
  if (!g.testModeAvailable || !order?.testMode) throw new AppError("not_found", "Payment order not found.");
  const paymentId = `pay_test_${randomBytes(10).toString("hex")}`;
  return {
    razorpay_order_id: order.providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: checkoutSignature(order.providerOrderId, paymentId, g.testSecret),
  };
}

/**
 * A business's webhook (its URL names it): the signature is checked with that business's webhook
 * secret over the raw bytes; only the order id is taken from the body, and Razorpay itself is
 * asked what was captured. Repeats are harmless: the order is paid once.
 */
export async function handleBusinessWebhook(
  g: BusinessGateways,
  webhookToken: string,
  rawBody: Buffer,
  signature: unknown,
  record: RecordGatewayPayment,
): Promise<{ status: string }> {
  const row = await findGatewayByWebhookToken(g.db, webhookToken);
  const live = liveKeysOf(g, row);
  if (!row || !live) throw new AppError("not_found", "Not found.");
  if (!signaturesMatch(webhookSignature(rawBody, live.webhookSecret), signature)) {
    throw new AppError("bad_request", "Invalid webhook signature.");
  }
  const event = parseWebhookEvent(rawBody);
  if (event.event !== "payment.captured" && event.event !== "order.paid") return { status: "ignored" };
  const orderId = event.payload?.payment?.entity?.order_id ?? event.payload?.order?.entity?.id;
  const order =
    typeof orderId === "string"
      ? await findBusinessOrder(g.db, { businessId: row.businessId, providerOrderId: orderId })
      : undefined;
  if (!order || order.testMode) return { status: "ignored" };
  if (order.status === "paid") return { status: "duplicate" };
  const captured = await capturedPaymentOf(live.client, order).catch(() => {
    throw new AppError("service_unavailable", "Could not reach Razorpay.");
  });
  if (!captured) return { status: "ignored" };
  return { status: (await settleOrder(g, order, captured.id, record)) ? "recorded" : "duplicate" };
}

/**
 * Asks each business's Razorpay about its orders left unpaid (the client closed the page before
 * Checkout answered and no webhook came): the same schedule as credit purchases' reconciliation.
 */
export async function reconcileInvoiceOrders(
  g: BusinessGateways,
  record: RecordGatewayPayment,
  now = new Date(),
) {
  const summary = { checked: 0, recorded: 0 };
  const orders = await listInvoiceOrdersToReconcile(g.db, {
    now,
    firstCheckAfterMs: RECONCILE_AFTER_MS,
    maxAgeMs: RECONCILE_MAX_AGE_MS,
    limit: 100,
  });
  for (const order of orders) {
    summary.checked++;
    const live = liveKeysOf(g, await findGateway(g.db, order.businessId));
    if (live) {
      const captured = await capturedPaymentOf(live.client, order).catch(() => undefined);
      if (captured && (await settleOrder(g, order, captured.id, record))) summary.recorded++;
    }
    const age = now.getTime() - order.createdAt.getTime();
    await markInvoiceOrderChecked(g.db, order.id, now, new Date(now.getTime() + recheckDelayMs(age)));
  }
  return summary;
}
