import fc from "fast-check";
import { DomainError } from "./errors";
import { thrown } from "./testing/thrown";
import { computeInvoiceTotals, computeLineTotals, type LineInput, validateLine } from "./totals";

describe("computeInvoiceTotals, hand-checked", () => {
  const inrLines: LineInput[] = [
    { quantity: 2, rate: "1234.50", discountPercent: 10, taxPercent: 18 },
    { quantity: "1.5", rate: 99.99, taxPercent: "5" },
    { quantity: "0.333", rate: "10.01", discountPercent: "2.5", taxPercent: 12.5 },
  ];

  it("rounds each INR line once per step", () => {
    const totals = computeInvoiceTotals({ currency: "INR", lines: inrLines });
    expect(totals.lines).toEqual([
      // 2 x 1234.50 = 2469.00; -10% = 2222.10; 18% tax = 399.978 -> 399.98
      {
        grossMinor: 246900,
        discountMinor: 24690,
        taxableMinor: 222210,
        taxMinor: 39998,
        amountMinor: 262208,
      },
      // 1.5 x 99.99 = 149.985 -> 149.99; 5% = 7.4995 -> 7.50
      { grossMinor: 14999, discountMinor: 0, taxableMinor: 14999, taxMinor: 750, amountMinor: 15749 },
      // 0.333 x 10.01 = 3.33333 -> 3.33; 2.5% = 0.08325 -> 0.08; 12.5% of 3.25 = 0.40625 -> 0.41
      { grossMinor: 333, discountMinor: 8, taxableMinor: 325, taxMinor: 41, amountMinor: 366 },
    ]);
    expect(totals).toMatchObject({
      subtotalMinor: 262232,
      discountMinor: 24698,
      taxableMinor: 237534,
      taxMinor: 40789,
      roundOffMinor: 0,
      totalMinor: 278323,
    });
    expect(totals.taxByRate).toEqual([
      { ratePercent: 5, taxableMinor: 14999, taxMinor: 750 },
      { ratePercent: 12.5, taxableMinor: 325, taxMinor: 41 },
      { ratePercent: 18, taxableMinor: 222210, taxMinor: 39998 },
    ]);
  });

  it("rounds the INR total to whole rupees when asked, halves away from zero", () => {
    const down = computeInvoiceTotals({ currency: "INR", lines: inrLines, roundOff: true });
    expect(down.roundOffMinor).toBe(-23);
    expect(down.totalMinor).toBe(278300);
    const half = computeInvoiceTotals({
      currency: "INR",
      lines: [{ quantity: 1, rate: "10.50" }],
      roundOff: true,
    });
    expect(half.roundOffMinor).toBe(50);
    expect(half.totalMinor).toBe(1100);
  });

  it("computes JPY in whole yen, where round-off changes nothing", () => {
    const totals = computeInvoiceTotals({
      currency: "JPY",
      lines: [
        { quantity: 3, rate: 1234, discountPercent: "7.5", taxPercent: 10 },
        { quantity: "0.5", rate: "5", taxPercent: 0 },
      ],
      roundOff: true,
    });
    // 3702; -7.5% = 277.65 -> 278; 3424; 10% = 342.4 -> 342. 0.5 x 5 = 2.5 -> 3.
    expect(totals.lines[0]).toEqual({
      grossMinor: 3702,
      discountMinor: 278,
      taxableMinor: 3424,
      taxMinor: 342,
      amountMinor: 3766,
    });
    expect(totals.lines[1].amountMinor).toBe(3);
    expect(totals.taxByRate).toEqual([
      { ratePercent: 0, taxableMinor: 3, taxMinor: 0 },
      { ratePercent: 10, taxableMinor: 3424, taxMinor: 342 },
    ]);
    expect(totals.roundOffMinor).toBe(0);
    expect(totals.totalMinor).toBe(3769);
  });

  it("gives zeros for an invoice without lines", () => {
    expect(computeInvoiceTotals({ currency: "INR", lines: [], roundOff: true })).toEqual({
      lines: [],
      subtotalMinor: 0,
      discountMinor: 0,
      taxableMinor: 0,
      taxMinor: 0,
      taxByRate: [],
      roundOffMinor: 0,
      totalMinor: 0,
    });
  });

  it("computes a single line", () => {
    expect(computeLineTotals({ quantity: 1, rate: "100", taxPercent: 18 }, "INR").amountMinor).toBe(11800);
  });
});

describe("validateLine", () => {
  it("accepts a good line and treats blank percents as zero", () => {
    expect(
      validateLine({ quantity: "2", rate: "10.5", discountPercent: "", taxPercent: " " }, "INR"),
    ).toBeNull();
    expect(validateLine({ quantity: 0, rate: 0 }, "INR")).toBeNull();
  });

  it("names the field and says what is wrong", () => {
    expect(validateLine({ quantity: "1.2345", rate: 1 }, "INR")).toEqual({
      field: "quantity",
      message: "Quantity must be a number with at most 3 decimals.",
    });
    expect(validateLine({ quantity: "", rate: 1 }, "INR")?.field).toBe("quantity");
    expect(validateLine({ quantity: "-1", rate: 1 }, "INR")).toEqual({
      field: "quantity",
      message: "Quantity cannot be negative.",
    });
    expect(validateLine({ quantity: 1, rate: "1.234" }, "INR")).toEqual({
      field: "rate",
      message: "Rate must be a number with at most 2 decimals.",
    });
    expect(validateLine({ quantity: 1, rate: "1234.5" }, "JPY")).toEqual({
      field: "rate",
      message: "Rate must be a whole number in JPY.",
    });
    expect(validateLine({ quantity: 1, rate: -5 }, "INR")?.message).toBe("Rate cannot be negative.");
    expect(validateLine({ quantity: 1, rate: 5, discountPercent: 101 }, "INR")).toEqual({
      field: "discountPercent",
      message: "Discount % must be a number from 0 to 100 with at most 2 decimals.",
    });
    expect(validateLine({ quantity: 1, rate: 5, taxPercent: "12.345" }, "INR")?.field).toBe("taxPercent");
    expect(validateLine({ quantity: 1, rate: 5, taxPercent: -1 }, "INR")?.field).toBe("taxPercent");
  });
});

describe("computeInvoiceTotals, refusals", () => {
  it("throws a DomainError naming the bad line", () => {
    const error = thrown(DomainError, () =>
      computeInvoiceTotals({
        currency: "INR",
        lines: [
          { quantity: 1, rate: 1 },
          { quantity: "x", rate: 1 },
        ],
      }),
    );
    expect(error.code).toBe("INVALID_LINE");
    expect(error.field).toBe("quantity");
    expect(error.message).toMatch(/^Item 2:/);
  });

  it("throws when a total passes the safe integer range", () => {
    const big = { quantity: "9999999999", rate: "99999999.99" };
    expect(() => computeInvoiceTotals({ currency: "INR", lines: [big] })).toThrow(DomainError);
    const halfBig = { quantity: "1", rate: "50000000000000" }; // 5e15 paise, safe alone
    expect(() => computeInvoiceTotals({ currency: "INR", lines: [halfBig] })).not.toThrow();
    expect(() => computeInvoiceTotals({ currency: "INR", lines: [halfBig, halfBig] })).toThrow(/too large/);
  });

  it("throws on an unknown currency", () => {
    expect(() => computeInvoiceTotals({ currency: "XXX", lines: [] })).toThrow(DomainError);
  });
});

// An independent reference: every input becomes an exact fraction from its decimal text, and
// rounding is floor((2n + d) / 2d), valid because all amounts here are non-negative.
interface Fraction {
  n: bigint;
  d: bigint;
}

function fractionOf(text: string): Fraction {
  const [whole, frac = ""] = text.split(".");
  return { n: BigInt(whole + frac), d: 10n ** BigInt(frac.length) };
}

function roundNonNegative(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

interface RefLine {
  quantity: string;
  rate: string;
  discount: string;
  tax: string;
}

function referenceTotals(lines: RefLine[], exponent: number, roundOff: boolean) {
  const minorPerMajor = 10n ** BigInt(exponent);
  let total = 0n;
  let subtotal = 0n;
  let tax = 0n;
  for (const line of lines) {
    const q = fractionOf(line.quantity);
    const r = fractionOf(line.rate);
    const dp = fractionOf(line.discount);
    const tp = fractionOf(line.tax);
    const gross = roundNonNegative(q.n * r.n * minorPerMajor, q.d * r.d);
    const discount = roundNonNegative(gross * dp.n, dp.d * 100n);
    const lineTax = roundNonNegative((gross - discount) * tp.n, tp.d * 100n);
    subtotal += gross;
    tax += lineTax;
    total += gross - discount + lineTax;
  }
  let rounded = total;
  if (roundOff) rounded = roundNonNegative(total, minorPerMajor) * minorPerMajor;
  return { subtotal: Number(subtotal), tax: Number(tax), total: Number(rounded) };
}

function decimalText(scaled: number, decimals: number): string {
  if (decimals === 0) return String(scaled);
  const s = String(scaled).padStart(decimals + 1, "0");
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`.replace(/\.?0+$/, "");
}

const currencyArb = fc.constantFrom("INR", "JPY", "USD", "KRW");
const exponentOf: Record<string, number> = { INR: 2, JPY: 0, USD: 2, KRW: 0 };

const lineArb = (exponent: number) =>
  fc.record({
    quantity: fc.integer({ min: 0, max: 5_000_000 }).map((m) => decimalText(m, 3)),
    rate: fc.integer({ min: 0, max: 1_000_000_000 }).map((m) => decimalText(m, exponent)),
    discount: fc.integer({ min: 0, max: 10_000 }).map((b) => decimalText(b, 2)),
    tax: fc.constantFrom("0", "5", "12", "18", "28", "0.25", "3", "2.5", "100"),
  });

const invoiceArb = currencyArb.chain((currency) =>
  fc.record({
    currency: fc.constant(currency),
    lines: fc.array(lineArb(exponentOf[currency]), { maxLength: 12 }),
    roundOff: fc.boolean(),
    asNumbers: fc.boolean(),
  }),
);

function toLineInput(line: RefLine, asNumbers: boolean): LineInput {
  return asNumbers
    ? {
        quantity: Number(line.quantity),
        rate: Number(line.rate),
        discountPercent: Number(line.discount),
        taxPercent: Number(line.tax),
      }
    : { quantity: line.quantity, rate: line.rate, discountPercent: line.discount, taxPercent: line.tax };
}

describe("computeInvoiceTotals, properties", () => {
  it("matches an exact decimal reference", () => {
    fc.assert(
      fc.property(invoiceArb, ({ currency, lines, roundOff, asNumbers }) => {
        const totals = computeInvoiceTotals({
          currency,
          lines: lines.map((l) => toLineInput(l, asNumbers)),
          roundOff,
        });
        const ref = referenceTotals(lines, exponentOf[currency], roundOff);
        expect(totals.subtotalMinor).toBe(ref.subtotal);
        expect(totals.taxMinor).toBe(ref.tax);
        expect(totals.totalMinor).toBe(ref.total);
        expect(totals.taxableMinor + totals.taxMinor + totals.roundOffMinor).toBe(totals.totalMinor);
        expect(totals.subtotalMinor - totals.discountMinor).toBe(totals.taxableMinor);
        const byRate = totals.taxByRate.reduce((s, g) => s + g.taxableMinor, 0);
        expect(byRate).toBe(totals.taxableMinor);
      }),
      { numRuns: 3000 },
    );
  });

  it("does not depend on the order of lines", () => {
    fc.assert(
      fc.property(
        invoiceArb.chain((inv) =>
          fc.tuple(fc.constant(inv), fc.shuffledSubarray(inv.lines, { minLength: inv.lines.length })),
        ),
        ([{ currency, lines, roundOff }, shuffled]) => {
          const { lines: _a, ...a } = computeInvoiceTotals({
            currency,
            lines: lines.map((l) => toLineInput(l, false)),
            roundOff,
          });
          const { lines: _b, ...b } = computeInvoiceTotals({
            currency,
            lines: shuffled.map((l) => toLineInput(l, false)),
            roundOff,
          });
          expect(b).toEqual(a);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("leaves a line at its gross when discount and tax are zero", () => {
    fc.assert(
      fc.property(
        currencyArb,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (currency, qMilli, rateMinor) => {
          const exponent = exponentOf[currency];
          const line = computeLineTotals(
            {
              quantity: decimalText(qMilli, 3),
              rate: decimalText(rateMinor, exponent),
              discountPercent: 0,
              taxPercent: "0",
            },
            currency,
          );
          expect(line.discountMinor).toBe(0);
          expect(line.taxMinor).toBe(0);
          expect(line.amountMinor).toBe(line.grossMinor);
          expect(line.grossMinor).toBe(Number(roundNonNegative(BigInt(qMilli) * BigInt(rateMinor), 1000n)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
