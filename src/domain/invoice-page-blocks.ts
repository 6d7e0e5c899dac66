import { currencyOf } from "./currencies";
import { parseScaled } from "./decimal";
import { formatMoney } from "./format";
import type { Address, InvoiceCompany, InvoiceDocument, InvoiceItem } from "./invoice";
import type { BankDetails } from "./settings";
import { upiQrFor } from "./upi";

// The parts of the invoice's page built from one field each (see invoice-page.ts).

export interface LabelValue {
  label: string;
  value: string;
}

/** One row of the items table, every cell as printed. */
export interface PageLine {
  index: string;
  name: string;
  hsnSac: string;
  quantity: string;
  unit: string;
  rate: string;
  discount: string;
  tax: string;
  amount: string;
  // GST documents only (invoice-page-gst.ts): the line's UQC, taxable value and each tax
  // component as "rate\namount".
  uqc?: string;
  taxable?: string;
  cgst?: string;
  sgst?: string;
  igst?: string;
  // A statement of account's rows (statement-page.ts): date, debit, credit and running balance.
  date?: string;
  debit?: string;
  credit?: string;
  balance?: string;
}

/** The UPI QR: an uploaded image (by id) or a `upi://pay` link to draw as a QR code. */
export interface UpiBlock {
  imageId: string | null;
  uri: string | null;
  caption: string;
  /** Above UPI's per-payment limit: the payer may need to split the payment. */
  note: string | null;
}

/** "18" -> "18%", "2.50" -> "2.5%". */
export function percent(value: string | number): string {
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

export function lineCells(item: InvoiceItem, index: number, amountMinor: number, currency: string): PageLine {
  return {
    index: String(index + 1),
    name: item.name,
    hsnSac: item.hsnSac,
    quantity: quantity(item.quantity),
    unit: item.unit,
    rate: rate(item.rate, currency),
    discount: Number(item.discountPercent) ? percent(item.discountPercent) : "-",
    tax: percent(item.taxPercent),
    amount: formatMoney(amountMinor, currency, { symbol: false }),
  };
}

export function addressLines(a: Address | null | undefined): string[] {
  if (!a) return [];
  const cityLine = [a.city, a.state, a.postalCode].filter(Boolean).join(", ");
  return [a.line1, a.line2, cityLine, a.country].filter((line) => line && line.trim() !== "");
}

/** The parts given (phone and e-mail) on one line. */
export const joinDot = (...parts: string[]) => parts.filter(Boolean).join("  ·  ");

/** A page's company block: its address lines, phone · e-mail and GSTIN, and its logo if the page shows one. */
export function companyBlock(company: InvoiceCompany, name: string, showLogo: boolean) {
  return {
    name,
    lines: [
      ...company.address.split("\n").filter((line) => line.trim() !== ""),
      joinDot(company.phone, company.email),
      company.gstin ? `GSTIN: ${company.gstin}` : "",
    ].filter(Boolean),
    logoImageId: showLogo ? company.logoImageId : null,
  };
}

/**
 * The lines under a client's name on a page: the contact person when the client is a company,
 * its billing address, phone · e-mail, and its GSTIN (`noGstin` where it has none).
 */
export function clientLines(
  client: {
    name: string;
    company: string;
    phone: string;
    email: string;
    gstin: string;
    billingAddress: Address | null;
  },
  noGstin = "",
): string[] {
  return [
    client.company.trim() ? client.name : "",
    ...addressLines(client.billingAddress),
    joinDot(client.phone, client.email),
    client.gstin ? `GSTIN: ${client.gstin}` : noGstin,
  ].filter(Boolean);
}

export function bankRows(b: BankDetails): LabelValue[] | null {
  const rows: LabelValue[] = [
    { label: "A/c Name", value: b.accountHolderName },
    { label: "Bank", value: b.bankName },
    { label: "A/c No.", value: b.accountNumber },
    { label: "IFSC", value: b.ifscCode },
    { label: "Branch", value: b.branchName },
    { label: "UPI", value: b.upiId },
  ].filter((row) => row.value.trim() !== "");
  return rows.length > 0 ? rows : null;
}

/** `uploadedQr`: whether the uploaded QR image can be drawn (without it the page shows no QR). */
export function upiBlock(
  doc: InvoiceDocument,
  uploadedQr: boolean,
  amountMinor = doc.totals.totalMinor,
): UpiBlock | null {
  const qr = upiQrFor(doc, amountMinor);
  if (!qr) return null;
  const note = qr.splitNote;
  if ("imageId" in qr)
    return uploadedQr ? { imageId: qr.imageId, uri: null, caption: "Scan to pay with UPI", note } : null;
  return {
    imageId: null,
    uri: qr.uri,
    caption: `Scan to pay ${formatMoney(amountMinor, "INR")}`,
    note,
  };
}
