import { addressStateCode } from "./address-state";
import { companyAddressForEInvoice } from "./company-address";
import { countryCodeOf } from "./country-codes";
import { currencyOf } from "./currencies";
import { parseScaled } from "./decimal";
import { toPaise } from "./export-fx";
import { E_INVOICE_DOCUMENT_MESSAGE, eInvoiceEligibility } from "./gst-einvoice-eligibility";
import type { EInvoiceInput, EInvoiceLineInput } from "./gst-einvoice-types";
import { isServiceCode, uqcOfLine } from "./gst-hsn-summary";
import { gstRatePercent, recipientNameOf, type StoredGstInvoice } from "./gst-return-documents";
import { currentStateCode, stateCodeOfGstin } from "./gst-states";
import { isGstTotals } from "./totals";

// From a stored invoice to the e-invoice builder's input (decision 0034), or the plain reason
// why there is no e-invoice JSON: not e-invoiced (B2C, a bill of supply), not issued, or a detail
// the JSON requires that the invoice or Settings lacks. The reasons are shown as they are.

export const E_INVOICE_INPUT_MESSAGES = {
  draft: "Issue the invoice first: a draft has no e-invoice JSON.",
  cancelled: "A cancelled invoice is not e-invoiced.",
  currency:
    "The e-invoice JSON is in rupees: add the exchange rate to this invoice (its rupee value) to make it.",
  companyAddress: "Add your company address in Settings to make the e-invoice JSON.",
  companyPin: "Add your PIN code to the company address in Settings to make the e-invoice JSON.",
  companyLocation: "Add your city or town to the company address in Settings to make the e-invoice JSON.",
  legalName: "Add your legal name to the GST registration in Settings to make the e-invoice JSON.",
  buyerAddress: "Add the client's billing address (address line 1) to make the e-invoice JSON.",
  buyerCity: "Add the client's city to the billing address to make the e-invoice JSON.",
  buyerPin: "Add the client's six-digit PIN code to the billing address to make the e-invoice JSON.",
  buyerState: "The client's state is not known: check the client's GSTIN or billing address state.",
  buyerName: "The client's name must be at least 3 characters for the e-invoice JSON.",
  hsn: (line: number) => `Line ${line}: the e-invoice needs an HSN or SAC code of 4, 6 or 8 digits.`,
  number:
    "The e-invoice takes invoice numbers of 1-16 letters, digits, / and -, not starting with 0, / or -.",
} as const;

export type EInvoiceInputResult = { ok: true; input: EInvoiceInput } | { ok: false; reason: string };

/** Kept here too for callers of the e-invoice input (decision 0082 moved it to company-address). */
export { type ParsedAddress, parseCompanyAddress } from "./company-address";

const isE_invoiceNumber = (n: string) => /^[A-Za-z1-9][A-Za-z0-9/-]{0,15}$/.test(n.trim());
const validHsn = (hsn: string) => /^(?!0+$)(\d{4}|\d{6}|\d{8})$/.test(hsn.trim());

/** The e-invoice input of a stored invoice, or the reason there is none (shown to the user as it is). */
export function eInvoiceInputOfInvoice(invoice: StoredGstInvoice): EInvoiceInputResult {
  const doc = invoice.document;
  const details = doc.gstDetails;
  const company = doc.company.gst;
  if (!details || !company || !isGstTotals(doc.totals))
    return { ok: false, reason: E_INVOICE_DOCUMENT_MESSAGE };
  const eligibility = eInvoiceEligibility({
    documentKind: details.documentType,
    buyerGstin: doc.client.gstin,
    exportType: details.exportType,
    sez: details.sez === true,
  });
  if (!eligibility.eInvoiced) return { ok: false, reason: eligibility.reason };
  if (invoice.status === "draft") return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.draft };
  if (invoice.status === "cancelled") return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.cancelled };
  // Another currency: every amount from the rupee side, converted once (decision 0089).
  const inr = invoice.currency === "INR" ? null : doc.inrTotals;
  if (invoice.currency !== "INR" && !inr) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.currency };
  if (!isE_invoiceNumber(invoice.invoiceNumber))
    return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.number };

  const seller = companyAddressForEInvoice(doc.company);
  if (seller.address1 === "") return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.companyAddress };
  if (!seller.pin) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.companyPin };
  if (seller.location.length < 3) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.companyLocation };
  if (company.legalName.trim().length < 3) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.legalName };

  const isExport = details.exportType !== "none" && !details.sez;
  const billing = doc.client.billingAddress;
  const buyerName = recipientNameOf(doc.client);
  if (buyerName.length < 3) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.buyerName };
  if (billing.line1 === "") return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.buyerAddress };
  const buyerLocation = billing.city || (isExport ? billing.country : "");
  if (buyerLocation.trim().length < 3) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.buyerCity };
  const buyerPin = billing.postalCode.replace(/\s/g, "");
  if (!isExport && !/^[1-9]\d{5}$/.test(buyerPin))
    return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.buyerPin };
  const gstinPrefix = stateCodeOfGstin(doc.client.gstin);
  const buyerState = isExport
    ? "96"
    : ((gstinPrefix ? currentStateCode(gstinPrefix) : null) ?? addressStateCode(billing));
  if (!buyerState) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.buyerState };

  const totals = inr ?? doc.totals;
  const lines: EInvoiceLineInput[] = [];
  for (const [index, item] of doc.items.entries()) {
    if (!validHsn(item.hsnSac)) return { ok: false, reason: E_INVOICE_INPUT_MESSAGES.hsn(index + 1) };
    const line = totals.lines[index];
    lines.push({
      description: item.name,
      isService: isServiceCode(item.hsnSac),
      hsnSac: item.hsnSac.trim(),
      quantity: String(item.quantity),
      uqc: uqcOfLine(item),
      unitPriceMinor: inr
        ? toPaise(
            parseScaled(item.rate, currencyOf(invoice.currency).exponent) ?? 0,
            invoice.currency,
            inr.rate,
          )
        : (parseScaled(item.rate, 2) ?? 0),
      grossMinor: line.grossMinor,
      discountMinor: line.discountMinor,
      taxableMinor: line.taxableMinor,
      gstRatePercent: gstRatePercent(item.taxPercent),
      igstMinor: line.igstMinor,
      cgstMinor: line.cgstMinor,
      sgstMinor: line.sgstMinor,
      cessMinor: 0,
      totalMinor: line.taxableMinor + line.igstMinor + line.cgstMinor + line.sgstMinor,
    });
  }

  return {
    ok: true,
    input: {
      documentKind: "tax_invoice",
      number: invoice.invoiceNumber,
      date: invoice.invoiceDate,
      supplyType: eligibility.supplyType,
      reverseCharge: details.reverseCharge,
      seller: {
        gstin: company.gstin,
        legalName: company.legalName,
        tradeName: company.tradeName || undefined,
        address1: seller.address1,
        address2: seller.address2 || undefined,
        location: seller.location,
        pin: seller.pin,
        stateCode: company.stateCode,
        phone: doc.company.phone || undefined,
        email: doc.company.email || undefined,
      },
      buyer: {
        gstin: isExport ? undefined : doc.client.gstin,
        legalName: buyerName,
        address1: billing.line1,
        address2: billing.line2 || undefined,
        location: buyerLocation,
        pin: isExport ? undefined : buyerPin,
        stateCode: buyerState,
        placeOfSupply: details.placeOfSupply,
        phone: doc.client.phone || undefined,
        email: doc.client.email || undefined,
      },
      lines,
      values: {
        assessableMinor: totals.taxableMinor,
        cgstMinor: totals.cgstMinor,
        sgstMinor: totals.sgstMinor,
        igstMinor: totals.igstMinor,
        cessMinor: 0,
        discountMinor: 0,
        otherChargesMinor: 0,
        roundOffMinor: totals.roundOffMinor,
        totalInvoiceMinor: totals.totalMinor,
      },
      ...(isExport
        ? {
            exportDetails: {
              shippingBillNumber: details.shippingBillNumber || undefined,
              shippingBillDate: details.shippingBillDate ?? undefined,
              portCode: details.portCode || undefined,
              ...(inr ? { foreignCurrency: invoice.currency } : {}),
              ...(countryCodeOf(billing.country) ? { countryCode: countryCodeOf(billing.country)! } : {}),
            },
          }
        : {}),
    },
  };
}

/** A stored credit or debit note, as its e-invoice needs it (decision 0037). */
export interface StoredGstNote {
  kind: "credit" | "debit";
  noteNumber: string;
  status: "issued" | "cancelled";
  noteDate: string;
  currency: string;
  /** The note's document: the original's snapshots, the note's lines and totals. */
  document: StoredGstInvoice["document"];
  original: { invoiceNumber: string; invoiceDate: string };
}

/**
 * The e-invoice input of a credit or debit note (Typ CRN or DBN), with its original invoice as the
 * preceding document; the same checks as an invoice's (a note to an unregistered buyer is B2C).
 */
export function eInvoiceInputOfNote(note: StoredGstNote): EInvoiceInputResult {
  const result = eInvoiceInputOfInvoice({
    invoiceNumber: note.noteNumber,
    status: note.status === "issued" ? "due" : "cancelled",
    invoiceDate: note.noteDate,
    currency: note.currency,
    document: note.document,
  });
  if (!result.ok) return result;
  return {
    ok: true,
    input: {
      ...result.input,
      documentKind: note.kind === "credit" ? "credit_note" : "debit_note",
      precedingInvoice: { number: note.original.invoiceNumber, date: note.original.invoiceDate },
    },
  };
}
