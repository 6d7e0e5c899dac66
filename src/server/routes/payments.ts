import type { FastifyInstance } from "fastify";
import { createOrderBody, testPayBody, verifyBody } from "#contract/payments";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { JobQueue } from "../jobs/queue";
import type { Metrics } from "../metrics";
import { presentPlan } from "../presenters/credits";
import type { Mailer } from "../services/mail";
import { handleWebhook, reconcile } from "../services/payment-events";
import {
  createOrder,
  logPaymentsMode,
  setUpPayments,
  testCheckoutPay,
  verifyPayment,
} from "../services/payments";
import { parseBody } from "./validate";
import { registerWebhookRoutes } from "./webhooks";

/** Razorpay server functions (spec §7, DECISIONS §4), the webhook and periodic reconciliation. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; config: Config; mailer: Mailer; metrics: Metrics; queue: JobQueue },
) {
  const { auth } = deps;
  const payments = setUpPayments({
    ...deps,
    logger: app.log,
    onCreditsSold: (credits) => deps.metrics.creditsSold.inc(credits),
  });
  logPaymentsMode(deps.config, app.log);

  app.post("/api/functions/create-razorpay-order", async (request) => {
    const me = await requireUser(auth, request);
    const body = parseBody(createOrderBody, request.body);
    // The spec's browser sent `{ plan }`; its id is all that is read from it.
    const planId = body.planId ?? (body.plan as { id?: unknown } | undefined)?.id;
    const order = await createOrder(payments, me, planId);
    return { ...order, plan: presentPlan(order.plan) };
  });

  app.post("/api/functions/verify-razorpay-payment", async (request) => {
    const me = await requireUser(auth, request);
    return verifyPayment(payments, me, parseBody(verifyBody, request.body));
  });

  // The test checkout exists only when it is turned on: otherwise every /test-checkout/* is a 404.
  if (payments.testMode) {
    app.post("/api/functions/test-checkout/pay", async (request) => {
      const me = await requireUser(auth, request);
      return testCheckoutPay(payments, me, parseBody(testPayBody, request.body).order_id);
    });
  }

  registerWebhookRoutes(app, (raw, signature, eventId) => handleWebhook(payments, raw, signature, eventId));

  if (payments.razorpay) {
    deps.queue.every("reconcile-payments", deps.config.reconcileEveryMs, () => reconcile(payments));
  }
}
