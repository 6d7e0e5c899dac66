import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import { todayInTimeZone } from "#domain/dates";
import { isDraftNumber } from "#domain/document-number";
import type { InvoiceInput } from "#domain/invoice";
import type { Settings } from "#domain/settings";
import { DocumentEditorShell } from "#web/features/document-editor/DocumentEditorShell";
import { DocumentSections } from "#web/features/document-editor/DocumentSections";
import { useDocumentEditor, useDocumentPreview } from "#web/features/document-editor/useDocumentEditor";
import { ExchangeRateSection } from "#web/features/documents/editor/ExchangeRateSection";
import { describeSaveError } from "#web/features/documents/editor/errors";
import { GstSection } from "#web/features/documents/editor/GstSection";
import { TransportSection } from "#web/features/documents/editor/TransportSection";
import { useDocumentStock } from "#web/features/documents/editor/useDocumentStock";
import { StatusBadge } from "#web/features/documents/StatusBadge";
import type { Invoice } from "#web/features/documents/types";
import { useMay } from "#web/features/members/role";
import { useDrawnStep } from "#web/lib/useAfterFirstPaint";
import { ActionBar, type EditorActionName } from "./ActionBar";
import { IssueAndSendCard } from "./InvoiceDialogs";
import type { LinkedCards } from "./SavedInvoiceCards";
import { SourceDocumentsLink } from "./SourceDocumentsLink";
import { useInvoiceActions } from "./useInvoiceActions";
import { useSequentialNumber } from "./useSequentialNumber";

// The cards of a saved invoice load only when there is one, not with a new invoice's editor.
const SavedInvoiceCards = lazy(() =>
  import("./SavedInvoiceCards").then((m) => ({ default: m.SavedInvoiceCards })),
);

/** What the number field says of the number it shows. */
function numberHint(number: string, gst: boolean, scheme: "timestamp" | "sequential") {
  if (isDraftNumber(number))
    return "A draft's number: issuing the invoice gives it the next number of its financial year's series.";
  if (gst)
    return "Tax invoices use the financial year's series (at most 16 characters: letters, digits, - and /); a draft takes its number when issued.";
  return scheme === "sequential"
    ? "The next number in this financial year; a draft takes it when you issue it."
    : "Made from today's date and time. You can change it.";
}

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
  const editor = useDocumentEditor<EditorActionName>(initialInput, describeSaveError);
  const { input, dispatch, busy, numberEdited } = editor;
  const [saved, setSaved] = useState<Invoice | null>(invoice);
  // The page's header and the company card are drawn first (a skeleton for the fields), the rest of
  // the form in three more steps, each added below the last: a phone shows the page sooner.
  const drawn = useDrawnStep(3);
  // The list's Send button opens the editor with ?send=1: the send dialog opens at once.
  const [searchParams] = useSearchParams();
  const today = todayInTimeZone(new Date(), settings.timeZone);
  useSequentialNumber({
    active: !saved && numberScheme === "sequential",
    invoiceDate: input.invoiceDate,
    invoiceNumber: input.invoiceNumber,
    numberEdited,
    dispatch,
  });
  const { company, preview } = useDocumentPreview(input, settings, saved?.amountPaidMinor ?? 0);
  const stock = useDocumentStock(saved && { status: saved.status, items: saved.document.items }, input.items);

  const actions = useInvoiceActions({ invoice, editor, saved, setSaved, numberScheme, company, today });
  const { onAction } = actions;

  const mayWrite = useMay("documents.write");
  const displayStatus = saved?.status === input.status ? saved.displayStatus : input.status;
  return (
    <DocumentEditorShell
      kind="invoice"
      title={
        invoice ? (mayWrite ? "Edit Invoice" : `Invoice ${invoice.invoiceNumber}`) : "Create New Invoice"
      }
      status={saved && <StatusBadge kind="invoice" status={displayStatus} />}
      headerExtra={saved && <SourceDocumentsLink invoiceId={saved.id} />}
      editor={editor}
      actions={<ActionBar invoice={saved} busy={busy} onAction={onAction} unsaved={editor.dirty} />}
      onSubmit={() => onAction(saved && input.status !== "draft" ? "save" : "draft")}
      page={preview.page}
      dialogs={actions.dialogs}
      below={
        drawn >= 3 &&
        saved && (
          <>
            {saved.status === "draft" && mayWrite && (
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
                shareRequest={actions.shareRequest}
                onChanged={actions.onServerChange}
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
          numberHint: numberHint(input.invoiceNumber, Boolean(company.gst), numberScheme),
        }}
        gst={
          (company.gst || input.currency !== "INR") && (
            <>
              {company.gst && (
                <GstSection
                  gst={input.gst}
                  client={input.client}
                  details={preview.document.gstDetails}
                  errors={editor.errors}
                  dispatch={dispatch}
                />
              )}
              {input.currency !== "INR" && (
                <div className={company.gst ? "mt-6" : undefined}>
                  <ExchangeRateSection
                    currency={input.currency}
                    exchangeRate={input.exchangeRate}
                    invoiceDate={input.invoiceDate}
                    errors={editor.errors}
                    dispatch={dispatch}
                  />
                </div>
              )}
            </>
          )
        }
        transport={
          company.gst && (
            <TransportSection transport={input.transport} errors={editor.errors} dispatch={dispatch} />
          )
        }
        stock={{ ...stock, gstUnits: Boolean(company.gst) }}
      />
    </DocumentEditorShell>
  );
}
