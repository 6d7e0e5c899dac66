import { formatPageDate } from "./dates";
import { buildInvoiceDocument, type InvoiceInput, invoiceInputSchema } from "./invoice";
import { buildInvoicePage } from "./invoice-page";
import { contrast } from "./invoice-page-colours";

const company = {
  name: "Kesari Works",
  email: "hello@kesari.example",
  address: "12 Market Road\n\nPune",
  phone: "+91 98200 12345",
  gstin: "",
  logoImageId: "logo1",
  signatureImageId: "sig1",
  upiQrImageId: null,
};

function page(
  patch: Partial<Record<keyof InvoiceInput, unknown>> = {},
  images?: Parameters<typeof buildInvoicePage>[1],
) {
  const input = invoiceInputSchema.parse({
    invoiceNumber: "INV-1",
    invoiceDate: "2026-11-21",
    dueDate: "2026-12-21",
    currency: "INR",
    client: { name: "Asha Traders", phone: "123", email: "a@b.example" },
    items: [
      { id: "a", name: "Teak Chair", quantity: "3", rate: "999.70", taxPercent: "18" },
      { id: "b", name: "Cushion", quantity: "2", rate: "100", discountPercent: "10", taxPercent: "5" },
    ],
    includeSignature: true,
    ...patch,
  });
  return buildInvoicePage(buildInvoiceDocument(input, company), images);
}

describe("buildInvoicePage", () => {
  it("formats the numbers, lines and totals, round-off spelled as the PDF always printed it", () => {
    const p = page({ roundOff: true });
    expect(p.meta).toEqual([
      { key: "number", label: "Invoice No.", value: "INV-1" },
      { key: "date", label: "Invoice Date", value: "21 Nov 2026" },
      { key: "due", label: "Due Date", value: "21 Dec 2026" },
    ]);
    expect(p.lines[0]).toMatchObject({ quantity: "3", rate: "999.70", discount: "-", tax: "18%" });
    expect(p.lines[1]).toMatchObject({ discount: "10%", amount: "189.00" });
    expect(p.totals.map((t) => t.label)).toEqual([
      "Subtotal",
      "Discount",
      "Tax @ 5%",
      "Tax @ 18%",
      "Round Off",
    ]);
    expect(p.total).toEqual({ label: "Total", value: "₹3,728.00" });
    expect(p.amountInWords).toBe("Rupees Three Thousand Seven Hundred Twenty-Eight Only");
  });

  it("marks draft, paid and cancelled invoices, and shows the payment date when paid", () => {
    expect(page({ status: "draft" }).mark?.text).toBe("DRAFT");
    expect(page({ status: "due" }).mark).toBeNull();
    expect(page({ status: "cancelled" }).mark?.text).toBe("CANCELLED");
    const paid = page({ status: "paid", paymentDate: "2026-11-22" });
    expect(paid.mark?.text).toBe("PAID");
    expect(paid.meta.at(-1)).toEqual({ key: "paid", label: "Paid On", value: "22 Nov 2026" });
  });

  it("writes the company and client blocks line by line", () => {
    const p = page();
    expect(p.company.lines).toEqual(["12 Market Road", "Pune", "+91 98200 12345  ·  hello@kesari.example"]);
    expect(p.billTo).toEqual({ name: "Asha Traders", lines: ["123  ·  a@b.example"] });
    expect(p.shipTo).toBeNull();
    expect(p.signatory.forCompany).toBe("For Kesari Works");
  });

  it("bills a business by its company name, the contact person under it", () => {
    const withCompany = page({
      client: { name: "Rahul Mehta", company: "Mehta Textiles Pvt Ltd", phone: "123", email: "a@b.example" },
    });
    expect(withCompany.billTo).toEqual({
      name: "Mehta Textiles Pvt Ltd",
      lines: ["Rahul Mehta", "123  ·  a@b.example"],
    });
  });

  it("shows images by id, and leaves out the ones that cannot be drawn", () => {
    expect(page().company.logoImageId).toBe("logo1");
    expect(page().signatory.imageId).toBe("sig1");
    expect(page({ includeSignature: false }).signatory.imageId).toBeNull();
    const missing = page({}, { logo: false, signature: false, upiQr: false });
    expect(missing.company.logoImageId).toBeNull();
    expect(missing.signatory.imageId).toBeNull();
  });

  it("captions a generated UPI QR with the amount", () => {
    const p = page({
      includeUpiQrCode: true,
      status: "due",
      bankDetails: { upiId: "kesari@okhdfc" },
    });
    expect(p.upi).toMatchObject({ imageId: null, caption: "Scan to pay ₹3,727.94", note: null });
    expect(p.upi?.uri).toContain("pa=kesari%40okhdfc");
  });

  it("uses one tint of the accent and readable inks in every template", () => {
    const classic = page({ accentColor: "#2DD4BF" });
    const modern = page({ template: "modern", accentColor: "#2DD4BF" });
    expect(classic.look.total.fill).toBe(modern.look.tableHead.fill);
    expect(classic.look.zebra).not.toBeNull();
    const pale = page({ template: "minimal", primaryColor: "#FEF3C7" });
    expect(contrast(pale.look.tableHead.ink, "#FFFFFF")).toBeGreaterThanOrEqual(3.5);
    expect(pale.colours.onPrimary).toBe("#111827");
    expect(page({ primaryColor: "#0F172A" }).colours.onPrimary).toBe("#FFFFFF");
  });

  it("dates", () => {
    expect(formatPageDate("2026-11-01")).toBe("1 Nov 2026");
  });
});
