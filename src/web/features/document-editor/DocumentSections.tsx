import type { ReactNode } from "react";
import type { InvoiceCompany } from "#domain/invoice";
import { Card } from "#web/components/ui/card";
import { ClientSection } from "#web/features/documents/editor/ClientSection";
import { CompanyCard } from "#web/features/documents/editor/CompanyCard";
import { type DetailLabels, DetailsSection } from "#web/features/documents/editor/DetailsSection";
import { LineItemsSection, type ProductStock } from "#web/features/documents/editor/LineItemsSection";
import { OptionsSection } from "#web/features/documents/editor/OptionsSection";
import type { PreviewResult } from "#web/features/documents/editor/preview-document";
import { TotalsPanel } from "#web/features/documents/editor/TotalsPanel";
import type { SavedProduct } from "#web/features/documents/types";
import type { useDocumentEditor } from "./useDocumentEditor";

const NO_STOCK = {};
const noProduct = () => {};

/**
 * The form every document shares: company and details, the kind's own section (GST), the client,
 * the lines with their totals, and the printing options. `drawn` (0-3) draws it in steps, each
 * added below the last, so a phone shows the page sooner; without it all is drawn at once.
 */
export function DocumentSections({
  editor,
  company,
  preview,
  details,
  gst,
  transport,
  stock,
  drawn = 3,
}: {
  editor: Pick<
    ReturnType<typeof useDocumentEditor>,
    "input" | "errors" | "dispatch" | "onNumberEdited" | "options"
  >;
  company: InvoiceCompany;
  preview: PreviewResult;
  details: { labels: DetailLabels; numberHint: string };
  /** A section between the details and the client (the invoice's GST section). */
  gst?: ReactNode;
  /** A section after the lines (a document of goods' Transport section, decision 0085). */
  transport?: ReactNode;
  /** Stock beside each line (documents that move stock). */
  stock?: {
    stock: Record<string, ProductStock>;
    heldMilli: Record<string, number>;
    gstUnits: boolean;
    onProductPicked: (product: SavedProduct) => void;
  };
  drawn?: number;
}) {
  const { input, errors, dispatch } = editor;
  return (
    <>
      <Card className="space-y-6">
        <CompanyCard company={company} />
        {drawn >= 1 ? (
          <DetailsSection
            labels={details.labels}
            invoiceNumber={input.invoiceNumber}
            invoiceDate={input.invoiceDate}
            dueDate={input.dueDate}
            currency={input.currency}
            numberHint={details.numberHint}
            errors={errors}
            dispatch={dispatch}
            onNumberEdited={editor.onNumberEdited}
          />
        ) : (
          <div aria-hidden="true" className="h-80 animate-pulse rounded-md bg-muted" />
        )}
      </Card>
      {drawn >= 1 && gst && <Card>{gst}</Card>}
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
            stock={stock?.stock ?? NO_STOCK}
            heldMilli={stock?.heldMilli ?? NO_STOCK}
            gstUnits={stock?.gstUnits}
            dispatch={dispatch}
            onProductPicked={stock?.onProductPicked ?? noProduct}
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
      {drawn >= 2 && transport && <Card>{transport}</Card>}
      {drawn >= 3 && (
        <Card>
          <OptionsSection options={editor.options} company={company} dispatch={dispatch} errors={errors} />
        </Card>
      )}
    </>
  );
}
