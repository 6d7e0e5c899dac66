import { useMemo, useState } from "react";
import type { InvoiceInput } from "#domain/invoice";
import { buildQuotePage } from "#domain/quote-page";
import type { Settings } from "#domain/settings";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import {
  describeDocumentError,
  useDocumentEditor,
  useDocumentPreview,
} from "#web/features/document-editor/useDocumentEditor";
import { useSavedDocument } from "#web/features/document-editor/useSavedDocument";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import { useMay } from "#web/features/members/role";
import { editorFields, inputFromQuote, type Quote, quoteKeys } from "./api";
import { type QuoteAction, QuoteActionBar } from "./QuoteActionBar";
import { QuoteAnswerCard } from "./QuoteAnswerCard";
import { QuoteShareCard } from "./QuoteShareCard";
import { useQuoteCommands } from "./useQuoteCommands";

// The quote editor: the document editor's sections, totals and live preview (drawn as a quotation),
// with a valid-until date instead of a due date, the client's answer and sharing above the form.

const DETAIL_LABELS = {
  legend: "Quote details",
  number: "Quote number",
  date: "Quote date",
  due: "Valid until",
  dueHint: "The client can accept it until the end of this day.",
};

const WORDS = { one: "Quote", noun: "quote", number: (q: Quote) => q.quoteNumber };
/** The client answered on the quote's page (or it expired): the editor follows. */
const statusChanged = (a: Quote, b: Quote) => a.status !== b.status || a.displayStatus !== b.displayStatus;

const describeError = describeDocumentError<QuoteAction>(
  editorFields,
  (action) => `Could not ${action} the quote`,
);

export function QuoteEditor({
  quote,
  initialInput,
  settings,
}: {
  quote: Quote | null;
  initialInput: InvoiceInput;
  settings: Settings;
}) {
  const commands = useQuoteCommands();
  const editor = useDocumentEditor(initialInput, describeError);
  const { input, busy, run } = editor;
  const record = useSavedDocument({
    doc: quote,
    editor,
    inputOf: inputFromQuote,
    keyOf: quoteKeys.one,
    pathOf: (id) => `/quotes/${encodeURIComponent(id)}`,
    listPath: "/quotes",
    changed: statusChanged,
    write: commands.save,
    words: WORDS,
  });
  const { saved, adopt, save, ensureSaved } = record;
  const [confirmDelete, setConfirmDelete] = useState(false);
  const status = saved?.displayStatus ?? "draft";
  const editable = !saved || saved.status === "draft" || saved.status === "sent";
  const { company, preview } = useDocumentPreview(input, settings);
  const page = useMemo(() => buildQuotePage(preview.document, status), [preview.document, status]);

  const convert = (quoteId: string) =>
    run("convert", async () => {
      const answer = await commands.convert(quoteId);
      adopt(answer.quote);
      record.openInvoice(answer.invoice);
    });

  function onAction(name: QuoteAction) {
    if (name === "save") void run("save", save);
    else if (name === "convert" && saved) void convert(saved.id);
    else setConfirmDelete(true);
  }

  const mayWrite = useMay("documents.write");
  return (
    <DocumentEditorShell
      kind="quote"
      title={quote ? `Quote ${quote.quoteNumber}` : "New Quote"}
      status={saved && <StatusBadge kind="quote" status={status} />}
      editor={editor}
      actions={
        <QuoteActionBar
          saved={saved}
          editable={editable}
          dirty={editor.dirty}
          busy={busy}
          onAction={onAction}
        />
      }
      above={
        saved && (
          <>
            <QuoteAnswerCard quote={saved} ensureSaved={ensureSaved} onChanged={adopt} />
            {editable && mayWrite && (
              <QuoteShareCard quote={saved} ensureSaved={ensureSaved} onChanged={adopt} />
            )}
          </>
        )
      }
      onSubmit={() => void run("save", save)}
      locked={editable ? null : `This quote is ${status}: it stays as your client saw it.`}
      page={page}
      dialogs={
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this quote?"
          description={`Quote ${saved?.quoteNumber ?? ""} will be deleted for good, and its link stops working.`}
          confirmLabel="Delete quote"
          busy={busy === "delete"}
          onConfirm={() => void record.remove(commands.remove)?.finally(() => setConfirmDelete(false))}
        />
      }
    >
      <DocumentSections
        editor={editor}
        company={company}
        preview={preview}
        details={{
          labels: DETAIL_LABELS,
          numberHint: "The next quote number in this financial year; the server confirms it when you save.",
        }}
      />
    </DocumentEditorShell>
  );
}
