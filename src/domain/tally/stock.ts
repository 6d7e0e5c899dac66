import { UQC_DESCRIPTIONS, type Uqc } from "../gst-uqc";
import type { TallyDocument, TallyItemLine } from "./documents";
import { rateKey, TALLY_NAME_MAX, type TallyRelease } from "./mapping";
import { DUTY_HEADS, gstRateDetails } from "./masters";
import { tallyName } from "./parties";
import { el, tallyEnum, tx, type XmlNode } from "./xml";

// Item invoices (issue 32 part 1; decision 0080 addendum; research §1.3 f, §1.5 B): a UNIT master
// per UQC used and a STOCKITEM master per distinct item of the period's documents. An item is told
// apart by its name (Tally names ignore case), HSN/SAC, unit and GST rate; two items with one name
// get those details after it, as two clients with one name get their GSTIN.

/** Tally's unit name for a UQC: "Nos", "Pcs", "Kgs" (the unit is a user master; Tally's own spelling is "Nos"). */
export const tallyUnitName = (uqc: Uqc) => uqc.charAt(0) + uqc.slice(1).toLowerCase();

export interface TallyStockItem {
  key: string;
  name: string;
  hsnSac: string;
  uqc: Uqc;
  ratePercent: number;
  services: boolean;
}

const baseName = (line: TallyItemLine) => tallyName(line.name) || "Item";
export const stockItemKey = (line: TallyItemLine) =>
  [baseName(line).toLowerCase(), line.hsnSac, line.uqc, rateKey(line.ratePercent)].join("|");

/** Quantity decimals a unit needs: Tally rounds a quantity to its unit's DECIMALPLACES. */
const decimalsOf = (quantity: string) => quantity.split(".")[1]?.length ?? 0;

/** The stock items of the documents' item lines (live documents only), by key, and the units they use. */
export function collectStockItems(documents: TallyDocument[]): {
  items: Map<string, TallyStockItem>;
  units: Map<Uqc, number>;
} {
  const found = new Map<string, { line: TallyItemLine; base: string }>();
  const units = new Map<Uqc, number>();
  for (const d of documents) {
    if (d.cancelled) continue;
    for (const line of d.lines ?? []) {
      const key = stockItemKey(line);
      if (!found.has(key)) found.set(key, { line, base: baseName(line) });
      units.set(line.uqc, Math.max(units.get(line.uqc) ?? 0, decimalsOf(line.quantity)));
    }
  }
  const byBase = new Map<string, number>();
  for (const { base } of found.values())
    byBase.set(base.toLowerCase(), (byBase.get(base.toLowerCase()) ?? 0) + 1);
  const items = new Map<string, TallyStockItem>();
  for (const key of [...found.keys()].sort()) {
    const { line, base } = found.get(key)!;
    const suffix = `${line.hsnSac || "no HSN"}, ${tallyUnitName(line.uqc)}, ${rateKey(line.ratePercent)}%`;
    const name =
      (byBase.get(base.toLowerCase()) ?? 0) > 1
        ? `${base.slice(0, TALLY_NAME_MAX - suffix.length - 3).trim()} (${suffix})`
        : base;
    items.set(key, {
      key,
      name,
      hsnSac: line.hsnSac,
      uqc: line.uqc,
      ratePercent: line.ratePercent,
      services: line.services,
    });
  }
  return { items, units };
}

export function unitMaster(uqc: Uqc, decimals: number): XmlNode {
  const name = tallyUnitName(uqc);
  return el(
    "UNIT",
    [
      tx("NAME", name),
      tx("ISSIMPLEUNIT", "Yes"),
      tx("FORMALNAME", UQC_DESCRIPTIONS[uqc]),
      // The UQC the unit reports under in GSTR-1's HSN summary ("NOS-NUMBERS"; UNVERIFIED tag).
      tx("GSTREPUOM", `${uqc}-${UQC_DESCRIPTIONS[uqc]}`),
      tx("DECIMALPLACES", String(Math.min(decimals, 4))),
    ],
    [
      ["NAME", name],
      ["ACTION", "Create"],
    ],
  );
}

const APPLICABLE_FROM = "20170701";

export function stockItemMaster(item: TallyStockItem, release: TallyRelease): XmlNode {
  const unit = tallyUnitName(item.uqc);
  return el(
    "STOCKITEM",
    [
      el("NAME.LIST", [tx("NAME", item.name)], [["TYPE", "String"]]),
      // Primary: Tally's own top stock group.
      tx("PARENT", ""),
      tx("BASEUNITS", unit),
      tallyEnum("GSTAPPLICABLE", "Applicable"),
      tx("GSTTYPEOFSUPPLY", item.services ? "Services" : "Goods"),
      el("GSTDETAILS.LIST", [
        tx("APPLICABLEFROM", APPLICABLE_FROM),
        // The HSN's place before TallyPrime 3.0 (and still read by it).
        item.hsnSac ? tx("HSNCODE", item.hsnSac) : null,
        tx("TAXABILITY", item.ratePercent === 0 ? "Nil Rated" : "Taxable"),
        el("STATEWISEDETAILS.LIST", [
          tallyEnum("STATENAME", "Any"),
          ...gstRateDetails(DUTY_HEADS[release], item.ratePercent),
        ]),
      ]),
      release === "prime3" && item.hsnSac
        ? el("HSNDETAILS.LIST", [
            tx("APPLICABLEFROM", APPLICABLE_FROM),
            tx("HSNCODE", item.hsnSac),
            tx("SRCOFHSNDETAILS", "Specify Details Here"),
          ])
        : null,
    ],
    [
      ["NAME", item.name],
      ["ACTION", "Create"],
    ],
  );
}

/** The masters of item mode: units first (stock items name them), then the stock items by name. */
export function stockMasters(documents: TallyDocument[], release: TallyRelease): XmlNode[] {
  const { items, units } = collectStockItems(documents);
  return [
    ...[...units].sort(([a], [b]) => a.localeCompare(b)).map(([uqc, d]) => unitMaster(uqc, d)),
    ...[...items.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((item) => stockItemMaster(item, release)),
  ];
}
