import { formatPageDate } from "./dates";
import { FX_SOURCE_LABELS } from "./export-fx";
import { formatMoney } from "./format";
import type { InvoiceDocument } from "./invoice";
import {
  addressLines,
  bankRows,
  clientLines,
  companyBlock,
  type LabelValue,
  lineCells,
  type PageLine,
  percent,
  type UpiBlock,
  upiBlock,
} from "./invoice-page-blocks";
import { type PageColours, type PageLook, pageColours, pageLook } from "./invoice-page-colours";
import {
  type GstPageBlock,
  gstPageParts,
  lineColumns,
  type PageColumn,
  type PageTable,
} from "./invoice-page-gst";

import type { FontFamily, InvoiceTemplate } from "./settings";
import { invoiceBalanceDueMinor } from "./status";

export type { LabelValue, PageLine, UpiBlock } from "./invoice-page-blocks";
export type { GstPageBlock, PageColumn, PageTable } from "./invoice-page-gst";

// The invoice's page (STYLE 10; docs/decisions/0015-one-page-model.md): every word, amount, mark and
// colour that the PDF and the editor's preview show, already chosen and formatted. Both draw this
// and compute nothing; they only place it. Pure: no clock, no I/O, images by id.

/** The table's columns in order, with their heads. */
export const LINE_COLUMNS: readonly PageColumn[] = lineColumns(
  { key: "unit", title: "Unit", align: "left" },
  [{ key: "tax", title: "Tax", align: "right" }],
);

/** The page's fixed words. */
export const PAGE_LABELS = {
  billTo: "BILL TO",
  shipTo: "SHIP TO",
  noLines: "No items yet",
  taxSummary: "TAX SUMMARY",
  taxSummaryColumns: ["Tax rate", "Taxable value", "Tax"],
  notes: "NOTES",
  terms: "TERMS & CONDITIONS",
  bank: "BANK DETAILS",
  signatory: "Authorised Signatory",
  /** After the title on the pages the items run on to (the PDF's pages; the preview is one sheet). */
  continued: "(continued)",
} as const;

/** The file's metadata for a document called `name` ("Invoice", "Quote", "Credit Note"). */
export function documentInfo(
  name: string,
  doc: { invoiceNumber: string; clientName: string },
  author: string,
): InvoicePageModel["info"] {
  return {
    title: `${name} ${doc.invoiceNumber}`,
    author,
    subject: `${name} ${doc.invoiceNumber} for ${doc.clientName}`,
  };
}

export type PageMark = { text: string; colour: string };

const MARKS: Partial<Record<InvoiceDocument["status"], PageMark>> = {
  paid: { text: "PAID", colour: "#15803D" },
  cancelled: { text: "CANCELLED", colour: "#B91C1C" },
  draft: { text: "DRAFT", colour: "#6B7280" },
};

export interface InvoicePageModel {
  template: InvoiceTemplate;
  fontFamily: FontFamily;
  colours: PageColours;
  look: PageLook;
  /** The file's own title, author and subject (PDF metadata). */
  info: { title: string; author: string; subject: string };
  labels: typeof PAGE_LABELS;
  columns: readonly PageColumn[];
  title: string;
  invoiceNumber: string;
  /** Number and dates beside the title (a GST document's place of supply and reverse charge; a note's original invoice and reason). */
  meta: (LabelValue & {
    key:
      | "number"
      | "date"
      | "due"
      | "paid"
      | "placeOfSupply"
      | "reverseCharge"
      | "export"
      | "original"
      | "reason"
      | "copy";
  })[];
  mark: PageMark | null;
  company: { name: string; lines: string[]; logoImageId: string | null };
  billTo: { name: string; lines: string[] };
  shipTo: string[] | null;
  lines: PageLine[];
  taxSummary: { rate: string; taxable: string; tax: string }[];
  /** The rows above the total: subtotal, discount, tax by rate, round-off. */
  totals: LabelValue[];
  total: LabelValue;
  /** Below the total once payments were received: "Amount paid" and "Balance due". */
  payments: LabelValue[];
  amountInWords: string;
  notes: string;
  terms: string;
  bank: LabelValue[] | null;
  upi: UpiBlock | null;
  signatory: { imageId: string | null; forCompany: string };
  /** A tax invoice's or bill of supply's HSN/SAC summary and declarations; null on retail. */
  gst: GstPageBlock | null;
  /** Tables below the totals (a statement's open items and ageing); none on a document. */
  tables?: PageTable[];
  /**
   * An invoice in another currency with a rate (decision 0089): its rupee values below the total,
   * the last row "Total in INR", and the rate, its date and source; absent otherwise.
   */
  inr?: { rows: LabelValue[]; note: string };
}

/** Which of the document's images can be drawn (the PDF leaves out one whose bytes are gone). */
export interface PageImages {
  logo: boolean;
  signature: boolean;
  upiQr: boolean;
}

const ALL_IMAGES: PageImages = { logo: true, signature: true, upiQr: true };

function meta(doc: InvoiceDocument): InvoicePageModel["meta"] {
  const rows: InvoicePageModel["meta"] = [
    { key: "number", label: "Invoice No.", value: doc.invoiceNumber },
    { key: "date", label: "Invoice Date", value: formatPageDate(doc.invoiceDate) },
  ];
  if (doc.dueDate) rows.push({ key: "due", label: "Due Date", value: formatPageDate(doc.dueDate) });
  if (doc.status === "paid" && doc.paymentDate)
    rows.push({ key: "paid", label: "Paid On", value: formatPageDate(doc.paymentDate) });
  return rows;
}

function totals(doc: InvoiceDocument): LabelValue[] {
  const t = doc.totals;
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const rows: LabelValue[] = [{ label: "Subtotal", value: money(t.subtotalMinor) }];
  if (t.discountMinor !== 0) rows.push({ label: "Discount", value: `-${money(t.discountMinor)}` });
  for (const r of t.taxByRate.filter((r) => r.taxMinor !== 0))
    rows.push({ label: `Tax @ ${percent(r.ratePercent)}`, value: money(r.taxMinor) });
  if (doc.roundOff) rows.push({ label: "Round Off", value: money(t.roundOffMinor) });
  return rows;
}

/** "Amount paid" and "Balance due" on an issued invoice that has received a payment. */
function paymentRows(doc: InvoiceDocument, amountPaidMinor: number): LabelValue[] {
  if (amountPaidMinor <= 0 || doc.status === "draft" || doc.status === "cancelled") return [];
  const money = (minor: number) => formatMoney(minor, doc.currency);
  return [
    { label: "Amount paid", value: money(amountPaidMinor) },
    {
      label: "Balance due",
      value: money(invoiceBalanceDueMinor(doc.status, doc.totals.totalMinor, amountPaidMinor)),
    },
  ];
}

/** The rupee block of an invoice in another currency: taxable value, tax, total, and the rate's note. */
export function inrBlock(doc: InvoiceDocument): InvoicePageModel["inr"] {
  const inr = doc.inrTotals;
  if (!inr) return undefined;
  const rupees = (minor: number) => formatMoney(minor, "INR");
  const rows: LabelValue[] = [{ label: "Taxable value in INR", value: rupees(inr.taxableMinor) }];
  const gst = doc.gstDetails;
  if (gst && !gst.taxCharged && gst.exportType === "without_payment")
    rows.push({ label: "IGST in INR", value: "Nil (under LUT)" });
  else if (gst && gst.split === "igst") rows.push({ label: "IGST in INR", value: rupees(inr.igstMinor) });
  else if (gst) {
    rows.push({ label: "CGST in INR", value: rupees(inr.cgstMinor) });
    rows.push({ label: `${gst.stateTaxName} in INR`, value: rupees(inr.sgstMinor) });
  } else if (inr.taxMinor !== 0) rows.push({ label: "Tax in INR", value: rupees(inr.taxMinor) });
  rows.push({ label: "Total in INR", value: rupees(inr.totalMinor) });
  const source = inr.source === "other" ? inr.sourceNote : FX_SOURCE_LABELS[inr.source];
  const named = inr.source !== "other" && inr.sourceNote ? `, ${inr.sourceNote}` : "";
  return {
    rows,
    note: `Rate ₹${inr.rate} per ${inr.currency} on ${formatPageDate(inr.rateDate)} (${source}${named})`,
  };
}

/** Each line's amount with its rupee value under it ("1,000.00\n₹83,120.00"). */
function withRupees(lines: PageLine[], doc: InvoiceDocument): PageLine[] {
  const inr = doc.inrTotals;
  if (!inr) return lines;
  return lines.map((line, i) => {
    const rupees = inr.lines[i];
    return rupees ? { ...line, amount: `${line.amount}\n${formatMoney(rupees.amountMinor, "INR")}` } : line;
  });
}

/**
 * Everything the page of `doc` shows, as text, colours and image ids. `amountPaidMinor`: what the
 * invoice has received (its payments), shown below the total; the UPI block asks for the rest.
 */
export function buildInvoicePage(
  doc: InvoiceDocument,
  images: PageImages = ALL_IMAGES,
  amountPaidMinor = 0,
): InvoicePageModel {
  const t = doc.totals;
  // The UPI request asks for the balance of a due invoice, and for the total on any other page
  // (a draft's preview is asked for in full).
  const balance =
    doc.status === "due" ? invoiceBalanceDueMinor(doc.status, t.totalMinor, amountPaidMinor) : t.totalMinor;
  const c = doc.company;
  const client = doc.client;
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const colours = pageColours(doc.primaryColor, doc.accentColor);
  const taxRates = t.taxByRate.filter((r) => r.ratePercent > 0 || t.taxByRate.length > 1);
  const shipTo = addressLines(client.shippingAddress);
  const companyName = c.name.trim() || "Your Company";
  const gst = gstPageParts(doc, companyName);
  const page: InvoicePageModel = {
    template: doc.template,
    fontFamily: doc.fontFamily,
    colours,
    look: pageLook(doc.template, colours),
    info: documentInfo("Invoice", doc, companyName),
    labels: PAGE_LABELS,
    columns: LINE_COLUMNS,
    // Bahi makes retail invoices, never tax invoices (spec §1), whether or not a GSTIN is shown.
    title: "INVOICE",
    invoiceNumber: doc.invoiceNumber,
    meta: meta(doc),
    mark: MARKS[doc.status] ?? null,
    company: companyBlock(c, companyName, images.logo),
    billTo: {
      // A business is billed by its name, the contact person under it. The editor shows the page
      // before a client is named; a saved invoice always has one.
      name: client.company.trim() || client.name || "—",
      lines: clientLines(client),
    },
    shipTo: shipTo.length > 0 ? shipTo : null,
    lines: doc.items.map((item, i) => lineCells(item, i, t.lines[i]?.amountMinor ?? 0, doc.currency)),
    taxSummary: taxRates.map((r) => ({
      rate: percent(r.ratePercent),
      taxable: money(r.taxableMinor),
      tax: money(r.taxMinor),
    })),
    totals: totals(doc),
    total: { label: "Total", value: money(t.totalMinor) },
    payments: paymentRows(doc, amountPaidMinor),
    amountInWords: doc.amountInWords,
    notes: doc.notes.trim(),
    terms: doc.terms.trim(),
    bank: doc.includeBankDetails ? bankRows(doc.bankDetails) : null,
    upi: upiBlock(doc, images.upiQr, balance),
    signatory: {
      imageId: doc.includeSignature && images.signature ? c.signatureImageId : null,
      forCompany: `For ${companyName}`,
    },
    gst: null,
  };
  const inr = inrBlock(doc);
  if (inr) {
    page.inr = inr;
    page.lines = withRupees(page.lines, doc);
  }
  if (!gst) return page;
  return {
    ...page,
    info: { ...page.info, title: `${gst.title} ${doc.invoiceNumber}` },
    columns: gst.columns,
    title: gst.title,
    meta: [...page.meta, ...gst.meta],
    company: { ...page.company, ...gst.company },
    billTo: { ...page.billTo, lines: [...page.billTo.lines, ...gst.billToLines] },
    lines: withRupees(gst.lines, doc),
    taxSummary: [],
    totals: gst.totals,
    signatory: { ...page.signatory, forCompany: `For ${gst.company.name}` },
    gst: gst.block,
  };
}
