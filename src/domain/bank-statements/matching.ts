import { addDays } from "../dates";
import { formatMoney } from "../format";
import { formatTdsRate, type TdsInPayment, tdsInShortPayment } from "../tds";

// Credits of a bank statement matched to open invoices (issue 33, decision 0083; research:
// horizon-specs §2.5). Pure: the server loads the open invoices and the payers it has learned,
// calls `matchCredits` and applies its answer in one transaction.
//
// Tiers, first that gives one answer wins:
//  (a) "invoice_number": the invoice's number (as the banks leave it: separators dropped, cut short
//      at the end, or its prefix and numeric tail) is in the narration, and the amount is at most
//      its balance (a part payment), or equals the sum of the balances of the invoices it names.
//  (b) "known_payer": the payer's VPA was seen on an earlier confirmed match of one client, and
//      the amount equals the balance of exactly one open invoice of that client.
//  (c) "amount": the amount equals the balance of exactly one open invoice whose date window
//      (invoice date - 3 days to due date + 90 days) holds the credit's date. Only suggested.
// (a) and (b) are applied at once (the user can undo); everything else goes to review with up to
// three likely invoices. Amount and date alone never apply a payment: two clients paying the same
// round amount is common.
// A credit that is an unpaid invoice's balance less TDS at a usual rate on its taxable value (the
// client deducted tax at source) goes to review with that TDS suggested: applied as a part payment
// it would leave the TDS as a balance the client is reminded of (decision 0097).

export interface OpenInvoice {
  id: string;
  invoiceNumber: string;
  clientId: string | null;
  clientName: string;
  balanceMinor: number;
  invoiceDate: string;
  dueDate: string | null;
  /** The value without GST a client deducts TDS on, while nothing is paid yet; else absent. */
  taxableMinor?: number | null;
}

export interface CreditLine {
  id: string;
  txnDate: string;
  amountMinor: number;
  narration: string;
  payerVpa: string | null;
  payerName: string | null;
  /** The payer's note as the narration grammar gave it (it may be cut short), if any. */
  note?: string | null;
}

export type MatchTier = "invoice_number" | "known_payer" | "amount";

export interface Allocation {
  invoiceId: string;
  amountMinor: number;
  /** TDS the client deducted, settling the invoice with the amount. */
  tds?: { tdsMinor: number; tdsSection: string | null; tdsRateBp: number | null };
}

export interface Suggestion {
  invoiceId: string;
  /** What the credit would pay of it: at most its balance. */
  amountMinor: number;
  reason: string;
  /** The TDS the rest of its balance looks like, when the credit is the balance less TDS. */
  tds?: TdsInPayment;
}

export interface MatchDecision {
  lineId: string;
  /** Applied at once ("auto"), or left for the user ("review"). */
  outcome: "auto" | "review";
  tier: MatchTier | null;
  reason: string;
  /** The payments to record when "auto". */
  allocations: Allocation[];
  /** Likely invoices, best first (at most three), when "review". */
  suggestions: Suggestion[];
}

/** Upper-case letters and digits only: how the banks' narrations are compared. */
export const normalise = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, "");

const MIN_CUT_SHORT = 6;

interface Token {
  full: string;
  /** The letters before the number with its numeric tail, padded to 4 and bare ("INV0007", "INV7"). */
  short: string[];
}

function tokenOf(invoiceNumber: string): Token {
  const full = normalise(invoiceNumber);
  const prefix = /^[A-Z]{2,}/.exec(full)?.[0];
  const tail = /(\d+)\D*$/.exec(invoiceNumber)?.[1];
  const bare = tail?.replace(/^0+/, "") ?? "";
  const short = prefix && bare ? [`${prefix}${bare.padStart(4, "0")}`, `${prefix}${bare}`] : [];
  return { full, short: short.filter((s) => s !== full) };
}

/** Whether `needle` stands in `hay` without a digit after it (INV1 is not in INV10). */
function standsIn(hay: string, needle: string): boolean {
  let at = hay.indexOf(needle);
  while (at !== -1) {
    if (!/\d/.test(hay[at + needle.length] ?? "")) return true;
    at = hay.indexOf(needle, at + 1);
  }
  return false;
}

/**
 * How the narration names this invoice: in full, by prefix and tail, cut short, or not at all. A
 * note cut short is a long enough start of the number at the end of the note (ICICI keeps ~15
 * characters), or at the end of the narration when the grammar gave no note.
 */
function namedBy(
  narration: string,
  note: string,
  token: Token,
): { how: "full" | "cut"; share: number } | null {
  if (token.full.length >= 3 && standsIn(narration, token.full)) return { how: "full", share: 1 };
  if (token.short.some((s) => standsIn(narration, s))) return { how: "full", share: 1 };
  const end = note || narration;
  for (let n = token.full.length - 1; n >= MIN_CUT_SHORT; n--) {
    if (end.endsWith(token.full.slice(0, n))) return { how: "cut", share: n / token.full.length };
  }
  return null;
}

/** The TDS a credit leaves unpaid on an invoice nothing is paid of yet, or null. */
function tdsLeft(inv: OpenInvoice, balanceMinor: number, amountMinor: number): TdsInPayment | null {
  if (inv.taxableMinor == null || balanceMinor !== inv.balanceMinor) return null;
  return tdsInShortPayment(balanceMinor, inv.taxableMinor, amountMinor);
}

const lessTds = (tds: TdsInPayment) =>
  `its balance less ${formatTdsRate(tds.rateBp)} TDS (${formatMoney(tds.tdsMinor, "INR")})`;

function inWindow(inv: OpenInvoice, date: string): boolean {
  const from = addDays(inv.invoiceDate, -3);
  const to = addDays(inv.dueDate ?? inv.invoiceDate, 90);
  return date >= from && date <= to;
}

/** Words shared by the payer's name and the client's, over the payer's words (0..1). */
function nameLikeness(payer: string | null, client: string): number {
  if (!payer) return 0;
  const words = (s: string) =>
    new Set(
      s
        .toUpperCase()
        .split(/[^A-Z0-9]+/)
        .filter((w) => w.length > 1),
    );
  const a = words(payer);
  const b = words(client);
  if (a.size === 0) return 0;
  let shared = 0;
  for (const w of a) if ([...b].some((x) => x.startsWith(w) || w.startsWith(x))) shared++;
  return shared / a.size;
}

/**
 * Decides every credit, oldest first; each automatic match lowers the balances (and teaches the
 * payer's VPA) for the credits after it, so two payments of one invoice and a VPA first seen with
 * an invoice number both work in one statement. `knownPayers` maps a lower-case VPA to its client.
 */
export function matchCredits(
  credits: readonly CreditLine[],
  invoices: readonly OpenInvoice[],
  knownPayers: ReadonlyMap<string, string>,
): MatchDecision[] {
  const balance = new Map(invoices.map((i) => [i.id, i.balanceMinor]));
  const tokens = new Map(invoices.map((i) => [i.id, tokenOf(i.invoiceNumber)]));
  const payers = new Map(knownPayers);
  const open = () => invoices.filter((i) => (balance.get(i.id) ?? 0) > 0);
  const ordered = [...credits].sort((a, b) => (a.txnDate < b.txnDate ? -1 : a.txnDate > b.txnDate ? 1 : 0));
  const decisions: MatchDecision[] = [];

  for (const credit of ordered) {
    const hay = normalise(credit.narration);
    const note = normalise(credit.note ?? "");
    const candidates = open().filter((i) => i.invoiceDate <= addDays(credit.txnDate, 3));
    const named = candidates
      .map((inv) => ({ inv, named: namedBy(hay, note, tokens.get(inv.id)!) }))
      .filter((n) => n.named !== null)
      .map((n) => ({ inv: n.inv, how: n.named!.how, share: n.named!.share }));
    const full = named.filter((n) => n.how === "full").map((n) => n.inv);
    const auto = (tier: MatchTier, reason: string, allocations: Allocation[]) => {
      for (const a of allocations) balance.set(a.invoiceId, balance.get(a.invoiceId)! - a.amountMinor);
      const client = invoices.find((i) => i.id === allocations[0]!.invoiceId)?.clientId;
      const clients = new Set(allocations.map((a) => invoices.find((i) => i.id === a.invoiceId)?.clientId));
      if (credit.payerVpa && client && clients.size === 1) payers.set(credit.payerVpa, client);
      decisions.push({ lineId: credit.id, outcome: "auto", tier, reason, allocations, suggestions: [] });
    };
    const bal = (inv: OpenInvoice) => balance.get(inv.id)!;

    // (a) named in full: one invoice taking all or part of the credit, or several whose balances it
    // pays; its balance less TDS goes to review with the TDS suggested.
    const tds = full.length === 1 ? tdsLeft(full[0]!, bal(full[0]!), credit.amountMinor) : null;
    if (full.length === 1 && credit.amountMinor <= bal(full[0]!) && !tds) {
      const inv = full[0]!;
      const part = credit.amountMinor < bal(inv) ? "a part of its balance" : "its balance";
      auto("invoice_number", `${inv.invoiceNumber} in the narration; the amount is ${part}`, [
        { invoiceId: inv.id, amountMinor: credit.amountMinor },
      ]);
      continue;
    }
    if (full.length > 1 && full.reduce((s, i) => s + bal(i), 0) === credit.amountMinor) {
      auto(
        "invoice_number",
        `${full.map((i) => i.invoiceNumber).join(" and ")} in the narration; the amount is their balances`,
        full.map((i) => ({ invoiceId: i.id, amountMinor: bal(i) })),
      );
      continue;
    }
    // (a) cut short: the start of one invoice's number, and exactly that one's balance.
    const cutEqual = named.filter((n) => n.how === "cut" && bal(n.inv) === credit.amountMinor);
    if (full.length === 0 && cutEqual.length === 1) {
      const inv = cutEqual[0]!.inv;
      auto("invoice_number", `${inv.invoiceNumber} (cut short) in the narration; the amount is its balance`, [
        { invoiceId: inv.id, amountMinor: credit.amountMinor },
      ]);
      continue;
    }
    // (b) a payer seen before: exactly one of their client's open invoices has this balance.
    const client = credit.payerVpa ? payers.get(credit.payerVpa) : undefined;
    if (client && full.length === 0) {
      const theirs = candidates.filter((i) => i.clientId === client && bal(i) === credit.amountMinor);
      if (theirs.length === 1) {
        const inv = theirs[0]!;
        auto(
          "known_payer",
          `${credit.payerVpa} paid ${inv.clientName} before; the amount is the balance of ${inv.invoiceNumber}`,
          [{ invoiceId: inv.id, amountMinor: credit.amountMinor }],
        );
        continue;
      }
    }
    decisions.push(review(credit, candidates, named, client, bal));
  }
  return decisions;
}

function review(
  credit: CreditLine,
  candidates: OpenInvoice[],
  named: { inv: OpenInvoice; how: "full" | "cut"; share: number }[],
  client: string | undefined,
  bal: (inv: OpenInvoice) => number,
): MatchDecision {
  const equal = candidates.filter((i) => bal(i) === credit.amountMinor && inWindow(i, credit.txnDate));
  const scored = candidates.map((inv) => {
    let score = 0;
    const reasons: string[] = [];
    const name = named.find((n) => n.inv.id === inv.id);
    const how = name?.how;
    const tds = tdsLeft(inv, bal(inv), credit.amountMinor);
    if (how === "full") {
      score += 8;
      reasons.push("its number is in the narration");
    } else if (name) {
      // "INV/202" starts every number of the year: the longer the start, the more it says.
      score += 6 * name.share ** 2;
      reasons.push("the narration starts its number");
    }
    if (bal(inv) === credit.amountMinor) {
      score += inWindow(inv, credit.txnDate) ? 5 : 3;
      reasons.push("the amount is its balance");
    } else if (tds) {
      score += how ? 6 : inWindow(inv, credit.txnDate) ? 4 : 2;
      reasons.push(`the amount is ${lessTds(tds)}`);
    } else if (credit.amountMinor < bal(inv) && how) reasons.push("a part of its balance");
    if (client && inv.clientId === client) {
      score += 3;
      reasons.push("this payer paid the client before");
    }
    const like = nameLikeness(credit.payerName, inv.clientName);
    if (like >= 0.5) {
      score += 2 * like;
      reasons.push("the payer's name is like the client's");
    }
    return { inv, score, reasons, tds };
  });
  // Two open invoices of one client whose balances make the credit: likely one payment for both.
  let pair: string | null = null;
  const byClient = new Map<string, OpenInvoice[]>();
  for (const inv of candidates)
    if (inv.clientId) byClient.set(inv.clientId, [...(byClient.get(inv.clientId) ?? []), inv]);
  for (const group of byClient.values()) {
    for (let i = 0; i < group.length; i++)
      for (let j = i + 1; j < group.length; j++) {
        const [a, b] = [group[i]!, group[j]!];
        if (bal(a) + bal(b) !== credit.amountMinor) continue;
        pair ??= `The amount is the balances of ${a.invoiceNumber} and ${b.invoiceNumber} together: split it`;
        for (const [inv, other] of [
          [a, b],
          [b, a],
        ] as const) {
          const s = scored.find((x) => x.inv.id === inv.id)!;
          s.score += 6;
          s.reasons.push(`with ${other.invoiceNumber}, their balances make the amount`);
        }
      }
  }
  const suggestions = scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || (a.inv.dueDate ?? "").localeCompare(b.inv.dueDate ?? ""))
    .slice(0, 3)
    .map((s) => ({
      invoiceId: s.inv.id,
      amountMinor: Math.min(credit.amountMinor, bal(s.inv)),
      reason: s.reasons.join("; "),
      ...(s.tds ? { tds: s.tds } : {}),
    }));
  const tier: MatchTier | null = equal.length === 1 ? "amount" : null;
  const taxed = suggestions[0]?.tds ? candidates.find((i) => i.id === suggestions[0]!.invoiceId) : undefined;
  const reason =
    equal.length === 1
      ? `The amount is the balance of ${equal[0]!.invoiceNumber} alone`
      : taxed
        ? `The amount is the balance of ${taxed.invoiceNumber} less TDS: confirm it with the TDS`
        : pair
          ? pair
          : named.length > 0
            ? "An invoice number is in the narration, but the amount does not fit it alone"
            : suggestions.length > 0
              ? "Likely invoices, to confirm"
              : "No invoice fits";
  return { lineId: credit.id, outcome: "review", tier, reason, allocations: [], suggestions };
}
