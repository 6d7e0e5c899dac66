import { z } from "zod";
import { CURRENCIES, CURRENCY_CODES, currencyOf } from "./currencies";

const SPEC_CODES =
  "USD EUR GBP INR CAD AUD JPY CNY CHF NZD SEK KRW SGD NOK MXN BRL RUB ZAR TRY AED HKD THB PHP IDR MYR VND PLN CZK HUF ILS CLP ARS COP SAR EGP NGN KES GHS UAH PKR BDT LKR".split(
    " ",
  );

describe("currencies", () => {
  it("holds exactly the spec's 42 codes, each once", () => {
    expect(CURRENCY_CODES).toEqual(SPEC_CODES);
    expect(new Set(CURRENCY_CODES).size).toBe(42);
  });

  it("uses ISO 4217 exponents and real symbols", () => {
    expect(currencyOf("INR")).toMatchObject({ symbol: "₹", exponent: 2, majorNamePlural: "Rupees" });
    for (const code of ["JPY", "KRW", "VND", "CLP"]) expect(currencyOf(code).exponent).toBe(0);
    expect(currencyOf("VND").symbol).toBe("₫");
    expect(currencyOf("TRY").symbol).toBe("₺");
    expect(currencyOf("ILS").symbol).toBe("₪");
    for (const c of CURRENCIES) {
      expect(c.symbol.length).toBeGreaterThan(0);
      expect([0, 2]).toContain(c.exponent);
    }
  });

  it("works as a zod enum", () => {
    const schema = z.enum(CURRENCY_CODES);
    expect(schema.parse("INR")).toBe("INR");
    expect(schema.safeParse("XYZ").success).toBe(false);
  });

  it("throws on an unknown code", () => {
    expect(() => currencyOf("XYZ")).toThrow(/Unknown currency/);
    expect(() => currencyOf("inr")).toThrow();
  });
});
