import { roundHalfAwayFromZero } from "./decimal";
import type { TaxSplit } from "./gst-supply";

// The GST components of one line (decision 0033). The taxable value is the line's gross less
// its discount (each already rounded to paise, as for retail). Each component is then rounded
// once, half away from zero, on that line: CGST = SGST (or UTGST) = round(taxable × rate / 2),
// IGST = round(taxable × rate). So CGST equals SGST on every line, CGST + SGST differs from
// the IGST of the same line by at most one paisa, and the invoice's totals are sums of lines.

/** How an invoice's tax is worked out; passed to computeInvoiceTotals as its `gst` option. */
export interface GstTotalsOption {
  split: TaxSplit;
  /** The recipient pays the tax: computed and shown, not added to the amount payable. */
  reverseCharge?: boolean;
  /**
   * False for a bill of supply and an export under LUT or bond: every component is 0 and no
   * tax is charged, while each line keeps its rate for reporting. Default true.
   */
  chargeTax?: boolean;
}

/** Tax components in minor units. `sgstMinor` holds SGST or UTGST, as the split says. */
export interface GstComponents {
  cgstMinor: number;
  sgstMinor: number;
  igstMinor: number;
  /** Compensation cess is not supported yet; always 0. */
  cessMinor: number;
}

export interface ExactGstComponents {
  cgst: bigint;
  sgst: bigint;
  igst: bigint;
}

/**
 * The components of one line: `taxable` in minor units, `rateBasis` in hundredths of a percent
 * (1800 = 18 %), as totals.ts reads them.
 */
export function lineGstComponents(
  taxable: bigint,
  rateBasis: bigint,
  option: GstTotalsOption,
): ExactGstComponents {
  if (option.chargeTax === false) return { cgst: 0n, sgst: 0n, igst: 0n };
  if (option.split === "igst") {
    return { cgst: 0n, sgst: 0n, igst: roundHalfAwayFromZero(taxable * rateBasis, 10_000n) };
  }
  const half = roundHalfAwayFromZero(taxable * rateBasis, 20_000n);
  return { cgst: half, sgst: half, igst: 0n };
}
