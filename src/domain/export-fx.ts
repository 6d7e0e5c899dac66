import { z } from "zod";
import { currencyOf } from "./currencies";
import { formatScaled, parseScaled, roundHalfAwayFromZero } from "./decimal";
import { type GstTotalsOption, lineGstComponents } from "./gst-tax";
import { isoDate } from "./iso-date";
import type { InvoiceTotals } from "./totals";

// An invoice in a foreign currency, in rupees (issue 34 part 2; decision 0089). CGST Rule 34: the
// value is converted at the rate of the date of supply, CBIC's notified customs (export) rate for
// goods, a rate by generally accepted accounting principles (FBIL's reference rate, the bank's TT
// buying rate) for services. The user enters the rate, its date and names its source; each line's
// taxable value is converted to paise once (half away from zero), the tax is worked out on those
// rupees, and the rupee totals are sums of the converted lines: never the foreign total times the
// rate, which can differ by a paisa (research §4.6 case 3).

export const RATE_DECIMALS = 4;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);

export const FX_SOURCES = ["cbic_customs", "fbil_reference", "bank_tt_buying", "other"] as const;
export type FxSource = (typeof FX_SOURCES)[number];

export const FX_SOURCE_LABELS: Readonly<Record<FxSource, string>> = Object.freeze({
  cbic_customs: "CBIC notified customs rate (goods)",
  fbil_reference: "FBIL reference rate (services)",
  bank_tt_buying: "Bank's TT buying rate (services)",
  other: "Other (named below)",
});

export const FX_MESSAGES = {
  rate: "Enter the exchange rate in rupees for one unit, with at most 4 decimals, like 83.1200.",
  required: "Enter the exchange rate, its date and its source: GST needs this invoice's value in rupees.",
  sourceNote: "Name the rate's source (for example the bank).",
} as const;

/** A rate as text in rupees per unit, at most 4 decimals, above 0; kept as "83.1200". */
const rateText = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const scaled = parseScaled(String(v).trim(), RATE_DECIMALS);
  if (scaled === null || scaled <= 0 || scaled > 10_000_000 * 10 ** RATE_DECIMALS) {
    ctx.addIssue({ code: "custom", message: FX_MESSAGES.rate });
    return z.NEVER;
  }
  return formatScaled(scaled, RATE_DECIMALS);
});

/** The exchange rate of an invoice in a foreign currency: entered, dated, its source named. */
export const exchangeRateSchema = z
  .object({
    rate: rateText,
    /** The date the rate is for (the date of supply; Rule 34). */
    rateDate: isoDate,
    source: z.enum(FX_SOURCES),
    /** The bank or notification the rate is from; required for "other". */
    sourceNote: z.string().trim().max(100, "Must be at most 100 characters.").default(""),
  })
  .superRefine((fx, ctx) => {
    if (fx.source === "other" && fx.sourceNote === "")
      ctx.addIssue({ code: "custom", path: ["sourceNote"], message: FX_MESSAGES.sourceNote });
  });
export type ExchangeRate = z.output<typeof exchangeRateSchema>;

/** "83.1200" as 831200n (ten-thousandths of a rupee). */
function rateBasis(rate: string): bigint {
  const scaled = parseScaled(rate, RATE_DECIMALS);
  if (scaled === null || scaled <= 0) throw new RangeError(`Not an exchange rate: ${rate}`);
  return BigInt(scaled);
}

/**
 * `minor` units of `currency` in paise at `rate` rupees per unit, rounded once, half away from
 * zero: USD 1,000.00 (100000 cents) at 83.1200 is 8312000 paise; JPY (no minor unit) works too.
 */
export function toPaise(minor: number, currency: string, rate: string): number {
  const { exponent } = currencyOf(currency);
  const paise = roundHalfAwayFromZero(
    BigInt(minor) * rateBasis(rate) * 100n,
    10n ** BigInt(exponent) * RATE_SCALE,
  );
  return Number(paise);
}

/** The discount, taxable value and taxes in rupees, of a line or of the invoice; `taxMinor` sums the components. */
export interface InrTaxFigures {
  discountMinor: number;
  taxableMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  cessMinor: number;
  taxMinor: number;
}

/** One line in rupees. */
export interface InrLineTotals extends InrTaxFigures {
  grossMinor: number;
  amountMinor: number;
}

/** The invoice in rupees: the rate it was converted at, each line, and the sums of the lines. */
export interface InrTotals extends InrTaxFigures {
  currency: string;
  rate: string;
  rateDate: string;
  source: FxSource;
  sourceNote: string;
  lines: InrLineTotals[];
  subtotalMinor: number;
  roundOffMinor: 0;
  /** The invoice value in rupees: taxable plus tax (taxable alone under reverse charge). */
  totalMinor: number;
}

/**
 * The rupee side of an invoice from its foreign-currency totals: each line's gross and taxable
 * value converted once (the discount is their difference), its tax on the rupee taxable value at
 * the line's rate with the invoice's GST option (retail: one tax, rounded as retail lines are),
 * and the totals the sums of the lines. The foreign round-off is not converted.
 */
export function computeInrTotals(
  totals: Pick<InvoiceTotals, "lines">,
  items: { taxPercent?: number | string }[],
  currency: string,
  fx: ExchangeRate,
  gst: GstTotalsOption | null,
): InrTotals {
  const option: GstTotalsOption = gst ?? { split: "igst" };
  const reverseCharge = gst?.reverseCharge === true;
  const lines = totals.lines.map((line, i): InrLineTotals => {
    const grossMinor = toPaise(line.grossMinor, currency, fx.rate);
    const taxableMinor = toPaise(line.taxableMinor, currency, fx.rate);
    const basis = BigInt(parseScaled(items[i]?.taxPercent ?? "0", 2) ?? 0);
    const parts = lineGstComponents(BigInt(taxableMinor), basis, option);
    const cgstMinor = gst ? Number(parts.cgst) : 0;
    const sgstMinor = gst ? Number(parts.sgst) : 0;
    const igstMinor = gst ? Number(parts.igst) : 0;
    const taxMinor = gst ? cgstMinor + sgstMinor + igstMinor : Number(parts.igst);
    return {
      grossMinor,
      discountMinor: grossMinor - taxableMinor,
      taxableMinor,
      cgstMinor,
      sgstMinor,
      igstMinor,
      cessMinor: 0,
      taxMinor,
      amountMinor: reverseCharge ? taxableMinor : taxableMinor + taxMinor,
    };
  });
  const sum = (key: keyof InrLineTotals) => lines.reduce((s, l) => s + l[key], 0);
  return {
    currency,
    rate: fx.rate,
    rateDate: fx.rateDate,
    source: fx.source,
    sourceNote: fx.sourceNote,
    lines,
    subtotalMinor: sum("grossMinor"),
    discountMinor: sum("discountMinor"),
    taxableMinor: sum("taxableMinor"),
    cgstMinor: sum("cgstMinor"),
    sgstMinor: sum("sgstMinor"),
    igstMinor: sum("igstMinor"),
    cessMinor: 0,
    taxMinor: sum("taxMinor"),
    roundOffMinor: 0,
    totalMinor: sum("amountMinor"),
  };
}

/**
 * The rupees a payment of `paidMinor` (invoice currency) is worth at the invoice's rate: the
 * invoice's rupee value in proportion, so paying the whole invoice is worth exactly its rupee value.
 */
export function inrAtInvoiceRate(paidMinor: number, totalMinor: number, inrTotalMinor: number): number {
  if (totalMinor <= 0) return 0;
  return Number(roundHalfAwayFromZero(BigInt(paidMinor) * BigInt(inrTotalMinor), BigInt(totalMinor)));
}

/**
 * Exchange gain (positive) or loss (negative) on a realisation: the rupees the bank credited less
 * the rupees the paid amount was worth at the invoice's rate. Not a GST adjustment (research §4.5).
 */
export function exchangeDifference(
  payment: { amountMinor: number; inrCreditedMinor: number },
  invoice: { totalMinor: number; inrTotalMinor: number },
): number {
  return (
    payment.inrCreditedMinor -
    inrAtInvoiceRate(payment.amountMinor, invoice.totalMinor, invoice.inrTotalMinor)
  );
}
