import { buildNotePage } from "#domain/credit-note-page";
import type { NoteDocument } from "#domain/credit-notes";
import type { PdfImages, PdfView } from "./view";

/** A credit or debit note's page with its images, as toPdfView makes an invoice's (decision 0037). */
export function toNotePdfView(doc: NoteDocument, images: PdfImages, cancelled: boolean): PdfView {
  const page = buildNotePage(doc, {
    cancelled,
    images: { logo: images.logo !== null, signature: images.signature !== null, upiQr: false },
  });
  return {
    ...page,
    info: { ...page.info, creationDate: new Date(`${doc.invoiceDate}T00:00:00Z`) },
    images: { ...images, upiQr: null },
  };
}
