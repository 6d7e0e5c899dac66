import { companySnapshot } from "./company-snapshot";
import { gstDocumentPart } from "./gst-document";
import { gstDocumentProblems } from "./gst-invoice-checks";
import { invoiceGstOf } from "./gst-supply";
import { buildInvoiceDocument, type InvoiceDocument, type InvoiceInput, invoiceInputSchema } from "./invoice";
import { DEFAULT_SETTINGS, type Settings } from "./settings";
import { isGstTotals } from "./totals";

const SUPPLIER_GSTIN = "27AAPFU0939F1ZV"; // Maharashtra
const BUYER_GSTIN = "29AAPFU0939F1ZR"; // Karnataka

function settings(over: Partial<Settings> = {}): Settings {
  return { ...DEFAULT_SETTINGS, companyName: "Sharma Traders", ...over };
}
const regular = settings({
  gstRegistration: {
    type: "regular",
    gstin: SUPPLIER_GSTIN,
    legalName: "Sharma Traders LLP",
    tradeName: "Sharma Traders",
    turnoverAbove5Crore: false,
  },
});

function input(over: Record<string, unknown> = {}): InvoiceInput {
  return invoiceInputSchema.parse({
    invoiceNumber: "INV/2026-27/0001",
    invoiceDate: "2026-05-10",
    currency: "INR",
    client: { name: "Rao Stores", gstin: BUYER_GSTIN },
    // 10 x 100.00 = 1000.00 at 18 %
    items: [
      {
        id: "1",
        name: "Steel tumbler",
        hsnSac: "7323",
        unit: "pcs",
        quantity: 10,
        rate: 100,
        taxPercent: 18,
      },
    ],
    ...over,
  });
}

describe("company snapshot with GST", () => {
  it("keeps the retail snapshot for an unregistered company", () => {
    const company = companySnapshot(settings({ companyGstin: SUPPLIER_GSTIN }));
    expect(company).not.toHaveProperty("gst");
    expect(company.gstin).toBe(SUPPLIER_GSTIN);
  });

  it("adds the registration, and prints its GSTIN", () => {
    const company = companySnapshot({ ...regular, companyGstin: "" });
    expect(company.gstin).toBe(SUPPLIER_GSTIN);
    expect(company.gst).toEqual({
      registrationType: "regular",
      gstin: SUPPLIER_GSTIN,
      legalName: "Sharma Traders LLP",
      tradeName: "Sharma Traders",
      stateCode: "27",
      turnoverAbove5Crore: false,
    });
  });
});

describe("buildInvoiceDocument with GST", () => {
  it("leaves an unregistered company's invoice as it was", () => {
    const doc = buildInvoiceDocument(input(), companySnapshot(settings()));
    expect(doc).not.toHaveProperty("gstDetails");
    expect(isGstTotals(doc.totals)).toBe(false);
    // 1000.00 + 18 % = 1180.00
    expect(doc.totals.totalMinor).toBe(118000);
  });

  it("makes a tax invoice with IGST to another state (default place of supply from the GSTIN)", () => {
    const doc = buildInvoiceDocument(input(), companySnapshot(regular));
    expect(doc.gstDetails).toMatchObject({
      documentType: "tax_invoice",
      title: "Tax Invoice",
      supplierStateCode: "27",
      placeOfSupply: "29",
      placeOfSupplyName: "Karnataka (29)",
      placeOfSupplyChosen: false,
      split: "igst",
      reverseCharge: false,
      taxCharged: true,
      declarations: [],
    });
    if (!isGstTotals(doc.totals)) throw new Error("GST totals expected");
    // IGST 18 % of 1000.00 = 180.00
    expect(doc.totals).toMatchObject({ igstMinor: 18000, cgstMinor: 0, sgstMinor: 0, totalMinor: 118000 });
    expect(doc.totals.hsnSummary).toHaveLength(1);
    expect(doc.amountInWords).toMatch(/One Thousand One Hundred Eighty/);
  });

  it("uses a chosen place of supply: CGST + SGST within Maharashtra", () => {
    const doc = buildInvoiceDocument(input({ gst: { placeOfSupply: "27" } }), companySnapshot(regular));
    expect(doc.gstDetails).toMatchObject({
      placeOfSupply: "27",
      placeOfSupplyChosen: true,
      split: "cgst_sgst",
    });
    // 9 % of 1000.00 = 90.00 each
    expect(doc.totals).toMatchObject({ cgstMinor: 9000, sgstMinor: 9000, taxMinor: 18000 });
  });

  it("export under LUT: IGST split, nothing charged, endorsement and LUT printed", () => {
    const doc = buildInvoiceDocument(
      input({
        client: { name: "Acme Inc", billingAddress: { country: "USA" } },
        gst: { exportType: "without_payment", lutNumber: "AD2703260001234" },
      }),
      companySnapshot(regular),
    );
    expect(doc.gstDetails).toMatchObject({
      placeOfSupply: "96",
      placeOfSupplyName: "Other Country (96)",
      split: "igst",
      taxCharged: false,
      lutNumber: "AD2703260001234",
      declarations: ["Supply meant for export under LUT without payment of integrated tax"],
    });
    expect(doc.totals).toMatchObject({ taxMinor: 0, totalMinor: 100000 });
  });

  it("reverse charge: tax shown, total without it", () => {
    const doc = buildInvoiceDocument(input({ gst: { reverseCharge: true } }), companySnapshot(regular));
    expect(doc.gstDetails?.reverseCharge).toBe(true);
    expect(doc.totals).toMatchObject({ igstMinor: 18000, taxMinor: 18000, totalMinor: 100000 });
  });

  it("a composition taxpayer makes a bill of supply with the declaration and no tax", () => {
    const composition = settings({ gstRegistration: { ...regular.gstRegistration!, type: "composition" } });
    const doc = buildInvoiceDocument(input(), companySnapshot(composition));
    expect(doc.gstDetails).toMatchObject({
      documentType: "bill_of_supply",
      title: "Bill of Supply",
      taxCharged: false,
      declarations: ["Composition taxable person, not eligible to collect tax on supplies"],
    });
    expect(doc.totals).toMatchObject({ taxMinor: 0, totalMinor: 100000 });
  });

  it("a regular taxpayer's wholly nil-rated supply is a bill of supply", () => {
    const items = [{ id: "1", name: "Fresh milk", hsnSac: "0401", quantity: 1, rate: 60, taxPercent: 0 }];
    const doc = buildInvoiceDocument(input({ items }), companySnapshot(regular));
    expect(doc.gstDetails?.documentType).toBe("bill_of_supply");
  });

  it("UTGST is named for a union territory without legislature", () => {
    const chandigarh = settings({
      gstRegistration: { ...regular.gstRegistration!, gstin: "04AAPFU0939F1Z3" },
    });
    expect(
      gstDocumentPart(input({ client: { name: "A" } }), companySnapshot(chandigarh).gst)?.gst,
    ).toMatchObject({
      placeOfSupply: "04",
      split: "cgst_utgst",
      stateTaxName: "UTGST",
    });
  });

  it("refuses a tax invoice whose client state cannot be told, instead of charging CGST + SGST (issue 32)", () => {
    const to = (state: string) =>
      buildInvoiceDocument(
        input({
          status: "due",
          client: { name: "Walk-in", billingAddress: { line1: "4 Residency Road", state } },
        }),
        companySnapshot(regular),
      );
    expect(to("Karnatka").gstDetails).toMatchObject({ placeOfSupply: "29", split: "igst" });
    expect(to("Karnatka").gstDetails).not.toHaveProperty("placeOfSupplyUnknown");
    expect(gstDocumentProblems(to("Karnatka"))).toEqual({});
    const unknown = to("Bengaluru side");
    expect(unknown.gstDetails?.placeOfSupplyUnknown).toBe(true);
    expect(gstDocumentProblems(unknown)).toEqual({
      "client.billingAddress.state": expect.stringMatching(/"Bengaluru side" is not one Bahi recognises/),
    });
    // A draft may wait for it.
    expect(gstDocumentProblems({ ...unknown, status: "draft" })).toEqual({});
    // Choosing the place of supply on the invoice answers it; a counter sale (no address) is intra-state.
    const chosen = buildInvoiceDocument(
      input({
        status: "due",
        client: { name: "Walk-in", billingAddress: { line1: "4 Residency Road", state: "Bengaluru side" } },
        gst: { placeOfSupply: "29" },
      }),
      companySnapshot(regular),
    );
    expect(gstDocumentProblems(chosen)).toEqual({});
    const counter = buildInvoiceDocument(input({ client: { name: "Walk-in" } }), companySnapshot(regular));
    expect(counter.gstDetails).toMatchObject({ placeOfSupply: "27", split: "cgst_sgst" });
    expect(gstDocumentProblems(counter)).toEqual({});
  });

  it("an old stored document without any GST fields still reads and rebuilds", () => {
    const old = JSON.parse(
      JSON.stringify(buildInvoiceDocument(input(), companySnapshot(settings()))),
    ) as InvoiceDocument;
    delete (old as Partial<InvoiceDocument>).gst;
    expect(invoiceGstOf(old).placeOfSupply).toBeNull();
    expect(old.gstDetails).toBeUndefined();
    expect(isGstTotals(old.totals)).toBe(false);
    const reparsed = invoiceInputSchema.parse(old);
    expect(buildInvoiceDocument(reparsed, old.company).totals).toEqual(old.totals);
  });
});
