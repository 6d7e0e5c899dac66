import type { InvoiceDocument } from "#domain/invoice";
import { buildInvoicePage, type InvoicePageModel } from "#domain/invoice-page";

// What a PDF render needs: the domain's page model (docs/decisions/0015-one-page-model.md) and the
// bytes of its images. Everything drawn is chosen there; this only gathers the inputs.

export interface PdfImages {
  logo: Uint8Array | null;
  signature: Uint8Array | null;
  upiQr: Uint8Array | null;
}

export interface PdfView extends InvoicePageModel {
  info: InvoicePageModel["info"] & { creationDate: Date };
  images: PdfImages;
  /** Further copies in the same file, each from a new page (a challan in triplicate). */
  copies?: InvoicePageModel[];
}

/** The page of `doc` with the bytes of the images it shows (an image whose bytes are gone is left out). */
export function toPdfView(doc: InvoiceDocument, images: PdfImages, amountPaidMinor = 0): PdfView {
  const page = buildInvoicePage(
    doc,
    { logo: images.logo !== null, signature: images.signature !== null, upiQr: images.upiQr !== null },
    amountPaidMinor,
  );
  return {
    ...page,
    // Fixed, so the same invoice always gives the same bytes (golden pages, caching).
    info: { ...page.info, creationDate: new Date(`${doc.invoiceDate}T00:00:00Z`) },
    images,
  };
}
