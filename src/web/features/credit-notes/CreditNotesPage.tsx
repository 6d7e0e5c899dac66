import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { Ban, Download, FileJson, FileMinus2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { NOTE_REASON_LABELS, NOTE_TITLES } from "#domain/credit-notes";
import { formatMoney } from "#domain/format";
import { PageHeader } from "#web/components/ui/page";
import {
  actionsColumn,
  amountColumn,
  CardFigures,
  CardTitle,
  type Column,
  DocumentList,
  type ListWords,
  numberColumn,
} from "#web/features/documents/DocumentList";
import { formatDate } from "#web/features/documents/format";
import { FilterSelect, ListFilters } from "#web/features/documents/ListFilters";
import { RowButton } from "#web/features/documents/RowButton";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { useListFilters } from "#web/features/documents/useListFilters";
import { useMay } from "#web/features/members/role";
import { useDownloadPdf } from "../pdf/useDownloadPdf";
import { useFileDownload } from "../reports/download-file";
import { EwayBulkBar, useEwayChoice } from "../reports/eway-download";
import { settingsQuery } from "../settings/settingsQuery";
import {
  type CreditNoteSummary,
  cancelNote,
  invoicePath,
  noteEInvoicePath,
  notePath,
  notePdfPath,
  notesListQuery,
  useInvalidateNotes,
} from "./api";
import { CancelNoteDialog } from "./CancelNoteDialog";

// Every credit and debit note, newest first: search, status and kind filters, the PDF (one credit
// each), the e-invoice JSON and cancel on each row; the number opens the note.

const PAGE_SIZE = 20;
const STATUSES = [
  ["issued", "Issued"],
  ["cancelled", "Cancelled"],
] as const;
const KINDS = [
  ["", "All kinds"],
  ["credit", "Credit notes"],
  ["debit", "Debit notes"],
] as const;

const WORDS: ListWords = {
  one: "note",
  plural: "notes",
  caption: "Credit and debit notes",
  empty: {
    icon: FileMinus2,
    title: "No notes yet.",
    text: "A credit note lowers an issued invoice (a return, a discount); a debit note raises it.",
    link: { to: "/invoices", label: "Open an invoice to issue one" },
  },
};

export function CreditNotesPage() {
  const filters = useListFilters(PAGE_SIZE, { kind: "" });
  const list = useQuery({ ...notesListQuery(filters.query), placeholderData: keepPreviousData });
  const { download, downloadingId } = useDownloadPdf({ pdfPath: notePdfPath });
  // A regular taxpayer's notes to registered buyers have e-invoice JSON (the server says why not).
  const registered = useQuery(settingsQuery).data?.gstRegistration?.type === "regular";
  const eInvoice = useFileDownload();
  const invalidate = useInvalidateNotes();
  const [cancelling, setCancelling] = useState<CreditNoteSummary | null>(null);
  const cancel = useMutation({
    mutationFn: (note: CreditNoteSummary) => cancelNote(note.id),
    onSuccess: async (answer) => {
      setCancelling(null);
      await invalidate();
      toast.success(`${NOTE_TITLES[answer.note.kind]} ${answer.note.noteNumber} cancelled`);
    },
    onError: (error) => toast.error("Could not cancel the note", { description: (error as Error).message }),
  });

  const mayCancel = useMay("credit-notes.write");
  const mayReports = useMay("reports.read");
  const actions = (n: CreditNoteSummary) => (
    <div className="flex flex-wrap justify-end gap-1">
      <RowButton
        label={`Download PDF of ${n.noteNumber}`}
        title="Download PDF"
        icon={Download}
        busy={downloadingId === n.id}
        onClick={() => void download({ id: n.id, invoiceNumber: n.noteNumber })}
      />
      {mayReports && registered && n.status === "issued" && (
        <RowButton
          label={`Download e-invoice JSON of ${n.noteNumber}`}
          title="E-invoice JSON"
          icon={FileJson}
          busy={eInvoice.running === n.id}
          onClick={() => void eInvoice.run(n.id, noteEInvoicePath(n.id), `einvoice_${n.noteNumber}.json`)}
        />
      )}
      {mayCancel && n.status === "issued" && (
        <RowButton
          label={`Cancel ${n.noteNumber}`}
          title="Cancel"
          icon={Ban}
          onClick={() => setCancelling(n)}
        />
      )}
    </div>
  );
  // Issued credit notes (goods coming back) chosen for one e-way bill JSON file (decision 0090).
  const choosable = mayReports && registered;
  const eway = useEwayChoice<CreditNoteSummary>(
    (n) => choosable && n.kind === "credit" && n.status === "issued",
    (n) => n.noteNumber,
  );
  const against = (n: CreditNoteSummary) => (
    <Link className="underline" to={invoicePath(n.invoiceId)}>
      {n.invoiceNumber}
    </Link>
  );
  const columns: Column<CreditNoteSummary>[] = [
    ...(choosable ? [eway.column] : []),
    numberColumn(
      (n) => notePath(n.id),
      (n) => `${NOTE_TITLES[n.kind]} ${n.noteNumber}`,
      "whitespace-nowrap font-medium",
    ),
    { header: "Client", className: "max-w-40 truncate", cell: (n) => n.clientName },
    { header: "Date", className: "whitespace-nowrap", cell: (n) => formatDate(n.noteDate) },
    { header: "Against", className: "whitespace-nowrap", cell: against },
    { header: "Reason", cell: (n) => NOTE_REASON_LABELS[n.reason] },
    amountColumn(),
    { header: "Status", cell: (n) => <StatusBadge kind="note" status={n.status} /> },
    actionsColumn(actions),
  ];

  return (
    <>
      <PageHeader
        title="Credit & Debit Notes"
        description="Issued against an invoice: open an issued invoice to issue one."
      />
      <ListFilters
        filters={filters}
        placeholder="Number, client or invoice"
        statuses={STATUSES}
        more={<FilterSelect filters={filters} name="kind" label="Kind" options={KINDS} />}
        fields={2}
      />
      <EwayBulkBar ids={eway.chosen} kind="credit_note" onClear={eway.clear} />
      <DocumentList
        list={list}
        words={WORDS}
        filters={filters}
        columns={columns}
        card={(n) => (
          <>
            <CardTitle to={notePath(n.id)} number={`${NOTE_TITLES[n.kind]} ${n.noteNumber}`}>
              {eway.box(n)}
              <StatusBadge kind="note" status={n.status} />
            </CardTitle>
            <p className="truncate text-sm">{n.clientName}</p>
            <p className="text-sm text-muted-foreground">
              {NOTE_REASON_LABELS[n.reason]} · against {against(n)}
            </p>
            <CardFigures dates={formatDate(n.noteDate)} amount={formatMoney(n.totalMinor, n.currency)} />
            {actions(n)}
          </>
        )}
        testIds={{ row: "note-row", card: "note-card" }}
        pageSize={PAGE_SIZE}
      />
      <CancelNoteDialog
        note={cancelling}
        busy={cancel.isPending}
        onClose={() => setCancelling(null)}
        onConfirm={(n) => cancel.mutate(n)}
      />
    </>
  );
}
