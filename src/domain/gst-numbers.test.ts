import { validateHsnSac } from "./gst-hsn";
import { taxInvoiceNumberKey, validateTaxInvoiceNumber } from "./gst-numbers";

describe("validateTaxInvoiceNumber", () => {
  it("accepts what the e-invoice pattern accepts", () => {
    for (const n of ["INV/2026-27/0001", "CN/2026-27/0001", "1", "A", "a-b/c", "9999999999999999"]) {
      expect(validateTaxInvoiceNumber(n)).toBeNull();
    }
  });

  it("refuses more than 16 characters", () => {
    expect(validateTaxInvoiceNumber("ABCDEFGHIJKLMNOPQ")).toBe(
      "A tax invoice number may have at most 16 characters (this one has 17).",
    );
  });

  it("explains the 19-character timestamp number and points to sequential numbers", () => {
    expect(validateTaxInvoiceNumber("INV-01042026-101500")).toBe(
      "INV-01042026-101500 is 19 characters; a tax invoice number may have at most 16. " +
        "Choose sequential numbers (INV/2026-27/0001) in Settings.",
    );
  });

  it("refuses other characters and a first - or /; a first 0 only when the invoice will be e-invoiced", () => {
    for (const n of ["INV 1", "INV_1", "INV.1", "₹1"]) {
      expect(validateTaxInvoiceNumber(n)).toBe("A tax invoice number may only use letters, digits, - and /.");
    }
    for (const n of ["-1", "/1"]) {
      expect(validateTaxInvoiceNumber(n)).toBe("A tax invoice number cannot start with - or /.");
    }
    // Rule 46(b) allows a first 0 (issue 32): only DocDtls.No of the e-invoice refuses it.
    expect(validateTaxInvoiceNumber("0001")).toBeNull();
    expect(validateTaxInvoiceNumber("0001", { eInvoiced: true })).toMatch(
      /will be e-invoiced .* does not take a number starting with 0/,
    );
    expect(validateTaxInvoiceNumber(" ")).toBe("Invoice number is required.");
  });

  it("keys numbers by financial year, ignoring case", () => {
    expect(taxInvoiceNumberKey("inv/1", "2026-05-01")).toBe(taxInvoiceNumberKey("INV/1", "2027-03-31"));
    expect(taxInvoiceNumberKey("inv/1", "2026-05-01")).not.toBe(taxInvoiceNumberKey("INV/1", "2027-04-01"));
    expect(taxInvoiceNumberKey("INV/1", "2026-04-01")).toBe("2026-27|inv/1");
  });
});

describe("validateHsnSac", () => {
  const small = { turnoverAbove5Crore: false };
  const large = { turnoverAbove5Crore: true };

  it("up to 5 crore: 4 digits on B2B, optional on B2C", () => {
    expect(validateHsnSac("", { ...small, buyerRegistered: false })).toBeNull();
    expect(validateHsnSac("", { ...small, buyerRegistered: true, line: 2 })).toBe(
      "Item 2: Enter the HSN/SAC code (at least 4 digits on an invoice to a registered buyer).",
    );
    expect(validateHsnSac("7323", { ...small, buyerRegistered: true })).toBeNull();
    expect(validateHsnSac("998821", { ...small, buyerRegistered: true })).toBeNull();
    expect(validateHsnSac("73", { ...small, buyerRegistered: false, line: 1 })).toBe(
      "Item 1: HSN/SAC must have at least 4 digits.",
    );
  });

  it("above 5 crore: 6 digits on every invoice", () => {
    expect(validateHsnSac("", { ...large, buyerRegistered: false, line: 3 })).toBe(
      "Item 3: Enter the HSN/SAC code (at least 6 digits when turnover is above ₹5 crore).",
    );
    expect(validateHsnSac("7323", { ...large, buyerRegistered: true, line: 1 })).toBe(
      "Item 1: HSN/SAC must have at least 6 digits when turnover is above ₹5 crore.",
    );
    expect(validateHsnSac("732393", { ...large, buyerRegistered: false })).toBeNull();
  });

  it("always accepts 8 digits; refuses letters, zeros, more than 8 and odd lengths", () => {
    for (const rule of [small, large]) {
      expect(validateHsnSac("73239390", { ...rule, buyerRegistered: true })).toBeNull();
    }
    const b2b = { ...small, buyerRegistered: true, line: 4 };
    expect(validateHsnSac("73A3", b2b)).toBe("Item 4: HSN/SAC must be digits only.");
    expect(validateHsnSac("0000", b2b)).toBe("Item 4: HSN/SAC cannot be all zeros.");
    expect(validateHsnSac("00000000", b2b)).toBe("Item 4: HSN/SAC cannot be all zeros.");
    expect(validateHsnSac("732393901", b2b)).toBe("Item 4: HSN/SAC must be at most 8 digits.");
    expect(validateHsnSac("73239", b2b)).toBe("Item 4: HSN/SAC must have 4, 6 or 8 digits.");
    expect(validateHsnSac(" 7323 ", b2b)).toBeNull();
  });
});
