import { useMutation, useQuery } from "@tanstack/react-query";
import { Ban, FileJson } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { buildNotePage } from "#domain/credit-note-page";
import { NOTE_REASON_LABELS, NOTE_TITLES } from "#domain/credit-notes";
import { formatMoney } from "#domain/format";
import { Card } from "#web/components/ui/card";
import { ActionButton } from "#web/features/document-editor/ActionButton";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { useLeaveGuard } from "#web/features/documents/editor/useLeaveGuard";
import { formatDate } from "#web/features/documents/format";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { useMay } from "../members/role";
import { DownloadPdfButton } from "../pdf/DownloadPdfButton";
import { useFileDownload } from "../reports/download-file";
import { EwayBillCard } from "../reports/EwayBillCard";
import { settingsQuery } from "../settings/settingsQuery";
import { cancelNote, invoicePath, type Note, noteEInvoicePath, notePdfPath, useInvalidateNotes } from "./api";
import { CancelNoteDialog } from "./CancelNoteDialog";
import { NoteTransportCard } from "./NoteTransportCard";

// An issued note on the editor shell: its page as printed, what it credits or debits, and its
// actions in the one bar (PDF, e-invoice JSON, cancel). A note is never edited: a wrong note is
// cancelled and another issued.

export function NoteView({ note }: { note: Note }) {
  const invalidate = useInvalidateNotes();
  // Unsaved transport details ask before leaving, as an editor does.
  const [transportDirty, setTransportDirty] = useState(false);
  const onTransportDirty = useCallback((dirty: boolean) => setTransportDirty(dirty), []);
  const guard = useLeaveGuard(transportDirty);
  const mayWrite = useMay("credit-notes.write");
  const registered = useQuery(settingsQuery).data?.gstRegistration?.type === "regular";
  const eInvoice = useFileDownload();
  const [cancelling, setCancelling] = useState(false);
  const title = NOTE_TITLES[note.kind];
  const issued = note.status === "issued";
  const page = useMemo(
    () => buildNotePage(note.document, { cancelled: note.status === "cancelled" }),
    [note.document, note.status],
  );
  const cancel = useMutation({
    mutationFn: () => cancelNote(note.id),
    onSuccess: async () => {
      setCancelling(false);
      await invalidate();
      toast.success(`${title} ${note.noteNumber} cancelled`);
    },
    onError: (error) => toast.error("Could not cancel the note", { description: (error as Error).message }),
  });
  const money = (minor: number) => formatMoney(minor, note.currency);
  const busy = cancel.isPending ? "cancel" : eInvoice.running ? "einvoice" : null;

  return (
    <DocumentEditorShell
      kind={title.toLowerCase()}
      title={`${title} ${note.noteNumber}`}
      status={<StatusBadge kind="note" status={note.status} />}
      headerExtra={
        <Link to={invoicePath(note.invoiceId)} className="text-sm font-medium text-primary underline">
          Against {note.invoiceNumber}
        </Link>
      }
      editor={{ dirty: transportDirty, guard }}
      writeAction="credit-notes.write"
      actions={
        <>
          <DownloadPdfButton
            invoice={{ id: note.id, invoiceNumber: note.noteNumber, pdfUrl: notePdfPath(note.id) }}
            size="sm"
          />
          {registered && issued && (
            <ActionButton
              name="einvoice"
              busy={busy}
              icon={FileJson}
              action="reports.read"
              onClick={() =>
                void eInvoice.run(note.id, noteEInvoicePath(note.id), `einvoice_${note.noteNumber}.json`)
              }
            >
              E-invoice JSON
            </ActionButton>
          )}
          {issued && (
            <ActionButton
              name="cancel"
              busy={busy}
              icon={Ban}
              variant="destructive"
              onClick={() => setCancelling(true)}
            >
              Cancel note
            </ActionButton>
          )}
        </>
      }
      onSubmit={() => undefined}
      page={page}
      dialogs={
        <CancelNoteDialog
          note={cancelling ? note : null}
          busy={cancel.isPending}
          onClose={() => setCancelling(false)}
          onConfirm={() => cancel.mutate()}
        />
      }
    >
      <Card className="space-y-2 text-sm">
        <p>
          {NOTE_REASON_LABELS[note.reason]}, dated {formatDate(note.noteDate)}, against {note.invoiceNumber}{" "}
          dated {formatDate(note.invoiceDate)}.
        </p>
        <p className="font-semibold">
          {title} total {money(note.totalMinor)}
        </p>
        {note.kind === "credit" && issued && (
          <p className="text-muted-foreground">
            It took {money(note.appliedMinor)} off the invoice's balance due
            {note.excessMinor > 0 ? `; ${money(note.excessMinor)} is owed back to the client` : ""}.
          </p>
        )}
        {!issued && <p className="text-muted-foreground">Cancelled: it keeps its number in the series.</p>}
      </Card>
      {/* Goods coming back (decision 0090): the note's own Transport section and its e-way bill. */}
      {note.kind === "credit" && issued && note.document.gstDetails && mayWrite && (
        <NoteTransportCard note={note} onDirty={onTransportDirty} />
      )}
      {note.kind === "credit" && (
        <EwayBillCard
          doc={{ kind: "credit_note", id: note.id }}
          document={note.document}
          totalMinor={note.totalMinor}
          issued={issued}
        />
      )}
    </DocumentEditorShell>
  );
}
