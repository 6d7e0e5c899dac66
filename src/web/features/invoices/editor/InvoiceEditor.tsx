import { lazy, Suspense, useCallback, useMemo, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { companySnapshot } from "#domain/company-snapshot";
import { todayInTimeZone } from "#domain/dates";
import { isDraftNumber } from "#domain/document-number";
import type { InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import type { StoredStatus } from "#domain/status";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import { useDocumentEditor } from "#web/features/document-editor/useDocumentEditor";
import { inputFromInvoice } from "#web/features/documents/editor/draft";
import { describeSaveError } from "#web/features/documents/editor/errors";
import { GstSection } from "#web/features/documents/editor/GstSection";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import { useDocumentStock } from "#web/features/documents/editor/useDocumentStock";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import type { Invoice } from "#web/features/documents/types";
import { useDrawnStep } from "#web/lib/useAfterFirstPaint";
import { CancelInvoiceDialog } from "../CancelInvoiceDialog";
import { ActionBar, type EditorActionName } from "./ActionBar";
import { IssueAndSendCard, MarkPaidDialog } from "./InvoiceDialogs";
import type { LinkedCards } from "./SavedInvoiceCards";
import type { ShareRequest } from "./ShareCard";
import { SourceDocumentsLink } from "./SourceDocumentsLink";
import { useInvoiceCommands } from "./useInvoiceCommands";
import { useSequentialNumber } from "./useSequentialNumber";

// The cards of a saved invoice load only when there is one, not with a new invoice's editor.
const SavedInvoiceCards = lazy(() =>
  import("./SavedInvoiceCards").then((m) => ({ default: m.SavedInvoiceCards })),
);

const DETAIL_LABELS = {
  legend: "Invoice details",
  number: "Invoice number",
  date: "Invoice date",
  due: "Due date",
};

export function InvoiceEditor({
  invoice,
  initialInput,
  settings,
  numberScheme,
  linked,
}: {
  /** The saved invoice, or null for a new one. */
  invoice: Invoice | null;
  initialInput: InvoiceInput;
  settings: Settings;
  numberScheme: "timestamp" | "sequential";
  linked?: LinkedCards;
}) {
  const navigate = useNavigate();
  const commands = useInvoiceCommands();
  const editor = useDocumentEditor<EditorActionName>(initialInput, describeSaveError);
  const { input, stateRef, dispatch, busy, run, guard, numberEdited } = editor;
  const [saved, setSaved] = useState<Invoice | null>(invoice);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [payDialog, setPayDialog] = useState(false);
  // The page's header and the company card are drawn first (a skeleton for the fields), the rest of
  // the form in three more steps, each added below the last: a phone shows the page sooner.
  const drawn = useDrawnStep(3);
  // The list's Send button opens the editor with ?send=1: the send dialog opens at once.
  const [searchParams] = useSearchParams();
  const today = todayInTimeZone(new Date(), settings.timeZone);
  const [shareRequest, setShareRequest] = useState<ShareRequest | null>(null);
  // The server snapshots the company from Settings on every save; the preview shows the same.
  const company = useMemo(() => companySnapshot(settings), [settings]);
  useSequentialNumber({
    active: !saved && numberScheme === "sequential",
    invoiceDate: input.invoiceDate,
    invoiceNumber: input.invoiceNumber,
    numberEdited,
    dispatch,
  });
  const amountPaidMinor = saved?.amountPaidMinor ?? 0;
  const preview = useMemo(
    () => previewDocument(input, company, amountPaidMinor),
    [input, company, amountPaidMinor],
  );
  const stock = useDocumentStock(saved && { status: saved.status, items: saved.document.items }, input.items);

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

  const displayStatus = saved?.status === input.status ? saved.displayStatus : input.status;
  return (
    <DocumentEditorShell
      kind="invoice"
      title={invoice ? "Edit Invoice" : "Create New Invoice"}
      status={saved && <StatusBadge kind="invoice" status={displayStatus} />}
      headerExtra={saved && <SourceDocumentsLink invoiceId={saved.id} />}
      dirty={editor.dirty}
      actions={<ActionBar invoice={saved} busy={busy} onAction={onAction} unsaved={editor.dirty} />}
      onSubmit={() => onAction(saved && input.status !== "draft" ? "save" : "draft")}
      page={preview.page}
      blocker={guard.blocker}
      dialogs={
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
      }
      below={
        drawn >= 3 &&
        saved && (
          <>
            {saved.status === "draft" && (
              <IssueAndSendCard
                invoiceNumber={input.invoiceNumber}
                busy={busy === "issue"}
                onIssue={() => onAction("issue")}
              />
            )}
            <Suspense fallback={null}>
              <SavedInvoiceCards
                invoice={saved}
                today={today}
                sendOnOpen={searchParams.get("send") === "1"}
                shareRequest={shareRequest}
                onChanged={onServerChange}
                linked={linked}
              />
            </Suspense>
          </>
        )
      }
    >
      <DocumentSections
        editor={editor}
        company={company}
        preview={preview}
        drawn={drawn}
        details={{
          labels: DETAIL_LABELS,
          numberHint: isDraftNumber(input.invoiceNumber)
            ? "A draft's number: issuing the invoice gives it the next number of its financial year's series."
            : company.gst
              ? "Tax invoices use the financial year's series (at most 16 characters: letters, digits, - and /); a draft takes its number when issued."
              : numberScheme === "sequential"
                ? "The next number in this financial year; a draft takes it when you issue it."
                : "Made from today's date and time. You can change it.",
        }}
        gst={
          company.gst && (
            <GstSection
              gst={input.gst}
              client={input.client}
              details={preview.document.gstDetails}
              errors={editor.errors}
              dispatch={dispatch}
            />
          )
        }
        stock={{ ...stock, gstUnits: Boolean(company.gst) }}
      />
    </DocumentEditorShell>
  );
}
