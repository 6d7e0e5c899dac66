import * as DialogPrimitive from "@radix-ui/react-dialog";
import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { Check, CircleAlert, FlaskConical, ShieldCheck, X } from "lucide-react";
import { CREDIT_MESSAGES, PAYMENT_MESSAGES } from "#domain/messages";
import { Button, IconButton } from "#web/components/ui/button";
import { Spinner } from "#web/components/ui/card";
import { TestCheckoutDialog } from "../payments/TestCheckoutDialog";
import { usePurchase } from "../payments/usePurchase";
import { type Plan, plansQuery } from "./api";
import { useTopUpDialog } from "./useTopUpDialog";

const rupees = (n: number) => `₹${n.toLocaleString("en-IN")}`;

/** Mounted once in the app shell; opened from anywhere through useTopUpDialog(). */
export function TopUpDialogHost() {
  const { isOpen, open, close } = useTopUpDialog();
  const { purchase, processingPlanId } = usePurchase();
  return (
    <>
      <DialogPrimitive.Root
        open={isOpen}
        onOpenChange={(next) => {
          if (next) open();
          else if (!processingPlanId) close();
        }}
      >
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-black/50" />
          <DialogPrimitive.Content
            className="fixed left-1/2 top-1/2 z-50 max-h-[92dvh] w-[calc(100vw-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg border border-border bg-card p-4 text-foreground shadow-xl sm:p-6"
            data-testid="top-up-dialog"
          >
            <div className="mb-5 flex items-start justify-between gap-4">
              <div>
                <DialogPrimitive.Title className="text-xl font-semibold">
                  {CREDIT_MESSAGES.topUpTitle}
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
                  Each PDF download uses 1 credit. Credits never expire.
                </DialogPrimitive.Description>
              </div>
              <DialogPrimitive.Close asChild>
                <IconButton label="Close" icon={X} disabled={processingPlanId !== null} />
              </DialogPrimitive.Close>
            </div>
            <PlanCards processingPlanId={processingPlanId} onPurchase={purchase} />
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
      <TestCheckoutDialog />
    </>
  );
}

/** The plans, with a banner when payments are in test mode and a notice when there are none. */
export function PlanCards({
  processingPlanId,
  onPurchase,
}: {
  processingPlanId: string | null;
  onPurchase: (plan: Plan | undefined) => void;
}) {
  const { data, isLoading, isError, refetch } = useQuery(plansQuery);
  if (isLoading) return <Spinner label="Loading plans..." />;
  if (isError || !data) {
    return (
      <div role="alert" className="text-sm">
        <p>The plans could not be loaded.</p>
        <Button variant="outline" size="sm" className="mt-2" onClick={() => refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      {data.testMode && (
        <p
          className="mb-4 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-400/30 dark:bg-amber-400/10 dark:text-amber-200"
          data-testid="payments-test-mode"
        >
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Payments are in test mode — no money moves.</strong> Purchases
            on this server go through a local test checkout instead of Razorpay.
          </span>
        </p>
      )}
      {!data.paymentsConfigured && (
        <p
          role="alert"
          className="mb-4 flex items-start gap-2 rounded-md border border-border bg-muted px-3 py-2 text-sm"
        >
          <CircleAlert className="mt-0.5 h-4 w-4 shrink-0 text-destructive" aria-hidden="true" />
          <span>
            <strong className="font-semibold">{PAYMENT_MESSAGES.notConfigured}</strong> Credits cannot be
            bought here until the server's operator sets up Razorpay.
          </span>
        </p>
      )}
      <ul className="grid gap-4 sm:grid-cols-3">
        {data.plans.map((plan) => {
          const busy = processingPlanId === plan.id;
          return (
            <li
              key={plan.id}
              className={clsx(
                "relative flex flex-col rounded-lg border bg-background p-4 pt-5",
                plan.popular ? "border-primary ring-1 ring-primary" : "border-border",
              )}
              aria-labelledby={`plan-${plan.id}`}
            >
              {plan.popular && (
                <span className="absolute -top-2.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-primary px-2.5 py-0.5 text-xs font-semibold text-primary-foreground">
                  {CREDIT_MESSAGES.mostPopular}
                </span>
              )}
              <div className="flex items-baseline justify-between gap-2 sm:block">
                <h3 id={`plan-${plan.id}`} className="text-base font-semibold">
                  {plan.name}
                </h3>
                <p className="text-2xl font-bold sm:mt-2 sm:text-3xl">{rupees(plan.price)}</p>
              </div>
              <ul className="mt-2 flex-1 space-y-1 text-sm text-muted-foreground sm:mt-3 sm:space-y-1.5">
                <li className="flex items-center gap-2">
                  <Check className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                  {plan.credits} PDF downloads
                </li>
                <li className="flex items-center gap-2">
                  <Check className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
                  {perDownload(plan)} per download
                </li>
              </ul>
              <Button
                className="mt-3 w-full justify-center sm:mt-4"
                variant={plan.popular ? "primary" : "outline"}
                busy={busy}
                disabled={processingPlanId !== null || !data.paymentsConfigured}
                onClick={() => onPurchase(plan)}
                aria-label={`${CREDIT_MESSAGES.purchasePlan}: ${plan.name} for ${rupees(plan.price)}`}
              >
                {CREDIT_MESSAGES.purchasePlan}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="mt-5 flex items-start gap-2 text-xs text-muted-foreground">
        <ShieldCheck className="h-4 w-4 shrink-0 text-accent" aria-hidden="true" />
        <span>
          Transactions are secure and processed by Razorpay, our card payment provider. Bahi never sees or
          stores your card details. Prices include all taxes.
        </span>
      </p>
    </>
  );
}

function perDownload(plan: Plan): string {
  const paise = Math.round((plan.price * 100) / plan.credits);
  return `₹${(paise / 100).toFixed(2)}`;
}
