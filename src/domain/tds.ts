import { formatScaled } from "./decimal";
import { financialYearOfIsoDate } from "./document-number";
import { entryOf } from "./maps";

// TDS deducted by clients (issue 33, docs/decisions/0088-tds-deducted-by-clients.md). A client who
// deducts tax at source pays the invoice less the TDS and deposits the TDS with the government in
// the business's PAN; the invoice is settled by both. The business claims the TDS from Form 26AS
// (or the AIS), so it lists what was deducted per client and quarter to match them.
// Rates in basis points (1 % = 100); amounts in paise.

export interface TdsSection {
  code: string;
  label: string;
  /** The usual rates, most common first (basis points). */
  ratesBp: readonly number[];
}

/**
 * The sections a business selling goods or services meets most, with their rates for FY 2025-26
 * (Income-tax Act 1961, Chapter XVII-B; rates after the Finance (No. 2) Act 2024: 194H 2 % and
 * 194O 0.1 % from 1 October 2024). The user may type any other section and rate.
 */
export const TDS_SECTIONS: readonly TdsSection[] = [
  { code: "194J", label: "194J Professional (10 %) or technical (2 %) fees", ratesBp: [1000, 200] },
  { code: "194C", label: "194C Contractors (1 % individual/HUF, 2 % others)", ratesBp: [200, 100] },
  { code: "194H", label: "194H Commission or brokerage", ratesBp: [200] },
  { code: "194I", label: "194I Rent (10 % land/building, 2 % machinery)", ratesBp: [1000, 200] },
  { code: "194Q", label: "194Q Purchase of goods", ratesBp: [10] },
  { code: "194O", label: "194O E-commerce operator", ratesBp: [10] },
];

/** A section as the Act numbers it: "194J", "194JB", "194IA", "206C" (typed under "Other"). */
export const TDS_SECTION_PATTERN = /^\d{3}[A-Z]{0,3}$/;

/** The highest rate taken (20 %: section 206AA, no PAN furnished). */
export const MAX_TDS_RATE_BP = 2000;

export const TDS_MESSAGES = {
  foreignCurrency: (currency: string) =>
    `TDS is deducted in rupees: this invoice is in ${currency}, so record the amount received without TDS.`,
  sectionNeeded: "Choose the section the client deducted TDS under (e.g. 194J).",
  rateRange: `The rate must be more than 0 % and at most ${MAX_TDS_RATE_BP / 100} %.`,
  notPositive: "The TDS must be more than zero, or leave it empty.",
  overBalance: (balance: string) =>
    `The amount received and the TDS together cannot be more than the balance due (${balance}).`,
} as const;

/** "10 %", "0.1 %" from basis points. */
export function formatTdsRate(rateBp: number): string {
  const whole = Math.trunc(rateBp / 100);
  const fraction = String(rateBp % 100)
    .padStart(2, "0")
    .replace(/0+$/, "");
  return `${whole}${fraction ? `.${fraction}` : ""} %`;
}

/** Reads "10", "0.1", "10 %" as basis points; null when it is not a rate of at most two decimals. */
export function parseTdsRate(text: string): number | null {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,2}))?\s*%?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * The TDS a deductor takes at this rate on the taxable value (the amount without GST when the
 * invoice shows GST separately, CBDT Circular 23/2017), rounded to the nearest rupee as section
 * 288B has it (half a rupee up).
 */
export function suggestedTdsMinor(taxableMinor: number, rateBp: number): number {
  if (taxableMinor <= 0 || rateBp <= 0) return 0;
  // Exact integers: paise x basis points stays below 2^53 for any amount the API takes.
  return Math.round((taxableMinor * rateBp) / 1_000_000) * 100;
}

/** TDS a short payment leaves: what a bank statement's credit suggests the client deducted. */
export interface TdsInPayment {
  tdsMinor: number;
  rateBp: number;
  /** The section that rate is most often deducted under; the user may choose another. */
  section: string;
}

/**
 * The rates a short payment is read against, most common first, each with the section it most
 * often means: 10 % professional fees (194J; rent under 194I too), 2 % contractors (194C; technical
 * fees and commission too), 1 % individual contractors (194C), 0.1 % purchase of goods (194Q).
 */
export const SHORT_PAYMENT_RATES: readonly { rateBp: number; section: string }[] = [
  { rateBp: 1000, section: "194J" },
  { rateBp: 200, section: "194C" },
  { rateBp: 100, section: "194C" },
  { rateBp: 10, section: "194Q" },
];

/** The sections a rate of SHORT_PAYMENT_RATES may be deducted under, the usual one first. */
export function sectionsForRate(rateBp: number): string[] {
  const first = SHORT_PAYMENT_RATES.find((r) => r.rateBp === rateBp)?.section;
  const all = TDS_SECTIONS.filter((s) => s.ratesBp.includes(rateBp)).map((s) => s.code);
  return first ? [first, ...all.filter((c) => c !== first)] : all;
}

/**
 * Whether a payment of `receivedMinor` against an unpaid balance is that balance less TDS at one of
 * the usual rates on the taxable value, rounded to the rupee (section 288B) or to the paisa (what
 * some deductors' software does). Null when it is not, or when nothing is short.
 */
export function tdsInShortPayment(
  balanceMinor: number,
  taxableMinor: number,
  receivedMinor: number,
): TdsInPayment | null {
  const short = balanceMinor - receivedMinor;
  if (short <= 0 || receivedMinor <= 0 || taxableMinor <= 0) return null;
  for (const { rateBp, section } of SHORT_PAYMENT_RATES) {
    const exact = Math.round((taxableMinor * rateBp) / 10_000);
    if (short === suggestedTdsMinor(taxableMinor, rateBp) || short === exact)
      return { tdsMinor: short, rateBp, section };
  }
  return null;
}

/** The financial year's quarter of a "YYYY-MM-DD" date: Q1 Apr-Jun, Q2 Jul-Sep, Q3 Oct-Dec, Q4 Jan-Mar. */
export function tdsQuarter(isoDate: string): 1 | 2 | 3 | 4 {
  const month = Number(isoDate.slice(5, 7));
  return month >= 4 ? ((Math.floor((month - 4) / 3) + 1) as 1 | 2 | 3) : 4;
}

/** "2026-27 Q3" of a date: the financial year and quarter a deduction is reported in (Form 26Q, 26AS). */
export function tdsPeriod(isoDate: string): { financialYear: string; quarter: 1 | 2 | 3 | 4; label: string } {
  const financialYear = financialYearOfIsoDate(isoDate);
  const quarter = tdsQuarter(isoDate);
  return { financialYear, quarter, label: `${financialYear} Q${quarter}` };
}

const QUARTER_MONTHS = ["Apr-Jun", "Jul-Sep", "Oct-Dec", "Jan-Mar"] as const;
export function tdsQuarterLabel(quarter: 1 | 2 | 3 | 4): string {
  return `Q${quarter} (${QUARTER_MONTHS[quarter - 1]})`;
}

/** The first and last day of a financial year ("2026-27"). */
export function financialYearDates(financialYear: string): { from: string; to: string } {
  const start = Number(financialYear.slice(0, 4));
  return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
}

const PAN = /^[A-Z]{5}\d{4}[A-Z]$/;
/**
 * The client's PAN: its own when given, else characters 3 to 12 of its GSTIN (a GSTIN is the
 * state code, the PAN, an entity number, "Z" and a check character); "" when neither holds one.
 */
export function clientPan(pan: string | null | undefined, gstin: string | null | undefined): string {
  const own = (pan ?? "").trim().toUpperCase();
  if (PAN.test(own)) return own;
  const fromGstin = (gstin ?? "").trim().toUpperCase().slice(2, 12);
  return PAN.test(fromGstin) ? fromGstin : "";
}

/** What is wrong with a payment's TDS, or null: rupees only, a section, a rate in range. */
export function tdsProblem(
  currency: string,
  tds: { tdsMinor: number; tdsSection: string | null; tdsRateBp: number | null },
): { field: "tdsMinor" | "tdsSection" | "tdsRateBp"; message: string } | null {
  if (tds.tdsMinor === 0) return null;
  if (currency !== "INR") return { field: "tdsMinor", message: TDS_MESSAGES.foreignCurrency(currency) };
  if (!Number.isSafeInteger(tds.tdsMinor) || tds.tdsMinor < 0)
    return { field: "tdsMinor", message: TDS_MESSAGES.notPositive };
  if (!tds.tdsSection) return { field: "tdsSection", message: TDS_MESSAGES.sectionNeeded };
  if (tds.tdsRateBp !== null && (tds.tdsRateBp <= 0 || tds.tdsRateBp > MAX_TDS_RATE_BP))
    return { field: "tdsRateBp", message: TDS_MESSAGES.rateRange };
  return null;
}

/** One payment with TDS, as the report lists it. */
export interface TdsLine {
  paymentId: string;
  invoiceId: string;
  invoiceNumber: string;
  invoiceDate: string;
  clientId: string | null;
  clientName: string;
  pan: string;
  paidOn: string;
  amountMinor: number;
  tdsMinor: number;
  tdsSection: string | null;
  tdsRateBp: number | null;
  seenIn26as: boolean;
}

/** A client's TDS of one quarter: what the business matches with that quarter's Form 26AS lines. */
export interface TdsGroup {
  quarter: 1 | 2 | 3 | 4;
  clientName: string;
  pan: string;
  invoices: number;
  receivedMinor: number;
  tdsMinor: number;
  /** TDS of the group not yet ticked as seen in 26AS. */
  unseenMinor: number;
  sections: string[];
  lines: TdsLine[];
}

/**
 * The payments with TDS per quarter (of the payment date, when the client deducts) and client
 * (the saved client, else the name on the invoice), quarters in order, clients by name.
 */
export function tdsGroups(lines: readonly TdsLine[]): TdsGroup[] {
  const groups = new Map<string, TdsGroup & { invoiceIds: Set<string> }>();
  for (const line of lines) {
    const quarter = tdsQuarter(line.paidOn);
    const key = `${quarter}|${line.clientId ?? `name:${line.clientName.trim().toLowerCase()}`}`;
    const group = entryOf(groups, key, () => ({
      quarter,
      clientName: line.clientName,
      pan: line.pan,
      invoices: 0,
      receivedMinor: 0,
      tdsMinor: 0,
      unseenMinor: 0,
      sections: [],
      lines: [],
      invoiceIds: new Set<string>(),
    }));
    group.invoiceIds.add(line.invoiceId);
    group.invoices = group.invoiceIds.size;
    group.receivedMinor += line.amountMinor;
    group.tdsMinor += line.tdsMinor;
    if (!line.seenIn26as) group.unseenMinor += line.tdsMinor;
    if (line.tdsSection && !group.sections.includes(line.tdsSection)) group.sections.push(line.tdsSection);
    if (!group.pan && line.pan) group.pan = line.pan;
    group.lines.push(line);
  }
  const order = (q: number) => (q + 3) % 4; // Q1..Q4 in the year's order (Q4 is Jan-Mar, last).
  return [...groups.values()]
    .map(({ invoiceIds: _ids, ...g }) => g)
    .sort(
      (a, b) =>
        order(a.quarter) - order(b.quarter) ||
        a.clientName.localeCompare(b.clientName, "en", { sensitivity: "base" }),
    );
}

/** The report's CSV rows: one line per payment, the header first; amounts in rupees. */
export function tdsCsvRows(financialYear: string, groups: readonly TdsGroup[]): string[][] {
  const rupees = (minor: number) => formatScaled(minor, 2);
  const header = [
    "Financial year",
    "Quarter",
    "Client",
    "PAN",
    "Invoice",
    "Invoice date",
    "Paid on",
    "Amount received",
    "TDS",
    "Section",
    "Rate",
    "Seen in 26AS",
  ];
  const rows = groups.flatMap((g) =>
    g.lines.map((l) => [
      financialYear,
      `Q${g.quarter}`,
      l.clientName,
      l.pan,
      l.invoiceNumber,
      l.invoiceDate,
      l.paidOn,
      rupees(l.amountMinor),
      rupees(l.tdsMinor),
      l.tdsSection ?? "",
      l.tdsRateBp === null ? "" : formatTdsRate(l.tdsRateBp),
      l.seenIn26as ? "Yes" : "No",
    ]),
  );
  return [header, ...rows];
}
