// Whether a document is e-invoiced, and with which supply type (TranDtls.SupTyp of FORM GST INV-01).
// Bahi only writes the JSON; the user uploads it on the invoice registration portal (decision 0034).
import { INVALID_GSTIN_MESSAGE, isValidGstin } from "./validation";

/** The supply types Bahi writes. The schema also knows DEXP (deemed export), which Bahi does not offer. */
export type EInvoiceSupplyType = "B2B" | "SEZWP" | "SEZWOP" | "EXPWP" | "EXPWOP";

/** The GST document a record is (the same words as the GST registration rules use). */
export type EInvoiceDocumentKind =
  | "tax_invoice"
  | "bill_of_supply"
  | "invoice"
  | "credit_note"
  | "debit_note";

/** Export or SEZ supply: with payment of IGST, or without (under bond or LUT); "none" for a domestic supply. */
export type EInvoiceExportType = "none" | "with_payment" | "without_payment";

export type EInvoiceFacts = {
  documentKind: EInvoiceDocumentKind;
  /** The buyer's GSTIN as stored, or null/blank for an unregistered buyer. */
  buyerGstin: string | null;
  exportType: EInvoiceExportType;
  /** The buyer is an SEZ unit or developer. */
  sez: boolean;
};

export type EInvoiceEligibility =
  | { eInvoiced: true; supplyType: EInvoiceSupplyType }
  | { eInvoiced: false; reason: string };

export const E_INVOICE_B2C_MESSAGE =
  "B2C invoices are not e-invoiced: the e-invoice JSON is for invoices to registered buyers and exports.";
export const E_INVOICE_DOCUMENT_MESSAGE =
  "Only tax invoices, credit notes and debit notes of a GST-registered business are e-invoiced.";
// Ours: a supply to an SEZ is zero-rated, so it is always made with or without payment of IGST.
export const E_INVOICE_SEZ_PAYMENT_MESSAGE =
  "A supply to an SEZ is made with or without payment of IGST: choose one to download the e-invoice JSON.";
export const E_INVOICE_BUYER_GSTIN_MESSAGE = `The buyer's GSTIN is not valid. ${INVALID_GSTIN_MESSAGE}`;

const E_INVOICED_KINDS: ReadonlySet<EInvoiceDocumentKind> = new Set([
  "tax_invoice",
  "credit_note",
  "debit_note",
]);

/** The SupTyp for a document, or why it has no e-invoice JSON. */
export function eInvoiceEligibility(facts: EInvoiceFacts): EInvoiceEligibility {
  if (!E_INVOICED_KINDS.has(facts.documentKind))
    return { eInvoiced: false, reason: E_INVOICE_DOCUMENT_MESSAGE };
  // An export goes to a buyer abroad, who has no GSTIN (the JSON says "URP").
  if (facts.exportType === "with_payment" && !facts.sez) return { eInvoiced: true, supplyType: "EXPWP" };
  if (facts.exportType === "without_payment" && !facts.sez) return { eInvoiced: true, supplyType: "EXPWOP" };

  const gstin = (facts.buyerGstin ?? "").trim();
  if (gstin === "") return { eInvoiced: false, reason: E_INVOICE_B2C_MESSAGE };
  if (!isValidGstin(gstin)) return { eInvoiced: false, reason: E_INVOICE_BUYER_GSTIN_MESSAGE };
  if (facts.sez) {
    if (facts.exportType === "with_payment") return { eInvoiced: true, supplyType: "SEZWP" };
    if (facts.exportType === "without_payment") return { eInvoiced: true, supplyType: "SEZWOP" };
    return { eInvoiced: false, reason: E_INVOICE_SEZ_PAYMENT_MESSAGE };
  }
  return { eInvoiced: true, supplyType: "B2B" };
}

/** The SupTyp alone, or null when the document is not e-invoiced. */
export function eInvoiceSupplyType(facts: EInvoiceFacts): EInvoiceSupplyType | null {
  const answer = eInvoiceEligibility(facts);
  return answer.eInvoiced ? answer.supplyType : null;
}
