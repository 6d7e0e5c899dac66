import type { InvoiceDocument } from "./invoice";

// DECISIONS §5 and §10: the UPI QR on an invoice is the uploaded image or, when only a UPI ID is set,
// a QR of a `upi://pay` link with the payee, the exact amount and the invoice number. The preview
// and the PDF both ask this module, so they always show the same thing.

/** NPCI's per-payment limit for ordinary UPI payments: ₹1,00,000. */
export const UPI_PER_PAYMENT_LIMIT_MINOR = 1_00_000_00;

/** Shown under a UPI QR whose invoice total is above the per-payment limit. */
export const UPI_SPLIT_NOTE =
  "UPI allows up to ₹1,00,000 per payment, so the payer may need to split this amount.";

/** Amounts in a `upi://pay` link are rupees with two decimals ("1234.50"). */
function upiAmount(minor: number): string {
  const rupees = Math.floor(minor / 100);
  return `${rupees}.${String(minor % 100).padStart(2, "0")}`;
}

/**
 * The payment link of NPCI's UPI linking spec: `pa`, `pn`, `am` (two decimals), `cu=INR` and `tn`
 * (the invoice number), percent-encoded; `tr` (the merchant's transaction reference, here the
 * invoice number too) only for a UPI ID marked as a merchant's (DECISIONS §10).
 */
export function upiPaymentUri(opts: {
  upiId: string;
  payee: string;
  amountMinor: number;
  invoiceNumber: string;
  merchant?: boolean;
}) {
  const q = (s: string) => encodeURIComponent(s);
  return (
    `upi://pay?pa=${q(opts.upiId)}&pn=${q(opts.payee)}` +
    `&am=${upiAmount(opts.amountMinor)}&cu=INR&tn=${q(opts.invoiceNumber)}` +
    (opts.merchant ? `&tr=${q(opts.invoiceNumber)}` : "")
  );
}

/** The QR to show, and the note to print under it when the total is above UPI's per-payment limit. */
export type UpiQr = ({ imageId: string } | { uri: string }) & { splitNote: string | null };

/** The QR an invoice shows to be paid by UPI, or null when it shows none. */
export function upiQrFor(doc: InvoiceDocument, amountMinor = doc.totals.totalMinor): UpiQr | null {
  if (!doc.includeUpiQrCode) return null;
  return upiRequest(doc, amountMinor, "image-first");
}

/**
 * How the client's public page asks to be paid by UPI: whenever the business has a UPI ID (or an
 * uploaded QR), whether or not the invoice prints its QR. A UPI ID comes first here: its link
 * carries the exact amount and the invoice number and opens the client's UPI app on a phone.
 */
export function upiPayFor(doc: InvoiceDocument, amountMinor: number): UpiQr | null {
  return upiRequest(doc, amountMinor, "link-first");
}

function upiRequest(doc: InvoiceDocument, amountMinor: number, prefer: "image-first" | "link-first") {
  // A QR asks to be paid: not on a paid or cancelled invoice, and UPI moves rupees only. It asks
  // for what is left to pay (the balance due once part of it was received).
  if (doc.currency !== "INR") return null;
  if (doc.status === "paid" || doc.status === "cancelled") return null;
  if (amountMinor <= 0) return null;
  const splitNote = amountMinor > UPI_PER_PAYMENT_LIMIT_MINOR ? UPI_SPLIT_NOTE : null;
  const image = doc.company.upiQrImageId ? { imageId: doc.company.upiQrImageId, splitNote } : null;
  if (image && prefer === "image-first") return image;
  const upiId = doc.bankDetails.upiId;
  if (!upiId) return image;
  return {
    uri: upiPaymentUri({
      upiId,
      payee: doc.company.name || upiId,
      amountMinor,
      invoiceNumber: doc.invoiceNumber,
      merchant: doc.bankDetails.upiIdIsMerchant,
    }),
    splitNote,
  };
}
