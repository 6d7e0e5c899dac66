import { currencyOf } from "./currencies";
import { parseScaled, roundHalfAwayFromZero } from "./decimal";
import { DomainError } from "./errors";
import { type HsnSummaryRow, hsnSummary, uqcOfLine } from "./gst-hsn-summary";
import type { TaxSplit } from "./gst-supply";
import { type GstComponents, type GstTotalsOption, lineGstComponents } from "./gst-tax";

// DECISIONS §5: every amount is an integer count of the currency's minor unit, each line is
// rounded once per step (half away from zero), and the invoice sums the rounded lines. Editor,
// server and PDF all call this module, so they always agree to the paisa.

export interface LineInput {
  quantity: number | string;
  /** Major units of the invoice currency (rupees, not paise), at most the currency's decimals. */
  rate: number | string;
  discountPercent?: number | string;
  taxPercent?: number | string;
  // Read only for the GST HSN summary (the `gst` option); retail totals ignore them.
  name?: string;
  hsnSac?: string;
  unit?: string;
  uqc?: string;
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

/** A line of a GST invoice: `taxMinor` is the sum of its components. */
export interface GstLineTotals extends LineTotals, GstComponents {}

/** One rate's totals on a GST invoice, with its components. */
export interface GstTaxRateTotal extends TaxRateTotal, GstComponents {}

/**
 * Totals of a GST invoice (computeInvoiceTotals with the `gst` option). `taxMinor` is the sum
 * of the components. Under reverse charge the tax is shown but `totalMinor` is the taxable
 * value (plus round-off); with `taxCharged` false (bill of supply, export under LUT) every
 * component is 0.
 */
export interface GstInvoiceTotals extends InvoiceTotals, GstComponents {
  lines: GstLineTotals[];
  taxByRate: GstTaxRateTotal[];
  split: TaxSplit;
  reverseCharge: boolean;
  taxCharged: boolean;
  hsnSummary: HsnSummaryRow[];
}

/** True for totals computed with the `gst` option (stored documents keep them as they are). */
export function isGstTotals(totals: InvoiceTotals): totals is GstInvoiceTotals {
  return "split" in totals && "cgstMinor" in totals;
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

export interface InvoiceTotalsInput {
  currency: string;
  lines: LineInput[];
  roundOff?: boolean;
  /** GST invoices only (decision 0033); without it the retail rule applies, unchanged. */
  gst?: GstTotalsOption;
}

/** The invoice's totals: retail (DECISIONS §5) or, with `gst`, split into components. */
export function computeInvoiceTotals(input: InvoiceTotalsInput & { gst: GstTotalsOption }): GstInvoiceTotals;
export function computeInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals;
export function computeInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals | GstInvoiceTotals {
  if (input.gst) return computeGstInvoiceTotals(input, input.gst);
  return computeRetailInvoiceTotals(input);
}

function computeRetailInvoiceTotals(input: InvoiceTotalsInput): InvoiceTotals {
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

function roundOffOf(amount: bigint, exponent: number, roundOff: boolean | undefined): bigint {
  if (!roundOff || exponent === 0) return 0n;
  const unit = 10n ** BigInt(exponent);
  return roundHalfAwayFromZero(amount, unit) * unit - amount;
}

const rateOf = (basis: bigint) => Number(basis) / 10 ** PERCENT_DECIMALS;

// Decision 0033: the retail steps up to the taxable value, then each component once per line.
function computeGstInvoiceTotals(input: InvoiceTotalsInput, option: GstTotalsOption): GstInvoiceTotals {
  const { exponent } = currencyOf(input.currency);
  const reverseCharge = option.reverseCharge === true;
  const scaledLines = input.lines.map((line, i) => scaleOrThrow(line, input.currency, i));

  const sum = { gross: 0n, discount: 0n, taxable: 0n, tax: 0n, amount: 0n, cgst: 0n, sgst: 0n, igst: 0n };
  const byRate = new Map<
    bigint,
    { taxable: bigint; tax: bigint; cgst: bigint; sgst: bigint; igst: bigint }
  >();
  const lines: GstLineTotals[] = [];
  const hsnLines = scaledLines.map((scaled, i) => {
    const retail = computeExactLine(scaled);
    const parts = lineGstComponents(retail.taxable, scaled.taxBasis, option);
    const tax = parts.cgst + parts.sgst + parts.igst;
    const amount = reverseCharge ? retail.taxable : retail.taxable + tax;
    sum.gross += retail.gross;
    sum.discount += retail.discount;
    sum.taxable += retail.taxable;
    sum.tax += tax;
    sum.amount += amount;
    sum.cgst += parts.cgst;
    sum.sgst += parts.sgst;
    sum.igst += parts.igst;
    const group = byRate.get(scaled.taxBasis) ?? { taxable: 0n, tax: 0n, cgst: 0n, sgst: 0n, igst: 0n };
    group.taxable += retail.taxable;
    group.tax += tax;
    group.cgst += parts.cgst;
    group.sgst += parts.sgst;
    group.igst += parts.igst;
    byRate.set(scaled.taxBasis, group);
    const line: GstLineTotals = {
      ...presentLine({ ...retail, tax, amount }),
      cgstMinor: toSafeNumber(parts.cgst),
      sgstMinor: toSafeNumber(parts.sgst),
      igstMinor: toSafeNumber(parts.igst),
      cessMinor: 0,
    };
    lines.push(line);
    const source = input.lines[i];
    return {
      hsnSac: source.hsnSac ?? "",
      uqc: uqcOfLine(source),
      rateBasis: Number(scaled.taxBasis),
      description: source.name ?? "",
      quantityMilli: toSafeNumber(scaled.quantityMilli),
      taxableMinor: line.taxableMinor,
      igstMinor: line.igstMinor,
      cgstMinor: line.cgstMinor,
      sgstMinor: line.sgstMinor,
      chargedMinor: reverseCharge ? 0 : line.taxMinor,
    };
  });

  const roundOff = roundOffOf(sum.amount, exponent, input.roundOff);
  const taxByRate = [...byRate.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([basis, group]) => ({
      ratePercent: rateOf(basis),
      taxableMinor: toSafeNumber(group.taxable),
      taxMinor: toSafeNumber(group.tax),
      cgstMinor: toSafeNumber(group.cgst),
      sgstMinor: toSafeNumber(group.sgst),
      igstMinor: toSafeNumber(group.igst),
      cessMinor: 0,
    }));

  return {
    lines,
    subtotalMinor: toSafeNumber(sum.gross),
    discountMinor: toSafeNumber(sum.discount),
    taxableMinor: toSafeNumber(sum.taxable),
    taxMinor: toSafeNumber(sum.tax),
    taxByRate,
    roundOffMinor: toSafeNumber(roundOff),
    totalMinor: toSafeNumber(sum.amount + roundOff),
    cgstMinor: toSafeNumber(sum.cgst),
    sgstMinor: toSafeNumber(sum.sgst),
    igstMinor: toSafeNumber(sum.igst),
    cessMinor: 0,
    split: option.split,
    reverseCharge,
    taxCharged: option.chargeTax !== false,
    hsnSummary: hsnSummary(hsnLines),
  };
}
