import * as DialogPrimitive from "@radix-ui/react-dialog";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { formatMoney } from "#domain/format";
import { call } from "#web/api";
import { Button } from "#web/components/ui/button";
import { useTestCheckoutRequest } from "./testCheckout";

export const TEST_MODE_LABEL = "Test mode — no money moves";

/** The local checkout of test mode: Pay signs with the server's local secret, then the real verify runs. */
export function TestCheckoutDialog() {
  const request = useTestCheckoutRequest();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function pay() {
    if (!request) return;
    setPaying(true);
    setError(null);
    try {
      const response = await call("POST /api/functions/test-checkout/pay", {
        body: { order_id: request.orderId },
      });
      request.resolve({ kind: "paid", response });
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setPaying(false);
    }
  }

  return (
    <DialogPrimitive.Root
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !paying) request?.resolve({ kind: "dismissed" });
      }}
    >
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <DialogPrimitive.Content
          className="fixed left-1/2 top-1/2 z-50 w-[calc(100vw-1.5rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-card p-5 text-foreground shadow-2xl"
          data-testid="test-checkout"
        >
          <p className="mb-3 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-1 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
            <FlaskConical className="h-3.5 w-3.5" aria-hidden="true" />
            {TEST_MODE_LABEL}
          </p>
          <DialogPrimitive.Title className="text-lg font-semibold">Bahi test checkout</DialogPrimitive.Title>
          <DialogPrimitive.Description className="mt-1 text-sm text-muted-foreground">
            Payments on this server are in test mode, so this checkout stands in for Razorpay. Choose what the
            payment does; no card is charged.
          </DialogPrimitive.Description>
          {request && (
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-md bg-muted px-3 py-2 text-sm">
              <dt className="text-muted-foreground">Plan</dt>
              <dd className="text-right font-medium">{request.planName}</dd>
              <dt className="text-muted-foreground">Amount</dt>
              <dd className="text-right font-medium">{formatMoney(request.amount, "INR")}</dd>
              <dt className="text-muted-foreground">Order</dt>
              <dd className="truncate text-right font-mono text-xs leading-5">{request.orderId}</dd>
            </dl>
          )}
          {error && (
            <p role="alert" className="mt-3 text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="mt-5 grid gap-2 sm:grid-cols-3">
            <Button onClick={pay} busy={paying} className="justify-center">
              Pay
            </Button>
            <Button
              variant="outline"
              className="justify-center"
              disabled={paying}
              onClick={() =>
                request?.resolve({
                  kind: "failed",
                  description:
                    "The test payment was declined. No money moved; try again or pick another plan.",
                })
              }
            >
              Fail
            </Button>
            <Button
              variant="ghost"
              className="justify-center"
              disabled={paying}
              onClick={() => request?.resolve({ kind: "dismissed" })}
            >
              Dismiss
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
