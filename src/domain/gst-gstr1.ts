import { formatScaled, parseScaled, rupeesNumber as rupees } from "./decimal";
import { CHALLAN_GSTR1_NATURE } from "./document-kinds";
import { DomainError } from "./errors";
import {
  advancesAdjustedParts,
  advancesReceivedParts,
  gstr1AdvanceRows,
  receiptVouchersOf,
} from "./gst-gstr1-advances";
import type {
  Gstr1B2b,
  Gstr1B2bInvoiceType,
  Gstr1B2cl,
  Gstr1B2cs,
  Gstr1Cdnr,
  Gstr1Cdnur,
  Gstr1DocIssue,
  Gstr1DocNature,
  Gstr1Document,
  Gstr1Exp,
  Gstr1Hsn,
  Gstr1HsnRow,
  Gstr1IgstDetail,
  Gstr1Input,
  Gstr1Json,
  Gstr1Line,
  Gstr1NilRow,
  Gstr1RegistrationType,
  Gstr1TaxDetail,
} from "./gst-gstr1-types";
import { currentStateCode } from "./gst-states";

export type * from "./gst-gstr1-types";

// GSTR-1 for one month (decision 0035). Every amount is summed in integer paise and turned into
// rupees once, through decimal text, so 0.1 + 0.2 never happens. Cancelled documents only count
// in the document summary.

export const GSTR1_NOT_OFFERED_MESSAGE =
  "GSTR-1 is filed by regular taxpayers; composition and unregistered accounts do not file it.";

/** The offline tool's JSON version string (see decision 0035: check against the current tool). */
export const GSTR1_JSON_VERSION = "GST3.1.6";

/** Rule 59(4)(a)(ii): invoice-wise B2CL reporting above ₹1,00,000 from 1 August 2024, ₹2,50,000 before. */
export const B2CL_THRESHOLD_CHANGE_DATE = "2024-08-01";
const B2CL_LIMIT_MINOR = 100_000_00;
const B2CL_LIMIT_BEFORE_CHANGE_MINOR = 250_000_00;

/**
 * From this return period the portal splits Table 12 (HSN summary) into B2B and B2C tabs
 * (reference gstr1-json-fields.md; decision 0082). Earlier periods keep the one `data` list.
 */
export const HSN_SPLIT_FROM_PERIOD = "2025-04";

const QUANTITY_DECIMALS = 3;
const HSN_DESCRIPTION_MAX = 30;

// uqc.csv: the GST Unit Quantity Codes.
const UQC_CODES = new Set(
  (
    "BAG BAL BDL BKL BOU BOX BTL BUN CAN CBM CCM CMS CTN DOZ DRM GGK GMS GRS GYD KGS KLR KME LTR MLT " +
    "MTR MTS NOS OTH PAC PCS PRS QTL ROL SET SQF SQM SQY TBS TGM THD TON TUB UGS UNT YDS"
  ).split(" "),
);

export function isGstr1Offered(registrationType: Gstr1RegistrationType): boolean {
  return registrationType === "regular";
}

/** Whether an invoice to an unregistered buyer is reported invoice-wise in B2CL (value strictly above the limit). */
export function isB2clInvoice(invoice: {
  date: string;
  valueMinor: number;
  placeOfSupply: string;
  supplierStateCode: string;
}): boolean {
  if (invoice.placeOfSupply === invoice.supplierStateCode) return false;
  const limit = invoice.date < B2CL_THRESHOLD_CHANGE_DATE ? B2CL_LIMIT_BEFORE_CHANGE_MINOR : B2CL_LIMIT_MINOR;
  return invoice.valueMinor > limit;
}

/** "2026-11" -> "112026" */
export function gstr1ReturnPeriod(period: string): string {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (!match) throw new DomainError("INVALID_PERIOD", `Invalid return period: ${period}`, "period");
  return `${match[2]}${match[1]}`;
}

/** "2026-11-05" -> "05-11-2026" */
export function gstr1Date(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) throw new DomainError("INVALID_DATE", `Invalid date: ${isoDate}`, "date");
  return `${match[3]}-${match[2]}-${match[1]}`;
}

/** Where a non-cancelled document of the month goes. */
export type Gstr1Placement =
  | { section: "nil" }
  | { section: "b2b" }
  | { section: "b2cl" }
  | { section: "b2cs" }
  | { section: "exp"; type: "WPAY" | "WOPAY" }
  | { section: "cdnr" }
  | { section: "cdnur"; type: "B2CL" | "EXPWP" | "EXPWOP" };

export function classifyGstr1Document(doc: Gstr1Document): Gstr1Placement {
  if (doc.kind === "invoice") {
    if (doc.billOfSupply) return { section: "nil" };
    if (doc.exportType !== "none" && !doc.sez) {
      return { section: "exp", type: doc.exportType === "with_payment" ? "WPAY" : "WOPAY" };
    }
    if (doc.recipientGstin) return { section: "b2b" };
    return isB2clInvoice(doc) ? { section: "b2cl" } : { section: "b2cs" };
  }
  if (doc.recipientGstin || doc.original?.recipientGstin) return { section: "cdnr" };
  const original = doc.original;
  if (!original) {
    throw new DomainError(
      "GSTR1_NOTE_WITHOUT_INVOICE",
      `Note ${doc.number} to an unregistered buyer needs its original invoice.`,
      "original",
    );
  }
  if (original.exportType !== "none") {
    return { section: "cdnur", type: original.exportType === "with_payment" ? "EXPWP" : "EXPWOP" };
  }
  const b2cl = isB2clInvoice({ ...original, supplierStateCode: doc.supplierStateCode });
  return b2cl ? { section: "cdnur", type: "B2CL" } : { section: "b2cs" };
}

type Sums = { taxable: number; igst: number; cgst: number; sgst: number; cess: number };
const zeroSums = (): Sums => ({ taxable: 0, igst: 0, cgst: 0, sgst: 0, cess: 0 });

function addLine(into: Sums, line: Gstr1Line, sign: 1 | -1): void {
  for (const [key, value] of [
    ["taxable", line.taxableMinor],
    ["igst", line.igstMinor],
    ["cgst", line.cgstMinor],
    ["sgst", line.sgstMinor],
    ["cess", line.cessMinor],
  ] as const) {
    if (!Number.isSafeInteger(value)) {
      throw new DomainError("INVALID_AMOUNT", `Amounts must be whole paise: ${value}`, key);
    }
    into[key] += sign * value;
  }
}

/** A document's lines summed per rate, rates ascending. */
function sumsByRate(lines: Gstr1Line[]): [rate: number, sums: Sums][] {
  const byRate = new Map<number, Sums>();
  for (const line of lines) {
    const sums = byRate.get(line.ratePercent) ?? zeroSums();
    addLine(sums, line, 1);
    byRate.set(line.ratePercent, sums);
  }
  return [...byRate.entries()].sort(([a], [b]) => a - b);
}

const taxDetail = (rt: number, s: Sums): Gstr1TaxDetail => ({
  txval: rupees(s.taxable),
  rt,
  iamt: rupees(s.igst),
  camt: rupees(s.cgst),
  samt: rupees(s.sgst),
  csamt: rupees(s.cess),
});
const igstDetail = (rt: number, s: Sums): Gstr1IgstDetail => ({
  txval: rupees(s.taxable),
  rt,
  iamt: rupees(s.igst),
  csamt: rupees(s.cess),
});

// Items are numbered 1, 2, ... per document, as india-compliance writes them (decision 0035).
const numberedTax = (lines: Gstr1Line[]) =>
  sumsByRate(lines).map(([rt, s], i) => ({ num: i + 1, itm_det: taxDetail(rt, s) }));
const numberedIgst = (lines: Gstr1Line[]) =>
  sumsByRate(lines).map(([rt, s], i) => ({ num: i + 1, itm_det: igstDetail(rt, s) }));

function b2bInvoiceType(doc: Gstr1Document): Gstr1B2bInvoiceType {
  if (!doc.sez) return "R";
  return doc.exportType === "without_payment" ? "SEWOP" : "SEWP";
}

const byDateThenNumber = (a: Gstr1Document, b: Gstr1Document) =>
  a.date === b.date ? compareNumbers(a.number, b.number) : a.date < b.date ? -1 : 1;

/** Document numbers in their natural order: "INV/2026-27/0010" after ".../0009", "A-9" before "A-10". */
function compareNumbers(a: string, b: string): number {
  return a.localeCompare(b, "en", { numeric: true });
}

function groupBy<T>(items: T[], key: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const yesNo = (b: boolean) => (b ? "Y" : "N");
const noteType = (doc: Gstr1Document) => (doc.kind === "credit_note" ? "C" : "D");
const signOf = (doc: Gstr1Document): 1 | -1 => (doc.kind === "credit_note" ? -1 : 1);

function b2bSection(docs: Gstr1Document[]): Gstr1B2b[] {
  return groupBy(docs, (d) => d.recipientGstin ?? "").map(([ctin, invoices]) => ({
    ctin,
    inv: invoices.sort(byDateThenNumber).map((d) => ({
      inum: d.number,
      idt: gstr1Date(d.date),
      val: rupees(d.valueMinor),
      pos: d.placeOfSupply,
      rchrg: yesNo(d.reverseCharge),
      inv_typ: b2bInvoiceType(d),
      itms: numberedTax(d.lines),
    })),
  }));
}

function b2clSection(docs: Gstr1Document[]): Gstr1B2cl[] {
  return groupBy(docs, (d) => d.placeOfSupply).map(([pos, invoices]) => ({
    pos,
    inv: invoices.sort(byDateThenNumber).map((d) => ({
      inum: d.number,
      idt: gstr1Date(d.date),
      val: rupees(d.valueMinor),
      itms: numberedIgst(d.lines),
    })),
  }));
}

/** Flat rows per (supply type, place of supply, rate); notes against B2CS invoices net into them. */
function b2csSection(docs: Gstr1Document[]): Gstr1B2cs[] {
  const rows = new Map<string, { sply: "INTRA" | "INTER"; pos: string; rt: number; sums: Sums }>();
  for (const doc of docs) {
    const sply = doc.placeOfSupply === doc.supplierStateCode ? "INTRA" : "INTER";
    for (const line of doc.lines) {
      const key = `${sply}|${doc.placeOfSupply}|${line.ratePercent}`;
      const row = rows.get(key) ?? { sply, pos: doc.placeOfSupply, rt: line.ratePercent, sums: zeroSums() };
      addLine(row.sums, line, signOf(doc));
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .filter((r) => Object.values(r.sums).some((v) => v !== 0))
    .sort((a, b) => (a.pos === b.pos ? a.rt - b.rt : a.pos < b.pos ? -1 : 1))
    .map((r) => ({ sply_ty: r.sply, typ: "OE", pos: r.pos, ...taxDetail(r.rt, r.sums) }));
}

function cdnrSection(docs: Gstr1Document[]): Gstr1Cdnr[] {
  return groupBy(docs, (d) => d.recipientGstin ?? d.original?.recipientGstin ?? "").map(([ctin, notes]) => ({
    ctin,
    nt: notes.sort(byDateThenNumber).map((d) => ({
      ntty: noteType(d),
      nt_num: d.number,
      nt_dt: gstr1Date(d.date),
      val: rupees(d.valueMinor),
      pos: d.placeOfSupply,
      rchrg: yesNo(d.reverseCharge),
      inv_typ: b2bInvoiceType(d),
      itms: numberedTax(d.lines),
    })),
  }));
}

function cdnurSection(docs: [Gstr1Document, "B2CL" | "EXPWP" | "EXPWOP"][]): Gstr1Cdnur[] {
  return docs
    .sort(([a], [b]) => byDateThenNumber(a, b))
    .map(([d, typ]) => ({
      typ,
      ntty: noteType(d),
      nt_num: d.number,
      nt_dt: gstr1Date(d.date),
      val: rupees(d.valueMinor),
      ...(typ === "B2CL" ? { pos: d.placeOfSupply } : {}),
      itms: numberedIgst(d.lines),
    }));
}

function expSection(docs: [Gstr1Document, "WPAY" | "WOPAY"][]): Gstr1Exp[] {
  return (["WPAY", "WOPAY"] as const).flatMap((expTyp) => {
    const invoices = docs.filter(([, t]) => t === expTyp).map(([d]) => d);
    if (invoices.length === 0) return [];
    return [
      {
        exp_typ: expTyp,
        inv: invoices.sort(byDateThenNumber).map((d) => ({
          inum: d.number,
          idt: gstr1Date(d.date),
          val: rupees(d.valueMinor),
          ...(d.portCode ? { sbpcode: d.portCode } : {}),
          ...(d.shippingBillNumber ? { sbnum: d.shippingBillNumber } : {}),
          ...(d.shippingBillDate ? { sbdt: gstr1Date(d.shippingBillDate) } : {}),
          itms: sumsByRate(d.lines).map(([rt, s]) => igstDetail(rt, s)),
        })),
      },
    ];
  });
}

/** GST portal UQC: NA for services (SAC 99...), the code when it is a known UQC, else OTH. */
export function hsnUqc(line: Pick<Gstr1Line, "uqc" | "isService" | "hsnSac">): string {
  if (line.isService || line.hsnSac.startsWith("99")) return "NA";
  const code = line.uqc.trim().toUpperCase();
  return UQC_CODES.has(code) ? code : "OTH";
}

function hsnSection(docs: Gstr1Document[]): Gstr1HsnRow[] {
  const rows = new Map<
    string,
    { hsn: string; desc: string; uqc: string; rt: number; qty: number; sums: Sums }
  >();
  for (const doc of docs) {
    for (const line of doc.lines) {
      const hsn = line.hsnSac.trim();
      const uqc = hsnUqc(line);
      const key = `${hsn}|${uqc}|${line.ratePercent}`;
      const row = rows.get(key) ?? { hsn, desc: "", uqc, rt: line.ratePercent, qty: 0, sums: zeroSums() };
      const qty = parseScaled(line.quantity, QUANTITY_DECIMALS);
      if (qty === null) {
        throw new DomainError("INVALID_QUANTITY", `Invalid quantity: ${line.quantity}`, "quantity");
      }
      row.qty += signOf(doc) * qty;
      if (row.desc === "") row.desc = line.description.trim().slice(0, HSN_DESCRIPTION_MAX);
      addLine(row.sums, line, signOf(doc));
      rows.set(key, row);
    }
  }
  return [...rows.values()]
    .sort((a, b) => compareNumbers(a.hsn, b.hsn) || (a.uqc < b.uqc ? -1 : a.uqc > b.uqc ? 1 : a.rt - b.rt))
    .map((r, i) => ({
      num: i + 1,
      hsn_sc: r.hsn,
      desc: r.desc,
      uqc: r.uqc,
      qty: Number(formatScaled(r.qty, QUANTITY_DECIMALS)),
      ...taxDetail(r.rt, r.sums),
    }));
}

/** Whether a document's supply is to a registered buyer (HSN tab B2B), as its section says. */
function toRegisteredBuyer(doc: Gstr1Document): boolean {
  if (doc.kind !== "invoice") return Boolean(doc.recipientGstin || doc.original?.recipientGstin);
  return doc.recipientGstin !== null && (doc.exportType === "none" || doc.sez === true);
}

/** Table 12 in the layout of the return period: one list before April 2025, B2B and B2C tabs after. */
function hsnTable(period: string, docs: Gstr1Document[]): Gstr1Hsn | null {
  if (period < HSN_SPLIT_FROM_PERIOD) {
    const data = hsnSection(docs);
    return data.length > 0 ? { data } : null;
  }
  const b2b = hsnSection(docs.filter(toRegisteredBuyer));
  const b2c = hsnSection(docs.filter((d) => !toRegisteredBuyer(d)));
  if (b2b.length === 0 && b2c.length === 0) return null;
  return { ...(b2b.length > 0 ? { hsn_b2b: b2b } : {}), ...(b2c.length > 0 ? { hsn_b2c: b2c } : {}) };
}

/** Every row of Table 12, whichever layout (B2B tab first). */
export function gstr1HsnRows(hsn: Gstr1Hsn | undefined): Gstr1HsnRow[] {
  if (!hsn) return [];
  if ("data" in hsn) return hsn.data;
  return [...(hsn.hsn_b2b ?? []), ...(hsn.hsn_b2c ?? [])];
}

const NIL_SUPPLY_TYPES = ["INTRB2B", "INTRAB2B", "INTRB2C", "INTRAB2C"] as const;
const NIL_COLUMN = { nil_rated: "nil", exempt: "exempt", non_gst: "nonGst" } as const;

/**
 * Table 8: the bills of supply's lines summed per supply type (inter- or intra-state, to a
 * registered buyer or not) into nil-rated, exempt and non-GST amounts; rows with nothing left out.
 */
function nilSection(docs: Gstr1Document[]): Gstr1NilRow[] {
  const rows = new Map<Gstr1NilRow["sply_ty"], { nil: number; exempt: number; nonGst: number }>();
  for (const doc of docs) {
    const inter = currentStateCode(doc.placeOfSupply) !== currentStateCode(doc.supplierStateCode);
    const sply = `${inter ? "INTR" : "INTRA"}${doc.recipientGstin ? "B2B" : "B2C"}` as Gstr1NilRow["sply_ty"];
    const row = rows.get(sply) ?? { nil: 0, exempt: 0, nonGst: 0 };
    for (const line of doc.lines) {
      if (!Number.isSafeInteger(line.taxableMinor)) {
        throw new DomainError(
          "INVALID_AMOUNT",
          `Amounts must be whole paise: ${line.taxableMinor}`,
          "taxable",
        );
      }
      row[NIL_COLUMN[line.treatment ?? "nil_rated"]] += line.taxableMinor;
    }
    rows.set(sply, row);
  }
  return NIL_SUPPLY_TYPES.flatMap((sply_ty) => {
    const row = rows.get(sply_ty);
    if (!row || (row.nil === 0 && row.exempt === 0 && row.nonGst === 0)) return [];
    return [
      { sply_ty, expt_amt: rupees(row.exempt), nil_amt: rupees(row.nil), ngsup_amt: rupees(row.nonGst) },
    ];
  });
}

/** The number without its running count: "INV/2026-27/0012" -> "INV/2026-27". */
export function documentSeries(number: string): string {
  return number.replace(/\d+$/, "").replace(/[\s/_.-]+$/, "");
}

const DOC_NATURE: Record<Gstr1Document["kind"], Gstr1DocNature> = {
  invoice: 1,
  debit_note: 4,
  credit_note: 5,
};

interface IssuedDocument {
  nature: Gstr1DocNature;
  number: string;
  series?: string | null;
  cancelled: boolean;
}

/** Per nature and series: first and last number, how many, how many cancelled. */
function docIssueSection(docs: IssuedDocument[]): Gstr1DocIssue {
  const doc_det = ([1, 4, 5, 6, 9, 10, 11, 12] as const).flatMap((nature) => {
    const ofNature = docs.filter((d) => d.nature === nature);
    if (ofNature.length === 0) return [];
    const docsOut = groupBy(ofNature, (d) => d.series ?? documentSeries(d.number)).map(([, series], i) => {
      const numbers = series.map((d) => d.number).sort(compareNumbers);
      const cancel = series.filter((d) => d.cancelled).length;
      return {
        num: i + 1,
        from: numbers[0],
        to: numbers[numbers.length - 1],
        totnum: series.length,
        cancel,
        net_issue: series.length - cancel,
      };
    });
    return [{ doc_num: nature, docs: docsOut }];
  });
  return { doc_det };
}

/**
 * The GST portal's GSTR-1 JSON for one month. Throws GSTR1_NOT_OFFERED for composition and
 * unregistered accounts, which do not file GSTR-1.
 */
export function buildGstr1(input: Gstr1Input): Gstr1Json {
  if (!isGstr1Offered(input.registrationType)) {
    throw new DomainError("GSTR1_NOT_OFFERED", GSTR1_NOT_OFFERED_MESSAGE);
  }
  const fp = gstr1ReturnPeriod(input.period);
  const ofMonth = input.documents.filter((d) => d.date.slice(0, 7) === input.period);
  const live = ofMonth.filter((d) => !d.cancelled);

  const nil: Gstr1Document[] = [];
  const b2b: Gstr1Document[] = [];
  const b2cl: Gstr1Document[] = [];
  const b2cs: Gstr1Document[] = [];
  const cdnr: Gstr1Document[] = [];
  const cdnur: [Gstr1Document, "B2CL" | "EXPWP" | "EXPWOP"][] = [];
  const exp: [Gstr1Document, "WPAY" | "WOPAY"][] = [];
  for (const doc of live) {
    const placement = classifyGstr1Document(doc);
    if (placement.section === "exp") exp.push([doc, placement.type]);
    else if (placement.section === "cdnur") cdnur.push([doc, placement.type]);
    else ({ nil, b2b, b2cl, b2cs, cdnr })[placement.section].push(doc);
  }

  const json: Gstr1Json = { gstin: input.gstin, fp, version: GSTR1_JSON_VERSION, hash: "hash" };
  const put = <K extends keyof Gstr1Json>(key: K, value: Gstr1Json[K] & unknown[]) => {
    if (value.length > 0) json[key] = value;
  };
  put("b2b", b2bSection(b2b));
  put("b2cl", b2clSection(b2cl));
  put("b2cs", b2csSection(b2cs));
  put("cdnr", cdnrSection(cdnr));
  put("cdnur", cdnurSection(cdnur));
  put("exp", expSection(exp));
  const hsn = hsnTable(input.period, live);
  if (hsn) json.hsn = hsn;
  const issued: IssuedDocument[] = [
    ...ofMonth.map((d) => ({
      nature: DOC_NATURE[d.kind],
      number: d.number,
      series: d.series,
      cancelled: d.cancelled,
    })),
    ...(input.challans ?? [])
      .filter((c) => c.date.slice(0, 7) === input.period)
      .map((c) => ({ nature: CHALLAN_GSTR1_NATURE[c.reason], number: c.number, cancelled: c.cancelled })),
    ...receiptVouchersOf(input.advances ?? [], input.period),
  ];
  if (issued.length > 0) json.doc_issue = docIssueSection(issued);
  const nilRows = nilSection(nil);
  if (nilRows.length > 0) json.nil = { inv: nilRows };
  put("at", gstr1AdvanceRows(advancesReceivedParts(input.advances ?? [], input.period)));
  put("txpd", gstr1AdvanceRows(advancesAdjustedParts(input.advances ?? [], input.period)));
  return json;
}
