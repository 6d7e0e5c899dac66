import { NOTE_REASON_LABELS, NOTE_TITLES, type NoteDocument } from "./credit-notes";
import { formatPageDate } from "./dates";
import { buildInvoicePage, documentInfo, type InvoicePageModel, type PageImages } from "./invoice-page";

// A credit or debit note draws with the invoice page model (decision 0037): the same page with
// its own title, number label, the original invoice and the reason beside the title. No payment
// rows and no UPI request: a note asks for nothing. The GST parts come from the document, as on
// an invoice.

/** The page of a note; `cancelled` marks it as an invoice's CANCELLED mark does. */
export function buildNotePage(
  doc: NoteDocument,
  opts: { cancelled: boolean; images?: PageImages },
): InvoicePageModel {
  const page = buildInvoicePage({ ...doc, status: opts.cancelled ? "cancelled" : "due" }, opts.images);
  const title = NOTE_TITLES[doc.note.kind];
  const original = doc.note.original;
  return {
    ...page,
    info: documentInfo(title, doc, page.info.author),
    title: title.toUpperCase(),
    meta: [
      { key: "number", label: `${title} No.`, value: doc.invoiceNumber },
      { key: "date", label: `${title} Date`, value: formatPageDate(doc.invoiceDate) },
      {
        key: "original",
        label: "Original invoice",
        value: `${original.invoiceNumber} dated ${formatPageDate(original.invoiceDate)}`,
      },
      { key: "reason", label: "Reason", value: NOTE_REASON_LABELS[doc.note.reason] },
    ],
    payments: [],
    upi: null,
  };
}
