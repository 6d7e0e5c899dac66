import { useQuery } from "@tanstack/react-query";
import { BookOpen, Coins, FilePlus2, type LucideIcon, Settings, Users } from "lucide-react";
import { Link } from "react-router";
import type { Dashboard } from "#contract/dashboard";
import { formatMoney } from "#domain/format";
import { type BusinessAction, roleMay } from "#domain/roles";
import { STATUS_LABELS } from "#domain/status";
import { displayName, useAuth } from "#web/auth/AuthProvider";
import { Card } from "#web/components/ui/card";
import { PageHeader } from "#web/components/ui/page";
import { Loaded } from "#web/components/ui/states";
import { FiguresHead } from "#web/components/ui/table";
import { formatDate } from "#web/features/documents/format";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { MayLink } from "#web/features/members/MayLink";
import { useMyRole } from "#web/features/members/role";
import { useAfterFirstPaint } from "#web/lib/useAfterFirstPaint";
import { FigureCards } from "./FigureCards";
import { GetStarted } from "./GetStarted";
import { dashboardQuery } from "./query";
import { ReceivablesCard } from "./ReceivablesCard";
import { RevenueChart } from "./RevenueChart";

/** Each with what the role must be allowed (decision 0079); none: every role. */
const QUICK_ACTIONS: {
  to: string;
  label: string;
  text: string;
  icon: LucideIcon;
  action?: BusinessAction;
}[] = [
  {
    to: "/invoice/new",
    label: "Create Invoice/Bill",
    text: "Write a new invoice or bill.",
    icon: FilePlus2,
    action: "documents.write",
  },
  {
    to: "/clients",
    label: "Add a client",
    text: "Keep your clients' details in one place.",
    icon: Users,
    action: "clients.manage",
  },
  {
    to: "/settings",
    label: "Company defaults",
    text: "Logo, bank details, UPI and signature.",
    icon: Settings,
    action: "settings.write",
  },
  { to: "/instructions", label: "How Bahi works", text: "A short guide to every screen.", icon: BookOpen },
];

export function DashboardPage() {
  const { user } = useAuth();
  const role = useMyRole();
  const figures = useQuery(dashboardQuery);
  // The figures below the quick actions are drawn just after the top of the page (a placeholder
  // of their height meanwhile), so a phone shows the page sooner.
  const drawFigures = useAfterFirstPaint();
  return (
    <>
      <PageHeader
        title="Dashboard Overview"
        description={`Hello ${displayName(user)}, here is where your business stands.`}
      />
      <section aria-labelledby="quick-actions" className="mb-8">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold">
          Quick actions
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.filter((a) => !a.action || !role || roleMay(role, a.action)).map((a) => (
            <li key={a.to}>
              <Link to={a.to} className="block h-full rounded-lg focus-visible:outline-2">
                <Card className="h-full transition-colors hover:border-primary">
                  <a.icon className="mb-2 h-5 w-5 text-primary" aria-hidden="true" />
                  <p className="font-medium">{a.label}</p>
                  <p className="text-sm text-muted-foreground">{a.text}</p>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <Loaded query={figures} loading="Loading your figures..." errorTitle="Your figures could not be loaded">
        {(data) => (
          // The "get started" panel depends on the figures, so it takes the spinner's place below
          // the quick actions instead of pushing them down when it appears (no layout shift).
          <>
            {!data.statusBreakdown.some((s) => s.count > 0) && <GetStarted />}
            {drawFigures ? (
              <Overview data={data} />
            ) : (
              <div
                aria-hidden="true"
                className="h-[60rem] animate-pulse rounded-lg border border-border bg-card"
              />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

function Overview({ data }: { data: Dashboard }) {
  const money = (minor: number, currency = data.currency) => formatMoney(minor, currency);
  return (
    <div className="space-y-8">
      <FigureCards id="this-month" title="This month" figures={data.month} currency={data.currency} />
      <FigureCards
        id="financial-year"
        title={`Financial year ${data.financialYear.label}`}
        figures={data.financialYear}
        currency={data.currency}
      />
      <ReceivablesCard receivables={data.receivables} />
      {data.tdsReceivable.count > 0 && (
        // TDS clients deducted, still to be found in Form 26AS (decision 0088).
        <Card className="flex flex-wrap items-center justify-between gap-3" data-testid="tds-receivable">
          <div>
            <h2 className="text-lg font-semibold">TDS receivable</h2>
            <p className="text-sm text-muted-foreground">
              Deducted by clients from {data.tdsReceivable.count}{" "}
              {data.tdsReceivable.count === 1 ? "payment" : "payments"}, not yet seen in Form 26AS.
            </p>
          </div>
          <p className="text-2xl font-bold tabular-nums" data-testid="tds-receivable-amount">
            {money(data.tdsReceivable.amountMinor, "INR")}
          </p>
          <MayLink className="basis-full text-sm text-primary underline" to="/reports/tds">
            Match with Form 26AS
          </MayLink>
        </Card>
      )}
      {data.otherCurrencies.length > 0 && (
        <Card>
          <h2 className="mb-1 text-lg font-semibold">Other currencies</h2>
          <p className="mb-3 text-sm text-muted-foreground">
            Invoices in other currencies this financial year, kept apart from the {data.currency} figures
            above.
          </p>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <FiguresHead
                className="text-muted-foreground"
                cellClassName="py-1 pr-4 font-medium last:pr-0"
                columns={["Currency", "Invoiced", "Paid", "Outstanding"]}
              />
              <tbody>
                {data.otherCurrencies.map((c) => (
                  <tr key={c.currency} className="border-t border-border">
                    <th scope="row" className="py-1 pr-4 text-left font-medium">
                      {c.currency}
                    </th>
                    <td className="py-1 pr-4 text-right tabular-nums">
                      {money(c.invoicedMinor, c.currency)}
                    </td>
                    <td className="py-1 pr-4 text-right tabular-nums">{money(c.paidMinor, c.currency)}</td>
                    <td className="py-1 text-right tabular-nums">{money(c.outstandingMinor, c.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      )}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="min-w-0 lg:col-span-2">
          <h2 className="mb-3 text-lg font-semibold">Revenue, last 12 months</h2>
          <RevenueChart data={data.revenueByMonth} currency={data.currency} />
        </Card>
        <Card className="min-w-0">
          <h2 className="mb-3 text-lg font-semibold">By status</h2>
          <ul className="space-y-2">
            {data.statusBreakdown.map((s) => (
              <li key={s.status} className="flex items-center justify-between gap-2 text-sm">
                <Link
                  to={`/invoices?status=${s.status}`}
                  className="rounded hover:opacity-80"
                  aria-label={`${s.count} ${STATUS_LABELS[s.status].toLowerCase()} invoices, see them`}
                >
                  <StatusBadge kind="invoice" status={s.status} />
                </Link>
                <span className="text-right tabular-nums">
                  <span className="font-medium">{s.count}</span>
                  <span className="ml-2 text-muted-foreground">{money(s.amountMinor)}</span>
                </span>
              </li>
            ))}
          </ul>
        </Card>

        <Card className="min-w-0 lg:col-span-2">
          <div className="mb-3 flex items-center justify-between gap-2">
            <h2 className="text-lg font-semibold">Recent invoices</h2>
            <Link to="/invoices" className="text-sm font-medium text-primary hover:underline">
              See all
            </Link>
          </div>
          {data.recent.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No invoices yet.{" "}
              <MayLink to="/invoice/new" className="font-medium text-primary underline">
                Create your first invoice
              </MayLink>
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {data.recent.map((inv) => (
                <li key={inv.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                  <span className="min-w-0">
                    <Link
                      to={`/invoice/edit/${encodeURIComponent(inv.id)}`}
                      className="font-medium hover:underline"
                    >
                      {inv.invoiceNumber}
                    </Link>
                    <span className="block truncate text-muted-foreground">
                      {inv.clientName} · {formatDate(inv.invoiceDate)}
                    </span>
                  </span>
                  <span className="flex items-center gap-2">
                    <span className="tabular-nums">{formatMoney(inv.totalMinor, inv.currency)}</span>
                    <StatusBadge kind="invoice" status={inv.displayStatus} />
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>

        <div className="space-y-6">
          <Card>
            <h2 className="mb-3 text-lg font-semibold">Low stock</h2>
            {data.lowStock.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                Nothing is running low.{" "}
                <Link to="/inventory/manage-items" className="font-medium text-primary underline">
                  Manage items
                </Link>
              </p>
            ) : (
              <ul className="space-y-1.5 text-sm" data-testid="low-stock">
                {data.lowStock.map((p) => (
                  <li key={p.id} className="flex justify-between gap-2">
                    <span className="min-w-0 truncate">{p.name}</span>
                    <span className="shrink-0 font-medium text-warning tabular-nums">
                      {p.availableQuantity ?? "0"} {p.unit ?? ""} left
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card>
            <h2 className="mb-2 flex items-center gap-2 text-lg font-semibold">
              <Coins className="h-5 w-5 text-accent" aria-hidden="true" />
              Credits
            </h2>
            <p className="text-3xl font-bold" data-testid="dashboard-credits">
              {data.credits}
            </p>
            <p className="text-sm text-muted-foreground">PDF downloads left. Each download uses 1 credit.</p>
            <Link
              to="/account#credits"
              className="mt-2 inline-block text-sm font-medium text-primary hover:underline"
            >
              Credits and purchases
            </Link>
          </Card>
        </div>
      </div>
    </div>
  );
}
