import { ConfirmDialog } from "#web/components/ui/lazy-dialog";

/** "Cancel this note?": a credit note's credit goes back on its invoice, returned stock leaves again. */
export function CancelNoteDialog<
  N extends { kind: "credit" | "debit"; noteNumber: string; invoiceNumber: string },
>({
  note,
  busy,
  onClose,
  onConfirm,
}: {
  note: N | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (note: N) => void;
}) {
  return (
    <ConfirmDialog
      open={note !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Cancel this note?"
      description={
        note
          ? note.kind === "credit"
            ? `${note.noteNumber} is cancelled: its credit goes back on ${note.invoiceNumber}'s balance, and returned stock leaves again.`
            : `${note.noteNumber} is cancelled.`
          : ""
      }
      confirmLabel="Cancel note"
      busy={busy}
      onConfirm={() => note && onConfirm(note)}
    />
  );
}
