import fc from "fast-check";
import { DomainError } from "./errors";
import { formatGrouped, formatMoney } from "./format";

describe("formatMoney", () => {
  it("uses Indian grouping for INR", () => {
    expect(formatMoney(12345600, "INR")).toBe("₹1,23,456.00");
    expect(formatMoney(1234567805, "INR")).toBe("₹1,23,45,678.05");
    expect(formatMoney(100000, "INR")).toBe("₹1,000.00");
    expect(formatMoney(99999, "INR")).toBe("₹999.99");
    expect(formatMoney(5, "INR")).toBe("₹0.05");
    expect(formatMoney(0, "INR")).toBe("₹0.00");
  });

  it("uses western grouping elsewhere", () => {
    expect(formatMoney(123456789, "USD")).toBe("$1,234,567.89");
    expect(formatMoney(1235, "JPY")).toBe("¥1,235");
    expect(formatMoney(1234567, "KRW")).toBe("₩1,234,567");
    expect(formatMoney(100, "EUR")).toBe("€1.00");
  });

  it("puts the minus before the symbol", () => {
    expect(formatMoney(-1200, "INR")).toBe("-₹12.00");
    expect(formatMoney(-1235, "JPY")).toBe("-¥1,235");
  });

  it("spaces a symbol made of letters and can leave the symbol out", () => {
    expect(formatMoney(123456, "CHF")).toBe("CHF 1,234.56");
    expect(formatMoney(12345600, "INR", { symbol: false })).toBe("1,23,456.00");
  });

  it("refuses fractional or unsafe amounts", () => {
    expect(() => formatMoney(1.5, "INR")).toThrow(DomainError);
    expect(() => formatMoney(2 ** 53, "INR")).toThrow(DomainError);
  });
});

describe("formatGrouped", () => {
  it("groups without the symbol", () => {
    expect(formatGrouped(12345600, "INR")).toBe("1,23,456.00");
    expect(formatGrouped(-123456789, "USD")).toBe("-1,234,567.89");
    expect(formatGrouped(Number.MAX_SAFE_INTEGER, "INR")).toBe("9,00,71,99,25,47,409.91");
  });

  it("keeps every digit, only adding commas", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.constantFrom("INR", "USD", "JPY"),
        (minor, currency) => {
          const text = formatGrouped(minor, currency).replaceAll(",", "").replace(".", "");
          return BigInt(text) === BigInt(minor);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
