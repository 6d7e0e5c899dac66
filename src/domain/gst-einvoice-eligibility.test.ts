import {
  E_INVOICE_B2C_MESSAGE,
  E_INVOICE_BUYER_GSTIN_MESSAGE,
  E_INVOICE_DOCUMENT_MESSAGE,
  E_INVOICE_SEZ_PAYMENT_MESSAGE,
  type EInvoiceFacts,
  eInvoiceEligibility,
  eInvoiceSupplyType,
} from "./gst-einvoice-eligibility";
import { gstinCheckCharacter } from "./validation";

const REGISTERED = `29AABCT1332L1Z${gstinCheckCharacter("29AABCT1332L1Z")}`;
const facts = (overrides: Partial<EInvoiceFacts>): EInvoiceFacts => ({
  documentKind: "tax_invoice",
  buyerGstin: REGISTERED,
  exportType: "none",
  sez: false,
  ...overrides,
});

describe("eInvoiceEligibility", () => {
  it("a tax invoice, credit note or debit note to a registered buyer is B2B", () => {
    for (const documentKind of ["tax_invoice", "credit_note", "debit_note"] as const) {
      expect(eInvoiceEligibility(facts({ documentKind }))).toEqual({ eInvoiced: true, supplyType: "B2B" });
    }
    expect(eInvoiceSupplyType(facts({ buyerGstin: ` ${REGISTERED.toLowerCase()} ` }))).toBe("B2B");
  });

  it("exports are EXPWP or EXPWOP whatever the buyer's GSTIN (none abroad)", () => {
    expect(eInvoiceSupplyType(facts({ exportType: "with_payment", buyerGstin: null }))).toBe("EXPWP");
    expect(eInvoiceSupplyType(facts({ exportType: "without_payment", buyerGstin: "" }))).toBe("EXPWOP");
    expect(eInvoiceSupplyType(facts({ documentKind: "credit_note", exportType: "with_payment" }))).toBe(
      "EXPWP",
    );
  });

  it("supplies to an SEZ are SEZWP or SEZWOP, and must say which", () => {
    expect(eInvoiceSupplyType(facts({ sez: true, exportType: "with_payment" }))).toBe("SEZWP");
    expect(eInvoiceSupplyType(facts({ sez: true, exportType: "without_payment" }))).toBe("SEZWOP");
    expect(eInvoiceEligibility(facts({ sez: true }))).toEqual({
      eInvoiced: false,
      reason: E_INVOICE_SEZ_PAYMENT_MESSAGE,
    });
  });

  it("B2C: no buyer GSTIN, no e-invoice, and the reason says so", () => {
    for (const buyerGstin of [null, "", "   "]) {
      expect(eInvoiceEligibility(facts({ buyerGstin }))).toEqual({
        eInvoiced: false,
        reason: E_INVOICE_B2C_MESSAGE,
      });
    }
    expect(E_INVOICE_B2C_MESSAGE).toBe(
      "B2C invoices are not e-invoiced: the e-invoice JSON is for invoices to registered buyers and exports.",
    );
    expect(eInvoiceSupplyType(facts({ buyerGstin: null }))).toBeNull();
  });

  it("bills of supply and unregistered businesses' invoices are not e-invoiced", () => {
    for (const documentKind of ["bill_of_supply", "invoice"] as const) {
      expect(eInvoiceEligibility(facts({ documentKind }))).toEqual({
        eInvoiced: false,
        reason: E_INVOICE_DOCUMENT_MESSAGE,
      });
      expect(eInvoiceEligibility(facts({ documentKind, exportType: "with_payment" })).eInvoiced).toBe(false);
    }
    expect(E_INVOICE_DOCUMENT_MESSAGE).toBe(
      "Only tax invoices, credit notes and debit notes of a GST-registered business are e-invoiced.",
    );
  });

  it("a buyer GSTIN that fails its check character is named, not taken for B2B", () => {
    const wrong = REGISTERED.slice(0, 14) + (REGISTERED[14] === "A" ? "B" : "A");
    expect(eInvoiceEligibility(facts({ buyerGstin: wrong }))).toEqual({
      eInvoiced: false,
      reason: E_INVOICE_BUYER_GSTIN_MESSAGE,
    });
  });
});
