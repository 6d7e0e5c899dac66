import { memo } from "react";
import type { InvoicePageModel } from "#domain/invoice-page";
import { PAPER } from "#domain/invoice-page-colours";
import { PreviewFooter } from "./PreviewFooter";
import { PreviewGst } from "./PreviewGst";
import { PreviewHeader, PreviewParties } from "./PreviewHeader";
import { PreviewItems } from "./PreviewItems";
import { PreviewTotals } from "./PreviewTotals";
import { previewFontStack } from "./pdf-fonts";

/** A4 at 96 dpi: the page is drawn at this size and scaled to fit, so it reads like the PDF. */
export const PAGE_WIDTH = 794;
export const PAGE_HEIGHT = 1123;

/**
 * One invoice page as the PDF draws it: the same page model (#domain/invoice-page), so the same
 * words, amounts, marks and colours; only the placing is the browser's.
 */
export const InvoicePage = memo(function InvoicePage({ page }: { page: InvoicePageModel }) {
  return (
    <div
      className="relative flex flex-col"
      style={{
        width: PAGE_WIDTH,
        minHeight: PAGE_HEIGHT,
        background: PAPER.background,
        color: page.colours.ink,
        fontFamily: previewFontStack(page.fontFamily),
      }}
      data-template={page.template}
      data-testid="invoice-page"
    >
      <PreviewHeader page={page} />
      <div className="flex flex-1 flex-col px-12 pb-12">
        <PreviewParties page={page} />
        <div className="mt-6">
          <PreviewItems page={page} />
        </div>
        <PreviewTotals page={page} />
        <PreviewGst page={page} />
        <div className="mt-auto pt-6">
          <PreviewFooter page={page} />
        </div>
      </div>
    </div>
  );
});
