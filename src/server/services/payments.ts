import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type CreditPlan, planById } from "#domain/credits";
import { formatMoney } from "#domain/format";
import { PAYMENT_MESSAGES } from "#domain/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import { getCreditBalance } from "../db/queries/credits";
import {
  countOrdersSince,
  findUserContact,
  findUserOrder,
  grantOrder,
  insertPaymentOrder,
  type PaymentOrder,
} from "../db/queries/payments";
import { AppError } from "../errors";
import type { Mailer } from "./mail";
import { createPaymentEvents } from "./payment-events";
import {
  checkoutSignature,
  createRazorpayClient,
  type RazorpayClient,
  RazorpayError,
  signaturesMatch,
} from "./razorpay";

export const CURRENCY = "INR";
const MAX_ORDERS_PER_HOUR = 30;

export interface PaymentUser {
  id: string;
  email: string;
  name: string;
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

export type Payments = ReturnType<typeof createPayments>;

/**
 * Credit purchases (DECISIONS §4). The server prices the plan, creates the order, verifies the
 * Checkout signature against the order it stored for this user, and grants through one function
 * (`grantOrder`) whichever of verify, webhook or reconciliation comes first. Without keys it runs
 * a labelled test mode whose local checkout signs with a secret derived from AUTH_SECRET and then
 * goes through the very same verification and grant.
 */
export function createPayments(deps: {
  db: Db;
  config: Config;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  razorpay?: RazorpayClient;
  onCreditsSold?: (credits: number) => void;
}) {
  const { db, config, mailer, logger } = deps;
  const { keyId, keySecret, webhookSecret, checkoutUrl } = config.razorpay;
  const testMode = !keyId || !keySecret;
  const razorpay: RazorpayClient | undefined =
    deps.razorpay ??
    (testMode ? undefined : createRazorpayClient({ keyId, keySecret, apiBase: config.razorpay.apiBase }));
  const testSecret = createHmac("sha256", config.authSecret).update("bahi-test-checkout").digest("hex");

  function unavailable(error: unknown): never {
    logger.error({ err: error }, "Razorpay call failed");
    throw new AppError("service_unavailable", PAYMENT_MESSAGES.couldNotConnectToGateway);
  }

  async function createOrder(user: PaymentUser, planId: unknown) {
    const plan = planById(planId);
    if (!plan)
      throw new AppError("validation_failed", PAYMENT_MESSAGES.invalidPlan, { planId: "Unknown plan." });
    if ((await countOrdersSince(db, user.id, new Date(Date.now() - 3_600_000))) >= MAX_ORDERS_PER_HOUR) {
      throw new AppError("too_many_requests", "Too many payment attempts. Please try again in an hour.");
    }
    const receipt = `bahi_${randomBytes(12).toString("hex")}`;
    let providerOrderId: string;
    if (razorpay) {
      try {
        const created = await razorpay.createOrder({
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
        logger.error({ err: error }, "Razorpay order creation failed");
        throw new AppError("service_unavailable", PAYMENT_MESSAGES.failedToCreateOrder);
      }
    } else {
      providerOrderId = `order_test_${randomBytes(10).toString("hex")}`;
    }
    const order = await insertPaymentOrder(db, {
      id: randomUUID(),
      userId: user.id,
      planId: plan.id,
      credits: plan.credits,
      amountPaise: plan.pricePaise,
      currency: CURRENCY,
      receipt,
      providerOrderId,
      status: "created",
      testMode,
    });
    return {
      order_id: order.providerOrderId,
      amount: order.amountPaise,
      currency: order.currency,
      key_id: testMode ? null : keyId,
      test_mode: testMode,
      checkout_url: testMode ? null : checkoutUrl,
      plan: presentPlan(plan),
    };
  }

  /** The id of a captured payment of this order for the right amount, asked of Razorpay itself. */
  async function capturedPayment(order: PaymentOrder, paymentId?: string) {
    if (!razorpay) return undefined;
    const payments = await razorpay.fetchOrderPayments(order.providerOrderId);
    for (const p of payments) {
      if (p.status === "captured" && (p.amount !== order.amountPaise || p.currency !== order.currency)) {
        // Money moved but not the plan's price: someone must look (refund or grant by hand).
        logger.warn(
          {
            alert: "payment_mismatch",
            orderId: order.providerOrderId,
            paymentId: p.id,
            expected: { amount: order.amountPaise, currency: order.currency },
            received: { amount: p.amount, currency: p.currency },
          },
          "ALERT: a captured payment does not match its order's amount or currency",
        );
      }
    }
    const matching = payments.filter(
      (p) =>
        (paymentId === undefined || p.id === paymentId) &&
        p.order_id === order.providerOrderId &&
        p.amount === order.amountPaise &&
        p.currency === order.currency,
    );
    return {
      captured: matching.find((p) => p.status === "captured"),
      authorized: matching.find((p) => p.status === "authorized"),
    };
  }

  async function verifyPayment(user: PaymentUser, input: VerifyInput): Promise<VerifyAnswer> {
    const order = await findUserOrder(db, user.id, input.razorpay_order_id);
    if (!order) throw new AppError("not_found", "Payment order not found.");
    const secret = order.testMode ? testSecret : keySecret;
    const expected = secret
      ? checkoutSignature(order.providerOrderId, input.razorpay_payment_id, secret)
      : "";
    if (order.testMode !== testMode || !signaturesMatch(expected, input.razorpay_signature)) {
      throw new AppError("bad_request", PAYMENT_MESSAGES.couldNotVerifyPayment);
    }
    if (order.status !== "paid" && !order.testMode) {
      let found: Awaited<ReturnType<typeof capturedPayment>>;
      try {
        found = await capturedPayment(order, input.razorpay_payment_id);
      } catch (error) {
        unavailable(error);
      }
      if (!found?.captured) {
        if (found?.authorized) {
          throw new AppError(
            "conflict",
            "Your payment is being confirmed by the bank. The credits will be added within a few minutes.",
          );
        }
        throw new AppError("bad_request", PAYMENT_MESSAGES.couldNotVerifyPayment);
      }
    }
    const result =
      order.status === "paid" ? { granted: false, order } : await grant(order, input.razorpay_payment_id);
    const { credits } = await getCreditBalance(db, user.id);
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

  /** The one grant used by verify, webhook and reconciliation; the grant's winner sends the mail. */
  async function grant(order: PaymentOrder, paymentId: string, event?: { id: string; type: string }) {
    let result: Awaited<ReturnType<typeof grantOrder>>;
    try {
      result = await grantOrder(db, order.id, paymentId, event);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError("conflict", PAYMENT_MESSAGES.couldNotVerifyPayment);
      }
      throw error;
    }
    if (result.granted) {
      logger.info({ orderId: order.providerOrderId, credits: order.credits }, "credits purchased");
      deps.onCreditsSold?.(order.credits);
      void sendPurchaseMail(result.order).catch((error) =>
        logger.warn({ err: error, orderId: order.providerOrderId }, "purchase e-mail failed"),
      );
    }
    return result;
  }

  async function sendPurchaseMail(order: PaymentOrder) {
    const contact = await findUserContact(db, order.userId);
    if (!contact) return;
    const { credits } = await getCreditBalance(db, order.userId);
    const plan = planById(order.planId);
    const price = formatMoney(order.amountPaise, "INR");
    await mailer.send({
      to: contact.email,
      subject: `Bahi: ${order.credits} credits added to your account`,
      text: [
        `Hello${contact.name ? ` ${contact.name}` : ""},`,
        "",
        `Thank you for your purchase. ${PAYMENT_MESSAGES.creditsAdded(order.credits)}`,
        "",
        `Plan: ${plan?.name ?? `${order.credits} Credits`}`,
        `Price: ${price}${order.testMode ? " (test mode: no money moved)" : ""}`,
        `Order: ${order.providerOrderId}`,
        `Your balance is now ${credits} credits. Credits do not expire.`,
        "",
        "Bahi",
      ].join("\n"),
    });
  }

  /** Test mode's checkout "pays": a payment id and a signature made with the local secret. */
  async function testCheckoutPay(user: PaymentUser, orderId: unknown) {
    if (!testMode) throw new AppError("not_found", "Not found.");
    const order = typeof orderId === "string" ? await findUserOrder(db, user.id, orderId) : undefined;
    if (!order?.testMode) throw new AppError("not_found", "Payment order not found.");
    const paymentId = `pay_test_${randomBytes(10).toString("hex")}`;
    return {
      razorpay_order_id: order.providerOrderId,
      razorpay_payment_id: paymentId,
      razorpay_signature: checkoutSignature(order.providerOrderId, paymentId, testSecret),
    };
  }

  const { handleWebhook, reconcile } = createPaymentEvents({
    db,
    logger,
    webhookSecret,
    hasRazorpay: razorpay !== undefined,
    capturedPayment,
    grant,
    unavailable,
  });

  return { testMode, createOrder, verifyPayment, testCheckoutPay, handleWebhook, reconcile };
}

export function presentPlan(plan: CreditPlan) {
  return {
    id: plan.id,
    name: plan.name,
    credits: plan.credits,
    price: plan.priceRupees,
    popular: plan.popular,
  };
}
