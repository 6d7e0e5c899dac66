import { z } from "zod";
import { text } from "./common";
import { planSchema } from "./credits";
import { routeGroup } from "./registry";

// The browser names a plan and nothing more: any price or amount it sends is dropped.
export const createOrderBody = z.object({
  planId: text(100, "Plan").optional(),
  plan: z.unknown().optional().describe("The spec's older form: { id }"),
});
const providerId = z.string().min(1).max(100);
export const verifyBody = z.object({
  razorpay_order_id: providerId,
  razorpay_payment_id: providerId,
  razorpay_signature: z.string().min(1).max(200),
});
export const testPayBody = z.object({ order_id: providerId });

/** What the page needs to open Razorpay Checkout on an order (a credit purchase, an invoice paid online). */
export const checkoutOrder = z.object({
  order_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  key_id: z.string().nullable(),
  test_mode: z.boolean(),
  checkout_url: z.string().nullable(),
});

const orderAnswer = checkoutOrder.extend({ plan: planSchema });

const verifyAnswer = z.object({
  credits_added: z.number().int(),
  credits: z.number().int(),
  order_id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  amount: z.number().int(),
});

export type CreatedOrder = z.output<typeof orderAnswer>;
export type VerifiedPayment = z.output<typeof verifyAnswer>;

const payments = routeGroup("Payments");
export const paymentRoutes = [
  payments.post("/api/functions/create-razorpay-order", "Create a Razorpay order for a plan", {
    body: createOrderBody,
    responses: { 200: orderAnswer },
  }),
  payments.post(
    "/api/functions/verify-razorpay-payment",
    "Verify Checkout's answer and grant the credits once",
    { body: verifyBody, responses: { 200: verifyAnswer } },
  ),
  payments.post(
    "/api/functions/test-checkout/pay",
    "Test mode only (PAYMENTS_TEST_MODE; 404 elsewhere): sign a payment for a test order",
    { body: testPayBody, responses: { 200: verifyBody } },
  ),
  payments.post("/api/webhooks/razorpay", "Razorpay's webhook (signed raw body; at most 64 KB)", {
    auth: "public",
    body: z.looseObject({ event: z.string(), payload: z.unknown() }),
    responses: {
      200: z.object({ status: z.enum(["ignored", "duplicate", "granted", "already_granted", "deferred"]) }),
    },
  }),
];
