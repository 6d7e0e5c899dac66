import { ArrowRightLeft, Save, Trash2 } from "lucide-react";
import { ActionButton } from "#web/features/document-editor/ActionButton";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";
import { type Quote, quotePdfUrl } from "./api";

export type QuoteAction = "save" | "convert" | "delete";

/** The quote's buttons in the editor's action bar: what makes sense for a quote in its status. */
export function QuoteActionBar({
  saved,
  editable,
  dirty,
  busy,
  onAction,
}: {
  saved: Quote | null;
  editable: boolean;
  dirty: boolean;
  busy: QuoteAction | null;
  onAction: (action: QuoteAction) => void;
}) {
  return (
    <>
      {editable && (
        <ActionButton
          name="save"
          busy={busy}
          icon={Save}
          variant="primary"
          disabled={saved !== null && !dirty}
          onClick={() => onAction("save")}
        >
          {saved ? "Save changes" : "Save draft"}
        </ActionButton>
      )}
      {saved?.status === "accepted" && (
        <ActionButton
          name="convert"
          busy={busy}
          icon={ArrowRightLeft}
          variant="primary"
          onClick={() => onAction("convert")}
        >
          Convert to invoice
        </ActionButton>
      )}
      {/* The PDF is made from the saved quote, so unsaved edits must be saved first. */}
      {saved && (
        <DownloadPdfButton
          invoice={{ id: saved.id, invoiceNumber: saved.quoteNumber, pdfUrl: quotePdfUrl(saved.id) }}
          size="sm"
          disabled={dirty || busy !== null}
          title={dirty ? "Save your changes before downloading the PDF." : undefined}
        />
      )}
      {saved && saved.status !== "converted" && (
        <ActionButton
          name="delete"
          busy={busy}
          icon={Trash2}
          variant="destructive"
          onClick={() => onAction("delete")}
        >
          Delete
        </ActionButton>
      )}
    </>
  );
}
