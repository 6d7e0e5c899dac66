import { useMemo } from "react";
import { Link } from "react-router";
import { holdsStockAs, type PreInvoiceStatus } from "#domain/document-kinds";
import type { InvoiceInput } from "#domain/invoice";
import { buildPreInvoicePage } from "#domain/quote-page";
import type { Settings } from "#domain/settings";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import {
  describeDocumentError,
  useDocumentEditor,
  useDocumentPreview,
} from "#web/features/document-editor/useDocumentEditor";
import { useSavedDocument } from "#web/features/document-editor/useSavedDocument";
import { TransportSection } from "#web/features/documents/editor/TransportSection";
import { useDocumentStock } from "#web/features/documents/editor/useDocumentStock";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { EwayBillCard } from "#web/features/reports/EwayBillCard";
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
import { useKindActions } from "./useKindActions";

// The proforma's and the challan's editor: the shared shell and sections (drawn as the kind's
// page), a challan's reason and consignee, and the kind's actions in the one bar at the top.

const numberOf = (d: KindDoc) => d.number;
/** Converted from the list, issued in another tab: the editor follows. */
const updatedElsewhere = (a: KindDoc, b: KindDoc) => a.updatedAt !== b.updatedAt;

const VERBS: Partial<Record<KindAction, string>> = {
  save: "save",
  convert: "convert",
  delete: "delete",
  email: "send",
  whatsapp: "share",
  link: "share",
};
const describeError = describeDocumentError<KindAction>(
  editorFields,
  (action) => `Could not ${VERBS[action] ?? "change the status"}`,
);

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
  const commands = useKindCommands(kind);
  const editor = useDocumentEditor<KindAction>(initialInput, describeError);
  const { busy, run } = editor;
  const input = editor.input as KindEditorInput;
  const record = useSavedDocument({
    doc,
    editor,
    inputOf: inputFromKind,
    keyOf: (id) => kindKeys.one(kind, id),
    pathOf: (id) => `${config.path}/${encodeURIComponent(id)}`,
    listPath: config.path,
    changed: updatedElsewhere,
    write: commands.save,
    words: { one: config.one, noun: config.noun, number: numberOf },
  });
  const { saved } = record;
  const status = (saved?.status ?? "draft") as PreInvoiceStatus;
  const editable = !saved || status === "draft" || (kind === "proforma" && status === "sent");
  const { company, preview } = useDocumentPreview(input, settings);
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

  const actions = useKindActions(kind, editor, record, commands);
  const { sharing } = actions;

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
      editor={editor}
      actions={
        <KindActionBar
          kind={kind}
          saved={saved}
          dirty={editor.dirty}
          busy={busy}
          shareable={sharing.shareable}
          whatsApp={sharing.whatsApp}
          onAction={actions.onAction}
        />
      }
      onSubmit={() => void run("save", record.save)}
      locked={
        editable
          ? null
          : `This ${config.noun} is ${status}: it stays as it was ${kind === "challan" ? "issued" : "sent"}.`
      }
      page={page}
      dialogs={actions.dialogs}
      below={
        kind === "challan" &&
        saved && (
          <EwayBillCard
            doc={{ kind: "challan", id: saved.id }}
            document={saved.document}
            totalMinor={saved.totalMinor}
            issued={status !== "draft" && status !== "cancelled"}
          />
        )
      }
    >
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
        transport={
          kind === "challan" &&
          company.gst && (
            <TransportSection transport={input.transport} errors={editor.errors} dispatch={editor.dispatch} />
          )
        }
      />
    </DocumentEditorShell>
  );
}
