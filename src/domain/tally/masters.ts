import type { TallyDocument } from "./documents";
import { rateKey, salesLedgerFor, TALLY_CASH_LEDGER, type TallyMapping, type TallyRelease } from "./mapping";
import { type TallyParty, tallyStateName } from "./parties";
import { el, tallyEnum, tx, type XmlNode } from "./xml";

// The masters of the export (research §1.3; decision 0080): a Sundry Debtors ledger per party with
// both the flat GST tags older releases read and the dated lists TallyPrime 3+ reads, a sales
// ledger per rate used, one output tax ledger per duty head, the round-off ledger, and the bank
// ledgers only when the user asks Bahi to create them. Tally's own groups are never created.

/** The groups Bahi puts ledgers under: Tally's predefined ones. */
export const TALLY_GROUPS = {
  party: "Sundry Debtors",
  sales: "Sales Accounts",
  duty: "Duties & Taxes",
  roundOff: "Indirect Expenses",
  bank: "Bank Accounts",
} as const;

/** Duty heads per release (TallyConnector CommonENums; research §1.3 c). */
export const DUTY_HEADS: Record<TallyRelease, { cgst: string; sgst: string; igst: string }> = {
  prime3: { cgst: "CGST", sgst: "SGST/UTGST", igst: "IGST" },
  legacy: { cgst: "Central Tax", sgst: "State Tax", igst: "Integrated Tax" },
};

const APPLICABLE_FROM = "20170701";

const nameList = (name: string) => el("NAME.LIST", [tx("NAME", name)], [["TYPE", "String"]]);
const ledger = (name: string, children: (XmlNode | null)[]) =>
  el(
    "LEDGER",
    [nameList(name), ...children],
    [
      ["NAME", name],
      ["ACTION", "Create"],
    ],
  );

export function partyLedger(p: TallyParty, release: TallyRelease): XmlNode {
  const state = tallyStateName(p.stateCode);
  const address = () =>
    p.addressLines.length > 0
      ? el(
          "ADDRESS.LIST",
          p.addressLines.map((l) => tx("ADDRESS", l)),
          [["TYPE", "String"]],
        )
      : null;
  return ledger(p.name, [
    tx("PARENT", TALLY_GROUPS.party),
    tx("ISBILLWISEON", "Yes"),
    tx("OPENINGBALANCE", "0.00"),
    address(),
    tx("COUNTRYNAME", p.country),
    state ? tx("LEDSTATENAME", state) : null,
    p.pinCode ? tx("PINCODE", p.pinCode) : null,
    p.email ? tx("EMAIL", p.email) : null,
    p.phone ? tx("LEDGERMOBILE", p.phone) : null,
    p.gstin ? tx("INCOMETAXNUMBER", p.gstin.slice(2, 12)) : null,
    tx("GSTREGISTRATIONTYPE", p.registrationType),
    p.gstin ? tx("PARTYGSTIN", p.gstin) : null,
    release === "prime3"
      ? el("LEDGSTREGDETAILS.LIST", [
          tx("APPLICABLEFROM", APPLICABLE_FROM),
          tx("GSTREGISTRATIONTYPE", p.registrationType),
          state ? tx("STATE", state) : null,
          state ? tx("PLACEOFSUPPLY", state) : null,
          p.gstin ? tx("GSTIN", p.gstin) : null,
        ])
      : null,
    release === "prime3"
      ? el("LEDMAILINGDETAILS.LIST", [
          tx("APPLICABLEFROM", APPLICABLE_FROM),
          tx("MAILINGNAME", p.name),
          address(),
          state ? tx("STATE", state) : null,
          tx("COUNTRY", p.country),
          p.pinCode ? tx("PINCODE", p.pinCode) : null,
        ])
      : null,
  ]);
}

/** A rate's percent as Tally writes it: 18, 2.5, 0.125. */
const ratePercentText = (rate: number) => String(Number(rate.toFixed(3)));

/** The IGST, CGST and SGST rate details of a GST rate (a sales ledger's or a stock item's). */
export function gstRateDetails(
  heads: { cgst: string; sgst: string; igst: string },
  ratePercent: number,
): XmlNode[] {
  const rateDetail = (head: string, rate: number) =>
    el("RATEDETAILS.LIST", [
      tx("GSTRATEDUTYHEAD", head),
      tx("GSTRATEVALUATIONTYPE", "Based on Value"),
      tx("GSTRATE", ratePercentText(rate)),
    ]);
  return [
    rateDetail(heads.igst, ratePercent),
    rateDetail(heads.cgst, ratePercent / 2),
    rateDetail(heads.sgst, ratePercent / 2),
  ];
}

export function salesLedger(
  name: string,
  ratePercent: number,
  services: boolean,
  release: TallyRelease,
): XmlNode {
  return ledger(name, [
    tx("PARENT", TALLY_GROUPS.sales),
    tallyEnum("GSTAPPLICABLE", "Applicable"),
    tx("GSTTYPEOFSUPPLY", services ? "Services" : "Goods"),
    el("GSTDETAILS.LIST", [
      tx("APPLICABLEFROM", APPLICABLE_FROM),
      tx("TAXABILITY", ratePercent === 0 ? "Nil Rated" : "Taxable"),
      el("STATEWISEDETAILS.LIST", [
        tallyEnum("STATENAME", "Any"),
        ...gstRateDetails(DUTY_HEADS[release], ratePercent),
      ]),
    ]),
  ]);
}

export function dutyLedger(name: string, head: string): XmlNode {
  return ledger(name, [
    tx("PARENT", TALLY_GROUPS.duty),
    tx("TAXTYPE", "GST"),
    tx("GSTDUTYHEAD", head),
    tx("RATEOFTAXCALCULATION", "0"),
  ]);
}

export const plainLedger = (name: string, parent: string) => ledger(name, [tx("PARENT", parent)]);

/** The non-party ledgers the vouchers name, each once (by Tally's case-insensitive name), with its master. */
export function ledgerMasters(
  documents: TallyDocument[],
  usedLedgers: Set<string>,
  bankLedgers: Set<string>,
  mapping: TallyMapping,
): XmlNode[] {
  const heads = DUTY_HEADS[mapping.release];
  const made = new Map<string, XmlNode>();
  const add = (name: string, node: () => XmlNode) => {
    const key = name.toLowerCase();
    if (usedLedgers.has(key) && !made.has(key)) made.set(key, node());
  };
  // A sales ledger is for services only when every line at its rate is one, in every document.
  const rates = new Map<string, { rate: number; services: boolean }>();
  for (const d of documents) {
    if (d.cancelled) continue;
    for (const r of d.rates) {
      const key = rateKey(r.ratePercent);
      const earlier = rates.get(key);
      rates.set(key, { rate: r.ratePercent, services: (earlier?.services ?? true) && r.services });
    }
  }
  for (const [, { rate, services }] of [...rates].sort(([, a], [, b]) => a.rate - b.rate)) {
    const name = salesLedgerFor(mapping, rate);
    add(name, () => salesLedger(name, rate, services, mapping.release));
  }
  add(mapping.cgstLedger, () => dutyLedger(mapping.cgstLedger, heads.cgst));
  add(mapping.sgstLedger, () => dutyLedger(mapping.sgstLedger, heads.sgst));
  add(mapping.igstLedger, () => dutyLedger(mapping.igstLedger, heads.igst));
  add(mapping.roundOffLedger, () => plainLedger(mapping.roundOffLedger, TALLY_GROUPS.roundOff));
  if (mapping.createBankLedgers) {
    for (const name of [...bankLedgers].sort()) {
      if (name.toLowerCase() === TALLY_CASH_LEDGER.toLowerCase()) continue;
      add(name, () => plainLedger(name, TALLY_GROUPS.bank));
    }
  }
  return [...made.values()];
}
