import { roundHalfAwayFromZero } from "./decimal";
import { isPlaceOfSupplyCode, OTHER_COUNTRY } from "./gst-states";
import { type TaxSplit, taxSplitFor } from "./gst-supply";
import { lineGstComponents } from "./gst-tax";

// GST on an advance received for a service (decision 0098). CGST Act s.13(2): the time of supply
// of a service is the earlier of the invoice and the receipt of payment, so an advance for a
// service is taxed when it comes in; CGST Rule 50 asks for a receipt voucher. Advances for goods
// are not (notification 66/2017-Central Tax), nor is anything received by a business not
// registered as a regular taxpayer.
//
// An advance is tax-inclusive: the client paid the amount, and the tax is inside it.
// Rounding rule (stated once, tested in gst-advances.test.ts):
//   1. t0 = amount × 100 / (100 + rate), rounded half away from zero to the paisa;
//   2. the tax components are worked out on t0 exactly as an invoice line's are (gst-tax.ts:
//      CGST = SGST = round(t0 × rate / 200), IGST = round(t0 × rate / 100));
//   3. the taxable value is what is left: amount − the components.
// So taxable + tax is always the amount received, CGST always equals SGST, and the tax differs
// from the taxable value × rate by at most a paisa or two (t0 and the taxable differ by at most
// the rounding of the components).

/** The GST rates an advance for a service may carry: the slabs of the GST rate schedules. */
export const ADVANCE_GST_RATES = [5, 12, 18, 28, 40] as const;
export const DEFAULT_ADVANCE_GST_RATE = 18;

export interface AdvanceTax {
  taxableMinor: number;
  cgstMinor: number;
  /** SGST, or UTGST in a union territory without legislature (the split says which). */
  sgstMinor: number;
  igstMinor: number;
}

/** The GST inside a tax-inclusive amount (paise) at `ratePercent` with this split. */
export function advanceTax(amountMinor: number, ratePercent: number, split: TaxSplit): AdvanceTax {
  if (!Number.isSafeInteger(amountMinor) || amountMinor < 0) {
    throw new RangeError(`An advance is a whole number of paise, not ${amountMinor}`);
  }
  const rateBasis = BigInt(Math.round(ratePercent * 100));
  const amount = BigInt(amountMinor);
  const t0 = roundHalfAwayFromZero(amount * 10_000n, 10_000n + rateBasis);
  const c = lineGstComponents(t0, rateBasis, { split });
  return {
    taxableMinor: Number(amount - c.cgst - c.sgst - c.igst),
    cgstMinor: Number(c.cgst),
    sgstMinor: Number(c.sgst),
    igstMinor: Number(c.igst),
  };
}

/** The tax of an advance by component, as the voucher and the Advances card name them. */
export function advanceTaxComponents(
  tax: AdvanceTax,
  split: TaxSplit,
): { name: "IGST" | "CGST" | "SGST" | "UTGST"; minor: number }[] {
  return split === "igst"
    ? [{ name: "IGST", minor: tax.igstMinor }]
    : [
        { name: "CGST", minor: tax.cgstMinor },
        { name: split === "cgst_utgst" ? "UTGST" : "SGST", minor: tax.sgstMinor },
      ];
}

/** How the tax of an advance is split: the invoices' rule, never an export (an advance in rupees). */
export function advanceTaxSplit(supplierStateCode: string, placeOfSupply: string): TaxSplit {
  return taxSplitFor(supplierStateCode, placeOfSupply, "none");
}

export const ADVANCE_GST_MESSAGES = {
  rate: `Choose a GST rate: ${ADVANCE_GST_RATES.join(", ")} %.`,
  placeOfSupply: "Choose the place of supply: the state where the client receives the service.",
  notRegistered:
    "GST on an advance is charged by a business registered as a regular GST taxpayer: set the registration in Settings, or record the advance without GST.",
  currency: "GST on an advance is worked out in rupees: record an advance in another currency without GST.",
  /** The form's hint when no tax applies. */
  hintGoods:
    "No GST on receipt: an advance for goods is taxed on the invoice (notification 66/2017-Central Tax).",
  hintUnregistered: "No GST on receipt: this business is not registered as a regular GST taxpayer.",
  hintServices:
    "GST is due on an advance for a service when it is received (CGST Act s.13): Bahi issues a receipt voucher and reports it in GSTR-1 (table 11A).",
} as const;

/** What is wrong with the GST choices of an advance for a service, by field; empty when none. */
export function advanceGstProblems(input: {
  registered: boolean;
  currency: string;
  ratePercent: number;
  placeOfSupply: string | null;
}): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.registered) problems.gst = ADVANCE_GST_MESSAGES.notRegistered;
  else if (input.currency !== "INR") problems.gst = ADVANCE_GST_MESSAGES.currency;
  if (!(ADVANCE_GST_RATES as readonly number[]).includes(input.ratePercent)) {
    problems["gst.ratePercent"] = ADVANCE_GST_MESSAGES.rate;
  }
  const pos = input.placeOfSupply;
  if (pos === null || !isPlaceOfSupplyCode(pos) || pos === OTHER_COUNTRY) {
    problems["gst.placeOfSupply"] = ADVANCE_GST_MESSAGES.placeOfSupply;
  }
  return problems;
}
