import { formatScaled } from "../decimal";
import type { TallyDocument, TallyDocumentKind, TallyItemLine, TallyReceipt } from "./documents";
import { salesLedgerFor, TALLY_CASH_LEDGER, type TallyMapping } from "./mapping";
import { type TallyParty, tallyStateName } from "./parties";
import { stockItemKey, type TallyStockItem, tallyUnitName } from "./stock";
import { el, tx, type XmlNode } from "./xml";

// The vouchers of the export (research §1.4-1.5; decision 0080): Sales, Credit Note and Debit Note
// as accounting invoices (LEDGERENTRIES.LIST in the invoice view) or, in item mode, item invoices
// (ALLINVENTORYENTRIES.LIST per line in place of the sales lines), Receipt as an accounting voucher
// (ALLLEDGERENTRIES.LIST). A debit is ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with
// a positive one; every voucher sums to zero in paise.

export const VOUCHER_TYPES: Record<TallyDocumentKind | "receipt", string> = {
  invoice: "Sales",
  credit_note: "Credit Note",
  debit_note: "Debit Note",
  receipt: "Receipt",
};

const REMOTE_KIND: Record<TallyDocumentKind | "receipt", string> = {
  invoice: "inv",
  credit_note: "cn",
  debit_note: "dn",
  receipt: "rct",
};

/** bahi-<business>-<kind>-<id>: the same for a document in every export, so a re-import alters it. */
export function remoteId(businessId: string, kind: TallyDocumentKind | "receipt", id: string): string {
  return `bahi-${businessId}-${REMOTE_KIND[kind]}-${id}`;
}

/** "2026-04-15" -> "20260415" */
export const tallyDate = (iso: string) => iso.replaceAll("-", "");

/** Paise as Tally's amount text: -1180050 -> "-11800.50". */
export const tallyAmount = (minor: number) => formatScaled(minor, 2);

export interface CompanyGst {
  gstin: string;
  stateCode: string;
  registrationName: string;
}

/** A ledger line: `creditMinor` positive is a credit, negative a debit. */
interface Line {
  ledger: string;
  creditMinor: number;
  party?: { bill: string; billType: "New Ref" | "Agst Ref" };
  bank?: { date: string; reference: string; favouring: string };
}

/** Lines to the same ledger (two rates mapped to one name) become one; zero lines are dropped. */
function merged(lines: Line[]): Line[] {
  const byLedger = new Map<string, Line>();
  for (const line of lines) {
    const key = line.ledger.toLowerCase();
    const earlier = byLedger.get(key);
    if (earlier && !earlier.party && !line.party) earlier.creditMinor += line.creditMinor;
    else byLedger.set(earlier ? `${key}\u0000${byLedger.size}` : key, { ...line });
  }
  return [...byLedger.values()].filter((l) => l.creditMinor !== 0);
}

function lineNode(listName: string, line: Line): XmlNode {
  const amount = tallyAmount(line.creditMinor);
  const debit = line.creditMinor < 0 ? "Yes" : "No";
  return el(listName, [
    tx("LEDGERNAME", line.ledger),
    tx("ISDEEMEDPOSITIVE", debit),
    line.party ? tx("ISPARTYLEDGER", "Yes") : null,
    tx("AMOUNT", amount),
    line.party
      ? el("BILLALLOCATIONS.LIST", [
          tx("NAME", line.party.bill),
          tx("BILLTYPE", line.party.billType),
          tx("AMOUNT", amount),
        ])
      : null,
    line.bank
      ? el("BANKALLOCATIONS.LIST", [
          tx("DATE", tallyDate(line.bank.date)),
          tx("INSTRUMENTDATE", tallyDate(line.bank.date)),
          // The value proven in working generators; "e-Fund Transfer" for UPI is UNVERIFIED (research §1.5 D).
          tx("TRANSACTIONTYPE", "Cheque"),
          line.bank.reference ? tx("INSTRUMENTNUMBER", line.bank.reference) : null,
          tx("PAYMENTFAVOURING", line.bank.favouring),
          tx("AMOUNT", amount),
        ])
      : null,
  ]);
}

/** True when the document's voucher is an item invoice: item mode and lines to list (research §1.5 B). */
export const isItemVoucher = (doc: TallyDocument, mapping: TallyMapping) =>
  mapping.voucherMode === "item" && !doc.cancelled && (doc.lines ?? []).some((l) => l.taxableMinor !== 0);

/** The document's ledger lines, credit-positive, for the kind's side (item vouchers: no sales lines). */
function documentLines(doc: TallyDocument, party: TallyParty, mapping: TallyMapping): Line[] {
  // Sales and debit notes debit the party; a credit note credits it.
  const sign = doc.kind === "credit_note" ? -1 : 1;
  const tax = (pick: "cgstMinor" | "sgstMinor" | "igstMinor") =>
    doc.reverseCharge ? 0 : doc.rates.reduce((s, r) => s + r[pick], 0);
  const lines: Line[] = [
    {
      ledger: party.name,
      creditMinor: -sign * doc.totalMinor,
      party:
        doc.kind === "invoice"
          ? { bill: doc.number, billType: "New Ref" }
          : { bill: doc.original?.number ?? doc.number, billType: "Agst Ref" },
    },
    ...(isItemVoucher(doc, mapping) ? [] : doc.rates).map((r) => ({
      ledger: salesLedgerFor(mapping, r.ratePercent),
      creditMinor: sign * r.taxableMinor,
    })),
    { ledger: mapping.cgstLedger, creditMinor: sign * tax("cgstMinor") },
    { ledger: mapping.sgstLedger, creditMinor: sign * tax("sgstMinor") },
    { ledger: mapping.igstLedger, creditMinor: sign * tax("igstMinor") },
    { ledger: mapping.roundOffLedger, creditMinor: sign * doc.roundOffMinor },
  ];
  return merged(lines);
}

/** The ledgers a document's voucher names besides its party (for the masters file). */
export function documentLedgers(doc: TallyDocument, mapping: TallyMapping): string[] {
  if (doc.cancelled) return [];
  const stand = { name: "\u0000party" } as TallyParty;
  return [
    ...documentLines(doc, stand, mapping).map((l) => l.ledger),
    ...(isItemVoucher(doc, mapping) ? doc.lines! : [])
      .filter((l) => l.taxableMinor !== 0)
      .map((l) => salesLedgerFor(mapping, l.ratePercent)),
  ].filter((n) => n !== stand.name);
}

/** Tally's quantity text, with its leading space: " 10 Nos" (research §1.5 B). */
export const tallyQuantity = (quantity: string, unit: string) => ` ${quantity} ${unit}`;

/** An item line's inventory entry, its accounting allocation to the line's sales ledger (same amount). */
function inventoryNode(
  line: TallyItemLine,
  sign: number,
  item: TallyStockItem,
  mapping: TallyMapping,
): XmlNode {
  const creditMinor = sign * line.taxableMinor;
  const amount = tallyAmount(creditMinor);
  const debit = creditMinor < 0 ? "Yes" : "No";
  const unit = tallyUnitName(line.uqc);
  const quantity = tallyQuantity(line.quantity, unit);
  return el("ALLINVENTORYENTRIES.LIST", [
    tx("STOCKITEMNAME", item.name),
    tx("ISDEEMEDPOSITIVE", debit),
    tx("RATE", `${tallyAmount(line.rateMinor)}/${unit}`),
    line.discountPercent !== "0" ? tx("DISCOUNT", line.discountPercent) : null,
    tx("AMOUNT", amount),
    tx("ACTUALQTY", quantity),
    tx("BILLEDQTY", quantity),
    el("BATCHALLOCATIONS.LIST", [
      tx("GODOWNNAME", "Main Location"),
      tx("BATCHNAME", "Primary Batch"),
      tx("AMOUNT", amount),
      tx("ACTUALQTY", quantity),
      tx("BILLEDQTY", quantity),
    ]),
    el("ACCOUNTINGALLOCATIONS.LIST", [
      tx("LEDGERNAME", salesLedgerFor(mapping, line.ratePercent)),
      tx("ISDEEMEDPOSITIVE", debit),
      tx("AMOUNT", amount),
    ]),
  ]);
}

function gstHeader(doc: TallyDocument, party: TallyParty, company: CompanyGst): XmlNode[] {
  const companyState = tallyStateName(company.stateCode);
  const partyState = tallyStateName(party.stateCode);
  const pos = tallyStateName(doc.placeOfSupply);
  return [
    tx("GSTREGISTRATIONTYPE", party.registrationType),
    partyState ? tx("STATENAME", partyState) : null,
    tx("COUNTRYOFRESIDENCE", party.country),
    party.gstin ? tx("PARTYGSTIN", party.gstin) : null,
    pos ? tx("PLACEOFSUPPLY", pos) : null,
    tx("PARTYNAME", party.name),
    tx("PARTYMAILINGNAME", party.name),
    tx("BASICBUYERNAME", party.name),
    tx("CONSIGNEEMAILINGNAME", party.name),
    partyState ? tx("CONSIGNEESTATENAME", partyState) : null,
    tx("CONSIGNEECOUNTRYNAME", party.country),
    tx("BASICBASEPARTYNAME", party.name),
    // The text is the name of the company's GST Registration master in TallyPrime 3+.
    {
      name: "GSTREGISTRATION",
      attrs: [
        ["TAXTYPE", "GST"],
        ["TAXREGISTRATION", company.gstin],
      ],
      text: company.registrationName,
    },
    tx("CMPGSTIN", company.gstin),
    tx("CMPGSTREGISTRATIONTYPE", "Regular"),
    tx("CMPGSTSTATE", companyState),
    tx("VCHSTATUSTAXUNIT", company.registrationName),
  ].filter((n): n is XmlNode => n !== null);
}

const NARRATION: Record<TallyDocumentKind, string> = {
  invoice: "Bahi invoice",
  credit_note: "Bahi credit note",
  debit_note: "Bahi debit note",
};

export function documentVoucher(
  doc: TallyDocument,
  party: TallyParty,
  mapping: TallyMapping,
  company: CompanyGst,
  businessId: string,
  stockItems: Map<string, TallyStockItem> = new Map(),
): XmlNode {
  const id = remoteId(businessId, doc.kind, doc.id);
  const items = isItemVoucher(doc, mapping);
  // A sale credits its items (stock goes out); a credit note debits them (goods come back).
  const sign = doc.kind === "credit_note" ? -1 : 1;
  const type = VOUCHER_TYPES[doc.kind];
  const against = doc.original ? ` against ${doc.original.number}` : "";
  return el(
    "VOUCHER",
    [
      tx("DATE", tallyDate(doc.date)),
      tx("EFFECTIVEDATE", tallyDate(doc.date)),
      tx("GUID", id),
      tx("VOUCHERTYPENAME", type),
      tx("VOUCHERNUMBER", doc.number),
      tx("REFERENCE", doc.original?.number ?? doc.number),
      tx("REFERENCEDATE", tallyDate(doc.original?.date ?? doc.date)),
      tx("NUMBERINGSTYLE", "Manual"),
      tx("PARTYLEDGERNAME", party.name),
      ...gstHeader(doc, party, company),
      tx("PERSISTEDVIEW", "Invoice Voucher View"),
      tx("VCHENTRYMODE", items ? "Item Invoice" : "Accounting Invoice"),
      tx("ISINVOICE", "Yes"),
      doc.cancelled ? tx("ISCANCELLED", "Yes") : null,
      tx("NARRATION", `${NARRATION[doc.kind]} ${doc.number}${against}${doc.cancelled ? " (cancelled)" : ""}`),
      ...(doc.cancelled
        ? []
        : documentLines(doc, party, mapping).map((l) => lineNode("LEDGERENTRIES.LIST", l))),
      ...(items
        ? doc
            .lines!.filter((l) => l.taxableMinor !== 0)
            .map((l) => inventoryNode(l, sign, stockItems.get(stockItemKey(l))!, mapping))
        : []),
    ],
    [
      ["REMOTEID", id],
      ["VCHTYPE", type],
      ["ACTION", "Create"],
      ["OBJVIEW", "Invoice Voucher View"],
    ],
  );
}

/** The receipt's voucher number: the invoice's number and the payment's place, "INV/26-27/0001/R1". */
export const receiptNumber = (r: TallyReceipt) => `${r.invoiceNumber}/R${r.sequence}`;

export const receiptLedger = (r: TallyReceipt, mapping: TallyMapping) => mapping.receiptLedgers[r.method];

export function receiptVoucher(
  r: TallyReceipt,
  party: TallyParty,
  mapping: TallyMapping,
  businessId: string,
): XmlNode {
  const id = remoteId(businessId, "receipt", r.id);
  const ledger = receiptLedger(r, mapping);
  const reference = r.reference ? `ref ${r.reference} ` : "";
  return el(
    "VOUCHER",
    [
      tx("DATE", tallyDate(r.date)),
      tx("EFFECTIVEDATE", tallyDate(r.date)),
      tx("GUID", id),
      tx("VOUCHERTYPENAME", "Receipt"),
      tx("VOUCHERNUMBER", receiptNumber(r)),
      tx("PARTYLEDGERNAME", party.name),
      tx("PERSISTEDVIEW", "Accounting Voucher View"),
      tx("ISINVOICE", "No"),
      tx(
        "NARRATION",
        `Bahi receipt ${receiptNumber(r)}: ${r.method.replace("_", " ")} ${reference}against ${r.invoiceNumber}`,
      ),
      lineNode("ALLLEDGERENTRIES.LIST", {
        ledger: party.name,
        creditMinor: r.amountMinor,
        party: { bill: r.invoiceNumber, billType: "Agst Ref" },
      }),
      lineNode("ALLLEDGERENTRIES.LIST", {
        ledger,
        creditMinor: -r.amountMinor,
        ...(ledger.toLowerCase() === TALLY_CASH_LEDGER.toLowerCase() || r.method === "cash"
          ? {}
          : { bank: { date: r.date, reference: r.reference, favouring: party.name } }),
      }),
    ],
    [
      ["REMOTEID", id],
      ["VCHTYPE", "Receipt"],
      ["ACTION", "Create"],
      ["OBJVIEW", "Accounting Voucher View"],
    ],
  );
}
