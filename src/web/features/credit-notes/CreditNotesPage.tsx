import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import type { CreditNoteSummary } from "#contract/credit-notes";
import { NOTE_REASON_LABELS, NOTE_TITLES } from "#domain/credit-notes";
import { formatPageDate } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { resourceKey } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input, Select } from "#web/components/ui/input";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { useDebounced } from "#web/lib/useDebounced";
import { useDownloadPdf } from "../pdf/useDownloadPdf";
import { useFileDownload } from "../reports/download-file";
import { settingsQuery } from "../settings/settingsQuery";
import { cancelNote, fetchNotes, type NoteFilters, notePdfPath, notesKey } from "./api";

// Every credit and debit note, newest first, with filters, the PDF (one credit each) and cancel.

export function CreditNotesPage() {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<NoteFilters["kind"]>();
  const [status, setStatus] = useState<NoteFilters["status"]>();
  const [search, setSearch] = useState("");
  const debounced = useDebounced(search, 300);
  const filters: NoteFilters = { kind, status, search: debounced.trim() || undefined };
  const query = useQuery({
    queryKey: notesKey(filters),
    queryFn: () => fetchNotes(filters),
    placeholderData: keepPreviousData,
  });
  const { download, downloadingId } = useDownloadPdf({ pdfPath: notePdfPath });
  // A regular taxpayer's notes to registered buyers have e-invoice JSON (the server says why not).
  const registered = useQuery(settingsQuery).data?.gstRegistration?.type === "regular";
  const eInvoice = useFileDownload();
  const [cancelling, setCancelling] = useState<CreditNoteSummary | null>(null);
  const cancel = useMutation({
    mutationFn: (note: CreditNoteSummary) => cancelNote(note.id),
    onSuccess: async (answer) => {
      setCancelling(null);
      await queryClient.invalidateQueries({ queryKey: resourceKey("credit-notes") });
      await queryClient.invalidateQueries({ queryKey: resourceKey("invoices") });
      toast.success(`${NOTE_TITLES[answer.note.kind]} ${answer.note.noteNumber} cancelled`);
    },
    onError: (error) => toast.error("Could not cancel the note", { description: (error as Error).message }),
  });

  return (
    <div>
      <PageHeader
        title="Credit & Debit Notes"
        description="Issued against an invoice: open an issued invoice to issue one."
      />
      <Card className="mb-4 grid gap-3 sm:grid-cols-3" role="search" aria-label="Filter notes">
        <Field label="Search">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Number, client or invoice"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          )}
        </Field>
        <Field label="Kind">
          {(p) => (
            <Select
              {...p}
              value={kind ?? ""}
              onChange={(e) => setKind((e.target.value || undefined) as NoteFilters["kind"])}
            >
              <option value="">All</option>
              <option value="credit">Credit notes</option>
              <option value="debit">Debit notes</option>
            </Select>
          )}
        </Field>
        <Field label="Status">
          {(p) => (
            <Select
              {...p}
              value={status ?? ""}
              onChange={(e) => setStatus((e.target.value || undefined) as NoteFilters["status"])}
            >
              <option value="">All</option>
              <option value="issued">Issued</option>
              <option value="cancelled">Cancelled</option>
            </Select>
          )}
        </Field>
      </Card>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading notes…
        </p>
      ) : query.isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load the notes. Please reload the page.
        </p>
      ) : query.data.items.length === 0 ? (
        <Card>
          <p className="text-sm text-muted-foreground">No notes match.</p>
        </Card>
      ) : (
        <ul className="grid gap-3" aria-label="Notes">
          {query.data.items.map((n) => {
            const money = (minor: number) => formatMoney(minor, n.currency);
            return (
              <li key={n.id}>
                <Card className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-semibold">
                      {NOTE_TITLES[n.kind]} {n.noteNumber}
                      {n.status === "cancelled" && (
                        <span className="ml-2 rounded bg-muted px-1.5 py-0.5 text-xs text-destructive">
                          Cancelled
                        </span>
                      )}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {n.clientName} · {formatPageDate(n.noteDate)} · {NOTE_REASON_LABELS[n.reason]}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      Against{" "}
                      <Link className="underline" to={`/invoice/edit/${n.invoiceId}`}>
                        {n.invoiceNumber}
                      </Link>{" "}
                      dated {formatPageDate(n.invoiceDate)}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold tabular-nums">{money(n.totalMinor)}</span>
                    <Button
                      size="sm"
                      variant="outline"
                      busy={downloadingId === n.id}
                      aria-label={`Download PDF of ${n.noteNumber}`}
                      onClick={() => void download({ id: n.id, invoiceNumber: n.noteNumber })}
                    >
                      {downloadingId !== n.id && <Download className="h-4 w-4" aria-hidden="true" />}
                      PDF
                    </Button>
                    {registered && n.status === "issued" && (
                      <Button
                        size="sm"
                        variant="outline"
                        busy={eInvoice.running === n.id}
                        aria-label={`Download e-invoice JSON of ${n.noteNumber}`}
                        onClick={() =>
                          void eInvoice.run(
                            n.id,
                            `/api/credit-notes/${encodeURIComponent(n.id)}/einvoice`,
                            `einvoice_${n.noteNumber}.json`,
                          )
                        }
                      >
                        E-invoice JSON
                      </Button>
                    )}
                    {n.status === "issued" && (
                      <Button
                        size="sm"
                        variant="outline"
                        aria-label={`Cancel ${n.noteNumber}`}
                        onClick={() => setCancelling(n)}
                      >
                        Cancel
                      </Button>
                    )}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title="Cancel this note?"
        description={
          cancelling
            ? cancelling.kind === "credit"
              ? `${cancelling.noteNumber} is cancelled: its credit goes back on ${cancelling.invoiceNumber}'s balance, and returned stock leaves again.`
              : `${cancelling.noteNumber} is cancelled.`
            : ""
        }
        confirmLabel="Cancel note"
        busy={cancel.isPending}
        onConfirm={() => cancelling && cancel.mutate(cancelling)}
      />
    </div>
  );
}
