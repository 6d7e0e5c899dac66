import { clsx } from "clsx";
import type { Figures } from "#contract/dashboard";
import { formatMoney } from "#domain/format";

const ITEMS: { key: keyof Figures; label: string; tone: string }[] = [
  { key: "invoiced", label: "Invoiced", tone: "text-primary" },
  { key: "paid", label: "Paid", tone: "text-success" },
  { key: "outstanding", label: "Outstanding", tone: "text-foreground" },
  { key: "overdue", label: "Overdue", tone: "text-warning" },
];

/** Invoiced, paid, outstanding and overdue for one period, in the default currency. */
export function FigureCards({
  title,
  figures,
  currency,
  id,
}: {
  title: string;
  figures: Figures;
  currency: string;
  id: string;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {ITEMS.map(({ key, label, tone }) => {
          const f = figures[key];
          return (
            <div
              key={key}
              className="rounded-lg border border-border bg-card p-3 shadow-sm sm:p-4"
              data-testid={`${id}-${key}`}
            >
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className={clsx("mt-1 break-words text-lg font-bold tabular-nums sm:text-2xl", tone)}>
                {formatMoney(f.amountMinor, currency)}
              </dd>
              <dd className="text-xs text-muted-foreground">
                {f.count} {f.count === 1 ? "invoice" : "invoices"}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}
