import { looksLikeCamt053, parseCamt053 } from "./camt";
import { collapse, csvRows, parseAmount, parseStatementDate } from "./cells";
import { looksLikeMt940, parseMt940 } from "./mt940";
import { type NarrationParts, parseNarration } from "./narration";

// A bank statement's rows into transactions (issue 33, decision 0083; research: horizon-specs §2.1
// and §2.4). The header row is found, never assumed at a fixed offset: the first of the first 40
// rows naming a date, a narration and an amount or balance. Rows before it (the account's preamble)
// and rows whose date does not read (opening balance, legends) are skipped; a footer row (closing
// balance, transaction total) ends the statement.

export const BANK_LAYOUTS = ["SBI", "HDFC", "ICICI", "Axis", "Kotak", "MT940", "CAMT.053", "Other"] as const;
export type BankLayout = (typeof BANK_LAYOUTS)[number];

/** A line of the statement, with the parts of its narration. */
export interface StatementLine extends NarrationParts {
  /** 1-based row of the file. */
  row: number;
  txnDate: string;
  valueDate: string | null;
  direction: "CR" | "DR";
  /** Always positive, in paise. */
  amountMinor: number;
  /** Signed, in paise, when the bank prints it. */
  balanceMinor: number | null;
  narration: string;
  refNo: string | null;
}

export interface ParsedStatement {
  bank: BankLayout;
  /** The account number the preamble names, if any (masked digits kept as printed). */
  accountNumber: string | null;
  lines: StatementLine[];
  /** Rows that look like transactions but did not read, and breaks in the running balance. */
  problems: { row: number; message: string }[];
}

/** Which column holds what; -1 when the layout has no such column. */
export interface ColumnMap {
  date: number;
  valueDate: number;
  narration: number;
  ref: number;
  debit: number;
  credit: number;
  amount: number;
  drCr: number;
  balance: number;
}

type Role = keyof ColumnMap;

const norm = (s: string) => collapse(s).toLowerCase();

/** The role a header names, or null; the order of the tests matters ("Debit/Credit" is a side). */
function roleOf(header: string): Role | null {
  const h = norm(header);
  if (h === "") return null;
  if (/^(dr|cr|debit|credit) ?\/ ?(dr|cr|debit|credit)$|^(txn |transaction )?type$/.test(h)) return "drCr";
  if (/^value (date|dt)/.test(h)) return "valueDate";
  if (/^(txn|tran|transaction|posting|book(ing)?)? ?date\b|^date$/.test(h)) return "date";
  if (/narration|description|particulars|remarks|details/.test(h)) return "narration";
  if (/balance|^bal\b/.test(h)) return "balance";
  if (/withdrawal|debit|^dr\b/.test(h)) return "debit";
  if (/deposit|credit|^cr\b/.test(h)) return "credit";
  if (/^amount|^amt\b/.test(h)) return "amount";
  if (/chq|cheque|ref/.test(h)) return "ref";
  return null;
}

/** The column map a header row gives, or null when it is not a statement's header. */
export function columnsOf(cells: string[]): ColumnMap | null {
  const map: ColumnMap = {
    date: -1,
    valueDate: -1,
    narration: -1,
    ref: -1,
    debit: -1,
    credit: -1,
    amount: -1,
    drCr: -1,
    balance: -1,
  };
  cells.forEach((cell, i) => {
    const role = roleOf(cell);
    if (role && map[role] === -1) map[role] = i;
  });
  if (map.date === -1) map.date = map.valueDate;
  const hasAmount = map.amount !== -1 || (map.debit !== -1 && map.credit !== -1);
  if (map.date === -1 || map.narration === -1 || !hasAmount) return null;
  return map;
}

function bankOf(headers: string[], preamble: string): BankLayout {
  const h = headers.map(norm).join("|");
  const p = preamble.toLowerCase();
  if (h.includes("chq./ref.no.") || (h.includes("narration") && h.includes("closing balance"))) return "HDFC";
  if (h.includes("transaction remarks")) return "ICICI";
  if (h.includes("txn date") && h.includes("description")) return "SBI";
  if (
    h.includes("particulars") &&
    (h.includes("debit/credit") || h.includes("tran date") || p.includes("axis"))
  )
    return "Axis";
  if (h.includes("description") && /dr ?\/ ?cr/.test(h)) return "Kotak";
  if (p.includes("kotak")) return "Kotak";
  if (p.includes("state bank")) return "SBI";
  return "Other";
}

const FOOTER =
  /^(opening balance|closing balance|transaction total|statement summary|\*{3,}|end of statement)/i;

/** The preamble's account number ("Account No : 50100123456789", "A/C No. XXXXXX1234"). */
function accountNumberOf(preamble: string): string | null {
  const m = /(?:account|a\/c)\s*(?:no|number|#)?\.?\s*[:-]?\s*([0-9Xx*]{6,20})/i.exec(preamble);
  return m ? m[1]!.toUpperCase() : null;
}

/** A layout the user mapped by hand: which row is the header (0-based) and which column holds what. */
export interface StatementLayout {
  headerRow: number;
  columns: ColumnMap;
}

/** What identifies a header row: its cells, normalised. A saved layout is found again by it. */
export const headerSignature = (cells: string[]) => cells.map(norm).join("|");

/** The first rows of a file as cells, for the user to map an unknown layout. */
export function sampleRows(text: string, count = 25): string[][] {
  return csvRows(text)
    .slice(0, count)
    .map((r) => r.slice(0, 30).map((c) => collapse(c).slice(0, 80)));
}

/**
 * Reads a statement's text (CSV or TSV, MT940 or CAMT.053). The header row is found by its names; `layout`
 * (mapped by the user) overrides that; `known` holds the layouts saved before, by the signature of
 * their header row, for files whose header names Bahi does not recognise.
 */
export function parseStatement(
  text: string,
  opts: { layout?: StatementLayout; known?: ReadonlyMap<string, ColumnMap> } = {},
): ParsedStatement {
  if (!opts.layout && looksLikeMt940(text)) return parseMt940(text);
  if (!opts.layout && looksLikeCamt053(text)) return parseCamt053(text);
  const rows = csvRows(text);
  let headerAt = -1;
  let map: ColumnMap | null = null;
  if (opts.layout && opts.layout.headerRow < rows.length) {
    headerAt = opts.layout.headerRow;
    map = opts.layout.columns;
  } else {
    for (let i = 0; i < Math.min(rows.length, 40) && !map; i++) {
      map = columnsOf(rows[i]!) ?? opts.known?.get(headerSignature(rows[i]!)) ?? null;
      if (map) headerAt = i;
    }
  }
  if (!map) throw new StatementLayoutError();
  const preamble = rows
    .slice(0, headerAt)
    .map((r) => r.join(" "))
    .join("\n");
  const bank = bankOf(rows[headerAt] ?? [], preamble);
  const lines: StatementLine[] = [];
  const problems: ParsedStatement["problems"] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const cells = rows[i]!;
    const first = collapse(cells.join(" "));
    if (first === "") continue;
    const line = lineOf(cells, map, i + 1);
    if (line === "skip") {
      if (lines.length > 0 && cells.some((c) => FOOTER.test(collapse(c)))) break;
      continue;
    }
    if (typeof line === "string") problems.push({ row: i + 1, message: line });
    else lines.push(line);
  }
  const ordered = inDateOrder(lines);
  problems.push(...balanceBreaks(ordered));
  return { bank, accountNumber: accountNumberOf(preamble), lines: ordered, problems };
}

export class StatementLayoutError extends Error {
  constructor() {
    super(
      "No header row found: the file needs a row naming the date, narration (or description, particulars) and amount columns.",
    );
  }
}

function lineOf(cells: string[], map: ColumnMap, row: number): StatementLine | "skip" | string {
  const cell = (i: number) => (i === -1 ? undefined : cells[i]);
  const txnDate = parseStatementDate(cell(map.date));
  if (!txnDate) return "skip";
  let signed: number | null;
  if (map.debit !== -1 && map.credit !== -1) {
    const debit = parseAmount(cell(map.debit));
    const credit = parseAmount(cell(map.credit));
    if (debit === null && credit === null && cell(map.debit)?.trim() && cell(map.credit)?.trim())
      return "The amounts do not read.";
    signed = credit && credit !== 0 ? Math.abs(credit) : debit && debit !== 0 ? -Math.abs(debit) : null;
  } else {
    const amount = parseAmount(cell(map.amount));
    if (amount === null) return cell(map.amount)?.trim() ? "The amount does not read." : "skip";
    const side = collapse(cell(map.drCr)).toLowerCase();
    signed = side.startsWith("d") ? -Math.abs(amount) : side.startsWith("c") ? Math.abs(amount) : amount;
  }
  if (signed === null || signed === 0) return "skip";
  const narration = collapse(cell(map.narration));
  const parts = parseNarration(narration);
  const ref = collapse(cell(map.ref));
  return {
    row,
    txnDate,
    valueDate: parseStatementDate(cell(map.valueDate)),
    direction: signed > 0 ? "CR" : "DR",
    amountMinor: Math.abs(signed),
    balanceMinor: parseAmount(cell(map.balance)),
    narration,
    refNo: ref === "" ? null : ref,
    ...parts,
    // HDFC's Chq./Ref.No. holds the RRN padded to 16 digits when the narration lost it.
    utr: parts.utr ?? (/^0*\d{12}$/.test(ref) ? ref.slice(-12) : null),
  };
}

/** Oldest first: a newest-first statement (its dates falling) is turned round. */
function inDateOrder(lines: StatementLine[]): StatementLine[] {
  if (lines.length < 2) return lines;
  const first = lines[0]!.txnDate;
  const last = lines.at(-1)!.txnDate;
  if (first > last) return [...lines].reverse();
  if (first === last && lines.length >= 2) {
    // One day only: the running balance tells the order.
    const [a, b] = [lines[0]!, lines[1]!];
    if (a.balanceMinor !== null && b.balanceMinor !== null) {
      const signed = a.direction === "CR" ? a.amountMinor : -a.amountMinor;
      if (a.balanceMinor - signed === b.balanceMinor) return [...lines].reverse();
    }
  }
  return lines;
}

/** Rows where the running balance does not follow from the one before: rows missing or misread. */
function balanceBreaks(lines: StatementLine[]): ParsedStatement["problems"] {
  const out: ParsedStatement["problems"] = [];
  for (let i = 1; i < lines.length; i++) {
    const prev = lines[i - 1]!.balanceMinor;
    const line = lines[i]!;
    if (prev === null || line.balanceMinor === null) continue;
    const expected = prev + (line.direction === "CR" ? line.amountMinor : -line.amountMinor);
    if (expected !== line.balanceMinor)
      out.push({ row: line.row, message: "The running balance does not follow from the row before." });
  }
  return out;
}

/**
 * What makes a line the same line in another import (the same statement twice, or two that
 * overlap): the account and the UTR with the direction, else the date, amount, narration and balance.
 */
export function lineKey(line: StatementLine): string {
  if (line.utr) return `utr|${line.direction}|${line.utr}`;
  const narration = line.narration.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return `row|${line.txnDate}|${line.direction}|${line.amountMinor}|${narration}|${line.balanceMinor ?? ""}`;
}
