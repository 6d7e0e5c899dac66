import { formatScaled } from "./decimal";
import { isUqc, type Uqc, uqcForUnit } from "./gst-uqc";
import { entryOf } from "./maps";

// The HSN summary printed under a tax invoice and reported in GSTR-1 Table 12: one row per
// HSN/SAC, UQC and rate, with the total quantity, taxable value and each tax component.

export interface HsnSummaryRow {
  /** The code as typed on the lines ("" when the lines have none). */
  hsnSac: string;
  uqc: Uqc;
  ratePercent: number;
  /** The first line's item name in this group. */
  description: string;
  /** Total quantity in thousandths, and as text with 3 decimals ("12.500"). */
  quantityMilli: number;
  quantity: string;
  taxableMinor: number;
  igstMinor: number;
  cgstMinor: number;
  /** SGST or UTGST. */
  sgstMinor: number;
  cessMinor: number;
  /** Taxable value plus the tax charged. */
  totalValueMinor: number;
}

/** A SAC (services accounting code) starts with 99; services have no quantity unit (OTH). */
export function isServiceCode(hsnSac: string): boolean {
  return /^99/.test(hsnSac.trim());
}

/** The UQC of a line: the chosen one, else a guess from its unit text and HSN/SAC. */
export function uqcOfLine(line: { uqc?: string; unit?: string; hsnSac?: string }): Uqc {
  const chosen = (line.uqc ?? "").trim().toUpperCase();
  if (isUqc(chosen)) return chosen;
  return uqcForUnit(line.unit ?? "", { isService: isServiceCode(line.hsnSac ?? "") });
}

export interface HsnSummaryLine {
  hsnSac: string;
  uqc: Uqc;
  /** Hundredths of a percent (1800 = 18 %). */
  rateBasis: number;
  description: string;
  quantityMilli: number;
  taxableMinor: number;
  igstMinor: number;
  cgstMinor: number;
  sgstMinor: number;
  /** The tax charged on the line (0 under reverse charge, LUT export or a bill of supply). */
  chargedMinor: number;
}

/** Rows ordered by HSN/SAC, then UQC, then rate. */
export function hsnSummary(lines: HsnSummaryLine[]): HsnSummaryRow[] {
  const groups = new Map<string, HsnSummaryRow & { rateBasis: number }>();
  for (const line of lines) {
    const hsnSac = line.hsnSac.trim();
    const row = entryOf(groups, `${hsnSac}|${line.uqc}|${line.rateBasis}`, () => ({
      hsnSac,
      uqc: line.uqc,
      rateBasis: line.rateBasis,
      ratePercent: line.rateBasis / 100,
      description: line.description,
      quantityMilli: 0,
      quantity: "",
      taxableMinor: 0,
      igstMinor: 0,
      cgstMinor: 0,
      sgstMinor: 0,
      cessMinor: 0,
      totalValueMinor: 0,
    }));
    row.quantityMilli += line.quantityMilli;
    row.taxableMinor += line.taxableMinor;
    row.igstMinor += line.igstMinor;
    row.cgstMinor += line.cgstMinor;
    row.sgstMinor += line.sgstMinor;
    row.totalValueMinor += line.taxableMinor + line.chargedMinor;
  }
  return [...groups.values()]
    .sort(
      (a, b) =>
        (a.hsnSac < b.hsnSac ? -1 : a.hsnSac > b.hsnSac ? 1 : 0) ||
        (a.uqc < b.uqc ? -1 : a.uqc > b.uqc ? 1 : 0) ||
        a.rateBasis - b.rateBasis,
    )
    .map(({ rateBasis: _basis, ...row }) => ({ ...row, quantity: formatScaled(row.quantityMilli, 3) }));
}
