import { currencyOf } from "#domain/currencies";
import { parseScaled } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import type { Address, InvoiceDocument } from "#domain/invoice";
import type { InvoiceTemplate } from "#domain/settings";
import { upiQrFor } from "#domain/upi";
import { inkOn, mix, readableOnWhite, tint } from "./colours";
import type { FontFamily } from "./fonts";

// The PDF view model (STYLE 10): everything a template draws, already formatted. Pure: no clock,
// no I/O; the images come in as bytes. A template only places these strings and colours.

export interface PdfImages {
  logo: Uint8Array | null;
  signature: Uint8Array | null;
  upiQr: Uint8Array | null;
}

export interface PdfLine {
  index: string;
  name: string;
  hsnSac: string;
  quantity: string;
  unit: string;
  rate: string;
  discount: string;
  tax: string;
  amount: string;
}

export interface LabelValue {
  label: string;
  value: string;
}

export interface PdfColours {
  primary: string;
  accent: string;
  /** The primary colour as text on white (darkened when the chosen one is too pale). */
  primaryInk: string;
  accentInk: string;
  onPrimary: string;
  primaryTint: string;
  accentTint: string;
  ink: string;
  muted: string;
  rule: string;
  zebra: string;
}

export interface PdfView {
  template: InvoiceTemplate;
  fontFamily: FontFamily;
  colours: PdfColours;
  info: { title: string; author: string; subject: string; creationDate: Date };
  title: string;
  invoiceNumber: string;
  meta: LabelValue[];
  mark: { text: string; colour: string } | null;
  company: { name: string; lines: string[]; logo: Uint8Array | null };
  billTo: { name: string; lines: string[] };
  shipTo: string[] | null;
  lines: PdfLine[];
  taxSummary: { rate: string; taxable: string; tax: string }[];
  totals: LabelValue[];
  total: LabelValue;
  amountInWords: string;
  notes: string;
  terms: string;
  bank: LabelValue[] | null;
  /** The uploaded QR image, or the `upi://pay` link to draw as a QR code. */
  upi: { image: Uint8Array | null; uri: string | null; caption: string; note: string | null } | null;
  signatory: { image: Uint8Array | null; forCompany: string };
  currencyCode: string;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-21" -> "21 Nov 2026" (the same text as the editor's preview). */
export function formatPdfDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1]} ${match[1]}`;
}

function percent(value: string | number): string {
  const n = Number(value);
  return `${Number.isFinite(n) ? String(n) : String(value)}%`;
}

function quantity(value: string): string {
  const n = Number(value);
  return Number.isFinite(n) && value.trim() !== "" ? String(n) : value;
}

function rate(value: string, currency: string): string {
  const minor = parseScaled(value, currencyOf(currency).exponent);
  return minor === null ? value : formatMoney(minor, currency, { symbol: false });
}

function addressLines(a: Address | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, a.state, a.postalCode].filter(Boolean).join(", ");
  return [a.line1, a.line2, cityLine, a.country].filter((line) => line && line.trim() !== "");
}

const joinDot = (...parts: string[]) => parts.filter(Boolean).join("  ·  ");

function upiBlock(doc: InvoiceDocument, images: PdfImages): PdfView["upi"] {
  const qr = upiQrFor(doc);
  if (!qr) return null;
  const note = qr.splitNote;
  if ("imageId" in qr)
    return images.upiQr ? { image: images.upiQr, uri: null, caption: "Scan to pay with UPI", note } : null;
  return {
    image: null,
    uri: qr.uri,
    caption: `Scan to pay ${formatMoney(doc.totals.totalMinor, "INR")}`,
    note,
  };
}

function bankBlock(doc: InvoiceDocument): LabelValue[] | null {
  if (!doc.includeBankDetails) return null;
  const b = doc.bankDetails;
  const rows: LabelValue[] = [
    { label: "Bank", value: b.bankName },
    { label: "A/c No.", value: b.accountNumber },
    { label: "IFSC", value: b.ifscCode },
    { label: "Branch", value: b.branchName },
    { label: "UPI", value: b.upiId },
  ].filter((row) => row.value.trim() !== "");
  return rows.length > 0 ? rows : null;
}

const MARKS: Partial<Record<InvoiceDocument["status"], { text: string; colour: string }>> = {
  paid: { text: "PAID", colour: "#15803D" },
  cancelled: { text: "CANCELLED", colour: "#B91C1C" },
  draft: { text: "DRAFT", colour: "#6B7280" },
};

function colours(doc: InvoiceDocument): PdfColours {
  const primary = doc.primaryColor.toUpperCase();
  const accent = doc.accentColor.toUpperCase();
  return {
    primary,
    accent,
    primaryInk: readableOnWhite(primary),
    accentInk: readableOnWhite(accent),
    onPrimary: inkOn(primary),
    primaryTint: tint(primary, 0.08),
    accentTint: tint(accent, 0.28),
    ink: "#111827",
    muted: "#4B5563",
    rule: "#D1D5DB",
    zebra: mix("#FFFFFF", primary, 0.045),
  };
}

/** Everything the PDF of `doc` shows, as text, colours and flags. */
export function toPdfView(doc: InvoiceDocument, images: PdfImages): PdfView {
  const money = (minor: number) => formatMoney(minor, doc.currency);
  const t = doc.totals;
  const c = doc.company;
  const client = doc.client;

  const meta: LabelValue[] = [
    { label: "Invoice No.", value: doc.invoiceNumber },
    { label: "Invoice Date", value: formatPdfDate(doc.invoiceDate) },
  ];
  if (doc.dueDate) meta.push({ label: "Due Date", value: formatPdfDate(doc.dueDate) });
  if (doc.status === "paid" && doc.paymentDate)
    meta.push({ label: "Paid On", value: formatPdfDate(doc.paymentDate) });

  const taxRates = t.taxByRate.filter((r) => r.ratePercent > 0 || t.taxByRate.length > 1);
  const totals: LabelValue[] = [{ label: "Subtotal", value: money(t.subtotalMinor) }];
  if (t.discountMinor !== 0) totals.push({ label: "Discount", value: `-${money(t.discountMinor)}` });
  for (const r of t.taxByRate.filter((r) => r.taxMinor !== 0))
    totals.push({ label: `Tax @ ${percent(r.ratePercent)}`, value: money(r.taxMinor) });
  if (doc.roundOff) totals.push({ label: "Round Off", value: money(t.roundOffMinor) });

  const shipTo = addressLines(client.shippingAddress);
  const companyName = c.name.trim() || "Your Company";
  return {
    template: doc.template,
    fontFamily: doc.fontFamily,
    colours: colours(doc),
    info: {
      title: `Invoice ${doc.invoiceNumber}`,
      author: companyName,
      subject: `Invoice ${doc.invoiceNumber} for ${doc.clientName}`,
      // Fixed, so the same invoice always gives the same bytes (golden pages, caching).
      creationDate: new Date(`${doc.invoiceDate}T00:00:00Z`),
    },
    // Bahi makes retail invoices, never tax invoices (spec §1), whether or not a GSTIN is shown.
    title: "INVOICE",
    invoiceNumber: doc.invoiceNumber,
    meta,
    mark: MARKS[doc.status] ?? null,
    company: {
      name: companyName,
      lines: [
        ...c.address.split("\n").filter((line) => line.trim() !== ""),
        joinDot(c.phone, c.email),
        c.gstin ? `GSTIN: ${c.gstin}` : "",
      ].filter(Boolean),
      logo: images.logo,
    },
    billTo: {
      name: client.name,
      lines: [
        client.company,
        ...addressLines(client.billingAddress),
        joinDot(client.phone, client.email),
        client.gstin ? `GSTIN: ${client.gstin}` : "",
      ].filter(Boolean),
    },
    shipTo: shipTo.length > 0 ? shipTo : null,
    lines: doc.items.map((item, i) => ({
      index: String(i + 1),
      name: item.name,
      hsnSac: item.hsnSac,
      quantity: quantity(item.quantity),
      unit: item.unit,
      rate: rate(item.rate, doc.currency),
      discount: Number(item.discountPercent) ? percent(item.discountPercent) : "-",
      tax: percent(item.taxPercent),
      amount: formatMoney(t.lines[i]?.amountMinor ?? 0, doc.currency, { symbol: false }),
    })),
    taxSummary: taxRates.map((r) => ({
      rate: percent(r.ratePercent),
      taxable: money(r.taxableMinor),
      tax: money(r.taxMinor),
    })),
    totals,
    total: { label: "Total", value: money(t.totalMinor) },
    amountInWords: doc.amountInWords,
    notes: doc.notes,
    terms: doc.terms,
    bank: bankBlock(doc),
    upi: upiBlock(doc, images),
    signatory: { image: doc.includeSignature ? images.signature : null, forCompany: `For ${companyName}` },
    currencyCode: doc.currency,
  };
}
