import { companySnapshot } from "./company-snapshot";
import {
  computeInrTotals,
  exchangeDifference,
  exchangeRateSchema,
  inrAtInvoiceRate,
  toPaise,
} from "./export-fx";
import { eInvoiceInputOfInvoice } from "./gst-einvoice-input";
import { buildGstr1 } from "./gst-gstr1";
import { gstDocumentProblems } from "./gst-invoice-checks";
import { gstr1DocumentOfInvoice } from "./gst-return-documents";
import { buildInvoiceDocument, invoiceInputSchema } from "./invoice";
import { DEFAULT_SETTINGS } from "./settings";

const SUPPLIER_GSTIN = "27AAPFU0939F1ZV";
const company = companySnapshot({
  ...DEFAULT_SETTINGS,
  companyName: "Rao Design Studio",
  companyAddress: "12 MG Road\nPune 411001",
  gstRegistration: {
    type: "regular",
    gstin: SUPPLIER_GSTIN,
    legalName: "Rao Design Studio LLP",
    tradeName: "",
    turnoverAbove5Crore: true,
  },
});
const fbil = { rate: "83.12", rateDate: "2026-04-16", source: "fbil_reference" };

function exportInvoice(over: Record<string, unknown> = {}, gst: Record<string, unknown> = {}) {
  return invoiceInputSchema.parse({
    invoiceNumber: "EXP/26-27/0001",
    invoiceDate: "2026-04-16",
    status: "due",
    currency: "USD",
    client: {
      name: "Acme Inc",
      billingAddress: { line1: "1 Market St", city: "San Francisco", country: "United States" },
    },
    items: [{ id: "1", name: "Design work", hsnSac: "998391", quantity: 1, rate: "1000.00", taxPercent: 18 }],
    gst: { exportType: "without_payment", lutNumber: "AD270326000123X", ...gst },
    exchangeRate: fbil,
    ...over,
  });
}

describe("converting a line to rupees", () => {
  it("turns USD 1,000.00 at 83.1200 into ₹83,120.00, and JPY (no minor unit) too", () => {
    expect(toPaise(100_000, "USD", "83.1200")).toBe(8_312_000);
    expect(toPaise(1_000_000, "USD", "83.1234")).toBe(83_123_400);
    expect(toPaise(1500, "JPY", "0.5612")).toBe(84_180);
  });

  it("rounds half away from zero once per line: 0.01 USD at 83.125 is 83.125 paise -> 83", () => {
    expect(toPaise(1, "USD", "83.1250")).toBe(83);
    expect(toPaise(1, "USD", "83.1500")).toBe(83);
    expect(toPaise(3, "USD", "83.1250")).toBe(249); // 249.375
    expect(toPaise(2, "USD", "0.2500")).toBe(1); // 0.5 -> 1
  });

  it("sums the converted lines, which can differ from the converted total by a paisa", () => {
    // Two lines of 0.03 USD at 83.1250: 249.375 each -> 249 + 249 = 498; the total 0.06 would give 498.75 -> 499.
    const lines = [0, 1].map(() => ({
      grossMinor: 3,
      discountMinor: 0,
      taxableMinor: 3,
      taxMinor: 0,
      amountMinor: 3,
    }));
    const fx = exchangeRateSchema.parse({ rate: "83.125", rateDate: "2026-04-16", source: "bank_tt_buying" });
    const inr = computeInrTotals({ lines }, [{}, {}], "USD", fx, null);
    expect(inr.taxableMinor).toBe(498);
    expect(toPaise(6, "USD", "83.1250")).toBe(499);
  });

  it("keeps the rate as 4-decimal text and refuses what is not a rate", () => {
    expect(exchangeRateSchema.parse(fbil).rate).toBe("83.1200");
    for (const rate of ["0", "-1", "83.12345", "abc", ""]) {
      expect(exchangeRateSchema.safeParse({ ...fbil, rate }).success).toBe(false);
    }
    const other = exchangeRateSchema.safeParse({ ...fbil, source: "other" });
    expect(other.success).toBe(false);
  });
});

describe("an export invoice in USD (issue 34's example)", () => {
  const doc = buildInvoiceDocument(exportInvoice(), company);

  it("shows ₹83,120.00 as its rupee value, no IGST under LUT, and the LUT endorsement", () => {
    expect(doc.totals.totalMinor).toBe(100_000);
    expect(doc.inrTotals).toMatchObject({
      rate: "83.1200",
      taxableMinor: 8_312_000,
      igstMinor: 0,
      totalMinor: 8_312_000,
    });
    expect(doc.gstDetails?.placeOfSupply).toBe("96");
    expect(doc.gstDetails?.declarations).toContain(
      "Supply meant for export under LUT without payment of integrated tax",
    );
  });

  it("goes to GSTR-1 EXP as WOPAY with taxable value 83120.00, without shipping bill keys", () => {
    const placed = gstr1DocumentOfInvoice(
      {
        invoiceNumber: doc.invoiceNumber,
        status: "due",
        invoiceDate: doc.invoiceDate,
        currency: "USD",
        document: doc,
      },
      SUPPLIER_GSTIN,
    );
    expect(placed.included).toBe(true);
    if (!placed.included) return;
    const json = buildGstr1({
      gstin: SUPPLIER_GSTIN,
      period: "2026-04",
      registrationType: "regular",
      documents: [placed.document],
    });
    expect(json.exp).toEqual([
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: "EXP/26-27/0001",
            idt: "16-04-2026",
            val: 83120,
            itms: [{ txval: 83120, rt: 18, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
  });

  it("with payment of IGST: tax on the rupee value, 18 % of ₹83,122.70 (research §4.6 case 2)", () => {
    const paid = buildInvoiceDocument(
      exportInvoice(
        { exchangeRate: { rate: "83.1227", rateDate: "2026-04-18", source: "cbic_customs" } },
        { exportType: "with_payment", lutNumber: "" },
      ),
      company,
    );
    expect(paid.inrTotals).toMatchObject({
      taxableMinor: 8_312_270,
      igstMinor: 1_496_209,
      totalMinor: 9_808_479,
    });
    expect(paid.gstDetails?.declarations).toContain("Supply meant for export on payment of integrated tax");
  });

  it("makes the e-invoice input in rupees with the foreign currency and the country", () => {
    const result = eInvoiceInputOfInvoice({
      invoiceNumber: doc.invoiceNumber,
      status: "due",
      invoiceDate: doc.invoiceDate,
      currency: "USD",
      document: doc,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input.supplyType).toBe("EXPWOP");
    expect(result.input.values.totalInvoiceMinor).toBe(8_312_000);
    expect(result.input.lines[0]).toMatchObject({ unitPriceMinor: 8_312_000, taxableMinor: 8_312_000 });
    expect(result.input.exportDetails).toMatchObject({ foreignCurrency: "USD", countryCode: "US" });
  });

  it("refuses to issue an export in USD without a rate, and sends an SEZ supply to B2B", () => {
    const bare = buildInvoiceDocument(exportInvoice({ exchangeRate: undefined }), company);
    expect(gstDocumentProblems(bare)).toHaveProperty("exchangeRate.rate");
    const sez = buildInvoiceDocument(
      exportInvoice(
        {
          currency: "INR",
          exchangeRate: undefined,
          client: { name: "Zeta SEZ Unit", gstin: "29AAPFU0939F1ZR" },
        },
        { sez: true },
      ),
      company,
    );
    expect(sez.gstDetails).toMatchObject({ sez: true, placeOfSupply: "29", split: "igst" });
    const placed = gstr1DocumentOfInvoice(
      {
        invoiceNumber: sez.invoiceNumber,
        status: "due",
        invoiceDate: sez.invoiceDate,
        currency: "INR",
        document: sez,
      },
      SUPPLIER_GSTIN,
    );
    if (!placed.included) throw new Error(placed.reason);
    const json = buildGstr1({
      gstin: SUPPLIER_GSTIN,
      period: "2026-04",
      registrationType: "regular",
      documents: [placed.document],
    });
    expect(json.exp).toBeUndefined();
    expect(json.b2b?.[0]?.inv[0]?.inv_typ).toBe("SEWOP");
  });
});

describe("realisation", () => {
  it("USD 1,000 credited as ₹82,500.00 is a loss of ₹620.00; a part payment is worth its share", () => {
    const invoice = { totalMinor: 100_000, inrTotalMinor: 8_312_000 };
    expect(exchangeDifference({ amountMinor: 100_000, inrCreditedMinor: 8_250_000 }, invoice)).toBe(-62_000);
    expect(exchangeDifference({ amountMinor: 40_000, inrCreditedMinor: 3_400_000 }, invoice)).toBe(75_200);
    expect(inrAtInvoiceRate(1, 3, 100)).toBe(33);
  });
});
