import { createHash } from "node:crypto";
import {
  findOrderByProviderId,
  listOrdersToReconcile,
  markOrderChecked,
  markOrderFailed,
  requestOrderCheck,
  webhookEventSeen,
} from "../db/queries/payments";
import { AppError } from "../errors";
import { capturedPayment, gatewayUnavailable, grantOrder, type Payments } from "./payments";
import { parseWebhookEvent, signaturesMatch, webhookSignature } from "./razorpay";

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
/**
 * Razorpay waits 5 s for a webhook's answer. Counted from the webhook's arrival: the checks before
 * the lookup (the event seen, the order found) come out of it too, so a slow database does not push
 * the answer past Razorpay's wait. The lookup itself always gets at least WEBHOOK_LOOKUP_MIN_MS.
 */
export const WEBHOOK_LOOKUP_BUDGET_MS = 2_500;
const WEBHOOK_LOOKUP_MIN_MS = 1_000;

/** The wait before reconciliation asks about an unpaid order again: a quarter of its age, 5 min to 1 day. */
export function recheckDelayMs(ageMs: number): number {
  return Math.min(24 * 60 * 60_000, Math.max(5 * 60_000, Math.floor(ageMs / 4)));
}

// Razorpay's webhook and periodic reconciliation (docs/decisions/0007-payment-events.md): both
// ask Razorpay what was paid and grant through the payments service's one `grantOrder`.

/**
 * A webhook is a hint: its signature is checked over the raw bytes, a handled event id is
 * ignored, and only the order id is taken from it; Razorpay itself is asked what was paid. The
 * event id is stored in the grant's own transaction, so a crash before the grant leaves the
 * event unknown and Razorpay's redelivery is handled again. The lookup has what is left of
 * WEBHOOK_LOOKUP_BUDGET_MS from the webhook's arrival: when Razorpay is slower, the order is made due
 * for reconciliation (stored), the webhook is acknowledged, and the lookup finishes in the background.
 */
export async function handleWebhook(
  p: Payments,
  rawBody: Buffer,
  signature: unknown,
  eventIdHeader: unknown,
) {
  const answerBy = performance.now() + WEBHOOK_LOOKUP_BUDGET_MS;
  const { db, logger } = p;
  const webhookSecret = p.razorpayKeys.webhookSecret;
  if (!webhookSecret) throw new AppError("service_unavailable", "Razorpay webhooks are not configured.");
  if (!signaturesMatch(webhookSignature(rawBody, webhookSecret), signature)) {
    throw new AppError("bad_request", "Invalid webhook signature.");
  }
  const event = parseWebhookEvent(rawBody);
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
    const paid = await capturedPayment(p, order);
    if (!paid?.captured) return { status: "ignored" };
    const result = await grantOrder(p, order, paid.captured.id, { id: eventId, type });
    return { status: result.granted ? "granted" : "already_granted" };
  })();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(WEBHOOK_LOOKUP_MIN_MS, answerBy - performance.now()));
    timer.unref();
  });
  let outcome: { status: string } | "late";
  try {
    outcome = await Promise.race([settle, late]);
  } catch (error) {
    // Not recorded: Razorpay's retry is handled again.
    if (error instanceof AppError) throw error;
    return gatewayUnavailable(p, error);
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
export async function reconcile(p: Payments, now = new Date()) {
  const { db, logger } = p;
  const summary = { checked: 0, granted: 0, failed: 0 };
  if (!p.razorpay) return summary;
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
      const paid = await capturedPayment(p, order);
      if (paid?.captured) {
        if ((await grantOrder(p, order, paid.captured.id)).granted) summary.granted++;
      } else if (!paid?.authorized && order.status === "created" && age > GIVE_UP_AFTER_MS) {
        await markOrderFailed(db, order.id);
        summary.failed++;
      }
    } catch (error) {
      logger.warn({ err: error, orderId: order.providerOrderId }, "reconciliation of an order failed");
    }
    await markOrderChecked(db, order.id, now, new Date(now.getTime() + recheckDelayMs(age))).catch((error) =>
      logger.warn({ err: error, orderId: order.providerOrderId }, "could not note an order's check"),
    );
  }
  if (summary.granted > 0) logger.info(summary, "reconciliation granted paid orders");
  return summary;
}
