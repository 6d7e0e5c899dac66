import { FileCheck2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { NOTE_TITLES, type NoteKind } from "#domain/credit-notes";
import { formatMoney } from "#domain/format";
import { formErrorsOf } from "#web/api";
import { ActionButton } from "#web/features/document-editor/ActionButton";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { useLeaveGuard } from "#web/features/documents/editor/useLeaveGuard";
import type { Invoice } from "#web/features/documents/types";
import { invoicePath, issueNote, notePath, useInvalidateNotes } from "./api";
import { NoteForm } from "./NoteForm";
import { useNoteDraft } from "./useNoteDraft";

// A new credit or debit note on the editor shell: the form beside the note's page as it will
// print, Issue in the action bar, and the question before leaving what was typed. A note has no
// draft: Issue gives it its number, and it opens as issued.

export function NewNoteEditor({ invoice, kind, today }: { invoice: Invoice; kind: NoteKind; today: string }) {
  const navigate = useNavigate();
  const invalidate = useInvalidateNotes();
  const draft = useNoteDraft(invoice, kind, today);
  const guard = useLeaveGuard(draft.dirty);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<"issue" | null>(null);
  const noun = NOTE_TITLES[kind].toLowerCase();
  const money = (minor: number) => formatMoney(minor, invoice.currency);

  async function issue() {
    if (draft.lines.length === 0) {
      setErrors({ lines: "Enter a quantity on at least one line, or an amount." });
      return;
    }
    setBusy("issue");
    setErrors({});
    try {
      const answer = await issueNote(draft.body());
      await invalidate();
      toast.success(`${NOTE_TITLES[answer.note.kind]} ${answer.note.noteNumber} issued`, {
        description:
          answer.note.kind === "credit"
            ? `Balance due: ${money(answer.invoice.balanceDueMinor)}.`
            : `Total ${money(answer.note.totalMinor)}.`,
      });
      guard.allowNextNavigation();
      navigate(notePath(answer.note.id), { replace: true });
    } catch (error) {
      setErrors(formErrorsOf(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <DocumentEditorShell
      kind={noun}
      title={`New ${NOTE_TITLES[kind]}`}
      writeAction="credit-notes.write"
      status={null}
      headerExtra={
        <Link to={invoicePath(invoice.id)} className="text-sm font-medium text-primary underline">
          Against {invoice.invoiceNumber}
        </Link>
      }
      editor={{ dirty: draft.dirty, guard }}
      actions={
        <ActionButton
          name="issue"
          busy={busy}
          icon={FileCheck2}
          variant="primary"
          onClick={() => void issue()}
        >
          Issue {noun}
        </ActionButton>
      }
      onSubmit={() => void issue()}
      page={draft.preview.page}
      previewEmpty={`Enter a quantity or an amount: the ${noun} shows here as it will print.`}
    >
      <NoteForm invoice={invoice} kind={kind} draft={draft} errors={errors} />
    </DocumentEditorShell>
  );
}
