import fc from "fast-check";
import { type ExportType, taxSplitFor } from "./gst-supply";
import type { GstTotalsOption } from "./gst-tax";
import { computeInvoiceTotals, type GstInvoiceTotals, isGstTotals, type LineInput } from "./totals";

// Decision 0033: taxable per line (discount rounded first), each component once per line, half
// away from zero in paise; invoice totals are sums of lines.

const RATES = ["0", "0.25", "3", "5", "12", "18", "28"];

function gstTotals(lines: LineInput[], option: GstTotalsOption, roundOff = false): GstInvoiceTotals {
  return computeInvoiceTotals({ currency: "INR", lines, roundOff, gst: option });
}

function splitTotals(supplier: string, pos: string, exportType: ExportType = "none", lines = EXAMPLE) {
  return gstTotals(lines, { split: taxSplitFor(supplier, pos, exportType) });
}

// A: 2 x 1234.50 = 2469.00, less 10 % (246.90) = taxable 2222.10 at 18 %:
//    CGST = SGST = 2222.10 x 9 % = 199.989 -> 199.99; IGST = 399.978 -> 399.98.
// D: 1 x 1.01 = taxable 1.01 at 5 %: CGST = SGST = 0.02525 -> 0.03; IGST = 0.0505 -> 0.05
//    (CGST + SGST = 0.06 is one paisa above IGST: the most the rule allows).
const EXAMPLE: LineInput[] = [
  { quantity: 2, rate: "1234.50", discountPercent: 10, taxPercent: 18 },
  { quantity: 1, rate: "1.01", taxPercent: 5 },
];

const INTRA = {
  lines: [
    {
      taxableMinor: 222210,
      cgstMinor: 19999,
      sgstMinor: 19999,
      igstMinor: 0,
      taxMinor: 39998,
      amountMinor: 262208,
    },
    { taxableMinor: 101, cgstMinor: 3, sgstMinor: 3, igstMinor: 0, taxMinor: 6, amountMinor: 107 },
  ],
  // 2222.10 + 1.01 = 2223.11; tax 399.98 + 0.06 = 400.04; total 2623.15
  totals: {
    taxableMinor: 222311,
    cgstMinor: 20002,
    sgstMinor: 20002,
    igstMinor: 0,
    taxMinor: 40004,
    totalMinor: 262315,
  },
};

const INTER = {
  lines: [
    {
      taxableMinor: 222210,
      cgstMinor: 0,
      sgstMinor: 0,
      igstMinor: 39998,
      taxMinor: 39998,
      amountMinor: 262208,
    },
    { taxableMinor: 101, cgstMinor: 0, sgstMinor: 0, igstMinor: 5, taxMinor: 5, amountMinor: 106 },
  ],
  // tax 399.98 + 0.05 = 400.03; total 2623.14
  totals: {
    taxableMinor: 222311,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: 40003,
    taxMinor: 40003,
    totalMinor: 262314,
  },
};

function expectComponents(t: GstInvoiceTotals, expected: typeof INTRA) {
  expected.lines.forEach((line, i) => {
    expect(t.lines[i]).toMatchObject({ ...line, cessMinor: 0 });
  });
  expect(t).toMatchObject({ ...expected.totals, cessMinor: 0 });
}

describe("GST totals, hand-checked", () => {
  it("intra-state Maharashtra 27 -> 27: CGST + SGST", () => {
    const t = splitTotals("27", "27");
    expect(t.split).toBe("cgst_sgst");
    expectComponents(t, INTRA);
    expect(t.taxByRate).toEqual([
      {
        ratePercent: 5,
        taxableMinor: 101,
        taxMinor: 6,
        cgstMinor: 3,
        sgstMinor: 3,
        igstMinor: 0,
        cessMinor: 0,
      },
      {
        ratePercent: 18,
        taxableMinor: 222210,
        taxMinor: 39998,
        cgstMinor: 19999,
        sgstMinor: 19999,
        igstMinor: 0,
        cessMinor: 0,
      },
    ]);
  });

  it("inter-state 27 -> 29: IGST", () => {
    const t = splitTotals("27", "29");
    expect(t.split).toBe("igst");
    expectComponents(t, INTER);
  });

  // A union territory without legislature charges UTGST in the sgstMinor place, same amounts.
  it.each([
    ["04", "Chandigarh", "a union territory without legislature", "cgst_utgst"],
    ["38", "Ladakh", "a union territory without legislature", "cgst_utgst"],
    ["31", "Lakshadweep", "a union territory without legislature", "cgst_utgst"],
    ["35", "Andaman and Nicobar Islands", "a union territory without legislature", "cgst_utgst"],
    ["26", "Dadra and Nagar Haveli and Daman and Diu", "a union territory without legislature", "cgst_utgst"],
    ["97", "Other Territory", "a union territory without legislature", "cgst_utgst"],
    ["07", "Delhi", "a territory with legislature", "cgst_sgst"],
    ["34", "Puducherry", "a territory with legislature", "cgst_sgst"],
    ["01", "Jammu and Kashmir", "a territory with legislature", "cgst_sgst"],
  ])("within %s (%s), %s: %s", (code, _name, _kind, split) => {
    const t = splitTotals(code, code);
    expect(t.split).toBe(split);
    expectComponents(t, INTRA);
  });

  it("export with payment: IGST even from the supplier's own state", () => {
    expectComponents(splitTotals("27", "96", "with_payment"), INTER);
  });

  it("export without payment (LUT): no tax, the rates kept for reporting", () => {
    const t = gstTotals(EXAMPLE, { split: taxSplitFor("27", "96", "without_payment"), chargeTax: false });
    expect(t.taxCharged).toBe(false);
    for (const line of t.lines)
      expect(line).toMatchObject({ cgstMinor: 0, sgstMinor: 0, igstMinor: 0, taxMinor: 0 });
    // 2222.10 + 1.01 = 2223.11, nothing added
    expect(t).toMatchObject({ taxableMinor: 222311, taxMinor: 0, igstMinor: 0, totalMinor: 222311 });
    expect(t.taxByRate.map((r) => [r.ratePercent, r.taxableMinor, r.taxMinor])).toEqual([
      [5, 101, 0],
      [18, 222210, 0],
    ]);
  });

  it("reverse charge: the tax is computed and shown but not added to the total", () => {
    const t = gstTotals(EXAMPLE, { split: "cgst_sgst", reverseCharge: true });
    expect(t.reverseCharge).toBe(true);
    // the same components as intra-state: CGST 200.02, SGST 200.02
    expect(t).toMatchObject({ cgstMinor: 20002, sgstMinor: 20002, taxMinor: 40004, totalMinor: 222311 });
    expect(t.lines[0]).toMatchObject({ taxMinor: 39998, amountMinor: 222210 });
  });

  it("a bill of supply (composition): no tax charged", () => {
    const t = gstTotals(EXAMPLE, { split: "cgst_sgst", chargeTax: false });
    expect(t).toMatchObject({ cgstMinor: 0, sgstMinor: 0, igstMinor: 0, taxMinor: 0, totalMinor: 222311 });
  });

  it("rounds off the total after the components", () => {
    // 2623.15 -> 2623.00: round-off -0.15
    const t = gstTotals(EXAMPLE, { split: "cgst_sgst" }, true);
    expect(t).toMatchObject({ roundOffMinor: -15, totalMinor: 262300 });
  });

  it("builds the HSN summary per HSN/SAC, UQC and rate", () => {
    const t = gstTotals(
      [
        // 2 x 500.00 = 1000.00 at 5 %: CGST = SGST = 25.00
        { name: "Cotton T-shirt", hsnSac: "6109", unit: "pcs", quantity: 2, rate: 500, taxPercent: 5 },
        // 0.5 x 100.00 = 50.00 at 5 %: CGST = SGST = 1.25
        { name: "Cotton vest", hsnSac: "6109", unit: "Piece", quantity: "0.5", rate: 100, taxPercent: 5 },
        // 1 x 2000.00 at 12 %: CGST = SGST = 120.00
        { name: "Silk shirt", hsnSac: "6109", unit: "pcs", quantity: 1, rate: 2000, taxPercent: 12 },
        // a service: 3 x 1000.00 = 3000.00 at 18 %: CGST = SGST = 270.00; UQC OTH
        { name: "Tailoring", hsnSac: "998821", unit: "hours", quantity: 3, rate: 1000, taxPercent: 18 },
        // the UQC chosen on the line wins: 1 x 10.00 at 5 %: CGST = SGST = 0.25
        { name: "Thread", hsnSac: "6109", unit: "pcs", uqc: "ROL", quantity: 1, rate: 10, taxPercent: 5 },
      ],
      { split: "cgst_sgst" },
    );
    expect(t.hsnSummary).toEqual([
      {
        hsnSac: "6109",
        uqc: "PCS",
        ratePercent: 5,
        description: "Cotton T-shirt",
        quantityMilli: 2500,
        quantity: "2.500",
        taxableMinor: 105000,
        igstMinor: 0,
        cgstMinor: 2625,
        sgstMinor: 2625,
        cessMinor: 0,
        totalValueMinor: 110250,
      },
      {
        hsnSac: "6109",
        uqc: "PCS",
        ratePercent: 12,
        description: "Silk shirt",
        quantityMilli: 1000,
        quantity: "1.000",
        taxableMinor: 200000,
        igstMinor: 0,
        cgstMinor: 12000,
        sgstMinor: 12000,
        cessMinor: 0,
        totalValueMinor: 224000,
      },
      {
        hsnSac: "6109",
        uqc: "ROL",
        ratePercent: 5,
        description: "Thread",
        quantityMilli: 1000,
        quantity: "1.000",
        taxableMinor: 1000,
        igstMinor: 0,
        cgstMinor: 25,
        sgstMinor: 25,
        cessMinor: 0,
        totalValueMinor: 1050,
      },
      {
        hsnSac: "998821",
        uqc: "OTH",
        ratePercent: 18,
        description: "Tailoring",
        quantityMilli: 3000,
        quantity: "3.000",
        taxableMinor: 300000,
        igstMinor: 0,
        cgstMinor: 27000,
        sgstMinor: 27000,
        cessMinor: 0,
        totalValueMinor: 354000,
      },
    ]);
  });
});

// Random invoices: quantities with 3 decimals, rates with paise, discounts with 2 decimals.
const lineArb = fc.record({
  quantity: fc.integer({ min: 0, max: 1_000_000 }).map((milli) => (milli / 1000).toFixed(3)),
  rate: fc.integer({ min: 0, max: 10_000_000 }).map((paise) => (paise / 100).toFixed(2)),
  discountPercent: fc.oneof(
    fc.constant("0"),
    fc.integer({ min: 0, max: 10_000 }).map((b) => (b / 100).toFixed(2)),
  ),
  taxPercent: fc.constantFrom(...RATES),
});
const linesArb = fc.array(lineArb, { minLength: 1, maxLength: 20 });
const RUNS = { numRuns: 1500 };

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** The retail rule as DECISIONS §5 states it, written out independently in integers. */
function retailReference(line: {
  quantity: string;
  rate: string;
  discountPercent: string;
  taxPercent: string;
}) {
  const round = (n: bigint, d: bigint) => {
    const q = n / d;
    return (n % d) * 2n >= d ? q + 1n : q; // all values are non-negative here
  };
  const scaled = (text: string, places: number) => {
    const [whole, frac = ""] = text.split(".");
    return BigInt(whole + frac.padEnd(places, "0").slice(0, places));
  };
  const gross = round(scaled(line.quantity, 3) * scaled(line.rate, 2), 1000n);
  const discount = round(gross * scaled(line.discountPercent, 2), 10_000n);
  const taxable = gross - discount;
  const tax = round(taxable * scaled(line.taxPercent, 2), 10_000n);
  return { taxable: Number(taxable), tax: Number(tax) };
}

describe("GST totals, properties", () => {
  it("CGST equals SGST on every line, and their sum is within a paisa of IGST", () => {
    fc.assert(
      fc.property(
        linesArb,
        fc.constantFrom("cgst_sgst", "cgst_utgst") as fc.Arbitrary<"cgst_sgst">,
        (lines, split) => {
          const intra = gstTotals(lines, { split });
          const inter = gstTotals(lines, { split: "igst" });
          intra.lines.forEach((line, i) => {
            expect(line.cgstMinor).toBe(line.sgstMinor);
            expect(line.igstMinor).toBe(0);
            expect(line.taxMinor).toBe(line.cgstMinor + line.sgstMinor);
            const igst = inter.lines[i];
            expect(igst.cgstMinor + igst.sgstMinor).toBe(0);
            expect(igst.taxMinor).toBe(igst.igstMinor);
            expect(Math.abs(line.cgstMinor + line.sgstMinor - igst.igstMinor)).toBeLessThanOrEqual(1);
            expect(line.taxableMinor).toBe(igst.taxableMinor);
          });
          expect(Math.abs(intra.cgstMinor + intra.sgstMinor - inter.igstMinor)).toBeLessThanOrEqual(
            lines.length,
          );
        },
      ),
      RUNS,
    );
  });

  it("totals are exact sums of lines, by component, by rate and in the HSN summary", () => {
    const optionArb = fc.record({
      split: fc.constantFrom("cgst_sgst", "cgst_utgst", "igst") as fc.Arbitrary<"igst">,
      reverseCharge: fc.boolean(),
      chargeTax: fc.boolean(),
    });
    fc.assert(
      fc.property(linesArb, optionArb, fc.boolean(), (lines, option, roundOff) => {
        const t = gstTotals(lines, option, roundOff);
        for (const key of [
          "taxableMinor",
          "taxMinor",
          "cgstMinor",
          "sgstMinor",
          "igstMinor",
          "discountMinor",
        ] as const) {
          expect(sumOf(t.lines.map((l) => l[key]))).toBe(t[key]);
          if (key !== "discountMinor") expect(sumOf(t.taxByRate.map((r) => r[key]))).toBe(t[key]);
        }
        expect(sumOf(t.lines.map((l) => l.grossMinor))).toBe(t.subtotalMinor);
        expect(t.cgstMinor + t.sgstMinor + t.igstMinor).toBe(t.taxMinor);
        expect(t.subtotalMinor - t.discountMinor).toBe(t.taxableMinor);
        if (option.reverseCharge) expect(t.taxableMinor + t.roundOffMinor).toBe(t.totalMinor);
        else expect(t.taxableMinor + t.taxMinor + t.roundOffMinor).toBe(t.totalMinor);
        if (!option.chargeTax) expect(t.taxMinor).toBe(0);
        for (const key of ["taxableMinor", "cgstMinor", "sgstMinor", "igstMinor"] as const) {
          expect(sumOf(t.hsnSummary.map((r) => r[key]))).toBe(t[key]);
        }
        const charged = option.reverseCharge ? 0 : t.taxMinor;
        expect(sumOf(t.hsnSummary.map((r) => r.totalValueMinor))).toBe(t.taxableMinor + charged);
      }),
      RUNS,
    );
  });

  it("retail totals (no gst option) follow the retail rule and carry no GST fields", () => {
    fc.assert(
      fc.property(linesArb, (lines) => {
        const retail = computeInvoiceTotals({ currency: "INR", lines });
        expect(isGstTotals(retail)).toBe(false);
        expect(Object.keys(retail).sort()).toEqual([
          "discountMinor",
          "lines",
          "roundOffMinor",
          "subtotalMinor",
          "taxByRate",
          "taxMinor",
          "taxableMinor",
          "totalMinor",
        ]);
        lines.forEach((line, i) => {
          const expected = retailReference(line);
          expect(retail.lines[i]).toEqual({
            grossMinor: retail.lines[i].grossMinor,
            discountMinor: retail.lines[i].discountMinor,
            taxableMinor: expected.taxable,
            taxMinor: expected.tax,
            amountMinor: expected.taxable + expected.tax,
          });
        });
        // IGST is the retail tax line by line, so an inter-state invoice totals as a retail one.
        const igst = gstTotals(lines, { split: "igst" });
        expect(igst.totalMinor).toBe(retail.totalMinor);
        expect(igst.lines.map((l) => l.igstMinor)).toEqual(retail.lines.map((l) => l.taxMinor));
      }),
      RUNS,
    );
  });
});
