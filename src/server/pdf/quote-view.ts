import { DOCUMENT_KINDS, type PreInvoiceStatus } from "#domain/document-kinds";
import { buildPreInvoicePage } from "#domain/quote-page";
import type { QuoteStatus } from "#domain/quotes";
import type { PreInvoiceRow } from "../db/queries/quotes";
import type { PdfImages, PdfView } from "./view";

/**
 * A quote's, proforma's or challan's PDF view: its page (#domain/quote-page) with the bytes of its
 * images. `triplicate` (a challan's): the same page three times, each labelled with its copy.
 */
export function toQuotePdfView(
  row: PreInvoiceRow,
  status: QuoteStatus | PreInvoiceStatus,
  images: PdfImages,
  opts: { triplicate?: boolean } = {},
): PdfView {
  const doc = row.quoteData;
  const copies = opts.triplicate ? DOCUMENT_KINDS[row.kind].pdf.copies : null;
  const pageOf = (copy: string | null) =>
    buildPreInvoicePage(
      row.kind,
      doc,
      status,
      { challanReason: row.challanReason, consignee: row.consignee },
      { logo: images.logo !== null, signature: images.signature !== null, upiQr: false },
      copy,
    );
  const page = pageOf(copies?.[0] ?? null);
  return {
    ...page,
    // Fixed, so the same document always gives the same bytes.
    info: { ...page.info, creationDate: new Date(`${doc.invoiceDate}T00:00:00Z`) },
    images,
    copies: copies ? copies.slice(1).map((copy) => pageOf(copy)) : [],
  };
}
