import { useSyncExternalStore } from "react";
import type { CheckoutOutcome } from "./checkout";

// Test mode's stand-in for Razorpay Checkout: `requestTestCheckout` shows the local checkout
// dialog and resolves with what the person chose, the same outcomes Razorpay's Checkout gives.

export interface TestCheckoutRequest {
  orderId: string;
  amount: number;
  planName: string;
  resolve: (outcome: CheckoutOutcome) => void;
}

let current: TestCheckoutRequest | null = null;
const listeners = new Set<() => void>();

function set(next: TestCheckoutRequest | null) {
  current = next;
  for (const listener of listeners) listener();
}

export function requestTestCheckout(details: Omit<TestCheckoutRequest, "resolve">): Promise<CheckoutOutcome> {
  current?.resolve({ kind: "dismissed" });
  return new Promise((resolve) => {
    set({
      ...details,
      resolve: (outcome) => {
        set(null);
        resolve(outcome);
      },
    });
  });
}

export function useTestCheckoutRequest(): TestCheckoutRequest | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}
