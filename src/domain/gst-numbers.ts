import { financialYearOfIsoDate, GST_DOCUMENT_NUMBER_MAX_LENGTH } from "./document-number";

// Numbers of tax invoices, bills of supply and notes (CGST Rule 46(b)): at most 16 characters,
// unique within a financial year, letters, digits, "-" and "/" only, starting with a letter or a
// digit. The e-invoice schema (INV-01 v1.1, DocDtls.No) writes it as
// ^([a-zA-Z1-9]{1}[a-zA-Z0-9/-]{0,15})$, which also refuses a first 0: Rule 46 does not, so a
// leading 0 is refused only on a document that will be e-invoiced (decision 0082). Retail
// invoices keep validateInvoiceNumber's rule.

const TIMESTAMP_NUMBER = /^INV-\d{8}-\d{6}$/;

export const TAX_INVOICE_NUMBER_MESSAGES = {
  required: "Invoice number is required.",
  timestamp: (n: string) =>
    `${n} is ${n.length} characters; a tax invoice number may have at most 16. ` +
    "Choose sequential numbers (INV/2026-27/0001) in Settings.",
  tooLong: (length: number) =>
    `A tax invoice number may have at most 16 characters (this one has ${length}).`,
  characters: "A tax invoice number may only use letters, digits, - and /.",
  firstCharacter: "A tax invoice number cannot start with - or /.",
  leadingZero:
    "This invoice will be e-invoiced (a registered buyer or an export, with turnover above ₹5 crore), " +
    "and the e-invoice does not take a number starting with 0. Start it with a letter or another digit, " +
    "like INV/0001.",
} as const;

/**
 * What is wrong with the number of a GST document, or null (DocDtls.No's pattern, in words). A
 * first 0 is refused only when `eInvoiced` (the document will get an e-invoice).
 */
export function validateTaxInvoiceNumber(n: string, options: { eInvoiced?: boolean } = {}): string | null {
  if (typeof n !== "string" || n.trim() === "") return TAX_INVOICE_NUMBER_MESSAGES.required;
  if (TIMESTAMP_NUMBER.test(n)) return TAX_INVOICE_NUMBER_MESSAGES.timestamp(n);
  if (n.length > GST_DOCUMENT_NUMBER_MAX_LENGTH) return TAX_INVOICE_NUMBER_MESSAGES.tooLong(n.length);
  if (!/^[A-Za-z0-9/-]+$/.test(n)) return TAX_INVOICE_NUMBER_MESSAGES.characters;
  if (!/^[A-Za-z0-9]/.test(n)) return TAX_INVOICE_NUMBER_MESSAGES.firstCharacter;
  if (options.eInvoiced && n.startsWith("0")) return TAX_INVOICE_NUMBER_MESSAGES.leadingZero;
  return null;
}

/**
 * The key a tax invoice number must be unique by: its financial year and the number in lower
 * case ("2026-27|inv/1"), so "INV/1" and "inv/1" clash within a year and not across years.
 */
export function taxInvoiceNumberKey(number: string, invoiceDate: string): string {
  return `${financialYearOfIsoDate(invoiceDate)}|${number.trim().toLowerCase()}`;
}
