import { companySnapshot } from "./company-snapshot";
import { buildInvoiceDocument, invoiceInputSchema } from "./invoice";
import { DEFAULT_SETTINGS } from "./settings";
import { invoiceRequest } from "./testing/invoice";

const company = companySnapshot({ ...DEFAULT_SETTINGS, companyName: "Sharma Traders" });

describe("invoice document", () => {
  const input = invoiceRequest("INV-21112026-101500", {
    invoiceDate: "2026-11-21",
    dueDate: "2026-12-21",
    client: { name: "Asha Rao" },
    items: [
      { id: "a", name: "Tea", quantity: "2", rate: "150.50", taxPercent: "5" },
      { id: "b", name: "Design", quantity: 1, rate: 1000, discountPercent: "10", taxPercent: "18" },
    ],
  });

  it("computes totals, total amount and words from the lines", () => {
    const doc = buildInvoiceDocument(invoiceInputSchema.parse(input), company);
    // 301.00 + 15.05 tax; 1000 - 100 + 162 tax
    expect(doc.totals.totalMinor).toBe(31605 + 106200);
    expect(doc.totalAmount).toBe("1378.05");
    expect(doc.amountInWords).toBe("Rupees One Thousand Three Hundred Seventy-Eight and Five Paise Only");
    expect(doc.clientName).toBe("Asha Rao");
  });

  it("names the bad field of a bad line", () => {
    const bad = invoiceInputSchema.safeParse({
      ...input,
      items: [{ id: "a", name: "Tea", quantity: "-1", rate: "1" }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0].path).toEqual(["items", 0, "quantity"]);
  });

  it("refuses a due date before the invoice date and an empty item list", () => {
    expect(invoiceInputSchema.safeParse({ ...input, dueDate: "2026-11-01" }).success).toBe(false);
    expect(invoiceInputSchema.safeParse({ ...input, items: [] }).success).toBe(false);
  });
});
