import type { CreatedOrder, VerifiedPayment } from "#contract/payments";
import { PAYMENT_MESSAGES } from "#domain/messages";
import { ApiError } from "#web/api";
import type { Plan } from "../credits/api";
import {
  CheckoutLoadError,
  type CheckoutOutcome,
  type CheckoutSuccess,
  type RazorpayCheckoutRequest,
} from "./checkout";

// The top-up flow of spec §4, apart from React so each path can be followed in a test: plan chosen
// -> order created -> checkout opened (Razorpay's, or the local one in test mode) -> paid (verified
// on the server, credits reloaded, /payment-success), or dismissed, failed, refused. What it does to
// the page goes through `PurchasePorts`; usePurchase.ts plugs in the API, the toasts and the router.

export type { CreatedOrder, VerifiedPayment } from "#contract/payments";

/** What /payment-success shows; also read back from the ledger after a reload. */
export interface PaymentSuccessState {
  orderId: string;
  planName: string;
  creditsAdded: number;
  credits: number;
  amountPaise: number;
}

export interface PurchasePorts {
  /** The plan is valid and someone is signed in: the purchase is under way. */
  starting(planId: string): void;
  createOrder(planId: string): Promise<CreatedOrder>;
  openRazorpayCheckout(request: RazorpayCheckoutRequest): Promise<CheckoutOutcome>;
  openTestCheckout(request: { orderId: string; amount: number; planName: string }): Promise<CheckoutOutcome>;
  verify(response: CheckoutSuccess): Promise<VerifiedPayment>;
  reloadCredits(): Promise<void>;
  toast: {
    error(title: string, description: string, replaces?: string | number): void;
    info(title: string, description: string): void;
    /** A lasting "working on it" notice; the next notice given its id replaces it. */
    pending(text: string): string | number;
    success(title: string, description: string, replaces: string | number): void;
  };
  openTopUpDialog(): void;
  closeTopUpDialog(): void;
  showSuccess(path: string, state: PaymentSuccessState): void;
}

/** How the flow ended: credits granted, the person stopped, or it could not go on. */
export type PurchaseResult = "paid" | "dismissed" | "failed" | "refused";

export async function purchasePlan(
  plan: Plan | undefined,
  buyer: { name: string; email: string } | null,
  ports: PurchasePorts,
): Promise<PurchaseResult> {
  if (!plan?.id || !plan.price || !plan.credits) {
    ports.toast.error(PAYMENT_MESSAGES.paymentErrorTitle, PAYMENT_MESSAGES.invalidPlan);
    return "refused";
  }
  if (!buyer) {
    ports.toast.error(PAYMENT_MESSAGES.pleaseLogIn, PAYMENT_MESSAGES.authSessionError);
    return "refused";
  }
  ports.starting(plan.id);
  const order = await createOrder(plan, ports);
  if (!order) return "failed";
  const outcome = await checkout(order, plan, buyer, ports);
  if (!outcome) return "failed";
  if (outcome.kind === "dismissed") {
    ports.openTopUpDialog();
    ports.toast.info(
      PAYMENT_MESSAGES.paymentCancelledTitle,
      "You closed the checkout before paying. No money was taken.",
    );
    return "dismissed";
  }
  if (outcome.kind === "failed") {
    ports.openTopUpDialog();
    ports.toast.error(PAYMENT_MESSAGES.paymentFailedTitle, outcome.description);
    return "failed";
  }
  return verify(outcome.response, ports);
}

async function createOrder(plan: Plan, ports: PurchasePorts): Promise<CreatedOrder | null> {
  try {
    return await ports.createOrder(plan.id);
  } catch (error) {
    const code = error instanceof ApiError ? error.code : undefined;
    if (code === "unauthorized") {
      ports.toast.error(PAYMENT_MESSAGES.pleaseLogIn, PAYMENT_MESSAGES.authSessionError);
    } else if (code === "network") {
      ports.toast.error(
        PAYMENT_MESSAGES.initializationFailedTitle,
        PAYMENT_MESSAGES.couldNotConnectToGateway,
      );
    } else {
      // Too many attempts, a plan the server does not sell, or no payments on this server at all:
      // the server's words say which.
      const saysWhy =
        code === "too_many_requests" ||
        code === "validation_failed" ||
        code === "bad_request" ||
        code === "payments_not_configured";
      ports.toast.error(
        PAYMENT_MESSAGES.paymentErrorTitle,
        saysWhy ? (error as ApiError).message : PAYMENT_MESSAGES.failedToCreateOrder,
      );
    }
    return null;
  }
}

async function checkout(
  order: CreatedOrder,
  plan: Plan,
  buyer: { name: string; email: string },
  ports: PurchasePorts,
): Promise<CheckoutOutcome | null> {
  if (order.test_mode) {
    return ports.openTestCheckout({ orderId: order.order_id, amount: order.amount, planName: plan.name });
  }
  // Only the server turns the test checkout on; an order without Razorpay's details has no checkout.
  if (!order.key_id || !order.checkout_url) {
    ports.toast.error(PAYMENT_MESSAGES.paymentErrorTitle, PAYMENT_MESSAGES.notConfigured);
    return null;
  }
  // Razorpay's overlay lives outside our dialog; a modal dialog would block its clicks and focus.
  ports.closeTopUpDialog();
  try {
    return await ports.openRazorpayCheckout({
      checkoutUrl: order.checkout_url,
      keyId: order.key_id,
      orderId: order.order_id,
      amount: order.amount,
      currency: order.currency,
      description: `${plan.name} for PDF downloads`,
      prefill: buyer,
    });
  } catch (error) {
    ports.openTopUpDialog();
    ports.toast.error(
      PAYMENT_MESSAGES.initializationFailedTitle,
      error instanceof CheckoutLoadError ? error.message : PAYMENT_MESSAGES.couldNotConnectToGateway,
    );
    return null;
  }
}

async function verify(response: CheckoutSuccess, ports: PurchasePorts): Promise<PurchaseResult> {
  const pending = ports.toast.pending("Verifying your payment...");
  let verified: VerifiedPayment;
  try {
    verified = await ports.verify(response);
    await ports.reloadCredits();
  } catch (error) {
    const code = error instanceof ApiError ? error.code : undefined;
    // Recorded for another order, or not captured yet: the server's words say which.
    const saysWhy = code === "payment_already_recorded" || code === "payment_pending";
    ports.toast.error(
      PAYMENT_MESSAGES.verificationFailedTitle,
      saysWhy ? (error as ApiError).message : PAYMENT_MESSAGES.couldNotVerifyPayment,
      pending,
    );
    return "failed";
  }
  ports.closeTopUpDialog();
  ports.toast.success(
    PAYMENT_MESSAGES.paymentSuccessfulTitle,
    PAYMENT_MESSAGES.creditsAdded(verified.credits_added),
    pending,
  );
  ports.showSuccess(`/payment-success?order=${encodeURIComponent(verified.order_id)}`, {
    orderId: verified.order_id,
    planName: verified.plan_name,
    creditsAdded: verified.credits_added,
    credits: verified.credits,
    amountPaise: verified.amount,
  });
  return "paid";
}
