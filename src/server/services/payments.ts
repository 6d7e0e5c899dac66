import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { planById } from "#domain/credits";
import { PAYMENT_MESSAGES } from "#domain/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import {
  findOrderById,
  findUserOrder,
  insertPaymentOrder,
  markOrderPaid,
  type PaymentOrder,
  recordWebhookEvent,
} from "../db/queries/payments";
import { hitRateLimit } from "../db/queries/rate-limits";
import { AppError } from "../errors";
import { creditPurchase, readCreditBalance } from "./credits";
import type { Mailer } from "./mail";
import { sendPurchaseMail } from "./purchase-mail";
import {
  checkoutSignature,
  createRazorpayClient,
  type RazorpayClient,
  RazorpayError,
  signaturesMatch,
} from "./razorpay";

// Credit purchases (DECISIONS §4). The server prices the plan, creates the order, verifies the
// Checkout signature against the order it stored for this user, and grants through one function
// (`grantOrder`) whichever of verify, webhook or reconciliation comes first. Without keys and with
// the test checkout turned on (config.paymentsTestMode; decision 0043) it runs a labelled test mode
// whose local checkout signs with a secret derived from AUTH_SECRET and then goes through the very
// same verification and grant. Without keys and without it nothing can be bought. The webhook and
// reconciliation are in payment-events.ts.

export const CURRENCY = "INR";
const MAX_ORDERS_PER_HOUR = 30;

/** Who buys (the person: rate limit, receipt) and for which business (the credits, the order). */
export interface PaymentUser {
  id: string;
  email: string;
  name: string;
  businessId: string;
}

export interface VerifyInput {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export interface VerifyAnswer {
  credits_added: number;
  credits: number;
  order_id: string;
  plan_id: string;
  plan_name: string;
  amount: number;
}

/** What every payment function works with: made once at start by `setUpPayments`. */
export interface Payments {
  db: Db;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  razorpayKeys: Config["razorpay"];
  /** Absent without keys (test mode, or payments off): nothing is asked of Razorpay then. */
  razorpay: RazorpayClient | undefined;
  /** The local test checkout sells credits (config.paymentsTestMode). */
  testMode: boolean;
  /** Signs test mode's local checkout; derived from AUTH_SECRET. */
  testSecret: string;
  onCreditsSold?: (credits: number) => void;
}

/** How credits are sold on this server: through Razorpay, the local test checkout, or not at all. */
export type PaymentsMode = "live" | "test" | "off";

export function paymentsMode(config: Config): PaymentsMode {
  if (config.paymentsTestMode) return "test";
  return config.razorpay.keyId && config.razorpay.keySecret ? "live" : "off";
}

/** Said at every start when credits cannot be bought for real, so an operator sees it in the log. */
export function logPaymentsMode(config: Config, logger: FastifyBaseLogger) {
  const mode = paymentsMode(config);
  if (mode === "test") {
    logger.warn(
      { paymentsTestMode: true },
      "PAYMENTS TEST MODE: credits are sold through a local test checkout for nothing, and businesses may take test payments on their invoices; never turn this on for real users (unset PAYMENTS_TEST_MODE and set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET)",
    );
  } else if (mode === "off") {
    logger.warn(
      { paymentsConfigured: false },
      `${PAYMENT_MESSAGES.notConfigured} Credits cannot be bought until RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set (PAYMENTS_TEST_MODE=1 runs a local test checkout instead, for trials only).`,
    );
  }
}

export function setUpPayments(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  razorpay?: RazorpayClient;
  onCreditsSold?: (credits: number) => void;
}): Payments {
  const { config } = deps;
  const { keyId, keySecret, apiBase } = config.razorpay;
  const mode = paymentsMode(config);
  return {
    db: deps.db,
    mailer: deps.mailer,
    logger: deps.logger,
    razorpayKeys: config.razorpay,
    razorpay:
      deps.razorpay ??
      (mode === "live" ? createRazorpayClient({ keyId: keyId!, keySecret: keySecret!, apiBase }) : undefined),
    testMode: mode === "test",
    testSecret: createHmac("sha256", config.authSecret).update("bahi-test-checkout").digest("hex"),
    onCreditsSold: deps.onCreditsSold,
  };
}

/** A failed call to Razorpay: logged, and the buyer is told the gateway could not be reached. */
export function gatewayUnavailable(p: Payments, error: unknown): never {
  p.logger.error({ err: error }, "Razorpay call failed");
  throw new AppError("service_unavailable", PAYMENT_MESSAGES.couldNotConnectToGateway);
}

export async function createOrder(p: Payments, user: PaymentUser, planId: unknown) {
  if (!p.razorpay && !p.testMode)
    throw new AppError("payments_not_configured", PAYMENT_MESSAGES.notConfigured);
  const plan = planById(planId);
  if (!plan)
    throw new AppError("validation_failed", PAYMENT_MESSAGES.invalidPlan, { planId: "Unknown plan." });
  // Claimed in one atomic statement before Razorpay is asked, so concurrent requests cannot all
  // pass a count taken before any of them was stored (a failed attempt counts too).
  if ((await hitRateLimit(p.db, `orders:user:${user.id}`, 3600)) > MAX_ORDERS_PER_HOUR) {
    throw new AppError("too_many_requests", "Too many payment attempts. Please try again in an hour.");
  }
  const receipt = `bahi_${randomBytes(12).toString("hex")}`;
  let providerOrderId: string;
  if (p.razorpay) {
    try {
      const created = await p.razorpay.createOrder({
        amount: plan.pricePaise,
        currency: CURRENCY,
        receipt,
        notes: { plan_id: plan.id },
      });
      if (created.amount !== plan.pricePaise || created.currency !== CURRENCY) {
        throw new RazorpayError(`order ${created.id} came back with ${created.amount} ${created.currency}`);
      }
      providerOrderId = created.id;
    } catch (error) {
      p.logger.error({ err: error }, "Razorpay order creation failed");
      throw new AppError("service_unavailable", PAYMENT_MESSAGES.failedToCreateOrder);
    }
  } else {
    providerOrderId = `order_test_${randomBytes(10).toString("hex")}`;
  }
  const order = await insertPaymentOrder(p.db, {
    id: randomUUID(),
    businessId: user.businessId,
    planId: plan.id,
    credits: plan.credits,
    amountPaise: plan.pricePaise,
    currency: CURRENCY,
    receipt,
    providerOrderId,
    status: "created",
    testMode: p.testMode,
  });
  return {
    order_id: order.providerOrderId,
    amount: order.amountPaise,
    currency: order.currency,
    key_id: p.testMode ? null : p.razorpayKeys.keyId,
    test_mode: p.testMode,
    checkout_url: p.testMode ? null : p.razorpayKeys.checkoutUrl,
    plan,
  };
}

/** The id of a captured payment of this order for the right amount, asked of Razorpay itself. */
export async function capturedPayment(p: Payments, order: PaymentOrder, paymentId?: string) {
  if (!p.razorpay) return undefined;
  const payments = await p.razorpay.fetchOrderPayments(order.providerOrderId);
  for (const paid of payments) {
    if (
      paid.status === "captured" &&
      (paid.amount !== order.amountPaise || paid.currency !== order.currency)
    ) {
      // Money moved but not the plan's price: someone must look (refund or grant by hand).
      p.logger.warn(
        {
          alert: "payment_mismatch",
          orderId: order.providerOrderId,
          paymentId: paid.id,
          expected: { amount: order.amountPaise, currency: order.currency },
          received: { amount: paid.amount, currency: paid.currency },
        },
        "ALERT: a captured payment does not match its order's amount or currency",
      );
    }
  }
  const matching = payments.filter(
    (paid) =>
      (paymentId === undefined || paid.id === paymentId) &&
      paid.order_id === order.providerOrderId &&
      paid.amount === order.amountPaise &&
      paid.currency === order.currency,
  );
  return {
    captured: matching.find((paid) => paid.status === "captured"),
    authorized: matching.find((paid) => paid.status === "authorized"),
  };
}

export async function verifyPayment(
  p: Payments,
  user: PaymentUser,
  input: VerifyInput,
): Promise<VerifyAnswer> {
  const order = await findUserOrder(p.db, user.businessId, input.razorpay_order_id);
  if (!order) throw new AppError("not_found", "Payment order not found.");
  const secret = order.testMode ? p.testSecret : p.razorpayKeys.keySecret;
  const expected = secret ? checkoutSignature(order.providerOrderId, input.razorpay_payment_id, secret) : "";
  if (order.testMode !== p.testMode || !signaturesMatch(expected, input.razorpay_signature)) {
    throw new AppError("bad_request", PAYMENT_MESSAGES.couldNotVerifyPayment);
  }
  if (order.status !== "paid" && !order.testMode) {
    let found: Awaited<ReturnType<typeof capturedPayment>>;
    try {
      found = await capturedPayment(p, order, input.razorpay_payment_id);
    } catch (error) {
      gatewayUnavailable(p, error);
    }
    if (!found?.captured) {
      if (found?.authorized) {
        throw new AppError(
          "payment_pending",
          "Your payment is being confirmed by the bank. The credits will be added within a few minutes.",
        );
      }
      throw new AppError("bad_request", PAYMENT_MESSAGES.couldNotVerifyPayment);
    }
  }
  const result =
    order.status === "paid"
      ? { granted: false, order }
      : await grantOrder(p, order, input.razorpay_payment_id);
  const { credits } = await readCreditBalance(p.db, user.businessId);
  const plan = planById(result.order.planId);
  return {
    credits_added: result.order.credits,
    credits,
    order_id: result.order.providerOrderId,
    plan_id: result.order.planId,
    plan_name: plan?.name ?? `${result.order.credits} Credits`,
    amount: result.order.amountPaise,
  };
}

export interface GrantResult {
  /** True only for the one call that actually added the credits. */
  granted: boolean;
  order: PaymentOrder;
}

/**
 * The one grant used by verify, webhook and reconciliation: marks the order paid and adds its
 * credits, exactly once, in one transaction. The conditional UPDATE lets one caller through (on
 * PostgreSQL the others wait on the row lock and then see it paid); the unique indexes on the
 * ledger (one 'purchase' per order) and on the payment id make a second grant impossible even if
 * that ever failed. A webhook's event id is recorded in the same transaction, so an event is
 * remembered only together with its effect. The grant's winner sends the mail.
 */
export async function grantOrder(
  p: Payments,
  order: PaymentOrder,
  paymentId: string,
  event?: { id: string; type: string },
): Promise<GrantResult> {
  let result: GrantResult;
  try {
    result = await p.db.transaction(async (tx) => {
      if (event) await recordWebhookEvent(tx, event);
      const paid = await markOrderPaid(tx, order.id, paymentId);
      if (!paid) {
        const current = await findOrderById(tx, order.id);
        if (!current) throw new Error(`payment order ${order.id} does not exist`);
        return { granted: false, order: current };
      }
      await creditPurchase(tx, paid);
      return { granted: true, order: paid };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("payment_already_recorded", PAYMENT_MESSAGES.couldNotVerifyPayment);
    }
    throw error;
  }
  if (result.granted) {
    p.logger.info({ orderId: order.providerOrderId, credits: order.credits }, "credits purchased");
    p.onCreditsSold?.(order.credits);
    void sendPurchaseMail(p.db, p.mailer, result.order).catch((error) =>
      p.logger.warn({ err: error, orderId: order.providerOrderId }, "purchase e-mail failed"),
    );
  }
  return result;
}

/** Test mode's checkout "pays": a payment id and a signature made with the local secret. */
export async function testCheckoutPay(p: Payments, user: PaymentUser, orderId: unknown) {
  if (!p.testMode) throw new AppError("not_found", "Not found.");
  const order = typeof orderId === "string" ? await findUserOrder(p.db, user.businessId, orderId) : undefined;
  if (!order?.testMode) throw new AppError("not_found", "Payment order not found.");
  const paymentId = `pay_test_${randomBytes(10).toString("hex")}`;
  return {
    razorpay_order_id: order.providerOrderId,
    razorpay_payment_id: paymentId,
    razorpay_signature: checkoutSignature(order.providerOrderId, paymentId, p.testSecret),
  };
}
