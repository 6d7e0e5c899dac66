import { useQuery } from "@tanstack/react-query";
import { clsx } from "clsx";
import { lazy, Suspense, useCallback, useMemo, useReducer, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { toast } from "sonner";
import { companySnapshot } from "#domain/company-snapshot";
import { todayInTimeZone } from "#domain/dates";
import { isDeletable, isDraftNumber } from "#domain/document-number";
import { gstDocumentProblems } from "#domain/gst-invoice-checks";
import type { InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import type { StoredStatus } from "#domain/status";
import { committedQuantities } from "#domain/stock";
import { api } from "#web/api";
import { Button } from "#web/components/ui/button";
import { Card } from "#web/components/ui/card";
import { Field, Input } from "#web/components/ui/input";
import { ConfirmDialog, Dialog } from "#web/components/ui/lazy-dialog";
import { PageHeader } from "#web/components/ui/page";
import { DownloadPdfButton } from "#web/features/pdf/DownloadPdfButton";
import { SourceQuoteLink } from "#web/features/quotes/SourceQuoteLink";
import { useDrawnStep } from "#web/lib/useAfterFirstPaint";
import { useMediaQuery } from "#web/lib/useMediaQuery";
import { CancelInvoiceDialog } from "../CancelInvoiceDialog";
import { InvoicePreview } from "../preview/InvoicePreview";
import { StatusBadge } from "../StatusBadge";
import type { Invoice, SavedProduct } from "../types";
import { ActionBar, type EditorActionName } from "./ActionBar";
import { ClientSection } from "./ClientSection";
import { CompanyCard } from "./CompanyCard";
import { DetailsSection } from "./DetailsSection";
import { type EditorAction, editorReducer, inputFromInvoice } from "./draft";
import { describeSaveError } from "./errors";
import { GstSection } from "./GstSection";
import { LineItemsSection, type ProductStock, stockFromProduct } from "./LineItemsSection";
import { OptionsSection } from "./OptionsSection";
import { markPreviewInput, measurePreviewUpdate, previewDocument } from "./preview-document";
import type { ShareRequest } from "./ShareCard";
import { TotalsPanel } from "./TotalsPanel";
import { FieldErrors, useInvoiceCommands } from "./useInvoiceCommands";
import { useLeaveGuard } from "./useLeaveGuard";
import { useSequentialNumber } from "./useSequentialNumber";

// The cards of a saved invoice load only when there is one, not with a new invoice's editor.
const SavedInvoiceCards = lazy(() =>
  import("./SavedInvoiceCards").then((m) => ({ default: m.SavedInvoiceCards })),
);

const NO_ERRORS: Record<string, string> = {};

export function InvoiceEditor({
  invoice,
  initialInput,
  settings,
  numberScheme,
}: {
  /** The saved invoice, or null for a new one. */
  invoice: Invoice | null;
  initialInput: InvoiceInput;
  settings: Settings;
  numberScheme: "timestamp" | "sequential";
}) {
  const navigate = useNavigate();
  const commands = useInvoiceCommands();
  const [state, rawDispatch] = useReducer(editorReducer, { input: initialInput, dirty: false });
  const stateRef = useRef(state);
  stateRef.current = state;
  const dispatch = useCallback((action: EditorAction) => {
    markPreviewInput();
    rawDispatch(action);
  }, []);
  const [saved, setSaved] = useState<Invoice | null>(invoice);
  const [errors, setErrors] = useState<Record<string, string>>(NO_ERRORS);
  const [busy, setBusy] = useState<EditorActionName | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [payDialog, setPayDialog] = useState(false);
  const [mobileView, setMobileView] = useState<"edit" | "preview">("edit");
  // On a phone the preview is a tab of its own: it is drawn when first opened, not with the form,
  // so the editor opens sooner. From the lg breakpoint on it sits beside the form, always drawn.
  const wide = useMediaQuery("(min-width: 64rem)");
  const [previewOpened, setPreviewOpened] = useState(false);
  if (mobileView === "preview" && !previewOpened) setPreviewOpened(true);
  const drawPreview = wide || previewOpened;
  // The page's header and the company card are drawn first (a skeleton for the fields), the rest of
  // the form in three more steps, each added below the last: a phone shows the page sooner and is
  // never blocked for the whole form at once, and nothing already drawn moves.
  const drawn = useDrawnStep(3);
  const numberEdited = useRef(false);
  // The list's Send button opens the editor with ?send=1: the send dialog opens at once.
  const [searchParams] = useSearchParams();
  const sendOnOpen = searchParams.get("send") === "1";
  const { blocker, allowNextNavigation } = useLeaveGuard(state.dirty);
  const today = todayInTimeZone(new Date(), settings.timeZone);
  const [paymentDate, setPaymentDate] = useState(today);
  const [issueToSend, setIssueToSend] = useState(false);
  const [shareRequest, setShareRequest] = useState<ShareRequest | null>(null);

  // The server snapshots the company from Settings on every save; the preview shows the same.
  const company = useMemo(() => companySnapshot(settings), [settings]);
  const input = state.input;
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

  // Stock: what inventory says is left, plus what this invoice already holds (when due or paid).
  const [stock, setStock] = useState<Record<string, ProductStock>>({});
  const heldMilli = useMemo(() => {
    if (!saved) return {};
    try {
      return Object.fromEntries(committedQuantities(saved.status, saved.document.items));
    } catch {
      return {};
    }
  }, [saved]);
  const linkedProducts = input.items.some((i) => i.productId);
  const products = useQuery({
    queryKey: ["products", "all-for-editor"],
    queryFn: () => api<{ items: SavedProduct[] }>("/api/products?page=1&pageSize=100"),
    enabled: linkedProducts,
  });
  const knownStock = useMemo(() => {
    const fromList = Object.fromEntries((products.data?.items ?? []).map((p) => [p.id, stockFromProduct(p)]));
    return { ...fromList, ...stock };
  }, [products.data, stock]);
  const onProductPicked = useCallback((p: SavedProduct) => {
    setStock((prev) => ({ ...prev, [p.id]: stockFromProduct(p) }));
  }, []);
  const onNumberEdited = useCallback(() => {
    numberEdited.current = true;
  }, []);

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
    [
      input.notes,
      input.terms,
      input.includeBankDetails,
      input.bankDetails,
      input.includeSignature,
      input.includeUpiQrCode,
      input.template,
      input.primaryColor,
      input.accentColor,
      input.fontFamily,
    ],
  );

  /** After the server answers: show its version, unless the user typed on meanwhile. */
  function adopt(next: Invoice, submitted: InvoiceInput) {
    setSaved(next);
    setErrors(NO_ERRORS);
    if (stateRef.current.input === submitted) rawDispatch({ type: "load", input: inputFromInvoice(next) });
    if (!invoice || next.id !== invoice.id) {
      allowNextNavigation();
      navigate(`/invoice/edit/${encodeURIComponent(next.id)}`, { replace: !invoice });
    }
  }

  function fail(error: unknown) {
    if (error instanceof FieldErrors) {
      setErrors(error.fields);
      toast.error("Check the highlighted fields", { description: error.message });
      focusFirstError();
      return;
    }
    const { title, message, fields } = describeSaveError(error);
    setErrors(fields);
    toast.error(title, { description: message });
    if (Object.keys(fields).length) focusFirstError();
  }

  async function saveWith(status: StoredStatus, extra: Partial<InvoiceInput> = {}) {
    const submitted = stateRef.current.input;
    const body = { ...submitted, status, ...extra };
    const autoNumber = !saved && numberScheme === "sequential" && !numberEdited.current;
    // A tax invoice's number and HSN/SAC codes, checked as the server will (same messages).
    const check = previewDocument(body, company);
    if (Object.keys(check.lineProblems).length === 0) {
      const { invoiceNumber, ...rest } = gstDocumentProblems(check.document);
      const problems = autoNumber || !invoiceNumber ? rest : { invoiceNumber, ...rest };
      if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
    }
    const next = await commands.save(saved?.id ?? null, body, { autoNumber });
    adopt(next, submitted);
    return next;
  }

  /** After a payment changed on the server: its status, payment date and balance follow. */
  async function refreshSaved() {
    if (!saved) return;
    const next = await commands.reload(saved.id);
    setSaved(next);
    if (!stateRef.current.dirty) rawDispatch({ type: "load", input: inputFromInvoice(next) });
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
    setErrors(NO_ERRORS);
    if (stateRef.current.input === submitted) rawDispatch({ type: "load", input: inputFromInvoice(next) });
  }

  async function run(name: EditorActionName, work: () => Promise<unknown>, success?: string) {
    setBusy(name);
    try {
      await work();
      if (success) toast.success(success);
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  function onAction(name: EditorActionName) {
    const status = input.status;
    switch (name) {
      case "draft":
        return run(name, () => saveWith("draft"), "Draft saved");
      case "issue":
        return run(name, () => saveWith("due"), "Invoice issued");
      case "save":
        return run(name, () => saveWith(status), "Changes saved");
      case "paid":
        setPaymentDate(today);
        return setPayDialog(true);
      case "cancel":
        return setConfirmCancel(true);
      case "toDraft":
        return run(name, () => changeStatus("draft"), "Invoice returned to draft");
      case "duplicate":
        return run(
          name,
          async () => {
            if (!saved) return;
            const copy = await commands.duplicate(saved.id);
            navigate(`/invoice/edit/${encodeURIComponent(copy.id)}`);
          },
          "Invoice duplicated",
        );
      case "delete":
        return setConfirmDelete(true);
      case "email":
      case "whatsapp":
        // The share card (below the form) makes the link if needed, then opens the mail or WhatsApp.
        return setShareRequest((r) => ({ kind: name, n: (r?.n ?? 0) + 1 }));
    }
  }

  const displayStatus = saved?.displayStatus ?? "draft";
  const title = invoice ? "Edit Invoice" : "Create New Invoice";

  // The PDF is made from the saved invoice, so unsaved edits must be saved first.
  const downloadButton = saved ? (
    <DownloadPdfButton
      invoice={saved}
      size="sm"
      disabled={state.dirty || busy !== null}
      title={state.dirty ? "Save your changes before downloading the PDF." : undefined}
    />
  ) : null;

  return (
    <>
      <PageHeader
        title={title}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {saved ? (
              <StatusBadge status={saved.status === input.status ? displayStatus : input.status} />
            ) : (
              "A new invoice."
            )}
            {state.dirty && <span className="text-warning">Unsaved changes</span>}
            {saved && <SourceQuoteLink invoiceId={saved.id} />}
          </span>
        }
      />
      <ActionBar
        saved={Boolean(saved)}
        status={saved?.status ?? "draft"}
        deletable={saved ? isDeletable(saved.status, saved.invoiceNumber) : false}
        busy={busy}
        onAction={onAction}
        download={downloadButton}
        unsaved={state.dirty}
      />

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
            id={`tab-${view}`}
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
        <form
          id="panel-edit"
          aria-label="Invoice form"
          className={clsx("min-w-0 space-y-6", mobileView === "edit" ? "block" : "hidden lg:block")}
          onSubmit={(e) => {
            e.preventDefault();
            onAction(saved && input.status !== "draft" ? "save" : "draft");
          }}
          noValidate
        >
          <Card className="space-y-6">
            <CompanyCard company={company} />
            {drawn >= 1 ? (
              <DetailsSection
                invoiceNumber={input.invoiceNumber}
                invoiceDate={input.invoiceDate}
                dueDate={input.dueDate}
                currency={input.currency}
                numberHint={
                  isDraftNumber(input.invoiceNumber)
                    ? "A draft's number: issuing the invoice gives it the next number of its financial year's series."
                    : company.gst
                      ? "Tax invoices use the financial year's series (at most 16 characters: letters, digits, - and /); a draft takes its number when issued."
                      : numberScheme === "sequential"
                        ? "The next number in this financial year; a draft takes it when you issue it."
                        : "Made from today's date and time. You can change it."
                }
                errors={errors}
                dispatch={dispatch}
                onNumberEdited={onNumberEdited}
              />
            ) : (
              <div aria-hidden="true" className="h-80 animate-pulse rounded-md bg-muted" />
            )}
          </Card>
          {drawn >= 1 && company.gst && (
            <Card>
              <GstSection
                gst={input.gst}
                client={input.client}
                details={preview.document.gstDetails}
                errors={errors}
                dispatch={dispatch}
              />
            </Card>
          )}
          {drawn >= 1 && (
            <Card>
              <ClientSection
                client={input.client}
                clientId={input.clientId}
                dispatch={dispatch}
                errors={errors}
              />
            </Card>
          )}
          {drawn >= 2 && (
            <Card className="space-y-4">
              <LineItemsSection
                items={input.items}
                currency={input.currency}
                preview={preview}
                errors={errors}
                stock={knownStock}
                heldMilli={heldMilli}
                gstUnits={Boolean(company.gst)}
                dispatch={dispatch}
                onProductPicked={onProductPicked}
              />
              {errors.items && (
                <p className="text-sm text-destructive" role="alert">
                  {errors.items}
                </p>
              )}
              <TotalsPanel
                document={preview.document}
                error={preview.error}
                invalidLines={Object.keys(preview.lineProblems).length}
                onRoundOffChange={(roundOff) => dispatch({ type: "set", patch: { roundOff } })}
              />
            </Card>
          )}
          {drawn >= 3 && (
            <>
              <Card>
                <OptionsSection options={options} company={company} dispatch={dispatch} errors={errors} />
              </Card>
              {saved && saved.status === "draft" && (
                <Card role="region" aria-labelledby="share-draft-heading">
                  <h2 id="share-draft-heading" className="text-lg font-semibold">
                    Share with your client
                  </h2>
                  <p className="mt-1 text-sm text-muted-foreground">
                    A draft is not sent. Issue it to give it its number, take its items from stock, and share
                    or e-mail it.
                  </p>
                  <Button
                    className="mt-3"
                    size="sm"
                    busy={busy === "issue"}
                    onClick={() => setIssueToSend(true)}
                  >
                    Issue and send…
                  </Button>
                </Card>
              )}
              {saved && (
                <Suspense fallback={null}>
                  <SavedInvoiceCards
                    invoice={saved}
                    today={today}
                    dueDays={settings.defaultDueDateDays}
                    sendOnOpen={sendOnOpen}
                    shareRequest={shareRequest}
                    onChanged={onServerChange}
                  />
                </Suspense>
              )}
            </>
          )}
        </form>

        <div
          id="panel-preview"
          className={clsx("min-w-0", mobileView === "preview" ? "block" : "hidden lg:block")}
        >
          <div className="lg:sticky lg:top-40">
            {drawPreview && <InvoicePreview page={preview.page} onCommit={measurePreviewUpdate} />}
          </div>
        </div>
      </div>

      <ConfirmDialog
        open={issueToSend}
        onOpenChange={setIssueToSend}
        title={`Issue invoice ${input.invoiceNumber}?`}
        description="It keeps this number, and its items are taken from stock. Then you can send it or share its link."
        confirmLabel="Issue invoice"
        busy={busy === "issue"}
        onConfirm={() => {
          setIssueToSend(false);
          onAction("issue");
        }}
      />
      <Dialog
        open={payDialog}
        onOpenChange={setPayDialog}
        title="Mark as paid"
        description="Record the date the payment arrived."
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            setPayDialog(false);
            run("paid", () => changeStatus("paid", paymentDate), "Invoice marked paid");
          }}
        >
          <Field label="Payment date">
            {(p) => (
              <Input
                {...p}
                type="date"
                required
                value={paymentDate}
                max={today}
                onChange={(e) => setPaymentDate(e.target.value)}
              />
            )}
          </Field>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setPayDialog(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!paymentDate}>
              Mark paid
            </Button>
          </div>
        </form>
      </Dialog>

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
              allowNextNavigation();
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

      <ConfirmDialog
        open={blocker.state === "blocked"}
        onOpenChange={(open) => {
          if (!open && blocker.state === "blocked") blocker.reset();
        }}
        title="Leave without saving?"
        description="You have changes on this invoice that are not saved. If you leave now they are lost."
        confirmLabel="Leave without saving"
        onConfirm={() => blocker.state === "blocked" && blocker.proceed()}
      />
    </>
  );
}

function focusFirstError() {
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>("#panel-edit [aria-invalid='true']");
    el?.focus();
  });
}
