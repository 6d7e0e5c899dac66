import type { InvoiceDocument } from "#domain/invoice";
import { buildQuotePage } from "#domain/quote-page";
import type { QuoteStatus } from "#domain/quotes";
import type { PdfImages, PdfView } from "./view";

/** A quote's PDF view: the quote's page (#domain/quote-page) with the bytes of its images. */
export function toQuotePdfView(doc: InvoiceDocument, status: QuoteStatus, images: PdfImages): PdfView {
  const page = buildQuotePage(doc, status, {
    logo: images.logo !== null,
    signature: images.signature !== null,
    upiQr: false,
  });
  return {
    ...page,
    // Fixed, so the same quote always gives the same bytes.
    info: { ...page.info, creationDate: new Date(`${doc.invoiceDate}T00:00:00Z`) },
    images,
  };
}
