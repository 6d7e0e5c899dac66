import { companySnapshot } from "./company-snapshot";
import { DEFAULT_SETTINGS } from "./settings";
import { invoiceDocumentOf } from "./testing/invoice";
import { UPI_SPLIT_NOTE, upiPayFor, upiQrFor } from "./upi";

const company = companySnapshot({ ...DEFAULT_SETTINGS, companyName: "Iyer Handlooms" });
/** A due invoice of one saree at ₹1,234.50, with Iyer Handlooms' UPI ID and its QR switched on. */
const doc = (over: Record<string, unknown> = {}, upiQrImageId: string | null = null) =>
  invoiceDocumentOf({ ...company, upiQrImageId }, "INV/2026-27/0001", {
    items: [{ id: "a", name: "Saree", quantity: "1", rate: "1234.5" }],
    includeUpiQrCode: true,
    bankDetails: { upiId: "iyer@sbi" },
    ...over,
  });

describe("UPI QR", () => {
  it("is a upi://pay link with payee, exact amount and invoice number when only a UPI ID is set", () => {
    expect(upiQrFor(doc())).toEqual({
      uri: "upi://pay?pa=iyer%40sbi&pn=Iyer%20Handlooms&am=1234.50&cu=INR&tn=INV%2F2026-27%2F0001",
      splitNote: null,
    });
  });

  it("is the uploaded image when there is one", () => {
    expect(upiQrFor(doc({}, "img-1"))).toEqual({ imageId: "img-1", splitNote: null });
  });

  it("is left out on paid, cancelled, non-rupee or opted-out invoices", () => {
    expect(upiQrFor(doc({ status: "paid", paymentDate: "2026-11-22" }))).toBeNull();
    expect(upiQrFor(doc({ status: "cancelled" }))).toBeNull();
    expect(upiQrFor(doc({ currency: "USD" }))).toBeNull();
    expect(upiQrFor(doc({ includeUpiQrCode: false }))).toBeNull();
  });

  it("carries the invoice number as tr only for a UPI ID marked as a merchant's (DECISIONS §10)", () => {
    const merchant = upiQrFor(doc({ bankDetails: { upiId: "iyer@sbi", upiIdIsMerchant: true } }));
    expect(merchant).toMatchObject({
      uri: "upi://pay?pa=iyer%40sbi&pn=Iyer%20Handlooms&am=1234.50&cu=INR&tn=INV%2F2026-27%2F0001&tr=INV%2F2026-27%2F0001",
    });
    const personal = upiQrFor(doc());
    expect(personal && "uri" in personal && personal.uri).not.toContain("tr=");
  });

  it("notes that the payer may need to split a payment above ₹1,00,000, for a link or an image", () => {
    const at = (rate: string, image: string | null = null) =>
      upiQrFor(doc({ items: [{ id: "a", name: "Loom", quantity: "1", rate }] }, image))?.splitNote;
    expect(at("100000")).toBeNull();
    expect(at("100000.01")).toBe(UPI_SPLIT_NOTE);
    expect(at("250000", "img-1")).toBe(UPI_SPLIT_NOTE);
  });
});

describe("UPI on the client's page (upiPayFor)", () => {
  it("asks for the balance whether or not the invoice prints its QR, the UPI ID's link first", () => {
    const link = "upi://pay?pa=iyer%40sbi&pn=Iyer%20Handlooms&am=500.00&cu=INR&tn=INV%2F2026-27%2F0001";
    expect(upiPayFor(doc({ includeUpiQrCode: false }), 500_00)).toEqual({ uri: link, splitNote: null });
    expect(upiPayFor(doc({}, "img-1"), 500_00)).toEqual({ uri: link, splitNote: null });
    expect(upiPayFor(doc({ bankDetails: { upiId: "" } }, "img-1"), 500_00)).toEqual({
      imageId: "img-1",
      splitNote: null,
    });
  });

  it("notes UPI's limit above ₹1,00,000 and asks nothing of a settled or foreign-currency invoice", () => {
    expect(upiPayFor(doc(), 1_00_000_01)?.splitNote).toBe(UPI_SPLIT_NOTE);
    expect(upiPayFor(doc(), 1_00_000_00)?.splitNote).toBeNull();
    expect(upiPayFor(doc({ status: "paid", paymentDate: "2026-11-22" }), 500_00)).toBeNull();
    expect(upiPayFor(doc({ currency: "USD" }), 500_00)).toBeNull();
    expect(upiPayFor(doc({ bankDetails: { upiId: "" } }), 500_00)).toBeNull();
    expect(upiPayFor(doc(), 0)).toBeNull();
  });
});
