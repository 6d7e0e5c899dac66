import type { InvoiceDocument } from "./invoice";

// DECISIONS §5: the UPI QR on an invoice is the uploaded image or, when only a UPI ID is set, a QR
// of a `upi://pay` link with the payee, the exact amount and the invoice number. The preview and
// the PDF both ask this module, so they always show the same thing.

/** Amounts in a `upi://pay` link are rupees with two decimals ("1234.50"). */
function upiAmount(minor: number): string {
  const rupees = Math.floor(minor / 100);
  return `${rupees}.${String(minor % 100).padStart(2, "0")}`;
}

/** The payment link of NPCI's UPI linking spec, for a QR the payer's app can scan. */
export function upiPaymentUri(opts: { upiId: string; payee: string; amountMinor: number; note: string }) {
  const q = (s: string) => encodeURIComponent(s);
  return (
    `upi://pay?pa=${q(opts.upiId)}&pn=${q(opts.payee)}` +
    `&am=${upiAmount(opts.amountMinor)}&cu=INR&tn=${q(opts.note)}`
  );
}

export type UpiQr = { imageId: string } | { uri: string };

/** The QR an invoice shows to be paid by UPI, or null when it shows none. */
export function upiQrFor(doc: InvoiceDocument): UpiQr | null {
  // A QR asks to be paid: not on a paid or cancelled invoice, and UPI moves rupees only.
  if (!doc.includeUpiQrCode || doc.currency !== "INR") return null;
  if (doc.status === "paid" || doc.status === "cancelled") return null;
  if (doc.totals.totalMinor <= 0) return null;
  if (doc.company.upiQrImageId) return { imageId: doc.company.upiQrImageId };
  const upiId = doc.bankDetails.upiId;
  if (!upiId) return null;
  return {
    uri: upiPaymentUri({
      upiId,
      payee: doc.company.name || upiId,
      amountMinor: doc.totals.totalMinor,
      note: doc.invoiceNumber,
    }),
  };
}
