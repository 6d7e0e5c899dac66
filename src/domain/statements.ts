import { formatMoney } from "./format";
import { AGEING_BUCKETS, type AgeingBucket, ageingBucket } from "./payments";

// A client's statement of account (issue 32 part 2; horizon-specs §5; decision 0081), pure: the
// activity statement (opening balance, every document in date order with a running Dr/Cr balance,
// closing balance) and the open-items statement (what is still owed by document, aged as of the
// period's end by due date, with unallocated credit apart). Both are computed from one list of
// ledger entries, so the open items' total equals the closing balance by construction; the property
// test holds them equal over random histories.

/** What raises the balance (the client owes more). */
export const DEBIT_KINDS = ["invoice", "debit_note"] as const;
/** What lowers it. */
export const CREDIT_KINDS = ["payment", "credit_note"] as const;
export type StatementEntryKind = (typeof DEBIT_KINDS)[number] | (typeof CREDIT_KINDS)[number];

export const STATEMENT_ENTRY_TITLES: Record<StatementEntryKind, string> = {
  invoice: "Invoice",
  debit_note: "Debit Note",
  credit_note: "Credit Note",
  payment: "Payment Received",
};

/** One document of the client's account, in the statement's currency (amounts > 0, minor units). */
export interface LedgerEntry {
  kind: StatementEntryKind;
  id: string;
  /** The document's number (a payment: its receipt reference, or the invoice it paid). */
  number: string;
  /** The document's date (a payment: the day it was received), ISO yyyy-mm-dd. */
  date: string;
  /** Order among the same day's entries (the posting time, ms): an invoice before its payment. */
  postedAt: number;
  amountMinor: number;
  /** Debits: the day it falls due (none: due on its date). */
  dueDate?: string | null;
  /** "Due 16 May 2026", "UPI · UTR 5160… · against INV/…". */
  details: string;
  /** Credits: the debits it settles, by id, in order (what is left over is unallocated). */
  allocations?: readonly { to: string; amountMinor: number }[];
}

export interface StatementPeriod {
  from: string;
  to: string;
}

export interface ActivityRow {
  kind: StatementEntryKind;
  id: string;
  date: string;
  title: string;
  number: string;
  details: string;
  debitMinor: number;
  creditMinor: number;
  /** The running balance after this row: > 0 the client owes (Dr), < 0 is owed (Cr). */
  balanceMinor: number;
}

export interface ActivityStatement {
  /** Σ(debits − credits) of every entry dated before `from`. */
  openingMinor: number;
  rows: ActivityRow[];
  totalDebitMinor: number;
  totalCreditMinor: number;
  /** opening + Σ debits − Σ credits of the period. */
  closingMinor: number;
}

export interface OpenItem {
  kind: (typeof DEBIT_KINDS)[number];
  id: string;
  number: string;
  date: string;
  dueDate: string;
  amountMinor: number;
  /** What credits dated on or before the end date settled of it. */
  receivedMinor: number;
  pendingMinor: number;
  /** Days past its due date at the end date (0 or less: not yet due). */
  daysOverdue: number;
  bucket: AgeingBucket;
}

export interface OpenItemsStatement {
  asOf: string;
  items: OpenItem[];
  /** Credits not settling any open document as of the end date (advances, a credit note's excess). */
  unallocatedMinor: number;
  /** The pending amounts by bucket (unallocated credit is in none of them). */
  buckets: Record<AgeingBucket, number>;
  /** Σ pending − unallocated: always the activity statement's closing balance. */
  totalMinor: number;
}

export interface Statement {
  period: StatementPeriod;
  activity: ActivityStatement;
  openItems: OpenItemsStatement;
}

const isDebit = (e: LedgerEntry) => e.kind === "invoice" || e.kind === "debit_note";
const signed = (e: LedgerEntry) => (isDebit(e) ? e.amountMinor : -e.amountMinor);

/** Date order, then posting order, then debits before credits, then id: the same order every time. */
export function ledgerOrder(a: LedgerEntry, b: LedgerEntry): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.postedAt !== b.postedAt) return a.postedAt - b.postedAt;
  if (isDebit(a) !== isDebit(b)) return isDebit(a) ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** Whole days from `a` to `b` (ISO dates): b − a. */
export function daysFrom(a: string, b: string): number {
  const day = (iso: string) => {
    const [y, m, d] = iso.split("-").map(Number);
    return Date.UTC(y, m - 1, d) / 86_400_000;
  };
  return Math.round(day(b) - day(a));
}

export function activityStatement(
  entries: readonly LedgerEntry[],
  period: StatementPeriod,
): ActivityStatement {
  const sorted = [...entries].sort(ledgerOrder);
  let openingMinor = 0;
  for (const e of sorted) if (e.date < period.from) openingMinor += signed(e);
  let balance = openingMinor;
  let totalDebitMinor = 0;
  let totalCreditMinor = 0;
  const rows: ActivityRow[] = [];
  for (const e of sorted) {
    if (e.date < period.from || e.date > period.to) continue;
    const debit = isDebit(e) ? e.amountMinor : 0;
    const credit = isDebit(e) ? 0 : e.amountMinor;
    totalDebitMinor += debit;
    totalCreditMinor += credit;
    balance += debit - credit;
    rows.push({
      kind: e.kind,
      id: e.id,
      date: e.date,
      title: STATEMENT_ENTRY_TITLES[e.kind],
      number: e.number,
      details: e.details,
      debitMinor: debit,
      creditMinor: credit,
      balanceMinor: balance,
    });
  }
  return { openingMinor, rows, totalDebitMinor, totalCreditMinor, closingMinor: balance };
}

/**
 * What is still owed as of `asOf`, by debit document: each credit dated on or before then settles
 * the debits it names (only those also dated on or before then, never above what they owe), in the
 * ledger's order; what it cannot place stays unallocated. So Σ pending − unallocated is exactly
 * Σ debits − Σ credits up to `asOf`: the closing balance.
 */
export function openItemsStatement(entries: readonly LedgerEntry[], asOf: string): OpenItemsStatement {
  const sorted = [...entries].filter((e) => e.date <= asOf).sort(ledgerOrder);
  const owed = new Map<string, number>();
  for (const e of sorted) if (isDebit(e)) owed.set(e.id, e.amountMinor);
  const settled = new Map<string, number>();
  let unallocatedMinor = 0;
  for (const e of sorted) {
    if (isDebit(e)) continue;
    let left = e.amountMinor;
    for (const a of e.allocations ?? []) {
      const room = (owed.get(a.to) ?? 0) - (settled.get(a.to) ?? 0);
      const take = Math.max(0, Math.min(a.amountMinor, room, left));
      if (take === 0) continue;
      settled.set(a.to, (settled.get(a.to) ?? 0) + take);
      left -= take;
    }
    unallocatedMinor += left;
  }
  const buckets = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Record<AgeingBucket, number>;
  const items: OpenItem[] = [];
  let pendingTotal = 0;
  for (const e of sorted) {
    if (!isDebit(e)) continue;
    // Ids are unique, so what settled it never passes its amount (the room above).
    const received = settled.get(e.id) ?? 0;
    const pendingMinor = e.amountMinor - received;
    if (pendingMinor === 0) continue;
    const dueDate = e.dueDate ?? e.date;
    const daysOverdue = daysFrom(dueDate, asOf);
    const bucket = ageingBucket(daysOverdue);
    buckets[bucket] += pendingMinor;
    pendingTotal += pendingMinor;
    items.push({
      kind: e.kind as OpenItem["kind"],
      id: e.id,
      number: e.number,
      date: e.date,
      dueDate,
      amountMinor: e.amountMinor,
      receivedMinor: received,
      pendingMinor,
      daysOverdue,
      bucket,
    });
  }
  return { asOf, items, unallocatedMinor, buckets, totalMinor: pendingTotal - unallocatedMinor };
}

export function buildStatement(entries: readonly LedgerEntry[], period: StatementPeriod): Statement {
  return {
    period,
    activity: activityStatement(entries, period),
    openItems: openItemsStatement(entries, period.to),
  };
}

/** "₹10,621.00 Dr", "₹500.00 Cr", "₹0.00": a balance with the side it is on. */
export function formatBalance(minor: number, currency: string): string {
  const amount = formatMoney(Math.abs(minor), currency);
  return minor > 0 ? `${amount} Dr` : minor < 0 ? `${amount} Cr` : amount;
}

export const AGEING_BUCKET_LABELS: Record<AgeingBucket, string> = {
  current: "Not yet due",
  "1-30": "1–30 days",
  "31-60": "31–60 days",
  "61-90": "61–90 days",
  "90+": "Over 90 days",
};

/** The longest period a statement covers (a bound on the work one request asks for). */
export const STATEMENT_MAX_DAYS = 3 * 366;

/** Why a period cannot be a statement's, or null. */
export function periodProblem(period: StatementPeriod): string | null {
  if (period.from > period.to) return "The start date must be on or before the end date.";
  if (daysFrom(period.from, period.to) > STATEMENT_MAX_DAYS) return "A statement covers at most three years.";
  return null;
}

/** The period as the page and the mail say it: "1 Apr 2026 to 30 Jun 2026". */
export function periodLabel(period: StatementPeriod, formatDate: (iso: string) => string): string {
  return `${formatDate(period.from)} to ${formatDate(period.to)}`;
}

/** The month before `today`'s: the monthly statement's period. */
export function previousMonth(today: string): StatementPeriod {
  const [y, m] = today.split("-").map(Number);
  const year = m === 1 ? y - 1 : y;
  const month = m === 1 ? 12 : m - 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, "0");
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, "0")}` };
}

/** A statement's own placeholders, besides the send ones ({client_name}, {amount}, {link}, ...). */
export const STATEMENT_PLACEHOLDERS = ["period"] as const;

export const DEFAULT_STATEMENT_SUBJECT = "Statement of account from {business_name}";
export const DEFAULT_STATEMENT_MESSAGE = [
  "Dear {client_name},",
  "",
  "Please find your statement of account for {period}.",
  "The balance due is {amount}. You can see the statement, print it and pay here: {link}",
  "",
  "Thank you,",
  "{business_name}",
].join("\n");

/** Fills `{period}` ("1 Apr 2026 to 30 Jun 2026"); the send placeholders are filled after. */
export function fillStatementPlaceholders(
  template: string,
  period: StatementPeriod,
  formatDate: (iso: string) => string,
): string {
  return template.replaceAll("{period}", periodLabel(period, formatDate));
}
