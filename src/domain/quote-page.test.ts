import { describe, expect, it } from "vitest";
import { companySnapshot } from "./company-snapshot";
import { buildInvoicePage } from "./invoice-page";
import { buildPreInvoicePage, buildQuotePage } from "./quote-page";
import { DEFAULT_QUOTE_TERMS, DEFAULT_SETTINGS, DEFAULT_TERMS } from "./settings";
import { invoiceDocumentOf } from "./testing/invoice";

const company = companySnapshot({ ...DEFAULT_SETTINGS, companyName: "Anand Traders" });
const doc = invoiceDocumentOf(company, "QT/2026-27/0001", {
  client: { name: "Meera" },
  items: [{ id: "a", name: "Chair", quantity: "2", rate: "1500" }],
  includeUpiQrCode: true,
  bankDetails: { upiId: "anand@upi" },
});

describe("buildQuotePage", () => {
  it("says 'This quote' in the default terms, even of a quote saved with the invoice's; the user's own stay", () => {
    expect(buildQuotePage({ ...doc, terms: DEFAULT_TERMS }, "sent").terms).toBe(DEFAULT_QUOTE_TERMS);
    expect(DEFAULT_QUOTE_TERMS).toMatch(/^This quote was created with Bahi\./);
    expect(buildQuotePage({ ...doc, terms: "Advance of 50%." }, "sent").terms).toBe("Advance of 50%.");
  });

  it("is the invoice's page with the quote's title, number, date and valid-until labels", () => {
    const page = buildQuotePage(doc, "sent");
    expect(page.title).toBe("QUOTATION");
    expect(page.meta).toEqual([
      { key: "number", label: "Quote No.", value: "QT/2026-27/0001" },
      { key: "date", label: "Quote Date", value: "1 May 2026" },
      { key: "due", label: "Valid Until", value: "31 May 2026" },
    ]);
    expect(page.info.title).toBe("Quote QT/2026-27/0001");
    expect(page.lines).toEqual(buildInvoicePage(doc).lines);
    expect(page.total).toEqual(buildInvoicePage(doc).total);
    expect(page.upi).toBeNull();
    expect(page.mark).toBeNull();
  });

  it("marks a draft, accepted, declined or expired quote", () => {
    expect(buildQuotePage(doc, "draft").mark?.text).toBe("DRAFT");
    expect(buildQuotePage(doc, "accepted").mark?.text).toBe("ACCEPTED");
    expect(buildQuotePage(doc, "declined").mark?.text).toBe("DECLINED");
    expect(buildQuotePage(doc, "expired").mark?.text).toBe("EXPIRED");
  });
});

describe("proforma and challan pages", () => {
  const none = { challanReason: null, consignee: null };

  it("a proforma or challan saved with the invoice's default terms names itself in them; the user's own stay", () => {
    expect(buildPreInvoicePage("challan", { ...doc, terms: DEFAULT_TERMS }, "issued", none).terms).toMatch(
      /^This delivery challan was created with Bahi\..*this delivery challan meets/,
    );
    expect(buildPreInvoicePage("proforma", { ...doc, terms: DEFAULT_TERMS }, "sent", none).terms).toMatch(
      /^This proforma invoice was created with Bahi\./,
    );
    expect(
      buildPreInvoicePage("challan", { ...doc, terms: "Goods on approval." }, "issued", none).terms,
    ).toBe("Goods on approval.");
  });

  it("a proforma is the invoice's page titled PROFORMA INVOICE, with nothing to pay", () => {
    const page = buildPreInvoicePage("proforma", doc, "sent", none);
    expect(page.title).toBe("PROFORMA INVOICE");
    expect(page.meta.map((m) => m.label)).toEqual(["Proforma No.", "Proforma Date", "Valid Until"]);
    expect(page.lines).toEqual(buildInvoicePage(doc).lines);
    expect(page.total).toEqual(buildInvoicePage(doc).total);
    expect(page.upi).toBeNull();
    expect(page.payments).toEqual([]);
    expect(page.mark).toBeNull();
  });

  it("a challan prints its reason, its consignee in place of the ship-to, its copy, and no valid-until", () => {
    const page = buildPreInvoicePage(
      "challan",
      doc,
      "cancelled",
      {
        challanReason: "job_work",
        consignee: {
          name: "Ravi Godown",
          gstin: "27AAPFU0939F1ZV",
          address: "Plot 4\nPune",
          stateCode: "27",
        },
      },
      undefined,
      "Duplicate for transporter",
    );
    expect(page.title).toBe("DELIVERY CHALLAN");
    expect(page.meta).toEqual([
      { key: "copy", label: "Copy", value: "Duplicate for transporter" },
      { key: "number", label: "Challan No.", value: "QT/2026-27/0001" },
      { key: "date", label: "Challan Date", value: "1 May 2026" },
      { key: "reason", label: "Reason", value: "Job work" },
    ]);
    expect(page.shipTo).toEqual([
      "Consignee: Ravi Godown",
      "Plot 4",
      "Pune",
      "State: Maharashtra (27)",
      "GSTIN: 27AAPFU0939F1ZV",
    ]);
    expect(page.mark).toEqual({ text: "CANCELLED", colour: "#B91C1C" });
    expect(page.lines).toEqual(buildInvoicePage(doc).lines);
  });
});
