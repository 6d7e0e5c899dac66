import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type CreditPlan, planById } from "../../domain/credits";
import { formatMoney } from "../../domain/format";
import { PAYMENT_MESSAGES } from "../../domain/messages";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { getCreditBalance } from "../db/queries/credits";
import {
  countOrdersSince,
  findOrderByProviderId,
  findUserContact,
  findUserOrder,
  grantOrder,
  insertPaymentOrder,
  listOrdersToReconcile,
  markOrderChecked,
  markOrderFailed,
  type PaymentOrder,
  requestOrderCheck,
  webhookEventSeen,
} from "../db/queries/payments";
import { AppError } from "../errors";
import type { Mailer } from "./mail";
import {
  checkoutSignature,
  createRazorpayClient,
  type RazorpayClient,
  RazorpayError,
  signaturesMatch,
  webhookSignature,
} from "./razorpay";

export const CURRENCY = "INR";
/** Orders unpaid this long are asked about by reconciliation (the browser may never come back). */
export const RECONCILE_AFTER_MS = 15 * 60_000;
/** Unpaid this long, an order is shown as not completed (a late payment still grants). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/**
 * Reconciliation stops asking about an order this old: Razorpay polls a bank for a late
 * authorisation for at most 5 days and refunds a payment left uncaptured after 3, so an order
 * that old can no longer become paid.
 */
export const RECONCILE_MAX_AGE_MS = 7 * 24 * 60 * 60_000;
const RECONCILE_BATCH = 100;
/** Razorpay waits 5 s for a webhook's answer; the lookup gets well under that. */
export const WEBHOOK_LOOKUP_BUDGET_MS = 2_500;

/** The wait before reconciliation asks about an unpaid order again: a quarter of its age, 5 min to 1 day. */
export function recheckDelayMs(ageMs: number): number {
  return Math.min(24 * 60 * 60_000, Math.max(5 * 60_000, Math.floor(ageMs / 4)));
}
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
      if ((error as { code?: string }).code === "23505") {
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

  /**
   * A webhook is a hint: its signature is checked over the raw bytes, a handled event id is
   * ignored, and only the order id is taken from it; Razorpay itself is asked what was paid. The
   * event id is stored in the grant's own transaction, so a crash before the grant leaves the
   * event unknown and Razorpay's redelivery is handled again. The lookup has
   * WEBHOOK_LOOKUP_BUDGET_MS: when Razorpay is slower, the order is made due for reconciliation
   * (stored), the webhook is acknowledged, and the lookup finishes in the background.
   */
  async function handleWebhook(rawBody: Buffer, signature: unknown, eventIdHeader: unknown) {
    if (!webhookSecret) throw new AppError("service_unavailable", "Razorpay webhooks are not configured.");
    if (!signaturesMatch(webhookSignature(rawBody, webhookSecret), signature)) {
      throw new AppError("bad_request", "Invalid webhook signature.");
    }
    let event: { event?: unknown; payload?: Record<string, { entity?: Record<string, unknown> }> };
    try {
      event = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new AppError("bad_request", "The webhook body is not JSON.");
    }
    const type = typeof event.event === "string" ? event.event : "unknown";
    if (type !== "order.paid" && type !== "payment.captured") return { status: "ignored" };
    const eventId =
      typeof eventIdHeader === "string" && eventIdHeader.length > 0 && eventIdHeader.length <= 200
        ? eventIdHeader
        : `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
    if (await webhookEventSeen(db, eventId)) return { status: "duplicate" };
    const orderId = event.payload?.payment?.entity?.order_id ?? event.payload?.order?.entity?.id ?? undefined;
    const order = typeof orderId === "string" ? await findOrderByProviderId(db, orderId) : undefined;
    if (!order || order.testMode || order.status === "paid") return { status: "ignored" };

    const settle = (async () => {
      const paid = await capturedPayment(order);
      if (!paid?.captured) return { status: "ignored" };
      const result = await grant(order, paid.captured.id, { id: eventId, type });
      return { status: result.granted ? "granted" : "already_granted" };
    })();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), WEBHOOK_LOOKUP_BUDGET_MS);
      timer.unref();
    });
    let outcome: { status: string } | "late";
    try {
      outcome = await Promise.race([settle, late]);
    } catch (error) {
      // Not recorded: Razorpay's retry is handled again.
      if (error instanceof AppError) throw error;
      unavailable(error);
    } finally {
      clearTimeout(timer);
    }
    if (outcome !== "late") return outcome;
    await requestOrderCheck(db, order.id, new Date());
    settle.then(
      (done) => logger.info({ orderId: order.providerOrderId, ...done }, "slow webhook lookup finished"),
      (error) =>
        logger.warn(
          { err: error, orderId: order.providerOrderId },
          "slow webhook lookup failed; reconciliation will ask again",
        ),
    );
    logger.warn(
      { orderId: order.providerOrderId, eventId },
      "Razorpay slow: webhook acknowledged, lookup continues",
    );
    return { status: "deferred" };
  }

  /**
   * Asks Razorpay about real orders unpaid for 15 minutes (at most 7 days old) and grants the paid
   * ones. Each order checked gets its next check a quarter of its age later (5 min to 1 day), and
   * the least recently checked go first, so abandoned orders cannot hide a paid one.
   */
  async function reconcile(now = new Date()) {
    const summary = { checked: 0, granted: 0, failed: 0 };
    if (!razorpay) return summary;
    const orders = await listOrdersToReconcile(db, {
      now,
      firstCheckAfterMs: RECONCILE_AFTER_MS,
      maxAgeMs: RECONCILE_MAX_AGE_MS,
      limit: RECONCILE_BATCH,
    });
    for (const order of orders) {
      summary.checked++;
      const age = now.getTime() - order.createdAt.getTime();
      try {
        const paid = await capturedPayment(order);
        if (paid?.captured) {
          if ((await grant(order, paid.captured.id)).granted) summary.granted++;
        } else if (!paid?.authorized && order.status === "created" && age > GIVE_UP_AFTER_MS) {
          await markOrderFailed(db, order.id);
          summary.failed++;
        }
      } catch (error) {
        logger.warn({ err: error, orderId: order.providerOrderId }, "reconciliation of an order failed");
      }
      await markOrderChecked(db, order.id, now, new Date(now.getTime() + recheckDelayMs(age))).catch(
        (error) =>
          logger.warn({ err: error, orderId: order.providerOrderId }, "could not note an order's check"),
      );
    }
    if (summary.granted > 0) logger.info(summary, "reconciliation granted paid orders");
    return summary;
  }

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
