import { currencyOf } from "./currencies";
import { parseScaled, roundHalfAwayFromZero } from "./decimal";
import { DomainError } from "./errors";

// DECISIONS §5: every amount is an integer count of the currency's minor unit, each line is
// rounded once per step (half away from zero), and the invoice sums the rounded lines. Editor,
// server and PDF all call this module, so they always agree to the paisa.

export interface LineInput {
  quantity: number | string;
  /** Major units of the invoice currency (rupees, not paise), at most the currency's decimals. */
  rate: number | string;
  discountPercent?: number | string;
  taxPercent?: number | string;
}

export interface LineTotals {
  grossMinor: number;
  discountMinor: number;
  taxableMinor: number;
  taxMinor: number;
  amountMinor: number;
}

export interface TaxRateTotal {
  ratePercent: number;
  taxableMinor: number;
  taxMinor: number;
}

export interface InvoiceTotals {
  lines: LineTotals[];
  subtotalMinor: number;
  discountMinor: number;
  taxableMinor: number;
  taxMinor: number;
  /**
   * One entry per tax rate used by at least one line, rates ascending. A 0 % entry appears only
   * when a line has 0 % tax, so the entries' taxable amounts always add up to `taxableMinor`.
   */
  taxByRate: TaxRateTotal[];
  roundOffMinor: number;
  totalMinor: number;
}

export type LineField = "quantity" | "rate" | "discountPercent" | "taxPercent";

export interface LineProblem {
  field: LineField;
  message: string;
}

export const QUANTITY_DECIMALS = 3;
export const PERCENT_DECIMALS = 2;

const QUANTITY_DENOMINATOR = 10n ** BigInt(QUANTITY_DECIMALS);
// A percent with 2 decimals is an integer count of 1/10000ths.
const PERCENT_DENOMINATOR = 100n * 10n ** BigInt(PERCENT_DECIMALS);
const HUNDRED_PERCENT = 100 * 10 ** PERCENT_DECIMALS;

interface ScaledLine {
  quantityMilli: bigint;
  rateMinor: bigint;
  discountBasis: bigint;
  taxBasis: bigint;
}

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === "string" && v.trim() === "");
}

function readPercent(
  value: number | string | undefined,
  field: "discountPercent" | "taxPercent",
): number | LineProblem {
  if (isBlank(value)) return 0;
  const label = field === "discountPercent" ? "Discount %" : "Tax %";
  const scaled = parseScaled(value as number | string, PERCENT_DECIMALS);
  if (scaled === null || scaled < 0 || scaled > HUNDRED_PERCENT) {
    return { field, message: `${label} must be a number from 0 to 100 with at most 2 decimals.` };
  }
  return scaled;
}

function scaleLine(line: LineInput, currency: string): ScaledLine | LineProblem {
  const { exponent, code } = currencyOf(currency);

  const quantity = isBlank(line.quantity) ? null : parseScaled(line.quantity, QUANTITY_DECIMALS);
  if (quantity === null) {
    return { field: "quantity", message: "Quantity must be a number with at most 3 decimals." };
  }
  if (quantity < 0) return { field: "quantity", message: "Quantity cannot be negative." };

  const rate = isBlank(line.rate) ? null : parseScaled(line.rate, exponent);
  if (rate === null) {
    const message =
      exponent === 0
        ? `Rate must be a whole number in ${code}.`
        : `Rate must be a number with at most ${exponent} decimals.`;
    return { field: "rate", message };
  }
  if (rate < 0) return { field: "rate", message: "Rate cannot be negative." };

  const discount = readPercent(line.discountPercent, "discountPercent");
  if (typeof discount !== "number") return discount;
  const tax = readPercent(line.taxPercent, "taxPercent");
  if (typeof tax !== "number") return tax;

  return {
    quantityMilli: BigInt(quantity),
    rateMinor: BigInt(rate),
    discountBasis: BigInt(discount),
    taxBasis: BigInt(tax),
  };
}

/** The first problem with a line, in the order the editor shows its fields, or null. */
export function validateLine(line: LineInput, currency: string): LineProblem | null {
  const scaled = scaleLine(line, currency);
  return "field" in scaled ? scaled : null;
}

const SAFE_MAX = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeNumber(value: bigint): number {
  if (value > SAFE_MAX || value < -SAFE_MAX) {
    throw new DomainError("AMOUNT_TOO_LARGE", "The amount is too large for an invoice.");
  }
  return Number(value);
}

interface ExactLine {
  gross: bigint;
  discount: bigint;
  taxable: bigint;
  tax: bigint;
  amount: bigint;
}

function computeExactLine(line: ScaledLine): ExactLine {
  const gross = roundHalfAwayFromZero(line.quantityMilli * line.rateMinor, QUANTITY_DENOMINATOR);
  const discount = roundHalfAwayFromZero(gross * line.discountBasis, PERCENT_DENOMINATOR);
  const taxable = gross - discount;
  const tax = roundHalfAwayFromZero(taxable * line.taxBasis, PERCENT_DENOMINATOR);
  return { gross, discount, taxable, tax, amount: taxable + tax };
}

function scaleOrThrow(line: LineInput, currency: string, index: number): ScaledLine {
  const scaled = scaleLine(line, currency);
  if ("field" in scaled) {
    throw new DomainError("INVALID_LINE", `Item ${index + 1}: ${scaled.message}`, scaled.field);
  }
  return scaled;
}

function presentLine(exact: ExactLine): LineTotals {
  return {
    grossMinor: toSafeNumber(exact.gross),
    discountMinor: toSafeNumber(exact.discount),
    taxableMinor: toSafeNumber(exact.taxable),
    taxMinor: toSafeNumber(exact.tax),
    amountMinor: toSafeNumber(exact.amount),
  };
}

/** Totals of one line; throws DomainError when the line is invalid or too large. */
export function computeLineTotals(line: LineInput, currency: string): LineTotals {
  return presentLine(computeExactLine(scaleOrThrow(line, currency, 0)));
}

export function computeInvoiceTotals(input: {
  currency: string;
  lines: LineInput[];
  roundOff?: boolean;
}): InvoiceTotals {
  const { exponent } = currencyOf(input.currency);
  const scaledLines = input.lines.map((line, i) => scaleOrThrow(line, input.currency, i));
  const exactLines = scaledLines.map(computeExactLine);

  let subtotal = 0n;
  let discount = 0n;
  let taxable = 0n;
  let tax = 0n;
  let amount = 0n;
  const byRate = new Map<bigint, { taxable: bigint; tax: bigint }>();
  exactLines.forEach((line, i) => {
    subtotal += line.gross;
    discount += line.discount;
    taxable += line.taxable;
    tax += line.tax;
    amount += line.amount;
    const rate = scaledLines[i].taxBasis;
    const group = byRate.get(rate) ?? { taxable: 0n, tax: 0n };
    group.taxable += line.taxable;
    group.tax += line.tax;
    byRate.set(rate, group);
  });

  let roundOff = 0n;
  if (input.roundOff && exponent > 0) {
    const unit = 10n ** BigInt(exponent);
    roundOff = roundHalfAwayFromZero(amount, unit) * unit - amount;
  }

  const taxByRate = [...byRate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([basis, group]) => ({
      // Display value only (e.g. 18 or 2.5); the division yields the same double as Number("2.5").
      ratePercent: Number(basis) / 10 ** PERCENT_DECIMALS,
      taxableMinor: toSafeNumber(group.taxable),
      taxMinor: toSafeNumber(group.tax),
    }));

  return {
    lines: exactLines.map(presentLine),
    subtotalMinor: toSafeNumber(subtotal),
    discountMinor: toSafeNumber(discount),
    taxableMinor: toSafeNumber(taxable),
    taxMinor: toSafeNumber(tax),
    taxByRate,
    roundOffMinor: toSafeNumber(roundOff),
    totalMinor: toSafeNumber(amount + roundOff),
  };
}
