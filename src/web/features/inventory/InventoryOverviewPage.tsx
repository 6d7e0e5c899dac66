import { useQuery } from "@tanstack/react-query";
import { AlertTriangle, Boxes, List, PackageX, Settings2 } from "lucide-react";
import { Link } from "react-router";
import { SETTINGS_MESSAGES } from "#domain/messages";
import { Card } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";
import { EmptyCard, Loaded } from "#web/components/ui/states";
import { MayLink } from "#web/features/members/MayLink";
import { type InventorySummary, money, type Product, quantityLabel, summaryQuery } from "./api";

const linkButton =
  "inline-flex h-10 items-center gap-2 rounded-md px-4 text-sm font-medium transition-colors";

export function InventoryOverviewPage() {
  const summary = useQuery(summaryQuery);
  return (
    <>
      <PageHeader
        title="Inventory Overview"
        description="What you hold, what it is worth, and what needs restocking."
        actions={
          <>
            <Link to="/inventory/details" className={`${linkButton} border border-border hover:bg-muted`}>
              <List className="h-4 w-4" aria-hidden="true" />
              Product List
            </Link>
            <MayLink
              to="/inventory/manage-items"
              className={`${linkButton} bg-primary text-primary-foreground hover:opacity-90`}
            >
              <Settings2 className="h-4 w-4" aria-hidden="true" />
              Manage Items
            </MayLink>
          </>
        }
      />
      <Loaded
        query={summary}
        loading="Loading inventory..."
        errorTitle={SETTINGS_MESSAGES.errorLoadingProductsTitle}
      >
        {(data) => <Overview s={data} />}
      </Loaded>
    </>
  );
}

function Overview({ s }: { s: InventorySummary }) {
  const stats: { label: string; value: string; hint?: string; id: string }[] = [
    {
      id: "products",
      label: "Products",
      value: s.products.toLocaleString("en-IN"),
      hint: `${s.trackedItems} stock-tracked`,
    },
    { id: "services", label: "Services", value: s.services.toLocaleString("en-IN") },
    { id: "units", label: "Units in stock", value: s.unitsInStock },
    { id: "cost", label: "Stock value at cost", value: money(s.stockValueAtCost, s.currency) },
    { id: "rate", label: "Stock value at sale rate", value: money(s.stockValueAtRate, s.currency) },
    {
      id: "margin",
      label: "Potential margin",
      value: money(s.potentialMargin, s.currency),
      hint: "Sale value minus cost of what is in stock",
    },
  ];
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2 lg:grid-cols-3">
        {stats.map((x) => (
          <Card key={x.id} className="sm:p-5" data-testid={`stat-${x.id}`}>
            <dt className="text-sm text-muted-foreground">{x.label}</dt>
            <dd className="mt-1 break-words text-2xl font-bold tabular-nums">{x.value}</dd>
            {x.hint && <dd className="mt-1 text-xs text-muted-foreground">{x.hint}</dd>}
          </Card>
        ))}
      </dl>
      {s.products + s.services === 0 && (
        <EmptyCard
          compact
          icon={Boxes}
          title="Your inventory is empty"
          action={
            <MayLink
              to="/inventory/manage-items"
              className={`${linkButton} mt-4 bg-primary text-primary-foreground`}
            >
              Add items
            </MayLink>
          }
        >
          Add products with their opening stock, and services, to see their value here.
        </EmptyCard>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <AlertList filter="low" count={s.lowStockCount} items={s.lowStock} />
        <AlertList filter="out" count={s.outOfStockCount} items={s.outOfStock} />
      </div>
    </div>
  );
}

const ALERTS = {
  low: {
    title: "Low stock",
    icon: <AlertTriangle className="h-5 w-5 text-warning" aria-hidden="true" />,
    none: "Nothing is running low.",
  },
  out: {
    title: "Out of stock",
    icon: <PackageX className="h-5 w-5 text-destructive" aria-hidden="true" />,
    none: "Everything tracked is in stock.",
  },
};

function AlertList({ filter, count, items }: { filter: "low" | "out"; count: number; items: Product[] }) {
  const { title, icon, none } = ALERTS[filter];
  const headingId = `alert-${filter}`;
  return (
    <Card>
      <section aria-labelledby={headingId}>
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
            {icon}
            {title}
            <span className="text-sm font-normal text-muted-foreground">({count})</span>
          </h2>
          {count > 0 && (
            <Link
              to={`/inventory/details?filter=${filter}`}
              className="text-sm text-primary underline-offset-4 hover:underline"
            >
              View all
            </Link>
          )}
        </div>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{none}</p>
        ) : (
          <ul className="divide-y divide-border">
            {items.map((p) => (
              <li key={p.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <MayLink
                  fallback={<span className="min-w-0 truncate font-medium">{p.name}</span>}
                  to={`/inventory/manage-items?adjust=${encodeURIComponent(p.id)}`}
                  className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                >
                  {p.name}
                </MayLink>
                <span className="shrink-0 tabular-nums text-muted-foreground">
                  {quantityLabel(p)}
                  {p.lowStockLevel !== null && filter === "low" ? ` / ${p.lowStockLevel}` : ""}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
