import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Download, FilePlus2, FileText } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatMoney } from "#domain/format";
import { api } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card, Spinner } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { formatDate } from "#web/features/documents/format";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import type { Invoice, InvoiceSummary } from "#web/features/documents/types";
import { isLastPage } from "#web/lib/page-count";
import { useDebounced } from "#web/lib/useDebounced";
import {
  changeFilters,
  filterQuery,
  filtersToParams,
  hasFilters,
  type InvoiceFilters,
  invoiceCount,
  PAGE_SIZE,
  pagesLine,
  readFilters,
} from "./list/filters";
import { InvoiceFiltersBar } from "./list/InvoiceFiltersBar";
import { InvoiceRowActions, type RowAction } from "./list/InvoiceRowActions";
import { ReportedBadge } from "./list/ReportedBadge";
import { invoiceListQuery, useInvalidateAfterInvoiceChange } from "./queries";

export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const navigate = useNavigate();
  const invalidate = useInvalidateAfterInvoiceChange();
  const [searchText, setSearchText] = useState(filters.search);
  const search = useDebounced(searchText, 300);
  const [busy, setBusy] = useState<{ id: string; action: RowAction } | null>(null);
  const [toDelete, setToDelete] = useState<InvoiceSummary | null>(null);

  const update = (patch: Partial<InvoiceFilters>) => {
    setParams(filtersToParams(changeFilters(filters, patch)), { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the URL.
  useEffect(() => {
    if (search !== filters.search) update({ search });
  }, [search]);

  const list = useQuery({ ...invoiceListQuery(filterQuery(filters)), placeholderData: keepPreviousData });
  const data = list.data;

  async function onAction(action: RowAction, invoice: InvoiceSummary) {
    if (action === "delete") return setToDelete(invoice);
    setBusy({ id: invoice.id, action });
    try {
      if (action === "duplicate") {
        const { invoice: copy } = await api<{ invoice: Invoice }>(
          `/api/invoices/${encodeURIComponent(invoice.id)}/duplicate`,
          { method: "POST" },
        );
        await invalidate();
        toast.success("Invoice duplicated", { description: `${copy.invoiceNumber} is a new draft.` });
        navigate(`/invoice/edit/${encodeURIComponent(copy.id)}`);
      } else {
        await api(`/api/invoices/${encodeURIComponent(invoice.id)}/status`, { body: { status: "paid" } });
        await invalidate();
        toast.success("Invoice marked paid", { description: invoice.invoiceNumber });
      }
    } catch (error) {
      toast.error("Could not update the invoice", { description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  async function confirmDelete() {
    if (!toDelete) return;
    setBusy({ id: toDelete.id, action: "delete" });
    try {
      await api(`/api/invoices/${encodeURIComponent(toDelete.id)}`, { method: "DELETE" });
      await invalidate();
      toast.success("Invoice deleted", { description: toDelete.invoiceNumber });
      setToDelete(null);
    } catch (error) {
      toast.error("Could not delete the invoice", { description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  const rowBusy = (inv: InvoiceSummary) => (busy?.id === inv.id ? busy.action : null);
  const filtered = hasFilters(filters);

  return (
    <>
      <PageHeader
        title="All Invoices"
        description="Every invoice and bill you have written."
        actions={
          <>
            <a
              href={`/api/invoices/export.csv?${filterQuery(filters, false)}`}
              className="inline-flex h-10 items-center gap-2 rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
              download
            >
              <Download className="h-4 w-4" aria-hidden="true" />
              Export CSV
            </a>
            <Link
              to="/invoice/new"
              className="inline-flex h-10 items-center gap-2 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground hover:opacity-90"
            >
              <FilePlus2 className="h-4 w-4" aria-hidden="true" />
              New invoice
            </Link>
          </>
        }
      />
      <Card className="mb-4">
        <InvoiceFiltersBar
          filters={filters}
          searchText={searchText}
          onSearchText={setSearchText}
          onChange={update}
        />
      </Card>

      {list.isPending ? (
        <Spinner label="Loading invoices..." />
      ) : list.isError ? (
        <Card role="alert">
          <p>Could not load your invoices: {list.error.message}</p>
          <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
            Try again
          </Button>
        </Card>
      ) : data && data.items.length === 0 ? (
        <Card className="flex flex-col items-center gap-3 py-10 text-center">
          <FileText className="h-10 w-10 text-muted-foreground" aria-hidden="true" />
          {filtered ? (
            <>
              <p className="font-medium">No invoices match these filters.</p>
              <Button
                variant="outline"
                onClick={() => {
                  setSearchText("");
                  setParams(new URLSearchParams(), { replace: true });
                }}
              >
                Clear filters
              </Button>
            </>
          ) : (
            <>
              <p className="font-medium">No invoices yet.</p>
              <p className="text-sm text-muted-foreground">Write your first invoice; it takes a minute.</p>
              <Link to="/invoice/new" className="font-medium text-primary underline">
                Create your first invoice
              </Link>
            </>
          )}
        </Card>
      ) : data ? (
        <>
          <p className="sr-only" aria-live="polite">
            {invoiceCount(data)} found
          </p>
          {/* Wide screens: a table. */}
          <Card className="hidden overflow-x-auto p-0 sm:block sm:p-0">
            <table className="w-full text-sm">
              <caption className="sr-only">Invoices</caption>
              <thead className="border-b border-border text-left text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Number
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Client
                  </th>
                  {/* On a laptop (1,280 px) the actions stay in view: the date and the balance column
                      wait for a wider screen, the balance showing under the amount meanwhile. */}
                  <th scope="col" className="hidden px-3 py-3 font-medium 2xl:table-cell">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Due
                  </th>
                  <th scope="col" className="px-3 py-3 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-right font-medium 2xl:table-cell">
                    Balance
                  </th>
                  <th scope="col" className="px-3 py-3 font-medium">
                    Status
                  </th>
                  <th scope="col" className="sticky right-0 bg-card px-3 py-3 text-right font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((inv) => (
                  <tr
                    key={inv.id}
                    className="border-b border-border last:border-0 hover:bg-muted/50"
                    data-testid="invoice-row"
                  >
                    <td className="whitespace-nowrap px-3 py-2 font-medium">
                      <Link to={`/invoice/edit/${encodeURIComponent(inv.id)}`} className="hover:underline">
                        {inv.invoiceNumber}
                      </Link>
                    </td>
                    <td className="max-w-40 truncate px-3 py-2 2xl:max-w-64">{inv.clientName}</td>
                    <td className="hidden whitespace-nowrap px-3 py-2 2xl:table-cell">
                      {formatDate(inv.invoiceDate)}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{formatDate(inv.dueDate) || "—"}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">
                      {formatMoney(inv.totalMinor, inv.currency)}
                      {inv.balanceDueMinor > 0 && inv.balanceDueMinor !== inv.totalMinor && (
                        <span className="block text-xs text-muted-foreground 2xl:hidden">
                          Balance {formatMoney(inv.balanceDueMinor, inv.currency)}
                        </span>
                      )}
                    </td>
                    <td
                      className="hidden whitespace-nowrap px-3 py-2 text-right tabular-nums 2xl:table-cell"
                      data-testid="invoice-balance"
                    >
                      {inv.balanceDueMinor > 0 ? formatMoney(inv.balanceDueMinor, inv.currency) : "—"}
                    </td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap gap-1">
                        <StatusBadge kind="invoice" status={inv.displayStatus} />
                        {inv.paymentReported && <ReportedBadge />}
                      </div>
                    </td>
                    {/* Kept at the right edge when the table scrolls sideways. */}
                    <td className="sticky right-0 bg-card px-2 py-1">
                      <InvoiceRowActions invoice={inv} busy={rowBusy(inv)} onAction={onAction} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          {/* Phones: one card per invoice. */}
          <ul className="space-y-3 sm:hidden">
            {data.items.map((inv) => (
              <li key={inv.id} data-testid="invoice-card">
                <Card className="space-y-2 p-3">
                  <div className="flex items-start justify-between gap-2">
                    <Link
                      to={`/invoice/edit/${encodeURIComponent(inv.id)}`}
                      className="min-w-0 break-all font-semibold hover:underline"
                    >
                      {inv.invoiceNumber}
                    </Link>
                    <div className="flex flex-wrap justify-end gap-1">
                      <StatusBadge kind="invoice" status={inv.displayStatus} />
                      {inv.paymentReported && <ReportedBadge />}
                    </div>
                  </div>
                  <p className="truncate text-sm">{inv.clientName}</p>
                  <div className="flex items-baseline justify-between gap-2 text-sm text-muted-foreground">
                    <span>
                      {formatDate(inv.invoiceDate)}
                      {inv.dueDate ? ` · due ${formatDate(inv.dueDate)}` : ""}
                    </span>
                    <span className="font-semibold text-foreground tabular-nums">
                      {formatMoney(inv.totalMinor, inv.currency)}
                    </span>
                  </div>
                  {inv.balanceDueMinor > 0 && inv.balanceDueMinor !== inv.totalMinor && (
                    <p className="text-right text-sm tabular-nums">
                      Balance due {formatMoney(inv.balanceDueMinor, inv.currency)}
                    </p>
                  )}
                  <InvoiceRowActions invoice={inv} busy={rowBusy(inv)} onAction={onAction} />
                </Card>
              </li>
            ))}
          </ul>
          <nav aria-label="Pages" className="mt-4 flex items-center justify-between gap-2 text-sm">
            <span className="text-muted-foreground">{pagesLine(data, filters.page)}</span>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={filters.page <= 1}
                onClick={() => update({ page: filters.page - 1 })}
              >
                <ChevronLeft className="h-4 w-4" aria-hidden="true" />
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={isLastPage(data, filters.page, PAGE_SIZE)}
                onClick={() => update({ page: filters.page + 1 })}
              >
                Next
                <ChevronRight className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          </nav>
        </>
      ) : null}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this invoice?"
        description={`Invoice ${toDelete?.invoiceNumber ?? ""} will be deleted for good. Items it took out of stock go back.`}
        confirmLabel="Delete invoice"
        busy={busy?.action === "delete"}
        onConfirm={confirmDelete}
      />
    </>
  );
}
