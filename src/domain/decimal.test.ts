import fc from "fast-check";
import {
  formatScaled,
  parseDecimalInput,
  parseIntegerInput,
  parseScaled,
  roundHalfAwayFromZero,
} from "./decimal";
import { itMaps } from "./testing/checks";

describe("parseScaled", () => {
  it("moves the decimal point exactly", () => {
    expect(parseScaled("1234.5", 2)).toBe(123450);
    expect(parseScaled(1234.5, 2)).toBe(123450);
    expect(parseScaled(" 0.07 ", 2)).toBe(7);
    expect(parseScaled("-12.34", 2)).toBe(-1234);
    expect(parseScaled(".5", 3)).toBe(500);
    expect(parseScaled("5.", 0)).toBe(5);
    expect(parseScaled("007", 2)).toBe(700);
    expect(parseScaled(0.1, 3)).toBe(100);
    expect(parseScaled("1.500", 2)).toBe(150);
  });

  it("reads the exponent form that String() gives large and tiny numbers", () => {
    expect(parseScaled(1e21, 0)).toBeNull();
    expect(parseScaled(1e15, 0)).toBe(1e15);
    expect(parseScaled(1e-7, 7)).toBe(1);
    expect(parseScaled("2.5e2", 0)).toBe(250);
    expect(parseScaled("1e999999999", 2)).toBeNull();
    expect(parseScaled("0e999999999", 2)).toBe(0);
  });

  it("refuses what is not an exact decimal in range", () => {
    for (const bad of [
      "",
      "  ",
      "abc",
      "1,234",
      "1.2.3",
      "12abc",
      ".",
      "-",
      "--1",
      "0x10",
      "Infinity",
      "1 000",
    ]) {
      expect(parseScaled(bad, 2)).toBeNull();
    }
    expect(parseScaled(Number.NaN, 2)).toBeNull();
    expect(parseScaled(Number.POSITIVE_INFINITY, 2)).toBeNull();
    expect(parseScaled("1.234", 2)).toBeNull();
    expect(parseScaled(0.1 + 0.2, 2)).toBeNull();
    expect(parseScaled("90071992547409.92", 2)).toBeNull();
    expect(parseScaled("90071992547409.91", 2)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it("never yields negative zero", () => {
    expect(Object.is(parseScaled("-0.00", 2), 0)).toBe(true);
  });

  it("round-trips with formatScaled", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
        fc.integer({ min: 0, max: 6 }),
        (scaled, decimals) => parseScaled(formatScaled(scaled, decimals), decimals) === scaled,
      ),
      { numRuns: 2000 },
    );
  });
});

describe("formatScaled", () => {
  it("pads to the given places", () => {
    expect(formatScaled(123450, 2)).toBe("1234.50");
    expect(formatScaled(5, 2)).toBe("0.05");
    expect(formatScaled(-5, 3)).toBe("-0.005");
    expect(formatScaled(1235, 0)).toBe("1235");
    expect(formatScaled(0, 2)).toBe("0.00");
  });
});

describe("parseDecimalInput", () => {
  itMaps("trims and parses whole strings only", parseDecimalInput, [
    [" 12.5 ", 12.5],
    ["-3", -3],
    [7, 7],
    ["", NaN],
    [undefined, NaN],
    [null, NaN],
    ["12abc", NaN],
    ["Infinity", NaN],
    [true, NaN],
  ]);
});

describe("parseIntegerInput", () => {
  itMaps("accepts base-10 integers only", parseIntegerInput, [
    [" 30 ", 30],
    ["-4", -4],
    [12, 12],
    ["12.5", NaN],
    [12.5, NaN],
    ["0x10", NaN],
    ["", NaN],
    [undefined, NaN],
    ["99999999999999999999", NaN],
  ]);
});

describe("roundHalfAwayFromZero", () => {
  it("rounds halves away from zero in every sign combination", () => {
    expect(roundHalfAwayFromZero(5n, 2n)).toBe(3n);
    expect(roundHalfAwayFromZero(-5n, 2n)).toBe(-3n);
    expect(roundHalfAwayFromZero(5n, -2n)).toBe(-3n);
    expect(roundHalfAwayFromZero(-5n, -2n)).toBe(3n);
    expect(roundHalfAwayFromZero(149n, 100n)).toBe(1n);
    expect(roundHalfAwayFromZero(150n, 100n)).toBe(2n);
    expect(roundHalfAwayFromZero(-149n, 100n)).toBe(-1n);
    expect(roundHalfAwayFromZero(0n, 7n)).toBe(0n);
  });

  it("stays within half a unit of the exact quotient", () => {
    fc.assert(
      fc.property(
        fc.bigInt(),
        fc.bigInt().filter((d) => d !== 0n),
        (n, d) => {
          const q = roundHalfAwayFromZero(n, d);
          const diff = q * d - n; // error times d
          const absDiff2 = (diff < 0n ? -diff : diff) * 2n;
          const absD = d < 0n ? -d : d;
          return absDiff2 <= absD;
        },
      ),
      { numRuns: 2000 },
    );
  });
});
