import type { Dashboard } from "#contract/dashboard";
import { formatMoney } from "#domain/format";
import { AGEING_BUCKETS } from "#domain/payments";
import { Card } from "#web/components/ui/card";

// Getting paid at a glance: received this month and financial year (by payment date), what
// clients still owe, and how late it is, per currency (the default currency first).

const AGEING_LABELS: Record<(typeof AGEING_BUCKETS)[number], string> = {
  current: "Not yet due",
  "1-30": "1–30 days late",
  "31-60": "31–60 days late",
  "61-90": "61–90 days late",
  "90+": "Over 90 days late",
};

export function ReceivablesCard({ receivables }: { receivables: Dashboard["receivables"] }) {
  return (
    <Card role="region" aria-labelledby="receivables-heading">
      <h2 id="receivables-heading" className="text-lg font-semibold">
        Payments and receivables
      </h2>
      <div className="mt-3 space-y-5">
        {receivables.map((r) => {
          const money = (minor: number) => formatMoney(minor, r.currency);
          const largest = Math.max(1, ...AGEING_BUCKETS.map((b) => r.ageing[b]));
          return (
            <section key={r.currency} aria-label={`${r.currency} receivables`} className="space-y-3">
              {receivables.length > 1 && <h3 className="text-sm font-semibold">{r.currency}</h3>}
              <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-muted-foreground">Received this month</dt>
                  <dd className="text-lg font-semibold tabular-nums" data-testid="received-month">
                    {money(r.receivedMonthMinor)}
                  </dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Received this financial year</dt>
                  <dd className="text-lg font-semibold tabular-nums">{money(r.receivedYearMinor)}</dd>
                </div>
                <div>
                  <dt className="text-muted-foreground">Outstanding</dt>
                  <dd className="text-lg font-semibold tabular-nums" data-testid="outstanding">
                    {money(r.outstandingMinor)}
                  </dd>
                  {r.outstandingInrMinor !== undefined && (r.outstandingInrMinor > 0 || r.withoutRate) ? (
                    <dd className="text-xs text-muted-foreground" data-testid="outstanding-inr">
                      {formatMoney(r.outstandingInrMinor, "INR")} at the invoices' rates
                      {r.withoutRate
                        ? ` (${r.withoutRate} ${r.withoutRate === 1 ? "invoice has" : "invoices have"} no rate)`
                        : ""}
                    </dd>
                  ) : null}
                </div>
              </dl>
              <ul className="space-y-1.5 text-sm" aria-label={`Outstanding by how late, ${r.currency}`}>
                {AGEING_BUCKETS.map((bucket) => (
                  <li key={bucket} className="grid grid-cols-[9rem_1fr_auto] items-center gap-3">
                    <span className="text-muted-foreground">{AGEING_LABELS[bucket]}</span>
                    <span className="h-2 rounded bg-muted" aria-hidden="true">
                      <span
                        className={`block h-2 rounded ${bucket === "current" ? "bg-primary" : "bg-warning"}`}
                        style={{ width: `${(100 * r.ageing[bucket]) / largest}%` }}
                      />
                    </span>
                    <span className="text-right tabular-nums">{money(r.ageing[bucket])}</span>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </Card>
  );
}
