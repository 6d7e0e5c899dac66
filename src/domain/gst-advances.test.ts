import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADVANCE_GST_RATES, advanceGstProblems, advanceTax, advanceTaxSplit } from "./gst-advances";
import { buildGstr1, type Gstr1Advance } from "./gst-gstr1";
import { gstr1Csv } from "./gst-gstr1-csv";
import { csvLines } from "./testing/csv";

// Decision 0098: the GST inside an advance received for a service, and GSTR-1 Tables 11A/11B.

describe("advanceTax: the GST inside a tax-inclusive advance", () => {
  /** What advanceTax answers within a state: `taxable` + CGST `half` + SGST `half`, in paise. */
  const withinState = (taxable: number, half: number) => ({
    taxableMinor: taxable,
    cgstMinor: half,
    sgstMinor: half,
    igstMinor: 0,
  });
  /** What advanceTax answers across states: `taxable` + IGST `igst`, in paise. */
  const acrossStates = (taxable: number, igst: number) => ({
    taxableMinor: taxable,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: igst,
  });

  it("same state: ₹11,800 at 18 % is ₹10,000 + CGST ₹900 + SGST ₹900", () => {
    expect(advanceTax(11_800_00, 18, advanceTaxSplit("27", "27"))).toEqual(withinState(10_000_00, 900_00));
  });

  it("another state: the same advance is ₹10,000 + IGST ₹1,800", () => {
    expect(advanceTaxSplit("27", "29")).toBe("igst");
    expect(advanceTax(11_800_00, 18, "igst")).toEqual(acrossStates(10_000_00, 1_800_00));
  });

  it("a union territory without legislature splits CGST + UTGST", () => {
    expect(advanceTaxSplit("04", "04")).toBe("cgst_utgst");
    expect(advanceTax(1_120_00, 12, "cgst_utgst")).toMatchObject({ cgstMinor: 60_00, sgstMinor: 60_00 });
  });

  it("rounds: ₹1,000 at 18 % is taxable ₹847.46 (half away from zero), tax ₹152.54", () => {
    // 100000 × 100 / 118 = 84745.76… -> 84746; CGST = SGST = round(84746 × 9 %) = 7627.14 -> 7627.
    expect(advanceTax(1_000_00, 18, "cgst_sgst")).toEqual(withinState(84_746, 7_627));
    // IGST = round(84746 × 18 %) = 15254.28 -> 15254.
    expect(advanceTax(1_000_00, 18, "igst")).toEqual(acrossStates(84_746, 15_254));
  });

  it("the taxable value takes the paisa the halves lose: ₹1.00 at 5 % is 96 + 2 + 2 paise", () => {
    expect(advanceTax(100, 5, "cgst_sgst")).toEqual(withinState(96, 2));
  });

  it("for any amount and rate: taxable + tax is the amount, CGST = SGST, tax within 1.5 paise of taxable × rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999_999 }),
        fc.constantFrom(...ADVANCE_GST_RATES),
        fc.constantFrom("cgst_sgst" as const, "igst" as const),
        (amount, rate, split) => {
          const t = advanceTax(amount, rate, split);
          const tax = t.cgstMinor + t.sgstMinor + t.igstMinor;
          expect(t.taxableMinor + tax).toBe(amount);
          expect(t.cgstMinor).toBe(t.sgstMinor);
          expect(Math.abs(tax * 100 - t.taxableMinor * rate)).toBeLessThanOrEqual(150);
        },
      ),
    );
  });

  it("refuses what is not a whole number of paise", () => {
    expect(() => advanceTax(10.5, 18, "igst")).toThrow(RangeError);
  });
});

describe("advanceGstProblems", () => {
  const ok = { registered: true, currency: "INR", ratePercent: 18, placeOfSupply: "27" };
  it("accepts a registered business's rupee advance at a slab with a state", () => {
    expect(advanceGstProblems(ok)).toEqual({});
  });
  it("names each field that is wrong", () => {
    expect(Object.keys(advanceGstProblems({ ...ok, registered: false }))).toEqual(["gst"]);
    expect(Object.keys(advanceGstProblems({ ...ok, currency: "USD" }))).toEqual(["gst"]);
    expect(Object.keys(advanceGstProblems({ ...ok, ratePercent: 7 }))).toEqual(["gst.ratePercent"]);
    expect(Object.keys(advanceGstProblems({ ...ok, placeOfSupply: "96" }))).toEqual(["gst.placeOfSupply"]);
    expect(Object.keys(advanceGstProblems({ ...ok, placeOfSupply: null }))).toEqual(["gst.placeOfSupply"]);
  });
});

describe("GSTR-1 Tables 11A (at) and 11B (txpd)", () => {
  const SELLER = "27AAPFU0939F1ZV";
  const advance = (partial: Partial<Gstr1Advance> = {}): Gstr1Advance => ({
    voucherNumber: "RV/2026-27/0001",
    receivedOn: "2026-11-05",
    amountMinor: 11_800_00,
    ratePercent: 18,
    placeOfSupply: "27",
    split: "cgst_sgst",
    applied: [],
    ...partial,
  });
  const month = (period: string, advances: Gstr1Advance[]) =>
    buildGstr1({ gstin: SELLER, period, registrationType: "regular", documents: [], advances });

  it("an advance not yet invoiced is in 11A of its month, with its receipt voucher in Table 13", () => {
    const r = month("2026-11", [advance()]);
    expect(r.at).toEqual([
      {
        pos: "27",
        sply_ty: "INTRA",
        itms: [{ rt: 18, ad_amt: 10_000, iamt: 0, camt: 900, samt: 900, csamt: 0 }],
      },
    ]);
    expect(r.txpd).toBeUndefined();
    expect(r.doc_issue?.doc_det).toEqual([
      {
        doc_num: 6,
        docs: [
          { num: 1, from: "RV/2026-27/0001", to: "RV/2026-27/0001", totnum: 1, cancel: 0, net_issue: 1 },
        ],
      },
    ]);
    expect(month("2026-10", [advance()]).at).toBeUndefined();
  });

  it("applied to an invoice next month: 11B of that month, not 11A again", () => {
    const applied = [{ date: "2026-12-10", amountMinor: 5_900_00 }];
    const dec = month("2026-12", [advance({ applied })]);
    expect(dec.at).toBeUndefined();
    expect(dec.txpd).toEqual([
      {
        pos: "27",
        sply_ty: "INTRA",
        itms: [{ rt: 18, ad_amt: 5_000, iamt: 0, camt: 450, samt: 450, csamt: 0 }],
      },
    ]);
    expect(month("2026-11", [advance({ applied })]).at?.[0]?.itms[0]?.ad_amt).toBe(10_000);
  });

  it("received and applied in the same month: in neither table", () => {
    const r = month("2026-11", [advance({ applied: [{ date: "2026-11-20", amountMinor: 11_800_00 }] })]);
    expect(r.at).toBeUndefined();
    expect(r.txpd).toBeUndefined();
  });

  it("partly applied in its month: 11A has the rest; the rest applied later is 11B", () => {
    const a = advance({
      applied: [
        { date: "2026-11-20", amountMinor: 5_900_00 },
        { date: "2027-01-03", amountMinor: 5_900_00 },
      ],
    });
    expect(month("2026-11", [a]).at?.[0]?.itms).toEqual([
      { rt: 18, ad_amt: 5_000, iamt: 0, camt: 450, samt: 450, csamt: 0 },
    ]);
    expect(month("2026-12", [a]).txpd).toBeUndefined();
    expect(month("2027-01", [a]).txpd?.[0]?.itms[0]?.ad_amt).toBe(5_000);
  });

  it("rows per place of supply, items per rate, inter-state as IGST", () => {
    const r = month("2026-11", [
      advance({ placeOfSupply: "29", split: "igst", voucherNumber: "RV/2026-27/0002" }),
      advance({ amountMinor: 1_120_00, ratePercent: 12 }),
      advance(),
    ]);
    expect(r.at).toEqual([
      {
        pos: "27",
        sply_ty: "INTRA",
        itms: [
          { rt: 12, ad_amt: 1_000, iamt: 0, camt: 60, samt: 60, csamt: 0 },
          { rt: 18, ad_amt: 10_000, iamt: 0, camt: 900, samt: 900, csamt: 0 },
        ],
      },
      {
        pos: "29",
        sply_ty: "INTER",
        itms: [{ rt: 18, ad_amt: 10_000, iamt: 1_800, camt: 0, samt: 0, csamt: 0 }],
      },
    ]);
  });
});

describe("GSTR-1 CSV of Tables 11A and 11B", () => {
  it("writes the offline tool's at and atadj columns, the value without tax as the gross advance", () => {
    const report = buildGstr1({
      gstin: "27AAPFU0939F1ZV",
      period: "2026-12",
      registrationType: "regular",
      documents: [],
      advances: [
        {
          voucherNumber: "RV/2026-27/0001",
          receivedOn: "2026-11-05",
          amountMinor: 11_800_00,
          ratePercent: 18,
          placeOfSupply: "29",
          split: "igst",
          applied: [{ date: "2026-12-02", amountMinor: 2_360_00 }],
        },
      ],
    });
    expect(
      gstr1Csv(report, "txpd")
        .replace(/^\uFEFF/, "")
        .split("\r\n"),
    ).toEqual([
      "Place Of Supply,Applicable % of Tax Rate,Rate,Gross Advance Adjusted,Cess Amount",
      "29-Karnataka,,18,2000.00,0.00",
      "",
    ]);
    expect(csvLines(gstr1Csv(report, "at"))[0]).toBe(
      "Place Of Supply,Applicable % of Tax Rate,Rate,Gross Advance Received,Cess Amount",
    );
  });
});
