import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { Mailer } from "../services/mail";
import { createPayments } from "../services/payments";
import { parseBody } from "./validate";
import { registerWebhookRoutes } from "./webhooks";

const RECONCILE_EVERY_MS = 5 * 60_000;

// The browser names a plan and nothing more: any price or amount it sends is dropped here.
const createOrderBody = z.object({ planId: z.string().max(100).optional(), plan: z.unknown().optional() });
const providerId = z.string().min(1).max(100);
const verifyBody = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().min(1).max(200),
});
const testPayBody = z.object({ order_id: providerId });

/** Razorpay server functions (spec §7, DECISIONS §4), the webhook and periodic reconciliation. */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; db: Db; config: Config; mailer: Mailer },
) {
  const { auth } = deps;
  const payments = createPayments({ ...deps, logger: app.log });

  app.post("/api/functions/create-razorpay-order", async (request) => {
    const me = await requireUser(auth, request);
    const body = parseBody(createOrderBody, request.body);
    // The spec's browser sent `{ plan }`; its id is all that is read from it.
    const planId = body.planId ?? (body.plan as { id?: unknown } | undefined)?.id;
    return payments.createOrder(me, planId);
  });

  app.post("/api/functions/verify-razorpay-payment", async (request) => {
    const me = await requireUser(auth, request);
    return payments.verifyPayment(me, parseBody(verifyBody, request.body));
  });

  app.post("/api/functions/test-checkout/pay", async (request) => {
    const me = await requireUser(auth, request);
    return payments.testCheckoutPay(me, parseBody(testPayBody, request.body).order_id);
  });

  registerWebhookRoutes(app, payments);

  if (!payments.testMode) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook("onReady", async () => {
      timer = setInterval(() => {
        payments.reconcile().catch((error) => app.log.error({ err: error }, "reconciliation failed"));
      }, RECONCILE_EVERY_MS);
      timer.unref();
    });
    app.addHook("onClose", async () => clearInterval(timer));
  }
}
