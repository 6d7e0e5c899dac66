import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { PAYMENT_MESSAGES } from "#domain/messages";
import { ApiError, api } from "#web/api";
import { displayName, useAuth } from "#web/auth/AuthProvider";
import type { Plan } from "../credits/api";
import { closeTopUpDialog, openTopUpDialog } from "../credits/useTopUpDialog";
import {
  CheckoutLoadError,
  type CheckoutOutcome,
  type CheckoutSuccess,
  openRazorpayCheckout,
} from "./checkout";
import { requestTestCheckout } from "./testCheckout";

interface CreatedOrder {
  order_id: string;
  amount: number;
  currency: string;
  key_id: string | null;
  test_mode: boolean;
  checkout_url: string | null;
}

export interface VerifiedPayment {
  credits_added: number;
  credits: number;
  order_id: string;
  plan_id: string;
  plan_name: string;
  amount: number;
}

/** What /payment-success shows; also read back from the ledger after a reload. */
export interface PaymentSuccessState {
  orderId: string;
  planName: string;
  creditsAdded: number;
  credits: number;
  amountPaise: number;
}

/**
 * The top-up flow of spec §4: create the order, open the checkout (Razorpay's, or the local one
 * in test mode), verify on the server, reload credits, close the dialog, go to /payment-success.
 */
export function usePurchase() {
  const [processingPlanId, setProcessingPlanId] = useState<string | null>(null);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  async function purchase(plan: Plan | undefined) {
    if (processingPlanId) return;
    if (!plan?.id || !plan.price || !plan.credits) {
      toast.error(PAYMENT_MESSAGES.paymentErrorTitle, { description: PAYMENT_MESSAGES.invalidPlan });
      return;
    }
    if (!user) {
      toast.error(PAYMENT_MESSAGES.pleaseLogIn, { description: PAYMENT_MESSAGES.authSessionError });
      return;
    }
    setProcessingPlanId(plan.id);
    try {
      const order = await createOrder(plan.id);
      if (!order) return;
      const outcome = await checkout(order, plan, { name: displayName(user), email: user.email });
      if (!outcome) return;
      if (outcome.kind === "dismissed") {
        openTopUpDialog();
        toast(PAYMENT_MESSAGES.paymentCancelledTitle, {
          description: "You closed the checkout before paying. No money was taken.",
        });
        return;
      }
      if (outcome.kind === "failed") {
        openTopUpDialog();
        toast.error(PAYMENT_MESSAGES.paymentFailedTitle, { description: outcome.description });
        return;
      }
      await verify(outcome.response);
    } finally {
      setProcessingPlanId(null);
    }
  }

  async function createOrder(planId: string): Promise<CreatedOrder | null> {
    try {
      return await api<CreatedOrder>("/api/functions/create-razorpay-order", { body: { planId } });
    } catch (error) {
      const e = error as ApiError;
      if (e instanceof ApiError && e.status === 401) {
        toast.error(PAYMENT_MESSAGES.pleaseLogIn, { description: PAYMENT_MESSAGES.authSessionError });
      } else if (e instanceof ApiError && e.code === "network") {
        toast.error(PAYMENT_MESSAGES.initializationFailedTitle, {
          description: PAYMENT_MESSAGES.couldNotConnectToGateway,
        });
      } else {
        toast.error(PAYMENT_MESSAGES.paymentErrorTitle, {
          description:
            e.status === 429 || e.status === 400 ? e.message : PAYMENT_MESSAGES.failedToCreateOrder,
        });
      }
      return null;
    }
  }

  async function checkout(
    order: CreatedOrder,
    plan: Plan,
    prefill: { name: string; email: string },
  ): Promise<CheckoutOutcome | null> {
    if (order.test_mode || !order.key_id || !order.checkout_url) {
      return requestTestCheckout({ orderId: order.order_id, amount: order.amount, planName: plan.name });
    }
    // Razorpay's overlay lives outside our dialog; a modal dialog would block its clicks and focus.
    closeTopUpDialog();
    try {
      return await openRazorpayCheckout({
        checkoutUrl: order.checkout_url,
        keyId: order.key_id,
        orderId: order.order_id,
        amount: order.amount,
        currency: order.currency,
        description: `${plan.name} for PDF downloads`,
        prefill,
      });
    } catch (error) {
      openTopUpDialog();
      toast.error(PAYMENT_MESSAGES.initializationFailedTitle, {
        description:
          error instanceof CheckoutLoadError ? error.message : PAYMENT_MESSAGES.couldNotConnectToGateway,
      });
      return null;
    }
  }

  async function verify(response: CheckoutSuccess) {
    const pending = toast.loading("Verifying your payment...");
    try {
      const verified = await api<VerifiedPayment>("/api/functions/verify-razorpay-payment", {
        body: { ...response },
      });
      await queryClient.invalidateQueries({ queryKey: ["credits"] });
      closeTopUpDialog();
      toast.success(PAYMENT_MESSAGES.paymentSuccessfulTitle, {
        id: pending,
        description: PAYMENT_MESSAGES.creditsAdded(verified.credits_added),
      });
      const state: PaymentSuccessState = {
        orderId: verified.order_id,
        planName: verified.plan_name,
        creditsAdded: verified.credits_added,
        credits: verified.credits,
        amountPaise: verified.amount,
      };
      navigate(`/payment-success?order=${encodeURIComponent(verified.order_id)}`, { state });
    } catch (error) {
      const e = error as ApiError;
      toast.error(PAYMENT_MESSAGES.verificationFailedTitle, {
        id: pending,
        description: e.status === 409 ? e.message : PAYMENT_MESSAGES.couldNotVerifyPayment,
      });
    }
  }

  return { purchase, processingPlanId };
}
