import { useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { InvoiceCompany, InvoiceInput } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import type { useDocumentEditor } from "#web/features/document-editor/useDocumentEditor";
import { inputFromInvoice } from "#web/features/documents/editor/draft";
import type { Invoice } from "#web/features/documents/types";
import { CancelInvoiceDialog } from "../CancelInvoiceDialog";
import type { EditorActionName } from "./ActionBar";
import { MarkPaidDialog } from "./InvoiceDialogs";
import type { ShareRequest } from "./ShareCard";
import { useInvoiceCommands } from "./useInvoiceCommands";

/**
 * What the invoice's action bar does: save as a draft, issue, save changes, mark paid, cancel,
 * return to draft, duplicate, delete, and ask the share card (below the form) to send by e-mail or
 * WhatsApp. Unsaved edits are saved before a status change, so nothing typed is lost. `dialogs`
 * are the questions asked first (payment date, delete, cancel).
 */
export function useInvoiceActions({
  invoice,
  editor,
  saved,
  setSaved,
  numberScheme,
  company,
  today,
}: {
  invoice: Invoice | null;
  editor: ReturnType<typeof useDocumentEditor<EditorActionName>>;
  saved: Invoice | null;
  setSaved: (invoice: Invoice) => void;
  numberScheme: "timestamp" | "sequential";
  company: InvoiceCompany;
  today: string;
}) {
  const navigate = useNavigate();
  const commands = useInvoiceCommands();
  const { input, stateRef, busy, run, guard, numberEdited } = editor;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [payDialog, setPayDialog] = useState(false);
  const [shareRequest, setShareRequest] = useState<ShareRequest | null>(null);

  /** After the server answers: show its version, unless the user typed on meanwhile. */
  function adopt(next: Invoice, submitted: InvoiceInput) {
    setSaved(next);
    editor.adoptInput(inputFromInvoice(next), submitted);
    if (!invoice || next.id !== invoice.id) {
      guard.allowNextNavigation();
      navigate(`/invoice/edit/${encodeURIComponent(next.id)}`, { replace: !invoice });
    }
  }

  async function saveWith(status: StoredStatus) {
    const submitted = stateRef.current.input;
    const body = { ...submitted, status };
    const autoNumber = !saved && numberScheme === "sequential" && !numberEdited.current;
    adopt(await commands.save(saved?.id ?? null, body, { autoNumber, company }), submitted);
  }

  /** After a payment changed on the server: its status, payment date and balance follow. */
  async function refreshSaved() {
    if (!saved) return;
    const next = await commands.reload(saved.id);
    setSaved(next);
    if (!stateRef.current.dirty) editor.adoptInput(inputFromInvoice(next));
  }
  // One function for the whole visit, so the cards below the form (memo) skip each keystroke.
  const refreshRef = useRef(refreshSaved);
  refreshRef.current = refreshSaved;
  const onServerChange = useCallback(() => refreshRef.current(), []);

  /** A status change; unsaved edits are saved first so nothing typed is lost. */
  async function changeStatus(status: StoredStatus, payment?: string) {
    if (!saved) return;
    const submitted = stateRef.current.input;
    if (stateRef.current.dirty) await commands.save(saved.id, submitted);
    const next = await commands.setStatus(saved.id, status, payment);
    setSaved(next);
    editor.adoptInput(inputFromInvoice(next), submitted);
  }

  async function duplicate() {
    if (!saved) return;
    const copy = await commands.duplicate(saved.id);
    navigate(`/invoice/edit/${encodeURIComponent(copy.id)}`);
  }

  function onAction(name: EditorActionName) {
    const actions: Record<EditorActionName, () => unknown> = {
      draft: () => run(name, () => saveWith("draft"), "Draft saved"),
      issue: () => run(name, () => saveWith("due"), "Invoice issued"),
      save: () => run(name, () => saveWith(input.status), "Changes saved"),
      paid: () => setPayDialog(true),
      cancel: () => setConfirmCancel(true),
      toDraft: () => run(name, () => changeStatus("draft"), "Invoice returned to draft"),
      duplicate: () => run(name, duplicate, "Invoice duplicated"),
      delete: () => setConfirmDelete(true),
      // The share card (below the form) makes the link if needed, then opens the mail or WhatsApp.
      email: () => setShareRequest((r) => ({ kind: "email", n: (r?.n ?? 0) + 1 })),
      whatsapp: () => setShareRequest((r) => ({ kind: "whatsapp", n: (r?.n ?? 0) + 1 })),
    };
    return actions[name]();
  }

  const dialogs = (
    <>
      <MarkPaidDialog
        open={payDialog}
        onOpenChange={setPayDialog}
        today={today}
        onPaid={(date) => run("paid", () => changeStatus("paid", date), "Invoice marked paid")}
      />
      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this invoice?"
        description={`Draft ${saved?.invoiceNumber ?? ""} will be deleted for good.`}
        confirmLabel="Delete invoice"
        busy={busy === "delete"}
        onConfirm={() =>
          run(
            "delete",
            async () => {
              if (!saved) return;
              await commands.remove(saved.id);
              setConfirmDelete(false);
              guard.allowNextNavigation();
              navigate("/invoices");
            },
            "Invoice deleted",
          )
        }
      />
      <CancelInvoiceDialog
        invoiceNumber={confirmCancel ? (saved?.invoiceNumber ?? "") : null}
        onOpenChange={setConfirmCancel}
        busy={busy === "cancel"}
        onConfirm={() =>
          run(
            "cancel",
            async () => {
              await changeStatus("cancelled");
              setConfirmCancel(false);
            },
            "Invoice cancelled",
          )
        }
      />
    </>
  );
  return { onAction, dialogs, shareRequest, onServerChange };
}
