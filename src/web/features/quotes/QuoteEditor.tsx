import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceInput } from "#domain/invoice";
import { buildQuotePage } from "#domain/quote-page";
import type { Settings } from "#domain/settings";
import { ApiError } from "#web/api";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import { type DescribeError, useDocumentEditor } from "#web/features/document-editor/useDocumentEditor";
import { previewDocument } from "#web/features/documents/editor/preview-document";
import { StatusBadge } from "#web/features/documents/StatusBadge";
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

const describeError: DescribeError<QuoteAction> = (error, action) => {
  const fields = error instanceof ApiError ? editorFields(error.fields ?? {}) : {};
  if (error instanceof ApiError && error.code === "quote_number_taken") fields.invoiceNumber = error.message;
  const title = {
    save: "Could not save the quote",
    convert: "Could not convert the quote",
    delete: "Could not delete the quote",
  }[action];
  return { title, message: (error as Error).message, fields };
};

export function QuoteEditor({
  quote,
  initialInput,
  settings,
}: {
  quote: Quote | null;
  initialInput: InvoiceInput;
  settings: Settings;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const commands = useQuoteCommands();
  const editor = useDocumentEditor(initialInput, describeError);
  const { input, stateRef, adoptInput, busy, run, guard } = editor;
  const [saved, setSaved] = useState<Quote | null>(quote);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const company = useMemo(() => companySnapshot(settings), [settings]);
  const status = saved?.displayStatus ?? "draft";
  const editable = !saved || saved.status === "draft" || saved.status === "sent";
  const preview = useMemo(() => previewDocument(input, company), [input, company]);
  const page = useMemo(() => buildQuotePage(preview.document, status), [preview.document, status]);

  // The page's query found the quote changed elsewhere (the client answered on its public page):
  // its status, answer and actions follow; the form too, unless the user is typing in it.
  useEffect(() => {
    if (!quote || !saved || quote.id !== saved.id) return;
    if (quote.status === saved.status && quote.displayStatus === saved.displayStatus) return;
    setSaved(quote);
    if (!stateRef.current.dirty) adoptInput(inputFromQuote(quote));
  }, [quote, saved, stateRef, adoptInput]);

  /** The quote as the server now has it: shown, and the form follows unless the user typed on. */
  const adopt = (next: Quote, submitted?: InvoiceInput) => {
    setSaved(next);
    queryClient.setQueryData(quoteKeys.one(next.id), next);
    adoptInput(inputFromQuote(next), submitted);
  };

  async function save(): Promise<Quote> {
    const submitted = stateRef.current.input;
    const next = await commands.save(saved?.id ?? null, submitted, !saved && !editor.numberEdited.current);
    adopt(next, submitted);
    toast.success(saved ? "Quote saved" : "Quote saved as a draft", { description: next.quoteNumber });
    if (!saved) {
      guard.allowNextNavigation();
      navigate(`/quotes/${encodeURIComponent(next.id)}`, { replace: true });
    }
    return next;
  }

  /** Actions on the saved quote need its edits saved first (one function for the whole visit). */
  const latest = useRef({ save, saved, run });
  latest.current = { save, saved, run };
  const ensureSaved = useCallback(async () => {
    const { save: saveNow, saved: current, run: runNow } = latest.current;
    if (!stateRef.current.dirty && current) return current;
    return (await runNow("save", saveNow)) ?? null;
  }, [stateRef]);

  const convert = (quoteId: string) =>
    run("convert", async () => {
      const answer = await commands.convert(quoteId);
      adopt(answer.quote);
      toast.success("Invoice made from the quote", {
        description: `${answer.invoice.invoiceNumber} is a draft: check it, then issue it.`,
      });
      navigate(`/invoice/edit/${encodeURIComponent(answer.invoice.id)}`);
    });

  const remove = (current: Quote) =>
    run("delete", async () => {
      await commands.remove(current.id);
      toast.success("Quote deleted", { description: current.quoteNumber });
      guard.allowNextNavigation();
      navigate("/quotes");
    }).finally(() => setConfirmDelete(false));

  function onAction(name: QuoteAction) {
    if (name === "save") void run("save", save);
    else if (name === "convert" && saved) void convert(saved.id);
    else setConfirmDelete(true);
  }

  return (
    <DocumentEditorShell
      kind="quote"
      title={quote ? `Quote ${quote.quoteNumber}` : "New Quote"}
      status={saved && <StatusBadge kind="quote" status={status} />}
      dirty={editor.dirty}
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
            {editable && <QuoteShareCard quote={saved} ensureSaved={ensureSaved} onChanged={adopt} />}
          </>
        )
      }
      onSubmit={() => editable && void run("save", save)}
      page={page}
      blocker={guard.blocker}
      dialogs={
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this quote?"
          description={`Quote ${saved?.quoteNumber ?? ""} will be deleted for good, and its link stops working.`}
          confirmLabel="Delete quote"
          busy={busy === "delete"}
          onConfirm={() => saved && void remove(saved)}
        />
      }
    >
      <fieldset disabled={!editable} className="min-w-0 space-y-6">
        {!editable && (
          <p className="text-sm text-muted-foreground">
            This quote is {status}: it stays as your client saw it.
          </p>
        )}
        <DocumentSections
          editor={editor}
          company={company}
          preview={preview}
          details={{
            labels: DETAIL_LABELS,
            numberHint: "The next quote number in this financial year; the server confirms it when you save.",
          }}
        />
      </fieldset>
    </DocumentEditorShell>
  );
}
