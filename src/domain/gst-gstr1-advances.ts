import { rupeesNumber as rupees } from "./decimal";
import { advanceTax } from "./gst-advances";
import type { Gstr1Advance, Gstr1AdvanceRow } from "./gst-gstr1-types";

// GSTR-1 Tables 11A and 11B (decision 0098), keys as india-compliance's `AT` and `TXPD` mappers
// write them (`gstr_1_json_map.py`): `[{pos, sply_ty, itms: [{rt, ad_amt, iamt, camt, samt, csamt}]}]`.
// 11A (`at`): the part of an advance received in the month that no invoice of the month took.
// 11B (`txpd`): the part of an earlier month's advance applied to an invoice in this month.
// An advance received and applied in the same month is in neither: the invoice reports the supply.
// Each advance's part is taxed on its own (gst-advances.ts's rule) and the parts summed in paise.

const monthOf = (isoDate: string) => isoDate.slice(0, 7);

interface Part {
  advance: Gstr1Advance;
  amountMinor: number;
}

function appliedIn(advance: Gstr1Advance, period: string): number {
  return advance.applied.filter((a) => monthOf(a.date) === period).reduce((sum, a) => sum + a.amountMinor, 0);
}

/** Table 11A's parts: each advance received in `period`, less what the month's invoices took of it. */
export function advancesReceivedParts(advances: Gstr1Advance[], period: string): Part[] {
  return advances
    .filter((a) => monthOf(a.receivedOn) === period)
    .map((advance) => ({ advance, amountMinor: advance.amountMinor - appliedIn(advance, period) }))
    .filter((p) => p.amountMinor > 0);
}

/** Table 11B's parts: what the month's invoices took of advances received in earlier months. */
export function advancesAdjustedParts(advances: Gstr1Advance[], period: string): Part[] {
  return advances
    .filter((a) => monthOf(a.receivedOn) < period)
    .map((advance) => ({ advance, amountMinor: appliedIn(advance, period) }))
    .filter((p) => p.amountMinor > 0);
}

type Sums = { taxable: number; igst: number; cgst: number; sgst: number };

/** Rows per place of supply (ascending), items per rate (ascending). */
export function gstr1AdvanceRows(parts: Part[]): Gstr1AdvanceRow[] {
  const rows = new Map<string, { inter: boolean; byRate: Map<number, Sums> }>();
  for (const { advance, amountMinor } of parts) {
    const pos = advance.placeOfSupply;
    const tax = advanceTax(amountMinor, advance.ratePercent, advance.split);
    const row = rows.get(pos) ?? { inter: advance.split === "igst", byRate: new Map<number, Sums>() };
    const sums = row.byRate.get(advance.ratePercent) ?? { taxable: 0, igst: 0, cgst: 0, sgst: 0 };
    sums.taxable += tax.taxableMinor;
    sums.igst += tax.igstMinor;
    sums.cgst += tax.cgstMinor;
    sums.sgst += tax.sgstMinor;
    row.byRate.set(advance.ratePercent, sums);
    rows.set(pos, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([pos, row]) => ({
      pos,
      sply_ty: row.inter ? "INTER" : "INTRA",
      itms: [...row.byRate.entries()]
        .sort(([a], [b]) => a - b)
        .map(([rt, s]) => ({
          rt,
          ad_amt: rupees(s.taxable),
          iamt: rupees(s.igst),
          camt: rupees(s.cgst),
          samt: rupees(s.sgst),
          csamt: 0,
        })),
    }));
}

/** Receipt vouchers issued in the month (Table 13, nature 6): every advance with a voucher number. */
export function receiptVouchersOf(advances: Gstr1Advance[], period: string) {
  return advances
    .filter((a) => a.voucherNumber && monthOf(a.receivedOn) === period)
    .map((a) => ({ nature: 6 as const, number: a.voucherNumber!, cancelled: false }));
}
