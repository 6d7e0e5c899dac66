import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { call, resourceKey } from "#web/api";
import { displayName, useAuth } from "#web/auth/AuthProvider";
import type { Plan } from "../credits/api";
import { closeTopUpDialog, openTopUpDialog } from "../credits/useTopUpDialog";
import { openRazorpayCheckout } from "./checkout";
import { type PurchasePorts, purchasePlan } from "./purchase-flow";
import { requestTestCheckout } from "./testCheckout";

/** The top-up flow (purchase-flow.ts) wired to the API, the toasts, the dialog and the router. */
export function usePurchase() {
  const [processingPlanId, setProcessingPlanId] = useState<string | null>(null);
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const ports: PurchasePorts = {
    starting: setProcessingPlanId,
    createOrder: (planId) => call("POST /api/functions/create-razorpay-order", { body: { planId } }),
    openRazorpayCheckout,
    openTestCheckout: requestTestCheckout,
    verify: (response) => call("POST /api/functions/verify-razorpay-payment", { body: response }),
    reloadCredits: () => queryClient.invalidateQueries({ queryKey: resourceKey("credits") }),
    toast: {
      error: (title, description, replaces) => toast.error(title, { id: replaces, description }),
      info: (title, description) => toast(title, { description }),
      pending: (text) => toast.loading(text),
      success: (title, description, replaces) => toast.success(title, { id: replaces, description }),
    },
    openTopUpDialog,
    closeTopUpDialog,
    showSuccess: (path, state) => navigate(path, { state }),
  };

  async function purchase(plan: Plan | undefined) {
    if (processingPlanId) return;
    const buyer = user ? { name: displayName(user), email: user.email } : null;
    try {
      await purchasePlan(plan, buyer, ports);
    } finally {
      setProcessingPlanId(null);
    }
  }

  return { purchase, processingPlanId };
}
