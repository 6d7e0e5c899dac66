import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { Link, useNavigate } from "react-router";
import { toast } from "sonner";
import { companySnapshot } from "#domain/company-snapshot";
import { holdsStockAs, type PreInvoiceStatus } from "#domain/document-kinds";
import type { InvoiceInput } from "#domain/invoice";
import { buildPreInvoicePage } from "#domain/quote-page";
import type { Settings } from "#domain/settings";
import { ApiError } from "#web/api";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import { type DescribeError, useDocumentEditor } from "#web/features/document-editor/useDocumentEditor";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import { useDocumentStock } from "#web/features/documents/editor/useDocumentStock";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import {
  editorFields,
  inputFromKind,
  type KindDoc,
  type KindEditorInput,
  kindKeys,
  useKindCommands,
  type WebKind,
} from "./api";
import { ChallanSection } from "./ChallanSection";
import { type KindAction, KindActionBar } from "./KindActionBar";
import { WEB_KINDS } from "./kinds";
import { useKindSharing } from "./useKindSharing";

// The proforma's and the challan's editor: the shared shell and sections (drawn as the kind's
// page), a challan's reason and consignee, and the kind's actions in the one bar at the top.

const describeError: DescribeError<KindAction> = (error, action) => {
  const fields = error instanceof ApiError ? editorFields(error.fields ?? {}) : {};
  if (error instanceof ApiError && error.code === "quote_number_taken") fields.invoiceNumber = error.message;
  const what = {
    save: "save",
    convert: "convert",
    delete: "delete",
    email: "send",
    whatsapp: "share",
    link: "share",
  };
  const title = `Could not ${what[action as keyof typeof what] ?? "change the status"}`;
  return { title, message: (error as Error).message, fields };
};

export function KindEditor({
  kind,
  doc,
  initialInput,
  settings,
}: {
  kind: WebKind;
  doc: KindDoc | null;
  initialInput: KindEditorInput;
  settings: Settings;
}) {
  const config = WEB_KINDS[kind];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const commands = useKindCommands(kind);
  const editor = useDocumentEditor<KindAction>(initialInput, describeError);
  const { stateRef, adoptInput, busy, run, guard } = editor;
  const input = editor.input as KindEditorInput;
  const [saved, setSaved] = useState<KindDoc | null>(doc);
  const [confirm, setConfirm] = useState<"delete" | "cancelled" | null>(null);
  const company = useMemo(() => companySnapshot(settings), [settings]);
  const status = (saved?.status ?? "draft") as PreInvoiceStatus;
  const editable = !saved || status === "draft" || (kind === "proforma" && status === "sent");
  const preview = useMemo(() => previewDocument(input, company), [input, company]);
  // An issued challan holds its goods out of stock as a due invoice does.
  const stock = useDocumentStock(
    saved && holdsStockAs(kind, status) ? { status: "due", items: saved.document.items } : null,
    input.items,
  );
  const { reason, consignee } = input;
  /** A saved proforma, or an issued challan, holds its number of the series. */
  const numberedNow = saved !== null && (kind === "proforma" || status !== "draft");
  const page = useMemo(
    () =>
      buildPreInvoicePage(kind, preview.document, status, {
        challanReason: reason || null,
        consignee: consignee ?? null,
      }),
    [kind, preview.document, status, reason, consignee],
  );

  // The page's query found the document changed elsewhere (converted from the list, issued in
  // another tab): its status and actions follow; the form too, unless the user is typing in it.
  useEffect(() => {
    if (!doc || !saved || doc.id !== saved.id || doc.updatedAt === saved.updatedAt) return;
    setSaved(doc);
    if (!stateRef.current.dirty) adoptInput(inputFromKind(doc));
  }, [doc, saved, stateRef, adoptInput]);

  const adopt = (next: KindDoc, submitted?: InvoiceInput) => {
    setSaved(next);
    queryClient.setQueryData(kindKeys.one(kind, next.id), next);
    adoptInput(inputFromKind(next), submitted);
  };

  async function save(): Promise<KindDoc> {
    const submitted = stateRef.current.input;
    const next = await commands.save(saved?.id ?? null, submitted, !saved && !editor.numberEdited.current);
    adopt(next, submitted);
    toast.success(saved ? `${config.one} saved` : `${config.one} saved as a draft`, {
      description: next.number,
    });
    if (!saved) {
      guard.allowNextNavigation();
      navigate(`${config.path}/${encodeURIComponent(next.id)}`, { replace: true });
    }
    return next;
  }
  /** Actions on the saved document need its edits saved first. */
  const ensureSaved = async () => (stateRef.current.dirty || !saved ? save() : saved);

  const sharing = useKindSharing(kind, saved, async (next) => {
    adopt(next);
    await commands.invalidate();
  });

  const done = (what: string) => (next: KindDoc) => {
    adopt(next);
    toast.success(what, { description: next.number });
  };

  function onAction(name: KindAction) {
    if (name === "save") return void run("save", save);
    if (name === "delete" || name === "cancelled") return setConfirm(name);
    void run(name, async () => {
      const current = await ensureSaved();
      if (name === "issued")
        done("Challan issued: its goods left your stock")(await commands.move(current.id, "issued"));
      else if (name === "sent") done("Marked as sent")(await commands.move(current.id, "sent"));
      else if (name === "returned")
        done("Challan returned: its goods are back in stock")(await commands.move(current.id, "returned"));
      else if (name === "convert") {
        const made = await commands.convert([current.id]);
        toast.success(`Invoice made from the ${config.noun}`, {
          description:
            kind === "challan"
              ? `${made.invoice.invoiceNumber} is issued.`
              : "It is a draft: check it, then issue it.",
        });
        navigate(`/invoice/edit/${encodeURIComponent(made.invoice.id)}`);
      } else await sharing.share(name, current);
    });
  }

  const confirmed = () =>
    saved &&
    void run(confirm!, async () => {
      if (confirm === "cancelled")
        done("Challan cancelled: its goods are back in stock")(await commands.move(saved.id, "cancelled"));
      else {
        await commands.remove(saved.id);
        toast.success(`${config.one} deleted`, { description: saved.number });
        guard.allowNextNavigation();
        navigate(config.path);
      }
    }).finally(() => setConfirm(null));

  return (
    <DocumentEditorShell
      kind={config.noun}
      title={saved ? `${config.one} ${saved.number}` : config.newTitle}
      status={saved && <StatusBadge kind={kind} status={status as "draft"} />}
      headerExtra={
        saved?.convertedInvoiceId && (
          <Link
            to={`/invoice/edit/${encodeURIComponent(saved.convertedInvoiceId)}`}
            className="text-sm font-medium text-primary underline"
            data-testid="converted-invoice"
          >
            Invoice {saved.convertedInvoiceNumber ?? ""}
          </Link>
        )
      }
      dirty={editor.dirty}
      actions={
        <KindActionBar
          kind={kind}
          saved={saved}
          dirty={editor.dirty}
          busy={busy}
          shareable={sharing.shareable}
          whatsApp={sharing.whatsApp}
          onAction={onAction}
        />
      }
      onSubmit={() => editable && void run("save", save)}
      page={page}
      blocker={guard.blocker}
      dialogs={
        <>
          <ConfirmDialog
            open={confirm !== null}
            onOpenChange={(open) => !open && setConfirm(null)}
            title={confirm === "cancelled" ? "Cancel this challan?" : `Delete this ${config.noun}?`}
            description={
              confirm === "cancelled"
                ? `Its goods come back into stock. Challan ${saved?.number ?? ""} keeps its number in the series (Rule 55), marked cancelled.`
                : `${config.one} ${saved?.number ?? ""} will be deleted for good, and its link stops working.`
            }
            confirmLabel={confirm === "cancelled" ? "Cancel challan" : `Delete ${config.noun}`}
            busy={busy === confirm}
            onConfirm={confirmed}
          />
          {sharing.dialog}
        </>
      }
    >
      <fieldset disabled={!editable} className="min-w-0 space-y-6">
        {!editable && (
          <p className="text-sm text-muted-foreground">
            This {config.noun} is {status}: it stays as it was {kind === "challan" ? "issued" : "sent"}.
          </p>
        )}
        <DocumentSections
          editor={editor}
          company={company}
          preview={preview}
          stock={kind === "challan" ? { ...stock, gstUnits: Boolean(company.gst) } : undefined}
          details={{
            labels: config.details,
            numberHint: numberedNow ? `Kept by this ${config.noun} in its series.` : config.numberHint,
          }}
          gst={
            kind === "challan" && (
              <ChallanSection
                reason={input.reason ?? ""}
                consignee={input.consignee ?? null}
                errors={editor.errors}
                onChange={(patch) => editor.dispatch({ type: "set", patch: patch as Partial<InvoiceInput> })}
              />
            )
          }
        />
      </fieldset>
    </DocumentEditorShell>
  );
}
