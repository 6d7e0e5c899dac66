import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Auth } from "../auth/auth";
import { requireBusiness } from "../auth/session";
import type { Config } from "../config";
import { presentPlan } from "../presenters/credits";
import { handleWebhook } from "../services/payment-events";
import {
  createOrder,
  logPaymentsMode,
  type Payments,
  testCheckoutPay,
  verifyPayment,
} from "../services/payments";
import { contractRoutes } from "./contract-route";
import { registerWebhookRoutes } from "./webhooks";

/** Razorpay server functions (spec §7, DECISIONS §4) and the webhook (reconciliation: jobs/schedules.ts). */
export function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; config: Config; payments: Payments },
) {
  const { auth } = deps;
  const route = contractRoutes(app);
  const { payments } = deps;
  logPaymentsMode(deps.config, app.log);
  /** The person buying, for the request's business. */
  const buyer = async (request: FastifyRequest) => {
    const { user, businessId } = await requireBusiness(auth, request);
    return { ...user, businessId };
  };

  route("POST /api/functions/create-razorpay-order", async (request) => {
    const me = await buyer(request);
    const body = request.body;
    // The spec's browser sent `{ plan }`; its id is all that is read from it.
    const planId = body.planId ?? (body.plan as { id?: unknown } | undefined)?.id;
    const order = await createOrder(payments, me, planId);
    return { ...order, plan: presentPlan(order.plan) };
  });

  route("POST /api/functions/verify-razorpay-payment", async (request) => {
    const me = await buyer(request);
    return verifyPayment(payments, me, request.body);
  });

  // The test checkout exists only when it is turned on: otherwise every /test-checkout/* is a 404.
  if (payments.testMode) {
    route("POST /api/functions/test-checkout/pay", async (request) => {
      const me = await buyer(request);
      return testCheckoutPay(payments, me, request.body.order_id);
    });
  }

  registerWebhookRoutes(app, (raw, signature, eventId) => handleWebhook(payments, raw, signature, eventId));
}
