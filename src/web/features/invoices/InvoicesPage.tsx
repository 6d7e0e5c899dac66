import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FileText } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { formatMoney } from "#domain/format";
import { urlOf } from "#web/api";
import { DownloadLink } from "#web/components/ui/button";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import {
  actionsColumn,
  amountColumn,
  CardFigures,
  CardTitle,
  type Column,
  DocumentList,
  type ListWords,
  NewDocumentLink,
  numberColumn,
} from "#web/features/documents/DocumentList";
import { formatDate } from "#web/features/documents/format";
import { ListFilters } from "#web/features/documents/ListFilters";
import { exportQuery } from "#web/features/documents/list-filters";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import type { InvoiceSummary } from "#web/features/documents/types";
import { useListFilters } from "#web/features/documents/useListFilters";
import { useMay } from "#web/features/members/role";
import { EwayBulkBar, useEwayChoice } from "#web/features/reports/eway-download";
import { CancelInvoiceDialog } from "./CancelInvoiceDialog";
import { DateAndSortFilters, MORE_FILTERS, PAGE_SIZE, STATUS_FILTERS } from "./list/filters";
import { InvoiceRowActions, type RowAction } from "./list/InvoiceRowActions";
import { ReportedBadge } from "./list/ReportedBadge";
import {
  deleteInvoice,
  duplicateInvoice,
  invoiceListQuery,
  setInvoiceStatus,
  useInvalidateAfterInvoiceChange,
} from "./queries";

const editPath = (id: string) => `/invoice/edit/${encodeURIComponent(id)}`;
const partlyPaid = (inv: InvoiceSummary) => inv.balanceDueMinor > 0 && inv.balanceDueMinor !== inv.totalMinor;

function Badges({ invoice }: { invoice: InvoiceSummary }) {
  return (
    <>
      <StatusBadge kind="invoice" status={invoice.displayStatus} />
      {invoice.paymentReported && <ReportedBadge />}
    </>
  );
}

const WORDS: ListWords = {
  one: "invoice",
  plural: "invoices",
  caption: "Invoices",
  empty: {
    icon: FileText,
    title: "No invoices yet.",
    text: "Write your first invoice; it takes a minute.",
    link: { to: "/invoice/new", label: "Create your first invoice" },
  },
};

export function InvoicesPage() {
  const filters = useListFilters(PAGE_SIZE, MORE_FILTERS);
  const navigate = useNavigate();
  const invalidate = useInvalidateAfterInvoiceChange();
  const [busy, setBusy] = useState<{ id: string; action: RowAction } | null>(null);
  const [toDelete, setToDelete] = useState<InvoiceSummary | null>(null);
  const [toCancel, setToCancel] = useState<InvoiceSummary | null>(null);
  const list = useQuery({ ...invoiceListQuery(filters.query), placeholderData: keepPreviousData });
  const mayExport = useMay("reports.read");
  // Issued invoices chosen for one e-way bill JSON file (decision 0085).
  const eway = useEwayChoice<InvoiceSummary>(
    (inv) => mayExport && inv.status !== "draft" && inv.status !== "cancelled",
    (inv) => inv.invoiceNumber,
  );

  /** Runs one row's command with its button busy; a failure is told, with what was tried. */
  async function onRow(
    invoice: InvoiceSummary,
    action: RowAction,
    failed: string,
    command: () => Promise<void>,
  ) {
    setBusy({ id: invoice.id, action });
    try {
      await command();
    } catch (error) {
      toast.error(failed, { description: (error as Error).message });
    } finally {
      setBusy(null);
    }
  }

  async function onAction(action: RowAction, invoice: InvoiceSummary) {
    if (action === "delete") return setToDelete(invoice);
    if (action === "cancel") return setToCancel(invoice);
    await onRow(invoice, action, "Could not update the invoice", async () => {
      if (action === "duplicate") {
        const copy = await duplicateInvoice(invoice.id);
        await invalidate();
        toast.success("Invoice duplicated", { description: `${copy.invoiceNumber} is a new draft.` });
        navigate(`/invoice/edit/${encodeURIComponent(copy.id)}`);
      } else {
        await setInvoiceStatus(invoice.id, "paid");
        await invalidate();
        toast.success("Invoice marked paid", { description: invoice.invoiceNumber });
      }
    });
  }

  async function confirmDelete() {
    if (!toDelete) return;
    await onRow(toDelete, "delete", "Could not delete the invoice", async () => {
      await deleteInvoice(toDelete.id);
      await invalidate();
      toast.success("Invoice deleted", { description: toDelete.invoiceNumber });
      setToDelete(null);
    });
  }

  async function confirmCancel() {
    if (!toCancel) return;
    await onRow(toCancel, "cancel", "Could not cancel the invoice", async () => {
      await setInvoiceStatus(toCancel.id, "cancelled");
      await invalidate();
      toast.success("Invoice cancelled", { description: toCancel.invoiceNumber });
      setToCancel(null);
    });
  }

  const rowBusy = (inv: InvoiceSummary) => (busy?.id === inv.id ? busy.action : null);
  const columns: Column<InvoiceSummary>[] = [
    ...(mayExport ? [eway.column] : []),
    numberColumn(
      (inv) => editPath(inv.id),
      (inv) => inv.invoiceNumber,
      "whitespace-nowrap font-medium",
    ),
    { header: "Client", className: "max-w-40 truncate 2xl:max-w-64", cell: (inv) => inv.clientName },
    // On a laptop (1,280 px) the actions stay in view: the date and the balance column wait for a
    // wider screen, the balance showing under the amount meanwhile.
    {
      header: "Date",
      headerClassName: "hidden 2xl:table-cell",
      className: "hidden whitespace-nowrap 2xl:table-cell",
      cell: (inv) => formatDate(inv.invoiceDate),
    },
    { header: "Due", className: "whitespace-nowrap", cell: (inv) => formatDate(inv.dueDate) || "—" },
    amountColumn((inv) => (
      <>
        {formatMoney(inv.totalMinor, inv.currency)}
        {partlyPaid(inv) && (
          <span className="block text-xs text-muted-foreground 2xl:hidden">
            Balance {formatMoney(inv.balanceDueMinor, inv.currency)}
          </span>
        )}
      </>
    )),
    {
      header: "Balance",
      headerClassName: "hidden text-right 2xl:table-cell",
      className: "hidden whitespace-nowrap text-right tabular-nums 2xl:table-cell",
      testId: "invoice-balance",
      cell: (inv) => (inv.balanceDueMinor > 0 ? formatMoney(inv.balanceDueMinor, inv.currency) : "—"),
    },
    {
      header: "Status",
      cell: (inv) => (
        <div className="flex flex-wrap gap-1">
          <Badges invoice={inv} />
        </div>
      ),
    },
    // Kept at the right edge when the table scrolls sideways.
    actionsColumn((inv) => <InvoiceRowActions invoice={inv} busy={rowBusy(inv)} onAction={onAction} />),
  ];

  return (
    <>
      <PageHeader
        title="All Invoices"
        description="Every invoice and bill you have written."
        actions={
          <>
            {mayExport && (
              <DownloadLink href={urlOf("/api/invoices/export.csv", { query: exportQuery(filters.query) })}>
                Export CSV
              </DownloadLink>
            )}
            <NewDocumentLink to="/invoice/new">New invoice</NewDocumentLink>
          </>
        }
      />
      <ListFilters
        filters={filters}
        placeholder="Invoice number or client"
        statuses={STATUS_FILTERS}
        more={<DateAndSortFilters filters={filters} />}
        fields={4}
        fold="Filters and sort"
      />

      <EwayBulkBar ids={eway.chosen} onClear={eway.clear} />
      <DocumentList
        list={list}
        words={WORDS}
        filters={filters}
        columns={columns}
        card={(inv) => (
          <>
            <CardTitle to={editPath(inv.id)} number={inv.invoiceNumber}>
              {eway.box(inv)}
              <Badges invoice={inv} />
            </CardTitle>
            <p className="truncate text-sm">{inv.clientName}</p>
            <CardFigures
              dates={`${formatDate(inv.invoiceDate)}${inv.dueDate ? ` · due ${formatDate(inv.dueDate)}` : ""}`}
              amount={formatMoney(inv.totalMinor, inv.currency)}
            />
            {partlyPaid(inv) && (
              <p className="text-right text-sm tabular-nums">
                Balance due {formatMoney(inv.balanceDueMinor, inv.currency)}
              </p>
            )}
            <InvoiceRowActions invoice={inv} busy={rowBusy(inv)} onAction={onAction} />
          </>
        )}
        testIds={{ row: "invoice-row", card: "invoice-card" }}
        pageSize={PAGE_SIZE}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Delete this invoice?"
        description={`Draft ${toDelete?.invoiceNumber ?? ""} will be deleted for good.`}
        confirmLabel="Delete invoice"
        busy={busy?.action === "delete"}
        onConfirm={confirmDelete}
      />
      <CancelInvoiceDialog
        invoiceNumber={toCancel?.invoiceNumber ?? null}
        onOpenChange={(open) => !open && setToCancel(null)}
        busy={busy?.action === "cancel"}
        onConfirm={confirmCancel}
      />
    </>
  );
}
