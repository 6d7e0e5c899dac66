import type { ChallanReason } from "./document-kinds";
import type { TaxSplit } from "./gst-supply";
// The GSTR-1 builder's input (what the database layer hands over) and its output (the GST
// portal's GSTR-1 JSON). Keys, nesting and codes follow /work/shared/reference/gst/gstr1-json-fields.md
// (decision 0035). Input money is integer paise; output money is rupees made exactly from paise.

export type Gstr1RegistrationType = "regular" | "composition" | "unregistered";
export type Gstr1DocumentKind = "invoice" | "credit_note" | "debit_note";
export type Gstr1ExportType = "none" | "with_payment" | "without_payment";

/** One invoice or note line. Amounts are positive paise for every kind: the kind gives the sign. */
export interface Gstr1Line {
  hsnSac: string;
  description: string;
  /** A GST Unit Quantity Code (uqc.csv); unknown codes become OTH, services NA. */
  uqc: string;
  /** Decimal text, at most 3 places ("2", "1.250"). */
  quantity: string;
  isService: boolean;
  /** The whole GST rate (18, not 9). */
  ratePercent: number;
  taxableMinor: number;
  igstMinor: number;
  cgstMinor: number;
  /** SGST, or UTGST in a Union territory without legislature. */
  sgstMinor: number;
  cessMinor: number;
  /** A bill of supply's line: which Table 8 column it counts in (absent: nil-rated). */
  treatment?: Gstr1ZeroTreatment;
}

/** Table 8's columns: nil-rated, exempt, non-GST supplies. */
export type Gstr1ZeroTreatment = "nil_rated" | "exempt" | "non_gst";

/** The invoice a note was issued against, enough to tell CDNR, CDNUR and a B2CS adjustment apart. */
export interface Gstr1OriginalInvoice {
  number: string;
  /** "YYYY-MM-DD" */
  date: string;
  /** Invoice value including tax, paise. */
  valueMinor: number;
  recipientGstin: string | null;
  placeOfSupply: string;
  exportType: Gstr1ExportType;
}

export interface Gstr1Document {
  kind: Gstr1DocumentKind;
  number: string;
  /** The number without its running count ("INV/2026-27"); derived from `number` when absent. */
  series?: string | null;
  /** "YYYY-MM-DD" */
  date: string;
  cancelled: boolean;
  /** null: an unregistered buyer (or a buyer abroad). */
  recipientGstin: string | null;
  recipientName: string;
  /** Two-digit state code; "96" for exports. */
  placeOfSupply: string;
  /** Two-digit state code of the supplier's registration. */
  supplierStateCode: string;
  reverseCharge: boolean;
  exportType: Gstr1ExportType;
  portCode?: string | null;
  shippingBillNumber?: string | null;
  /** "YYYY-MM-DD" */
  shippingBillDate?: string | null;
  /** A supply to a SEZ unit or developer (B2B invoice type SEWP / SEWOP). */
  sez?: boolean;
  /** Value including tax, paise (positive for notes too). */
  valueMinor: number;
  lines: Gstr1Line[];
  /** Notes only: required when the buyer is unregistered. */
  original?: Gstr1OriginalInvoice | null;
  /** Notes only; not part of the return (the current format has no reason field). */
  reason?: string | null;
  /**
   * A regular taxpayer's bill of supply (every line nil-rated, exempt or non-GST): reported in
   * Table 8 (`nil`), the HSN summary and the documents issued, never in a sales section.
   */
  billOfSupply?: boolean;
}

export interface Gstr1Input {
  /** The filer's GSTIN. */
  gstin: string;
  /** "YYYY-MM" */
  period: string;
  registrationType: Gstr1RegistrationType;
  /** Any documents; only those dated in `period` are used. */
  documents: Gstr1Document[];
  /**
   * Delivery challans issued (not drafts); only those dated in `period` are used, and only in
   * Table 13 "documents issued", never in a sales section.
   */
  challans?: Gstr1Challan[];
  /**
   * Advances received for services (decision 0098), any dates: Table 11A takes those received in
   * `period` less what is applied in it, Table 11B what is applied in `period` of earlier ones.
   */
  advances?: Gstr1Advance[];
}

/** An advance received for a service, tax-inclusive, and its applications to invoices. */
export interface Gstr1Advance {
  /** The receipt voucher's number (CGST Rule 50): Table 13, nature 6. */
  voucherNumber: string | null;
  /** "YYYY-MM-DD" */
  receivedOn: string;
  /** The amount received, tax included, paise. */
  amountMinor: number;
  /** The whole GST rate (18, not 9). */
  ratePercent: number;
  placeOfSupply: string;
  /** As recorded with the advance (the supplier's state against the place of supply). */
  split: TaxSplit;
  /** The payments made out of it: each one's date and amount (paise, tax included). */
  applied: { date: string; amountMinor: number }[];
}

export interface Gstr1Challan {
  number: string;
  /** "YYYY-MM-DD" */
  date: string;
  reason: ChallanReason;
  cancelled: boolean;
}

// ---- output: the portal's JSON ----

export interface Gstr1TaxDetail {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
/** B2CL, CDNUR and EXP are inter-state: IGST and cess only. */
export type Gstr1IgstDetail = Pick<Gstr1TaxDetail, "txval" | "rt" | "iamt" | "csamt">;

export type Gstr1B2bInvoiceType = "R" | "SEWP" | "SEWOP" | "DE";

export interface Gstr1B2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: "Y" | "N";
  inv_typ: Gstr1B2bInvoiceType;
  itms: { num: number; itm_det: Gstr1TaxDetail }[];
}
export interface Gstr1B2b {
  ctin: string;
  inv: Gstr1B2bInvoice[];
}

export interface Gstr1B2clInvoice {
  inum: string;
  idt: string;
  val: number;
  itms: { num: number; itm_det: Gstr1IgstDetail }[];
}
export interface Gstr1B2cl {
  pos: string;
  inv: Gstr1B2clInvoice[];
}

export interface Gstr1B2cs extends Gstr1TaxDetail {
  sply_ty: "INTRA" | "INTER";
  typ: "OE";
  pos: string;
}

export interface Gstr1CdnrNote {
  ntty: "C" | "D";
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: "Y" | "N";
  inv_typ: Gstr1B2bInvoiceType;
  itms: { num: number; itm_det: Gstr1TaxDetail }[];
}
export interface Gstr1Cdnr {
  ctin: string;
  nt: Gstr1CdnrNote[];
}

export interface Gstr1Cdnur {
  typ: "B2CL" | "EXPWP" | "EXPWOP";
  ntty: "C" | "D";
  nt_num: string;
  nt_dt: string;
  val: number;
  /** Only for B2CL notes. */
  pos?: string;
  itms: { num: number; itm_det: Gstr1IgstDetail }[];
}

export interface Gstr1ExpInvoice {
  inum: string;
  idt: string;
  val: number;
  sbpcode?: string;
  sbnum?: string;
  sbdt?: string;
  itms: Gstr1IgstDetail[];
}
export interface Gstr1Exp {
  exp_typ: "WPAY" | "WOPAY";
  inv: Gstr1ExpInvoice[];
}

export interface Gstr1HsnRow extends Gstr1TaxDetail {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
}

/** Table 8: nil-rated, exempt and non-GST supplies, per inter/intra-state and registered or not. */
export interface Gstr1NilRow {
  sply_ty: "INTRB2B" | "INTRAB2B" | "INTRB2C" | "INTRAB2C";
  expt_amt: number;
  nil_amt: number;
  ngsup_amt: number;
}

/**
 * Table 12. Return periods before April 2025: one list under `data`. From April 2025 the
 * portal splits it into supplies to registered buyers (`hsn_b2b`) and to everyone else
 * (`hsn_b2c`: unregistered buyers and exports), each numbered from 1 (decision 0082).
 */
export type Gstr1Hsn = { data: Gstr1HsnRow[] } | { hsn_b2b?: Gstr1HsnRow[]; hsn_b2c?: Gstr1HsnRow[] };

/**
 * 1 invoices for outward supply, 4 debit notes, 5 credit notes, 6 receipt vouchers; delivery challans 9 (job work),
 * 10 (supply on approval), 11 (liquid gas), 12 (other than by way of supply).
 */
export type Gstr1DocNature = 1 | 4 | 5 | 6 | 9 | 10 | 11 | 12;
export interface Gstr1DocRange {
  num: number;
  from: string;
  to: string;
  totnum: number;
  cancel: number;
  net_issue: number;
}
export interface Gstr1DocIssue {
  doc_det: { doc_num: Gstr1DocNature; docs: Gstr1DocRange[] }[];
}

/** Sections without data are left out, as the offline tool writes the file. */
export interface Gstr1Json {
  gstin: string;
  fp: string;
  version: string;
  hash: "hash";
  b2b?: Gstr1B2b[];
  b2cl?: Gstr1B2cl[];
  b2cs?: Gstr1B2cs[];
  cdnr?: Gstr1Cdnr[];
  cdnur?: Gstr1Cdnur[];
  exp?: Gstr1Exp[];
  hsn?: Gstr1Hsn;
  doc_issue?: Gstr1DocIssue;
  nil?: { inv: Gstr1NilRow[] };
  /** Table 11A: advances received in the month and not invoiced in it. */
  at?: Gstr1AdvanceRow[];
  /** Table 11B: tax paid on earlier months' advances, adjusted against this month's invoices. */
  txpd?: Gstr1AdvanceRow[];
}

/**
 * Tables 11A (`at`) and 11B (`txpd`): one row per place of supply, an item per rate. `ad_amt` is
 * the advance's taxable value (tax excluded), as india-compliance maps it (decision 0098).
 */
export interface Gstr1AdvanceItem {
  rt: number;
  ad_amt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}
export interface Gstr1AdvanceRow {
  pos: string;
  sply_ty: "INTRA" | "INTER";
  itms: Gstr1AdvanceItem[];
}
