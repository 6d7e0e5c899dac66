import { formatPageDate } from "./dates";
import {
  CHALLAN_REASON_LABELS,
  type ChallanReason,
  DOCUMENT_KINDS,
  type PreInvoiceKind,
  type PreInvoiceStatus,
} from "./document-kinds";
import { formatStateWithCode } from "./gst-states";
import type { InvoiceDocument } from "./invoice";
import {
  buildInvoicePage,
  documentInfo,
  type InvoicePageModel,
  type PageImages,
  type PageMark,
} from "./invoice-page";
import type { QuoteStatus } from "./quotes";
import { termsFor } from "./settings";

// A quote's page: its document IS an invoice document (number, date and due date hold the quote's
// number, date and valid-until date), drawn by the same page model with the quote's own words.
// Nothing to pay on a quote, so no payments and no UPI block.

const QUOTE_MARKS: Partial<Record<QuoteStatus, PageMark>> = {
  draft: { text: "DRAFT", colour: "#6B7280" },
  accepted: { text: "ACCEPTED", colour: "#15803D" },
  declined: { text: "DECLINED", colour: "#B91C1C" },
  expired: { text: "EXPIRED", colour: "#92400E" },
};

export function buildQuotePage(
  doc: InvoiceDocument,
  status: QuoteStatus,
  images?: PageImages,
): InvoicePageModel {
  const page = buildInvoicePage({ ...doc, status: "draft", paymentDate: null }, images, 0);
  const meta: InvoicePageModel["meta"] = [
    { key: "number", label: "Quote No.", value: doc.invoiceNumber },
    { key: "date", label: "Quote Date", value: formatPageDate(doc.invoiceDate) },
  ];
  if (doc.dueDate) meta.push({ key: "due", label: "Valid Until", value: formatPageDate(doc.dueDate) });
  return {
    ...page,
    info: documentInfo("Quote", doc, page.info.author),
    title: "QUOTATION",
    meta,
    // Quotes saved with the invoice's default terms ("This invoice was created…") print the quote's.
    terms: termsFor("quote", page.terms),
    mark: QUOTE_MARKS[status] ?? null,
    payments: [],
    upi: null,
  };
}

const KIND_MARKS: Partial<Record<PreInvoiceStatus, PageMark>> = {
  draft: { text: "DRAFT", colour: "#6B7280" },
  returned: { text: "RETURNED", colour: "#92400E" },
  cancelled: { text: "CANCELLED", colour: "#B91C1C" },
};

/** What a proforma's or challan's page adds to its document: a challan's reason and consignee. */
export interface KindPageFields {
  challanReason: ChallanReason | null;
  consignee: { name: string; gstin: string; address: string; stateCode: string } | null;
}

/**
 * The page of a quote, proforma invoice or delivery challan. A proforma looks like the invoice it
 * announces (the same GST parts), titled PROFORMA INVOICE, nothing to pay. A challan (CGST Rule 55)
 * prints its reason, place of supply, HSN, quantities, taxable value and tax as the invoice page
 * has them, and its consignee in the ship-to block when the goods go to someone other than the
 * client. `copy`: the copy's label when printed in triplicate.
 */
export function buildPreInvoicePage(
  kind: PreInvoiceKind,
  doc: InvoiceDocument,
  status: QuoteStatus | PreInvoiceStatus,
  fields: KindPageFields,
  images?: PageImages,
  copy: string | null = null,
): InvoicePageModel {
  if (kind === "quote") return buildQuotePage(doc, status as QuoteStatus, images);
  const config = DOCUMENT_KINDS[kind].pdf;
  const page = buildInvoicePage({ ...doc, status: "draft", paymentDate: null }, images, 0);
  const meta: InvoicePageModel["meta"] = [
    { key: "number", label: config.numberLabel, value: doc.invoiceNumber },
    { key: "date", label: config.dateLabel, value: formatPageDate(doc.invoiceDate) },
  ];
  if (config.dueLabel && doc.dueDate)
    meta.push({ key: "due", label: config.dueLabel, value: formatPageDate(doc.dueDate) });
  if (fields.challanReason)
    meta.push({ key: "reason", label: "Reason", value: CHALLAN_REASON_LABELS[fields.challanReason] });
  // The GST parts (place of supply, reverse charge, export) stay; the invoice's own rows do not.
  meta.push(...page.meta.filter((row) => !["number", "date", "due", "paid"].includes(row.key)));
  if (copy) meta.unshift({ key: "copy", label: "Copy", value: copy });
  const consignee = fields.consignee;
  const title = config.title;
  return {
    ...page,
    info: documentInfo(title, doc, page.info.author),
    title,
    meta,
    // Saved with the invoice's default terms ("This invoice was created…"), it prints its own noun's.
    terms: termsFor(DOCUMENT_KINDS[kind].noun, page.terms),
    shipTo: consignee
      ? [
          `Consignee: ${consignee.name}`,
          ...consignee.address
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean),
          consignee.stateCode ? `State: ${formatStateWithCode(consignee.stateCode)}` : "",
          consignee.gstin ? `GSTIN: ${consignee.gstin}` : "",
        ].filter(Boolean)
      : page.shipTo,
    mark: KIND_MARKS[status as PreInvoiceStatus] ?? null,
    payments: [],
    upi: null,
  };
}
