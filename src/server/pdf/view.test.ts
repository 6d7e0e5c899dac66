import { UPI_SPLIT_NOTE, upiPaymentUri } from "#domain/upi";
import { pdfFilename } from "./download";
import { sampleInvoiceDocument } from "./sample-invoice";
import { toPdfView } from "./view";

const noImages = { logo: null, signature: null, upiQr: null };

describe("toPdfView", () => {
  it("formats the totals with Indian grouping and keeps the domain's words", () => {
    const doc = sampleInvoiceDocument();
    const view = toPdfView(doc, noImages);
    expect(view.total).toEqual({ label: "Total", value: "₹3,90,966.00" });
    expect(view.totals.map((t) => t.label)).toEqual([
      "Subtotal",
      "Discount",
      "Tax @ 5%",
      "Tax @ 12%",
      "Tax @ 18%",
      "Round Off",
    ]);
    expect(view.amountInWords).toBe(doc.amountInWords);
    expect(view.lines[0]).toEqual({
      index: "1",
      name: "Website design - landing page",
      hsnSac: "998314",
      quantity: "1",
      unit: "job",
      rate: "45,000.00",
      discount: "-",
      tax: "18%",
      amount: "53,100.00",
    });
    expect(view.meta).toContainEqual({ key: "due", label: "Due Date", value: "11 Sep 2025" });
  });

  it("generates a UPI QR link with the exact amount when only a UPI ID is set", () => {
    const view = toPdfView(sampleInvoiceDocument(), noImages);
    expect(view.upi?.uri).toBe(
      "upi://pay?pa=shreeganesh%40hdfcbank&pn=Shree%20Ganesh%20Traders&am=390966.00&cu=INR&tn=INV-12082025-103000",
    );
    expect(upiPaymentUri({ upiId: "a@b", payee: "A & B", amountMinor: 5, invoiceNumber: "X/1" })).toBe(
      "upi://pay?pa=a%40b&pn=A%20%26%20B&am=0.05&cu=INR&tn=X%2F1",
    );
  });

  it("notes under the QR that a total above ₹1,00,000 may need more than one UPI payment", () => {
    // The sample's total is ₹3,90,966.
    expect(toPdfView(sampleInvoiceDocument(), noImages).upi?.note).toBe(UPI_SPLIT_NOTE);
    const small = sampleInvoiceDocument();
    small.totals = { ...small.totals, totalMinor: 1_00_000_00 };
    expect(toPdfView(small, noImages).upi?.note).toBeNull();
  });

  it("prefers the uploaded QR image, and shows none on paid, cancelled or non-INR invoices", () => {
    const qr = new Uint8Array([1, 2, 3]);
    const withUpload = sampleInvoiceDocument();
    withUpload.company = { ...withUpload.company, upiQrImageId: "qr-image" };
    const uploaded = toPdfView(withUpload, { ...noImages, upiQr: qr });
    expect(uploaded.upi).toMatchObject({ imageId: "qr-image", uri: null, caption: "Scan to pay with UPI" });
    expect(uploaded.images.upiQr).toBe(qr);
    // The uploaded image's bytes are gone: no QR rather than another one.
    expect(toPdfView(withUpload, noImages).upi).toBeNull();
    expect(
      toPdfView(sampleInvoiceDocument({ status: "paid", paymentDate: "2025-08-20" }), noImages).upi,
    ).toBeNull();
    expect(toPdfView(sampleInvoiceDocument({ status: "cancelled" }), noImages).upi).toBeNull();
    expect(toPdfView(sampleInvoiceDocument({ currency: "USD" }), noImages).upi).toBeNull();
    expect(toPdfView(sampleInvoiceDocument({ includeUpiQrCode: false }), noImages).upi).toBeNull();
  });

  it("marks paid, cancelled and draft invoices, and shows the payment date", () => {
    const paid = toPdfView(sampleInvoiceDocument({ status: "paid", paymentDate: "2025-08-20" }), noImages);
    expect(paid.mark?.text).toBe("PAID");
    expect(paid.meta).toContainEqual({ key: "paid", label: "Paid On", value: "20 Aug 2025" });
    expect(toPdfView(sampleInvoiceDocument({ status: "cancelled" }), noImages).mark?.text).toBe("CANCELLED");
    expect(toPdfView(sampleInvoiceDocument({ status: "draft" }), noImages).mark?.text).toBe("DRAFT");
    expect(toPdfView(sampleInvoiceDocument({ status: "due" }), noImages).mark).toBeNull();
  });

  it("leaves out bank details and the signature image when not included", () => {
    const signature = new Uint8Array([9]);
    const doc = sampleInvoiceDocument({ includeBankDetails: false, includeSignature: false });
    const view = toPdfView(doc, { ...noImages, signature });
    expect(view.bank).toBeNull();
    expect(view.signatory.imageId).toBeNull();
    expect(toPdfView(sampleInvoiceDocument(), { ...noImages, signature }).signatory.imageId).toBe(
      "signature",
    );
    expect(toPdfView(sampleInvoiceDocument(), noImages).signatory.imageId).toBeNull();
    expect(toPdfView(sampleInvoiceDocument(), noImages).company.logoImageId).toBeNull();
  });

  it("fixes the file's creation date to the invoice date", () => {
    expect(toPdfView(sampleInvoiceDocument(), noImages).info.creationDate.toISOString()).toBe(
      "2025-08-12T00:00:00.000Z",
    );
  });

  it("file names", () => {
    expect(pdfFilename("INV/2026-27/0001")).toBe("INV-2026-27-0001.pdf");
    expect(pdfFilename('a"b\\c\r\nd')).toBe("a-b-c-d.pdf");
    expect(pdfFilename("///")).toBe("invoice.pdf");
  });
});
