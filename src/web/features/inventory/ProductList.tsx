import { clsx } from "clsx";
import type { ReactNode } from "react";
import { money, type Product, quantityLabel, type StockStatus } from "./api";

const STATUS: Record<StockStatus, { label: string; className: string }> = {
  untracked: { label: "Not tracked", className: "bg-muted text-muted-foreground" },
  in_stock: { label: "In stock", className: "bg-accent-soft text-foreground" },
  low: { label: "Low stock", className: "border border-warning text-warning" },
  out: { label: "Out of stock", className: "border border-destructive text-destructive" },
};

export function StockBadge({ status }: { status: StockStatus }) {
  const s = STATUS[status];
  return (
    <span
      className={clsx(
        "inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        s.className,
      )}
    >
      {s.label}
    </span>
  );
}

const grid = "md:grid md:items-center md:gap-4";
const withActions = "md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)_15rem]";
const withoutActions = "md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.3fr)]";

/**
 * Items as rows on wide screens and as stacked cards on narrow ones (one markup: each value
 * carries its own label, shown only where there is no column heading).
 */
export function ProductList({
  items,
  currency,
  actions,
  busy,
}: {
  items: Product[];
  currency: string | undefined;
  actions?: (p: Product) => ReactNode;
  busy?: boolean;
}) {
  const columns = clsx(grid, actions ? withActions : withoutActions);
  return (
    <div className="rounded-lg border border-border bg-card">
      <div
        className={clsx(
          "hidden border-b border-border px-4 py-2 text-xs font-medium uppercase text-muted-foreground",
          columns,
        )}
        aria-hidden="true"
      >
        <span>Item</span>
        <span className="text-right">Rate</span>
        <span className="text-right">Cost price</span>
        <span>Stock</span>
        {actions && <span className="sr-only">Actions</span>}
      </div>
      <ul aria-label="Products and services" aria-busy={busy} className="divide-y divide-border">
        {items.map((p) => (
          <li key={p.id} className={clsx("flex flex-col gap-2 px-4 py-3", columns)}>
            <div className="min-w-0">
              <p className="truncate font-medium">{p.name}</p>
              <p className="truncate text-xs text-muted-foreground">
                {p.kind === "service" ? "Service" : "Product"}
                {p.hsnSac ? ` · HSN/SAC ${p.hsnSac}` : ""}
                {p.defaultTaxPercent !== "0.00" ? ` · Tax ${trimPercent(p.defaultTaxPercent)}%` : ""}
              </p>
            </div>
            <Value label="Rate" value={money(p.rate, currency)} />
            <Value label="Cost price" value={money(p.costPrice, currency)} />
            <div className="flex items-center justify-between gap-2 md:justify-start">
              <span className="text-sm text-muted-foreground md:hidden">Stock</span>
              <span className="flex flex-wrap items-center justify-end gap-2 text-sm">
                {p.tracksStock && <span className="tabular-nums">{quantityLabel(p)}</span>}
                <StockBadge status={p.stockStatus} />
              </span>
            </div>
            {actions && <div className="flex flex-wrap gap-2 md:justify-end">{actions(p)}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Value({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-2 text-sm md:block md:text-right">
      <span className="text-muted-foreground md:sr-only">{label}</span>
      <span className="tabular-nums">{value}</span>
    </div>
  );
}

export const trimPercent = (p: string) => (p.includes(".") ? p.replace(/\.?0+$/, "") : p);
