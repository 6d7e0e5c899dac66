import { describe, expect, it } from "vitest";
import {
  clientPan,
  financialYearDates,
  formatTdsRate,
  parseTdsRate,
  sectionsForRate,
  suggestedTdsMinor,
  TDS_SECTION_PATTERN,
  TDS_SECTIONS,
  tdsInShortPayment,
  tdsPeriod,
  tdsProblem,
  tdsQuarter,
} from "./tds";

describe("TDS deducted by clients", () => {
  it("suggests the rate on the taxable value, rounded to the rupee (half up)", () => {
    // ₹10,000 fee + 18 % GST: 194J at 10 % on 10,000 (Circular 23/2017), not on 11,800.
    expect(suggestedTdsMinor(1_000_000, 1000)).toBe(100_000);
    // ₹12,345.67 at 2 % = 246.9134 -> ₹247
    expect(suggestedTdsMinor(1_234_567, 200)).toBe(24_700);
    // ₹1,250 at 2 % = 25.00; ₹1,225 at 2 % = 24.50 -> 25 (half a rupee up)
    expect(suggestedTdsMinor(122_500, 200)).toBe(2_500);
    // ₹1,224.99 at 2 % = 24.4998 -> 24
    expect(suggestedTdsMinor(122_499, 200)).toBe(2_400);
    // 194Q 0.1 % of ₹60,00,000 = 6,000
    expect(suggestedTdsMinor(600_000_000, 10)).toBe(600_000);
    expect(suggestedTdsMinor(0, 1000)).toBe(0);
    expect(suggestedTdsMinor(999_999_999_999, 2000)).toBe(200_000_000_000);
  });

  it("puts dates in the financial year's quarters Apr-Jun, Jul-Sep, Oct-Dec, Jan-Mar", () => {
    expect(tdsQuarter("2026-04-01")).toBe(1);
    expect(tdsQuarter("2026-06-30")).toBe(1);
    expect(tdsQuarter("2026-07-01")).toBe(2);
    expect(tdsQuarter("2026-09-30")).toBe(2);
    expect(tdsQuarter("2026-10-01")).toBe(3);
    expect(tdsQuarter("2026-12-31")).toBe(3);
    expect(tdsQuarter("2027-01-01")).toBe(4);
    expect(tdsQuarter("2027-03-31")).toBe(4);
    expect(tdsPeriod("2027-03-31")).toEqual({ financialYear: "2026-27", quarter: 4, label: "2026-27 Q4" });
    expect(tdsPeriod("2026-04-01").label).toBe("2026-27 Q1");
    expect(financialYearDates("2026-27")).toEqual({ from: "2026-04-01", to: "2027-03-31" });
  });

  it("reads and writes rates in basis points", () => {
    expect(parseTdsRate("10")).toBe(1000);
    expect(parseTdsRate("0.1")).toBe(10);
    expect(parseTdsRate("2 %")).toBe(200);
    expect(parseTdsRate("1.5%")).toBe(150);
    expect(parseTdsRate("ten")).toBeNull();
    expect(parseTdsRate("0.125")).toBeNull();
    expect(formatTdsRate(1000)).toBe("10 %");
    expect(formatTdsRate(10)).toBe("0.1 %");
    expect(formatTdsRate(150)).toBe("1.5 %");
    expect(formatTdsRate(5)).toBe("0.05 %");
  });

  it("takes the client's PAN, else the PAN inside its GSTIN", () => {
    expect(clientPan("aaacb1234c", "")).toBe("AAACB1234C");
    expect(clientPan("", "27AAPFU0939F1ZV")).toBe("AAPFU0939F");
    expect(clientPan(null, "27AAPFU0939F1ZV")).toBe("AAPFU0939F");
    expect(clientPan("", "")).toBe("");
    expect(clientPan("", "not a gstin")).toBe("");
  });

  it("knows the common sections and their rates", () => {
    const rates = Object.fromEntries(TDS_SECTIONS.map((s) => [s.code, s.ratesBp]));
    expect(rates["194J"]).toEqual([1000, 200]);
    expect(rates["194C"]).toEqual([200, 100]);
    expect(rates["194Q"]).toEqual([10]);
    expect(rates["194O"]).toEqual([10]);
    for (const s of TDS_SECTIONS) expect(s.code).toMatch(TDS_SECTION_PATTERN);
    expect("194-J").not.toMatch(TDS_SECTION_PATTERN);
  });

  it("refuses TDS on a foreign-currency invoice, without a section, or at a rate out of range", () => {
    const ok = { tdsMinor: 100_000, tdsSection: "194J", tdsRateBp: 1000 };
    expect(tdsProblem("INR", ok)).toBeNull();
    expect(tdsProblem("USD", { ...ok, tdsMinor: 0, tdsSection: null })).toBeNull();
    expect(tdsProblem("USD", ok)?.message).toMatch(/in rupees: this invoice is in USD/);
    expect(tdsProblem("INR", { ...ok, tdsSection: null })?.field).toBe("tdsSection");
    expect(tdsProblem("INR", { ...ok, tdsRateBp: 2500 })?.field).toBe("tdsRateBp");
    expect(tdsProblem("INR", { ...ok, tdsRateBp: null })).toBeNull();
  });
  it("reads TDS off a short payment at the usual rates, rounded to the rupee or to the paisa", () => {
    expect(tdsInShortPayment(1_180_000, 1_000_000, 1_080_000)).toEqual({
      tdsMinor: 100_000,
      rateBp: 1000,
      section: "194J",
    });
    expect(tdsInShortPayment(1_180_000, 1_000_000, 1_160_000)).toMatchObject({
      rateBp: 200,
      section: "194C",
    });
    expect(tdsInShortPayment(1_180_000, 1_000_000, 1_170_000)).toMatchObject({ rateBp: 100 });
    // 10 % of ₹10,050.55: ₹1,005 by section 288B, ₹1,005.06 by a deductor who keeps paise.
    expect(tdsInShortPayment(1_186_000, 1_005_055, 1_186_000 - 100_500)).toMatchObject({ tdsMinor: 100_500 });
    expect(tdsInShortPayment(1_186_000, 1_005_055, 1_186_000 - 100_506)).toMatchObject({ tdsMinor: 100_506 });
    // Not a usual rate, nothing short, or no taxable value: no TDS.
    expect(tdsInShortPayment(1_180_000, 1_000_000, 1_100_000)).toBeNull();
    expect(tdsInShortPayment(1_180_000, 1_000_000, 1_180_000)).toBeNull();
    expect(tdsInShortPayment(1_180_000, 0, 1_080_000)).toBeNull();
    expect(sectionsForRate(1000)).toEqual(["194J", "194I"]);
    expect(sectionsForRate(200)[0]).toBe("194C");
  });
});
