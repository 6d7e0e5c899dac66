import { PAYMENT_MESSAGES as M } from "#domain/messages";
import { ApiError } from "#web/api";
import type { Plan } from "../credits/api";
import { CheckoutLoadError, type CheckoutOutcome, type CheckoutSuccess } from "./checkout";
import { type CreatedOrder, type PurchasePorts, purchasePlan, type VerifiedPayment } from "./purchase-flow";

const plan: Plan = { id: "plan_100", name: "100 Credits", credits: 100, price: 499, popular: true };
const buyer = { name: "Asha Rao", email: "asha@example.com" };
const paid: CheckoutSuccess = {
  razorpay_order_id: "order_1",
  razorpay_payment_id: "pay_1",
  razorpay_signature: "sig",
};
const liveOrder: CreatedOrder = {
  order_id: "order_1",
  amount: 49900,
  currency: "INR",
  key_id: "rzp_live_key",
  test_mode: false,
  checkout_url: "https://checkout.razorpay.com/v1/checkout.js",
  plan,
};
const testOrder: CreatedOrder = { ...liveOrder, key_id: null, test_mode: true, checkout_url: null };
const verified: VerifiedPayment = {
  credits_added: 100,
  credits: 125,
  order_id: "order_1",
  plan_id: "plan_100",
  plan_name: "100 Credits",
  amount: 49900,
};

/** Fake ports that answer as told and write down, in order, everything the person would notice. */
function fakePorts(answers: {
  order?: () => Promise<CreatedOrder>;
  checkout?: () => Promise<CheckoutOutcome>;
  verify?: () => Promise<VerifiedPayment>;
}) {
  const seen: string[] = [];
  const calls: { razorpay?: unknown; test?: unknown; verify?: unknown; state?: unknown } = {};
  const checkout = answers.checkout ?? (async () => ({ kind: "paid", response: paid }) as const);
  const ports: PurchasePorts = {
    starting: (planId) => seen.push(`processing ${planId}`),
    createOrder: async (planId) => {
      seen.push(`order for ${planId}`);
      return (answers.order ?? (async () => liveOrder))();
    },
    openRazorpayCheckout: async (request) => {
      seen.push("Razorpay checkout opened");
      calls.razorpay = request;
      return checkout();
    },
    openTestCheckout: async (request) => {
      seen.push("test checkout opened");
      calls.test = request;
      return checkout();
    },
    verify: async (response) => {
      seen.push("verify");
      calls.verify = response;
      return (answers.verify ?? (async () => verified))();
    },
    reloadCredits: async () => void seen.push("credits reloaded"),
    toast: {
      error: (title, description, replaces) =>
        seen.push(
          `error${replaces === undefined ? "" : ` (replaces ${replaces})`}: ${title} / ${description}`,
        ),
      info: (title, description) => seen.push(`info: ${title} / ${description}`),
      pending: (text) => {
        seen.push(`pending: ${text}`);
        return "toast-1";
      },
      success: (title, description, replaces) =>
        seen.push(`success (replaces ${replaces}): ${title} / ${description}`),
    },
    openTopUpDialog: () => seen.push("dialog opened"),
    closeTopUpDialog: () => seen.push("dialog closed"),
    showSuccess: (path, state) => {
      seen.push(`go to ${path}`);
      calls.state = state;
    },
  };
  return { ports, seen, calls };
}

const rejects = (error: Error) => async (): Promise<never> => {
  throw error;
};

describe("buying credits", () => {
  it("with Razorpay: order, checkout over a closed dialog, verification, credits, /payment-success", async () => {
    const { ports, seen, calls } = fakePorts({});
    expect(await purchasePlan(plan, buyer, ports)).toBe("paid");
    expect(seen).toEqual([
      "processing plan_100",
      "order for plan_100",
      "dialog closed",
      "Razorpay checkout opened",
      "pending: Verifying your payment...",
      "verify",
      "credits reloaded",
      "dialog closed",
      `success (replaces toast-1): ${M.paymentSuccessfulTitle} / 100 credits have been added to your account.`,
      "go to /payment-success?order=order_1",
    ]);
    expect(calls.razorpay).toEqual({
      checkoutUrl: liveOrder.checkout_url,
      keyId: "rzp_live_key",
      orderId: "order_1",
      amount: 49900,
      currency: "INR",
      description: "100 Credits for PDF downloads",
      prefill: buyer,
    });
    expect(calls.verify).toEqual(paid);
    expect(calls.state).toEqual({
      orderId: "order_1",
      planName: "100 Credits",
      creditsAdded: 100,
      credits: 125,
      amountPaise: 49900,
    });
  });

  it("in test mode: the local checkout opens inside the dialog, and the same verification follows", async () => {
    const { ports, seen, calls } = fakePorts({ order: async () => testOrder });
    expect(await purchasePlan(plan, buyer, ports)).toBe("paid");
    expect(seen.slice(0, 4)).toEqual([
      "processing plan_100",
      "order for plan_100",
      "test checkout opened",
      "pending: Verifying your payment...",
    ]);
    expect(calls.test).toEqual({ orderId: "order_1", amount: 49900, planName: "100 Credits" });
    expect(seen).toContain("go to /payment-success?order=order_1");
  });

  it("opens the test checkout only when the server says the order is a test order", async () => {
    const noKeys: CreatedOrder = { ...liveOrder, key_id: null, checkout_url: null };
    const { ports, seen } = fakePorts({ order: async () => noKeys });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen).toEqual([
      "processing plan_100",
      "order for plan_100",
      `error: ${M.paymentErrorTitle} / Payments are not configured on this server.`,
    ]);
  });

  it("closing the checkout reopens the dialog and says no money was taken", async () => {
    const { ports, seen } = fakePorts({ checkout: async () => ({ kind: "dismissed" }) });
    expect(await purchasePlan(plan, buyer, ports)).toBe("dismissed");
    expect(seen.slice(-2)).toEqual([
      "dialog opened",
      `info: ${M.paymentCancelledTitle} / You closed the checkout before paying. No money was taken.`,
    ]);
    expect(seen).not.toContain("verify");
  });

  it("a failed payment reopens the dialog with Razorpay's reason", async () => {
    const { ports, seen } = fakePorts({
      checkout: async () => ({ kind: "failed", description: "Your card was declined." }),
    });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen.slice(-2)).toEqual([
      "dialog opened",
      `error: ${M.paymentFailedTitle} / Your card was declined.`,
    ]);
  });

  it("when Razorpay's script cannot load, the dialog comes back with the reason", async () => {
    const { ports, seen } = fakePorts({ checkout: rejects(new CheckoutLoadError(M.sdkFailedToLoad)) });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen.slice(-3)).toEqual([
      "Razorpay checkout opened",
      "dialog opened",
      `error: ${M.initializationFailedTitle} / ${M.sdkFailedToLoad}`,
    ]);
  });
});

describe("a purchase that cannot start", () => {
  it("refuses a plan without a price or credits, and asks someone signed out to sign in", async () => {
    const invalid = fakePorts({});
    expect(await purchasePlan({ ...plan, price: 0 }, buyer, invalid.ports)).toBe("refused");
    expect(invalid.seen).toEqual([`error: ${M.paymentErrorTitle} / ${M.invalidPlan}`]);

    const signedOut = fakePorts({});
    expect(await purchasePlan(plan, null, signedOut.ports)).toBe("refused");
    expect(signedOut.seen).toEqual([`error: ${M.pleaseLogIn} / ${M.authSessionError}`]);
  });

  it.each([
    [
      "an expired session",
      new ApiError(401, "unauthorized", "Please sign in to continue."),
      M.pleaseLogIn,
      M.authSessionError,
    ],
    [
      "no connection",
      new ApiError(0, "network", "Could not reach Bahi."),
      M.initializationFailedTitle,
      M.couldNotConnectToGateway,
    ],
    [
      "too many attempts",
      new ApiError(429, "too_many_requests", "Too many payment attempts. Please try again in an hour."),
      M.paymentErrorTitle,
      "Too many payment attempts. Please try again in an hour.",
    ],
    [
      "no Razorpay keys and no test checkout on the server",
      new ApiError(503, "payments_not_configured", M.notConfigured),
      M.paymentErrorTitle,
      "Payments are not configured on this server.",
    ],
    [
      "a server fault",
      new ApiError(500, "internal", "Something went wrong"),
      M.paymentErrorTitle,
      M.failedToCreateOrder,
    ],
  ])("when the order cannot be created (%s) says so and opens no checkout", async (_, error, title, text) => {
    const { ports, seen } = fakePorts({ order: rejects(error) });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen).toEqual(["processing plan_100", "order for plan_100", `error: ${title} / ${text}`]);
  });
});

describe("verification that does not go through", () => {
  it("shows the server's reason when the payment is not captured yet, in place of the pending notice", async () => {
    const pending = new ApiError(409, "payment_pending", "The bank has not confirmed this payment yet.");
    const { ports, seen } = fakePorts({ verify: rejects(pending) });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen.slice(-1)).toEqual([
      `error (replaces toast-1): ${M.verificationFailedTitle} / The bank has not confirmed this payment yet.`,
    ]);
    expect(seen).not.toContain("credits reloaded");
    expect(seen.some((line) => line.startsWith("go to"))).toBe(false);
  });

  it("asks to contact support on any other failure, without the server's words", async () => {
    const { ports, seen } = fakePorts({ verify: rejects(new ApiError(500, "internal", "stack trace")) });
    expect(await purchasePlan(plan, buyer, ports)).toBe("failed");
    expect(seen.slice(-1)).toEqual([
      `error (replaces toast-1): ${M.verificationFailedTitle} / ${M.couldNotVerifyPayment}`,
    ]);
  });
});
