import { PAYMENT_MESSAGES } from "#domain/messages";

// Razorpay Checkout: its script is loaded once, on demand (spec §4), from the configured URL.

export interface CheckoutSuccess {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

export type CheckoutOutcome =
  | { kind: "paid"; response: CheckoutSuccess }
  | { kind: "dismissed" }
  | { kind: "failed"; description: string };

interface RazorpayInstance {
  open(): void;
  on(event: "payment.failed", handler: (response: { error?: { description?: string } }) => void): void;
}
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance;

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor;
  }
}

export class CheckoutLoadError extends Error {}

let loading: Promise<RazorpayConstructor> | null = null;

export function loadCheckoutScript(src: string): Promise<RazorpayConstructor> {
  if (window.Razorpay) return Promise.resolve(window.Razorpay);
  loading ??= new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    script.onload = () => {
      if (window.Razorpay) resolve(window.Razorpay);
      else reject(new CheckoutLoadError(PAYMENT_MESSAGES.sdkObjectMissing));
    };
    script.onerror = () => {
      script.remove();
      reject(new CheckoutLoadError(PAYMENT_MESSAGES.sdkFailedToLoad));
    };
    document.head.appendChild(script);
  }).catch((error) => {
    loading = null; // a later click may try again
    throw error;
  });
  return loading;
}

/** What Razorpay's checkout is opened with: the order, its amount and who pays. */
export interface RazorpayCheckoutRequest {
  checkoutUrl: string;
  keyId: string;
  orderId: string;
  amount: number;
  currency: string;
  description: string;
  prefill: { name: string; email: string };
}

export async function openRazorpayCheckout(opts: RazorpayCheckoutRequest): Promise<CheckoutOutcome> {
  const Razorpay = await loadCheckoutScript(opts.checkoutUrl);
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false;
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const checkout = new Razorpay({
      key: opts.keyId,
      amount: opts.amount,
      currency: opts.currency,
      order_id: opts.orderId,
      name: "Bahi",
      description: opts.description,
      prefill: opts.prefill,
      theme: { color: "#3B82F6" },
      handler: (response: CheckoutSuccess) => settle({ kind: "paid", response }),
      modal: { ondismiss: () => settle({ kind: "dismissed" }) },
    });
    checkout.on("payment.failed", (response) =>
      settle({
        kind: "failed",
        description: response.error?.description ?? "The payment did not go through.",
      }),
    );
    checkout.open();
  });
}
