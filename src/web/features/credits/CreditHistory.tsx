import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { formatMoney } from "#domain/format";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { useRefusal } from "../members/role";
import { creditsQuery, type LedgerEntry, ledgerQuery, type Purchase } from "./api";
import { useTopUpDialog } from "./useTopUpDialog";

const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });
const when = (iso: string) => dateTime.format(new Date(iso));

/** My Account's credits: the balance, every change to it, and the purchase history (DECISIONS §8). */
export function CreditHistory() {
  const balance = useQuery(creditsQuery);
  const ledger = useQuery(ledgerQuery);
  const { open } = useTopUpDialog();
  // Only an owner buys credits (decision 0076); the others read why instead of a button.
  const buyRefusal = useRefusal("credits.buy");
  const { hash } = useLocation();
  const loaded = ledger.isSuccess;
  // /account#credits (the success page's "View Credit History") lands on this card.
  useEffect(() => {
    if (hash === "#credits" && loaded) document.getElementById("credits")?.scrollIntoView({ block: "start" });
  }, [hash, loaded]);
  return (
    <Card id="credits" className="scroll-mt-20 lg:col-span-2">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-lg font-semibold">Credits</h2>
          <p className="mt-2 text-3xl font-bold" data-testid="account-credits">
            {balance.data?.credits ?? "…"}
          </p>
          <p className="text-sm text-muted-foreground">
            Each PDF download uses 1 credit. New accounts get 25 free credits; credits do not expire.
          </p>
        </div>
        {buyRefusal === null ? (
          <Button onClick={open}>Buy credits</Button>
        ) : (
          <p className="max-w-xs text-sm text-muted-foreground">{buyRefusal}</p>
        )}
      </div>
      {ledger.isLoading ? (
        <div className="mt-6">
          <Spinner label="Loading credit history..." />
        </div>
      ) : ledger.isError || !ledger.data ? (
        <p role="alert" className="mt-6 text-sm text-destructive">
          The credit history could not be loaded.
        </p>
      ) : (
        <div className="mt-6 grid gap-6 lg:grid-cols-2">
          <Ledger entries={ledger.data.entries} />
          <Purchases purchases={ledger.data.purchases} />
        </div>
      )}
    </Card>
  );
}

function entryLabel(entry: LedgerEntry): string {
  if (entry.reason === "signup_grant") return "Sign-up bonus";
  if (entry.reason === "download")
    return entry.invoiceNumber ? `PDF download: ${entry.invoiceNumber}` : "PDF download";
  if (entry.reason === "download_refund")
    return entry.invoiceNumber
      ? `PDF not made, credit returned: ${entry.invoiceNumber}`
      : "PDF not made, credit returned";
  const amount = entry.amountPaise === null ? "" : ` (${formatMoney(entry.amountPaise, "INR")})`;
  return `Purchase: ${entry.planName ?? "credits"}${amount}`;
}

function Ledger({ entries }: { entries: LedgerEntry[] }) {
  return (
    <section aria-labelledby="ledger-heading">
      <h3 id="ledger-heading" className="mb-2 text-sm font-semibold">
        Credit history
      </h3>
      <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm">
        {entries.map((e) => (
          <li key={e.id} className="flex items-center justify-between gap-3 px-3 py-2">
            <div className="min-w-0">
              <p className="truncate">{entryLabel(e)}</p>
              <p className="text-xs text-muted-foreground">{when(e.createdAt)}</p>
            </div>
            <span
              className={clsx(
                "shrink-0 font-semibold tabular-nums",
                e.delta > 0 ? "text-accent" : "text-foreground",
              )}
            >
              {e.delta > 0 ? `+${e.delta}` : `−${Math.abs(e.delta)}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const STATUS: Record<Purchase["status"], { label: string; className: string }> = {
  paid: { label: "Paid", className: "bg-accent-soft text-accent" },
  created: { label: "Not completed", className: "bg-muted text-muted-foreground" },
  failed: { label: "Not completed", className: "bg-muted text-muted-foreground" },
};

function Purchases({ purchases }: { purchases: Purchase[] }) {
  return (
    <section aria-labelledby="purchases-heading">
      <h3 id="purchases-heading" className="mb-2 text-sm font-semibold">
        Purchases
      </h3>
      {purchases.length === 0 ? (
        <p className="rounded-md border border-dashed border-border px-3 py-6 text-center text-sm text-muted-foreground">
          No purchases yet.
        </p>
      ) : (
        <ul className="max-h-80 divide-y divide-border overflow-y-auto rounded-md border border-border text-sm">
          {purchases.map((p) => (
            <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
              <div className="min-w-0">
                <p className="truncate">
                  {p.planName} · {formatMoney(p.amountPaise, "INR")}
                  {p.testMode && <span className="text-xs text-muted-foreground"> (test)</span>}
                </p>
                <p className="text-xs text-muted-foreground">{when(p.paidAt ?? p.createdAt)}</p>
              </div>
              <span
                className={clsx(
                  "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium",
                  STATUS[p.status].className,
                )}
              >
                {STATUS[p.status].label}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
