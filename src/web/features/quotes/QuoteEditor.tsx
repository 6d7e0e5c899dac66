import { useQueryClient } from "@tanstack/react-query";
import { clsx } from "clsx";
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { toast } from "sonner";
import { quoteInputSchema } from "#contract/quotes";
import { companySnapshot } from "#domain/company-snapshot";
import type { InvoiceInput } from "#domain/invoice";
import { buildQuotePage } from "#domain/quote-page";
import type { Settings } from "#domain/settings";
import { ApiError, api } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { ConfirmDialog } from "#web/components/ui/lazy-dialog";
import { ActionBarFrame, PageHeader } from "#web/components/ui/page";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";
import { useMediaQuery } from "#web/lib/useMediaQuery";
import { ClientSection } from "../invoices/editor/ClientSection";
import { CompanyCard } from "../invoices/editor/CompanyCard";
import { type EditorAction, editorReducer } from "../invoices/editor/draft";
import { issuesToFields } from "../invoices/editor/errors";
import { LineItemsSection } from "../invoices/editor/LineItemsSection";
import { OptionsSection } from "../invoices/editor/OptionsSection";
import { markPreviewInput, measurePreviewUpdate, previewDocument } from "../invoices/editor/preview-document";
import { TotalsPanel } from "../invoices/editor/TotalsPanel";
import { useLeaveGuard } from "../invoices/editor/useLeaveGuard";
import { InvoicePreview } from "../invoices/preview/InvoicePreview";
import {
  editorFields,
  inputFromQuote,
  type Quote,
  quoteKeys,
  quoteUrl,
  toQuoteInput,
  useInvalidateQuotes,
} from "./api";
import { QuoteAnswerCard } from "./QuoteAnswerCard";
import { QuoteDetailsSection } from "./QuoteDetailsSection";
import { QuoteShareCard } from "./QuoteShareCard";
import { QuoteStatusBadge } from "./QuoteStatusBadge";

// The quote editor: the invoice editor's sections, totals and live preview (drawn as a quotation),
// with a valid-until date instead of a due date, and the quote's own actions below.

const NO_ERRORS: Record<string, string> = {};
const NO_STOCK = {};

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
  const invalidate = useInvalidateQuotes();
  const [state, rawDispatch] = useReducer(editorReducer, { input: initialInput, dirty: false });
  const stateRef = useRef(state);
  stateRef.current = state;
  const dispatch = useCallback((action: EditorAction) => {
    markPreviewInput();
    rawDispatch(action);
  }, []);
  const [saved, setSaved] = useState<Quote | null>(quote);
  const [errors, setErrors] = useState<Record<string, string>>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [mobileView, setMobileView] = useState<"edit" | "preview">("edit");
  const wide = useMediaQuery("(min-width: 64rem)");
  const numberEdited = useRef(false);
  const { blocker, allowNextNavigation } = useLeaveGuard(state.dirty);
  const company = useMemo(() => companySnapshot(settings), [settings]);
  const input = state.input;
  const status = saved?.displayStatus ?? "draft";
  const editable = !saved || saved.status === "draft" || saved.status === "sent";
  const preview = useMemo(() => previewDocument(input, company), [input, company]);
  const page = useMemo(() => buildQuotePage(preview.document, status), [preview.document, status]);
  const onNumberEdited = useCallback(() => {
    numberEdited.current = true;
  }, []);
  const onProductPicked = useCallback(() => {}, []);
  const options = useMemo(
    () => ({
      notes: input.notes,
      terms: input.terms,
      includeBankDetails: input.includeBankDetails,
      bankDetails: input.bankDetails,
      includeSignature: input.includeSignature,
      includeUpiQrCode: input.includeUpiQrCode,
      template: input.template,
      primaryColor: input.primaryColor,
      accentColor: input.accentColor,
      fontFamily: input.fontFamily,
    }),
    [input],
  );

  // The page's query found the quote changed elsewhere (the client answered on its public page):
  // its status, answer and actions follow; the form too, unless the user is typing in it.
  useEffect(() => {
    if (!quote || !saved || quote.id !== saved.id) return;
    if (quote.status === saved.status && quote.displayStatus === saved.displayStatus) return;
    setSaved(quote);
    if (!stateRef.current.dirty) rawDispatch({ type: "load", input: inputFromQuote(quote) });
  }, [quote, saved]);

  /** The quote as the server now has it: shown, and the form follows unless the user typed on. */
  const adopt = useCallback(
    (next: Quote, submitted?: InvoiceInput) => {
      setSaved(next);
      queryClient.setQueryData(quoteKeys.one(next.id), next);
      if (!submitted || stateRef.current.input === submitted) {
        rawDispatch({ type: "load", input: inputFromQuote(next) });
      }
    },
    [queryClient],
  );

  async function save(): Promise<Quote | null> {
    const submitted = stateRef.current.input;
    const body = toQuoteInput(submitted, !saved && !numberEdited.current);
    const parsed = quoteInputSchema.safeParse(body);
    if (!parsed.success) {
      const fields = editorFields(issuesToFields(parsed.error.issues));
      setErrors(fields);
      toast.error("Check the highlighted fields", { description: Object.values(fields)[0] });
      return null;
    }
    setBusy(true);
    try {
      const { quote: next } = saved
        ? await api<{ quote: Quote }>(quoteUrl(saved.id), { method: "PUT", body: parsed.data })
        : await api<{ quote: Quote }>("/api/quotes", { method: "POST", body: parsed.data });
      setErrors(NO_ERRORS);
      adopt(next, submitted);
      await invalidate();
      toast.success(saved ? "Quote saved" : "Quote saved as a draft", { description: next.quoteNumber });
      if (!saved) {
        allowNextNavigation();
        navigate(`/quotes/${encodeURIComponent(next.id)}`, { replace: true });
      }
      return next;
    } catch (error) {
      const fields = error instanceof ApiError ? editorFields(error.fields ?? {}) : {};
      if (error instanceof ApiError && error.code === "quote_number_taken")
        fields.invoiceNumber = error.message;
      setErrors(fields);
      toast.error("Could not save the quote", { description: (error as Error).message });
      return null;
    } finally {
      setBusy(false);
    }
  }

  /** Actions on the saved quote need its edits saved first (one function for the whole visit). */
  const latest = useRef({ save, saved });
  latest.current = { save, saved };
  const ensureSaved = useCallback(async () => {
    const { save: saveNow, saved: current } = latest.current;
    return !stateRef.current.dirty && current ? current : saveNow();
  }, []);

  async function remove() {
    if (!saved) return;
    setBusy(true);
    try {
      await api(quoteUrl(saved.id), { method: "DELETE" });
      await invalidate();
      toast.success("Quote deleted", { description: saved.quoteNumber });
      allowNextNavigation();
      navigate("/quotes");
    } catch (error) {
      toast.error("Could not delete the quote", { description: (error as Error).message });
    } finally {
      setBusy(false);
      setConfirmDelete(false);
    }
  }

  return (
    <>
      <PageHeader
        title={quote ? `Quote ${quote.quoteNumber}` : "New Quote"}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {saved ? <QuoteStatusBadge status={status} /> : "A new quote."}
            {state.dirty && <span className="text-warning">Unsaved changes</span>}
          </span>
        }
      />
      <ActionBarFrame label="Quote actions">
        {editable && (
          <Button onClick={() => void save()} busy={busy} disabled={saved !== null && !state.dirty}>
            {saved ? "Save changes" : "Save draft"}
          </Button>
        )}
        {saved && (
          <DownloadPdfButton
            invoice={{ id: saved.id, invoiceNumber: saved.quoteNumber, pdfUrl: quoteUrl(saved.id, "/pdf") }}
            disabled={state.dirty || busy}
            title={state.dirty ? "Save your changes before downloading the PDF." : undefined}
          />
        )}
        {saved && saved.status !== "converted" && (
          <Button variant="outline" onClick={() => setConfirmDelete(true)} disabled={busy}>
            Delete
          </Button>
        )}
      </ActionBarFrame>

      <div
        role="tablist"
        aria-label="Editor view"
        className="mb-4 grid grid-cols-2 rounded-md border border-border p-1 lg:hidden"
      >
        {(["edit", "preview"] as const).map((view) => (
          <button
            key={view}
            type="button"
            role="tab"
            aria-selected={mobileView === view}
            aria-controls={`panel-${view}`}
            className={clsx(
              "rounded px-3 py-1.5 text-sm font-medium",
              mobileView === view ? "bg-primary text-primary-foreground" : "text-foreground hover:bg-muted",
            )}
            onClick={() => setMobileView(view)}
          >
            {view === "edit" ? "Edit" : "Preview"}
          </button>
        ))}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,0.9fr)]">
        <div className={clsx("min-w-0 space-y-6", mobileView === "edit" ? "block" : "hidden lg:block")}>
          {saved && (
            <>
              <QuoteAnswerCard quote={saved} ensureSaved={ensureSaved} onChanged={adopt} />
              {(saved.status === "draft" || saved.status === "sent") && (
                <QuoteShareCard quote={saved} ensureSaved={ensureSaved} onChanged={adopt} />
              )}
            </>
          )}
          <form
            id="panel-edit"
            aria-label="Quote form"
            className="space-y-6"
            onSubmit={(e) => {
              e.preventDefault();
              if (editable) void save();
            }}
            noValidate
          >
            <fieldset disabled={!editable} className="min-w-0 space-y-6">
              {!editable && (
                <p className="text-sm text-muted-foreground">
                  This quote is {status}: it stays as your client saw it.
                </p>
              )}
              <Card className="space-y-6">
                <CompanyCard company={company} />
                <QuoteDetailsSection
                  input={input}
                  numberHint="The next quote number in this financial year; the server confirms it when you save."
                  errors={errors}
                  dispatch={dispatch}
                  onNumberEdited={onNumberEdited}
                />
              </Card>
              <Card>
                <ClientSection
                  client={input.client}
                  clientId={input.clientId}
                  dispatch={dispatch}
                  errors={errors}
                />
              </Card>
              <Card className="space-y-4">
                <LineItemsSection
                  items={input.items}
                  currency={input.currency}
                  preview={preview}
                  errors={errors}
                  stock={NO_STOCK}
                  heldMilli={NO_STOCK}
                  dispatch={dispatch}
                  onProductPicked={onProductPicked}
                />
                <TotalsPanel
                  document={preview.document}
                  error={preview.error}
                  invalidLines={Object.keys(preview.lineProblems).length}
                  onRoundOffChange={(roundOff) => dispatch({ type: "set", patch: { roundOff } })}
                />
              </Card>
              <Card>
                <OptionsSection options={options} company={company} dispatch={dispatch} errors={errors} />
              </Card>
            </fieldset>
          </form>
        </div>
        <div
          id="panel-preview"
          className={clsx("min-w-0", mobileView === "preview" ? "block" : "hidden lg:block")}
        >
          <div className="lg:sticky lg:top-32">
            {(wide || mobileView === "preview") && (
              <InvoicePreview page={page} onCommit={measurePreviewUpdate} />
            )}
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete this quote?"
        description={`Quote ${saved?.quoteNumber ?? ""} will be deleted for good, and its link stops working.`}
        confirmLabel="Delete quote"
        busy={busy}
        onConfirm={() => void remove()}
      />
      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="You have changes on this quote that are not saved. If you leave now they are lost."
        confirmLabel="Leave without saving"
        onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
      />
    </>
  );
}
