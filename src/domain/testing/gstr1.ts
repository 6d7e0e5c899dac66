// What the GSTR-1 tests share: a sale to a walk-in buyer and a line of laptops.
import type { Gstr1Line } from "../gst-gstr1";

/** An invoice from a Maharashtra seller to an unregistered buyer in Maharashtra, on `date`. */
export const walkInSale = (date: string) =>
  ({
    kind: "invoice",
    date,
    cancelled: false,
    recipientGstin: null,
    recipientName: "Walk-in",
    placeOfSupply: "27",
    supplierStateCode: "27",
    reverseCharge: false,
    exportType: "none",
  }) as const;

/** A line of one laptop (HSN 8471) at `rate` %, `taxable` and `tax` in paise; `more` changes the rest. */
export function laptopLine(
  rate: number,
  taxable: number,
  tax: { igst?: number; cgst?: number; sgst?: number },
  more: Partial<Gstr1Line> = {},
): Gstr1Line {
  return {
    hsnSac: "8471",
    description: "Laptop",
    uqc: "NOS",
    quantity: "1",
    isService: false,
    ratePercent: rate,
    taxableMinor: taxable,
    igstMinor: tax.igst ?? 0,
    cgstMinor: tax.cgst ?? 0,
    sgstMinor: tax.sgst ?? 0,
    cessMinor: 0,
    ...more,
  };
}
