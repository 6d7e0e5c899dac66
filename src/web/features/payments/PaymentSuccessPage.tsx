import { useQuery } from "@tanstack/react-query";
import { CheckCircle2 } from "lucide-react";
import { Link, useLocation, useSearchParams } from "react-router";
import { formatMoney } from "#domain/format";
import { Card, Spinner } from "#web/components/ui/card";
import { TermRow } from "#web/components/ui/term-row";
import { creditsQuery, ledgerQuery } from "../credits/api";
import type { PaymentSuccessState } from "./purchase-flow";

const linkButton =
  "inline-flex h-10 items-center justify-center rounded-md px-4 text-sm font-medium transition-colors";

/** Plan, credits added and the new balance; after a reload it reads the purchase back from the ledger. */
export function PaymentSuccessPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const fromCheckout = location.state as PaymentSuccessState | null;
  const ledger = useQuery({ ...ledgerQuery, enabled: !fromCheckout });
  const balance = useQuery(creditsQuery);

  let purchase: Omit<PaymentSuccessState, "credits"> | undefined = fromCheckout ?? undefined;
  if (!purchase && ledger.data) {
    const wanted = params.get("order");
    const paid = ledger.data.purchases.filter((p) => p.status === "paid");
    const found = paid.find((p) => p.id === wanted) ?? paid[0];
    if (found) {
      purchase = {
        orderId: found.id,
        planName: found.planName,
        creditsAdded: found.credits,
        amountPaise: found.amountPaise,
      };
    }
  }
  const credits = balance.data?.credits ?? fromCheckout?.credits;

  if (!purchase) {
    return ledger.isLoading ? (
      <Spinner label="Loading your purchase..." />
    ) : (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-2xl font-bold">No purchase yet</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          There is no completed purchase on this account. Credits can be bought from the Credits button at the
          top.
        </p>
        <Link
          to="/dashboard"
          className={`${linkButton} mt-6 bg-primary text-primary-foreground hover:opacity-90`}
        >
          Go to Dashboard
        </Link>
      </Card>
    );
  }

  return (
    <Card className="mx-auto max-w-lg text-center">
      <CheckCircle2 className="mx-auto h-14 w-14 text-accent" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold">Payment Successful</h1>
      <p className="mt-1 text-sm text-muted-foreground">Thank you! Your credits are ready to use.</p>
      <dl className="mt-6 divide-y divide-border rounded-md border border-border text-left text-sm">
        <Row label="Plan" value={purchase.planName} />
        <Row label="Amount paid" value={formatMoney(purchase.amountPaise, "INR")} />
        <Row label="Credits added" value={`+${purchase.creditsAdded}`} testId="credits-added" />
        <Row
          label="New balance"
          value={credits === undefined ? "…" : `${credits} credits`}
          testId="new-balance"
        />
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">
        Order {purchase.orderId}. A receipt has been sent to your e-mail.
      </p>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
        <Link
          to="/invoice/new"
          className={`${linkButton} bg-primary text-primary-foreground hover:opacity-90`}
        >
          Create an Invoice
        </Link>
        <Link to="/account#credits" className={`${linkButton} border border-border hover:bg-muted`}>
          View Credit History
        </Link>
      </div>
    </Card>
  );
}

function Row(props: { label: string; value: string; testId?: string }) {
  return (
    <TermRow
      {...props}
      className="flex items-center justify-between gap-4 px-4 py-3"
      valueClassName="font-semibold"
    />
  );
}
