import { csvText } from "./csv";
import { formatScaled, parseScaled } from "./decimal";
import type {
  Gstr1B2bInvoiceType,
  Gstr1Document,
  Gstr1HsnRow,
  Gstr1Json,
  Gstr1NilRow,
} from "./gst-gstr1-types";

// GSTR-1 as CSV, one file per section, with the column headers of the GST Returns Offline Tool's
// templates (as india-compliance's GovExcel export names them, offline tool V3.1.8). Dates are
// dd-MMM-yyyy ("05-Nov-2026"), as the offline tool's CSV templates show them (decision 0035).

export const GSTR1_SECTIONS = [
  "b2b",
  "b2cl",
  "b2cs",
  "cdnr",
  "cdnur",
  "exp",
  "nil",
  "at",
  "txpd",
  "hsn",
  "docs",
] as const;
export type Gstr1Section = (typeof GSTR1_SECTIONS)[number];

/** The last columns of an item row, filled by `rateCells` and `applicableRateCells`. */
const RATE_COLUMNS = ["Rate", "Taxable Value", "Cess Amount"];
const APPLICABLE_RATE_COLUMNS = ["Applicable % of Tax Rate", ...RATE_COLUMNS];

export const GSTR1_CSV_HEADERS: Record<Gstr1Section, readonly string[]> = {
  b2b: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Applicable % of Tax Rate",
    "Invoice Type",
    "E-Commerce GSTIN",
    ...RATE_COLUMNS,
  ],
  b2cl: [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    ...APPLICABLE_RATE_COLUMNS,
    "E-Commerce GSTIN",
  ],
  b2cs: ["Type", "Place Of Supply", ...APPLICABLE_RATE_COLUMNS, "E-Commerce GSTIN"],
  cdnr: [
    "GSTIN/UIN of Recipient",
    "Receiver Name",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Supply Type",
    "Note Value",
    ...APPLICABLE_RATE_COLUMNS,
  ],
  cdnur: [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    ...APPLICABLE_RATE_COLUMNS,
  ],
  exp: [
    "Export Type",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Port Code",
    "Shipping Bill Number",
    "Shipping Bill Date",
    ...RATE_COLUMNS,
  ],
  // The offline tool's "exemp" sheet (Table 8).
  nil: [
    "Description",
    "Nil Rated Supplies",
    "Exempted(other than nil rated/non GST supply)",
    "Non-GST Supplies",
  ],
  // The offline tool's "at" and "atadj" sheets (Tables 11A and 11B, decision 0098): the advance's
  // value without tax under "Gross Advance Received/Adjusted", as the JSON's ad_amt.
  at: ["Place Of Supply", "Applicable % of Tax Rate", "Rate", "Gross Advance Received", "Cess Amount"],
  txpd: ["Place Of Supply", "Applicable % of Tax Rate", "Rate", "Gross Advance Adjusted", "Cess Amount"],
  hsn: [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Total Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
  ],
  docs: ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled"],
};

// states.csv (GSTN's state master), for "27-Maharashtra".
const STATE_NAMES: Record<string, string> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "25": "Daman and Diu",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (before 2014 division)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "96": "Other Country",
  "97": "Other Territory",
};

/** "27" -> "27-Maharashtra" (the code alone when it is not in the state master). */
export function placeOfSupplyLabel(code: string): string {
  const name = STATE_NAMES[code];
  return name ? `${code}-${name}` : code;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The JSON's "05-11-2026" -> "05-Nov-2026". */
export function csvDate(portalDate: string): string {
  const [day, month, year] = portalDate.split("-");
  const name = MONTHS[Number(month) - 1];
  return name ? `${day}-${name}-${year}` : portalDate;
}

/** The JSON's rupee number back in paise, read from its text (it was made from paise: exact). */
const paiseOf = (rupees: number) => parseScaled(rupees, 2) ?? 0;
/** Rupees with two decimals, through paise and decimal text, never float arithmetic. */
const money = (rupees: number) => formatScaled(paiseOf(rupees), 2);
const rate = (rt: number) => String(rt);
/** The offline tool's last three cells of an item row: rate, taxable value and cess. */
const rateCells = (t: { rt: number; txval: number; csamt: number }) => [
  rate(t.rt),
  money(t.txval),
  money(t.csamt),
];
/**
 * "Applicable % of Tax Rate" (the reduced share of the rate some notified supplies pay, which Bahi
 * never invoices: empty) and the rate cells that follow it.
 */
const applicableRateCells = (t: { rt: number; txval: number; csamt: number }) => ["", ...rateCells(t)];

const INVOICE_TYPE_LABEL: Record<Gstr1B2bInvoiceType, string> = {
  R: "Regular B2B",
  SEWP: "SEZ supplies with payment",
  SEWOP: "SEZ supplies without payment",
  DE: "Deemed Exp",
};
const NOTE_SUPPLY_LABEL: Record<Gstr1B2bInvoiceType, string> = { ...INVOICE_TYPE_LABEL, R: "Regular" };
const NIL_SUPPLY_LABEL: Record<Gstr1NilRow["sply_ty"], string> = {
  INTRB2B: "Inter-State supplies to registered persons",
  INTRAB2B: "Intra-State supplies to registered persons",
  INTRB2C: "Inter-State supplies to unregistered persons",
  INTRAB2C: "Intra-State supplies to unregistered persons",
};

const DOC_NATURE_LABEL: Record<number, string> = {
  1: "Invoices for outward supply",
  4: "Debit Note",
  5: "Credit Note",
  6: "Receipt voucher",
};

/** Receiver names by GSTIN (the JSON has none), the name on the latest document winning. */
export function gstr1ReceiverNames(documents: Gstr1Document[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const doc of [...documents].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))) {
    if (doc.recipientGstin) names[doc.recipientGstin] = doc.recipientName;
  }
  return names;
}

/** One row per item of each document of each group (a receiver's, a place's, an export type's). */
function itemRows<G, D extends { itms: unknown[] }>(
  groups: G[] | undefined,
  documentsOf: (group: G) => D[],
  row: (group: G, document: D, item: D["itms"][number]) => string[],
): string[][] {
  return (groups ?? []).flatMap((g) => documentsOf(g).flatMap((d) => d.itms.map((item) => row(g, d, item))));
}

function rows(report: Gstr1Json, section: Gstr1Section, names: Record<string, string>): string[][] {
  /** A registered receiver's first cells: GSTIN, name, the document's number and date. */
  const receiverCells = (ctin: string, number: string, date: string) => [
    ctin,
    names[ctin] ?? "",
    number,
    csvDate(date),
  ];
  switch (section) {
    case "b2b":
      return itemRows(
        report.b2b,
        (r) => r.inv,
        ({ ctin }, i, { itm_det: t }) => [
          ...receiverCells(ctin, i.inum, i.idt),
          money(i.val),
          placeOfSupplyLabel(i.pos),
          i.rchrg,
          "",
          INVOICE_TYPE_LABEL[i.inv_typ],
          "",
          ...rateCells(t),
        ],
      );
    case "b2cl":
      return itemRows(
        report.b2cl,
        (p) => p.inv,
        ({ pos }, i, { itm_det: t }) => [
          i.inum,
          csvDate(i.idt),
          money(i.val),
          placeOfSupplyLabel(pos),
          ...applicableRateCells(t),
          "",
        ],
      );
    case "b2cs":
      return (report.b2cs ?? []).map((r) => [
        r.typ,
        placeOfSupplyLabel(r.pos),
        ...applicableRateCells(r),
        "",
      ]);
    case "cdnr":
      return itemRows(
        report.cdnr,
        (r) => r.nt,
        ({ ctin }, n, { itm_det: t }) => [
          ...receiverCells(ctin, n.nt_num, n.nt_dt),
          n.ntty,
          placeOfSupplyLabel(n.pos),
          n.rchrg,
          NOTE_SUPPLY_LABEL[n.inv_typ],
          money(n.val),
          ...applicableRateCells(t),
        ],
      );
    case "cdnur":
      return (report.cdnur ?? []).flatMap((n) =>
        n.itms.map(({ itm_det: t }) => [
          n.typ,
          n.nt_num,
          csvDate(n.nt_dt),
          n.ntty,
          n.pos ? placeOfSupplyLabel(n.pos) : "",
          money(n.val),
          ...applicableRateCells(t),
        ]),
      );
    case "exp":
      return itemRows(
        report.exp,
        (e) => e.inv,
        ({ exp_typ }, i, t) => [
          exp_typ,
          i.inum,
          csvDate(i.idt),
          money(i.val),
          i.sbpcode ?? "",
          i.sbnum ?? "",
          i.sbdt ? csvDate(i.sbdt) : "",
          ...rateCells(t),
        ],
      );
    case "nil":
      return (report.nil?.inv ?? []).map((n) => [
        NIL_SUPPLY_LABEL[n.sply_ty],
        money(n.nil_amt),
        money(n.expt_amt),
        money(n.ngsup_amt),
      ]);
    case "at":
    case "txpd":
      return (report[section] ?? []).flatMap((r) =>
        r.itms.map((t) => [placeOfSupplyLabel(r.pos), "", rate(t.rt), money(t.ad_amt), money(t.csamt)]),
      );
    case "hsn": {
      // From April 2025 the table has a B2B and a B2C tab: one file, a first column says which.
      const hsn = report.hsn;
      if (!hsn || "data" in hsn) return (hsn?.data ?? []).map(hsnCells);
      return [
        ...(hsn.hsn_b2b ?? []).map((h) => ["B2B", ...hsnCells(h)]),
        ...(hsn.hsn_b2c ?? []).map((h) => ["B2C", ...hsnCells(h)]),
      ];
    }
    case "docs":
      return (report.doc_issue?.doc_det ?? []).flatMap(({ doc_num, docs }) =>
        docs.map((d) => [DOC_NATURE_LABEL[doc_num], d.from, d.to, String(d.totnum), String(d.cancel)]),
      );
  }
}

function hsnCells(h: Gstr1HsnRow): string[] {
  return [
    h.hsn_sc,
    h.desc,
    h.uqc,
    String(h.qty),
    totalValue(h),
    rate(h.rt),
    money(h.txval),
    money(h.iamt),
    money(h.camt),
    money(h.samt),
    money(h.csamt),
  ];
}

/** Taxable value plus every tax, summed in paise (the parts are exact two-decimal rupees). */
function totalValue(h: { txval: number; iamt: number; camt: number; samt: number; csamt: number }): string {
  const paise = [h.txval, h.iamt, h.camt, h.samt, h.csamt].reduce((sum, r) => sum + paiseOf(r), 0);
  return formatScaled(paise, 2);
}

/** One section of a GSTR-1 report as CSV text (CRLF lines, UTF-8 byte-order mark for Excel). */
export function gstr1Csv(
  report: Gstr1Json,
  section: Gstr1Section,
  receiverNames: Record<string, string> = {},
): string {
  const split = section === "hsn" && report.hsn !== undefined && !("data" in report.hsn);
  const header = split ? ["Type", ...GSTR1_CSV_HEADERS.hsn] : GSTR1_CSV_HEADERS[section];
  return csvText([header, ...rows(report, section, receiverNames)]);
}
