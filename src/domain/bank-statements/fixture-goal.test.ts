import { describe, expect, it } from "vitest";
import { addDays } from "../dates";
import { type CreditLine, matchCredits, type OpenInvoice } from "./matching";
import { parseStatement, type StatementLine } from "./statement";

// The fixture goal of issue 33: a statement of 200+ lines in the five banks' layouts, 150 UPI
// credits against 140 open invoices (full payments under many spellings of the number, notes cut
// short, part payments, two payments for one invoice, one payment for two, payers whose names
// differ from the clients', payers known from an earlier match, amount-only payers, credits that
// are no client's), and debits to ignore. Measured: 0 wrong automatic matches, >= 90 % of the
// matchable credits matched automatically, the rest in review with the right invoice in the first
// three suggestions. The figures are printed.

/** A small deterministic generator (mulberry32), so the fixture is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Bank = "SBI" | "HDFC" | "ICICI" | "Axis" | "Kotak";
interface Txn {
  date: string;
  credit: boolean;
  amountMinor: number;
  payerName: string;
  vpa: string;
  note: string;
  bank: Bank;
  /** The invoices it truly pays, with amounts; empty for no client's money. */
  truth: { invoiceId: string; amountMinor: number }[];
}

const rupees = (minor: number) => {
  const s = (minor / 100).toFixed(2);
  const [int, dec] = s.split(".");
  const last3 = int!.slice(-3);
  const rest = int!.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
  return `${rest ? `${rest},` : ""}${last3}.${dec}`;
};

function buildFixture() {
  const rnd = random(33);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const clients = Array.from({ length: 60 }, (_, i) => ({
    id: `c${i + 1}`,
    name: `${pick(["Kesari", "Ganga", "Shree", "Navya", "Om", "Tara", "Vikas", "Sagar"])} ${pick(["Traders", "Stores", "Enterprises", "Agencies", "Textiles"])} ${i + 1}`,
    // The person who pays: not the client's name.
    payer: `${pick(["RAVI", "ANITA", "SURESH", "PRIYA", "MOHAN", "LATA", "ARJUN", "NEHA"])} ${pick(["KUMAR", "SHAH", "IYER", "GUPTA", "RAO", "DESAI"])}`,
    vpa: `payer${i + 1}@${pick(["okhdfcbank", "oksbi", "ybl", "paytm", "okicici"])}`,
  }));
  const invoices: OpenInvoice[] = Array.from({ length: 140 }, (_, i) => {
    const date = addDays("2026-04-01", Math.floor(i / 3));
    return {
      id: `i${i + 1}`,
      invoiceNumber: `INV/2026-27/${String(i + 1).padStart(4, "0")}`,
      clientId: clients[i % 60]!.id,
      clientName: clients[i % 60]!.name,
      // Distinct amounts with paise, except a few round ones shared on purpose (two clients, one amount).
      balanceMinor: i % 35 === 7 ? 590_000 : 50_000 + Math.floor(rnd() * 4_000_000) + (i % 100),
      invoiceDate: date,
      dueDate: addDays(date, 30),
    };
  });
  const byId = new Map(invoices.map((i) => [i.id, i]));
  const clientOf = (inv: OpenInvoice) => clients.find((c) => c.id === inv.clientId)!;
  const txns: Txn[] = [];
  const paidOn = (inv: OpenInvoice, days: number) => addDays(inv.invoiceDate, days);
  const spellings = [
    (n: string) => n,
    (n: string) => n.replace(/[^A-Z0-9]/gi, ""),
    (n: string) => n.replace(/\//g, "-"),
    (n: string) => `Payment for ${n.toLowerCase()}`,
    (n: string) => `INV ${Number(n.slice(-4))}`,
  ];
  const credit = (
    inv: OpenInvoice,
    amountMinor: number,
    note: string,
    days: number,
    over: Partial<Txn> = {},
  ) => {
    const c = clientOf(inv);
    txns.push({
      date: paidOn(inv, days),
      credit: true,
      amountMinor,
      payerName: c.payer,
      vpa: c.vpa,
      note,
      bank: pick(["SBI", "HDFC", "ICICI"] as const),
      truth: [{ invoiceId: inv.id, amountMinor }],
      ...over,
    });
  };
  // i1-i60: one per client, paid in full with the number in some spelling. Axis's and Kotak's
  // narrations carry no VPA, so the clients who later pay without a number (i116-i130: clients
  // 56-60 and 1-10) pay this one through a bank that shows it.
  const laterWithoutNumber = new Set(invoices.slice(115, 130).map((i) => i.clientId));
  for (let i = 0; i < 60; i++) {
    const inv = invoices[i]!;
    const bank = laterWithoutNumber.has(inv.clientId)
      ? pick(["SBI", "HDFC", "ICICI"] as const)
      : pick(["SBI", "HDFC", "ICICI", "Axis", "Kotak"] as const);
    credit(inv, inv.balanceMinor, pick(spellings)(inv.invoiceNumber), 2, { bank });
  }
  // i61-i95: in full with the number.
  for (let i = 60; i < 95; i++)
    credit(invoices[i]!, invoices[i]!.balanceMinor, invoices[i]!.invoiceNumber, 3);
  // i96-i105: ICICI cuts the note at 15 characters ("INV/2026-27/009").
  for (let i = 95; i < 105; i++)
    credit(invoices[i]!, invoices[i]!.balanceMinor, invoices[i]!.invoiceNumber, 4, { bank: "ICICI" });
  // i106-i109: two payments each (a part, then the rest).
  for (let i = 105; i < 109; i++) {
    const inv = invoices[i]!;
    const part = Math.floor(inv.balanceMinor / 3);
    credit(inv, part, inv.invoiceNumber, 2);
    credit(inv, inv.balanceMinor - part, `Balance ${inv.invoiceNumber}`, 9);
  }
  // i110-i115: one payment for two invoices of one client each.
  for (let i = 109; i < 115; i += 2) {
    const [a, b] = [invoices[i]!, invoices[i + 1]!];
    b.clientId = a.clientId;
    b.clientName = a.clientName;
    const c = clientOf(a);
    txns.push({
      date: paidOn(b, 3),
      credit: true,
      amountMinor: a.balanceMinor + b.balanceMinor,
      payerName: c.payer,
      vpa: c.vpa,
      note: `${a.invoiceNumber.replace(/\//g, "")} ${b.invoiceNumber.replace(/\//g, "")}`,
      bank: "HDFC",
      truth: [
        { invoiceId: a.id, amountMinor: a.balanceMinor },
        { invoiceId: b.id, amountMinor: b.balanceMinor },
      ],
    });
  }
  // i116-i130: no number ("UPI", "Sent from Paytm"), from a VPA an earlier match taught.
  for (let i = 115; i < 130; i++)
    credit(invoices[i]!, invoices[i]!.balanceMinor, pick(["UPI", "Sent from Paytm", "payment"]), 6);
  // i131-i140: no number, from a VPA never seen (a relative's phone): amount only, for review.
  for (let i = 130; i < 140; i++)
    credit(invoices[i]!, invoices[i]!.balanceMinor, "UPI", 5, {
      vpa: `someone${i}@ybl`,
      payerName: "A RELATIVE",
    });
  // Credits that are no client's: a refund, a friend, interest-like amounts.
  while (txns.length < 150)
    txns.push({
      date: addDays("2026-04-10", txns.length % 40),
      credit: true,
      amountMinor: 1_000 + Math.floor(rnd() * 90_000),
      payerName: "AMAZON REFUND",
      vpa: `refund${txns.length}@apl`,
      note: "refund",
      bank: pick(["SBI", "HDFC", "ICICI", "Axis", "Kotak"] as const),
      truth: [],
    });
  // Debits to ignore.
  for (let i = 0; i < 55; i++)
    txns.push({
      date: addDays("2026-04-02", i),
      credit: false,
      amountMinor: 10_000 + Math.floor(rnd() * 500_000),
      payerName: "SUPPLIER",
      vpa: `supplier${i}@oksbi`,
      note: invoices[i]!.invoiceNumber, // a debit naming an invoice number must still be ignored
      bank: pick(["SBI", "HDFC", "ICICI", "Axis", "Kotak"] as const),
      truth: [],
    });
  return { invoices, byId, txns };
}

let rrn = 612_000_000_000;
function narration(t: Txn): string {
  const r = String(++rrn);
  switch (t.bank) {
    case "SBI":
      return `${t.credit ? "DEP TFR UPI/CR" : "WDL TFR UPI/DR"}/${r}/${t.payerName}/HDFC/${t.vpa}/${t.note}`;
    case "HDFC":
      return `UPI-${t.payerName}-${t.vpa}-HDFC0001234-${r}-${t.note}`;
    case "ICICI":
      return `UPI/${r}/${t.note.slice(0, 15)}/${t.vpa}/HDFC BANK/ICI${r.slice(-6)}`;
    case "Axis":
      return `UPI/P2A/${r}/${t.payerName.slice(0, 12)}/HDFC BANK/${t.note}`;
    case "Kotak":
      return `UPI/${t.payerName.slice(0, 15)}/${r}/${t.note}`;
  }
}

/** One file per bank in its layout (research §2.1), with a preamble and a running balance. */
function statementFile(bank: Bank, txns: Txn[]): string {
  let balance = 100_000_000;
  const rows: string[] = [];
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for (const [i, t] of txns.entries()) {
    balance += t.credit ? t.amountMinor : -t.amountMinor;
    const [y, m, d] = t.date.split("-");
    const amt = rupees(t.amountMinor);
    const n = narration(t);
    /** The withdrawal and deposit columns of a two-column bank: the amount in one, `none` in the other. */
    const drCr = (amount: string, none: string) => (t.credit ? [none, amount] : [amount, none]);
    if (bank === "SBI")
      rows.push(
        [
          `${Number(d)} ${["", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][Number(m)]} ${y}`,
          "",
          n,
          "",
          ...drCr(amt, ""),
          rupees(balance),
        ].join("\t"),
      );
    if (bank === "HDFC")
      rows.push(
        [
          `${d}/${m}/${y!.slice(2)}`,
          q(n),
          "",
          `${d}/${m}/${y!.slice(2)}`,
          ...drCr(q(amt), ""),
          q(rupees(balance)),
        ].join(","),
      );
    if (bank === "ICICI")
      rows.push(
        [
          i + 1,
          `${d}/${m}/${y}`,
          `${d}/${m}/${y}`,
          "-",
          q(n),
          ...drCr(q(amt), "0.00"),
          q(rupees(balance)),
        ].join(","),
      );
    if (bank === "Axis")
      rows.push(
        [
          i + 1,
          `${d}/${m}/${y}`,
          `${d}/${m}/${y}`,
          q(n),
          q(`\t${amt}`),
          t.credit ? "CR" : "DR",
          q(`\t${rupees(balance)}`),
          "",
          "PUNE",
        ].join(","),
      );
    if (bank === "Kotak")
      rows.push(
        [
          i + 1,
          `${d}-${m}-${y}`,
          `${d}-${m}-${y}`,
          q(n),
          "",
          q(amt),
          t.credit ? "CR" : "DR",
          q(rupees(balance)),
          "CR",
        ].join(","),
      );
  }
  const head: Record<Bank, string[]> = {
    SBI: [
      "Account Number\t:\t00000012345678901",
      "",
      "Txn Date\tValue Date\tDescription\tRef No./Cheque No.\tDebit\tCredit\tBalance",
    ],
    HDFC: [
      "HDFC BANK Ltd.,,,,,,",
      "Account No :50100123456789,,,,,,",
      "Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance",
    ],
    ICICI: [
      "Account Number,XXXXXXXX4321",
      "S No.,Value Date,Transaction Date,Cheque Number,Transaction Remarks,Withdrawal Amount (INR ),Deposit Amount (INR ),Balance (INR )",
    ],
    Axis: [
      ...Array.from({ length: 16 }, (_, i) => `Preamble ${i}`),
      "S.No,Transaction Date (dd/mm/yyyy),Value Date (dd/mm/yyyy),Particulars,Amount(INR),Debit/Credit,Balance(INR),Cheque Number,Branch Name(SOL)",
    ],
    Kotak: [
      ...Array.from({ length: 13 }, (_, i) => `Preamble ${i}`),
      "Sl. No.,Transaction Date,Value Date,Description,Chq / Ref No.,Amount,Dr / Cr,Balance,Dr / Cr",
    ],
  };
  return [...head[bank], ...rows].join("\n");
}

describe("the fixture goal of issue 33", () => {
  it("200+ lines, 150 UPI credits, 140 open invoices: no wrong automatic match, >= 90 % automatic, the rest with the right invoice in the first three", () => {
    const { invoices, byId, txns } = buildFixture();
    txns.sort((a, b) => a.date.localeCompare(b.date));
    const parsed: { line: StatementLine; txn: Txn }[] = [];
    for (const bank of ["SBI", "HDFC", "ICICI", "Axis", "Kotak"] as const) {
      const mine = txns.filter((t) => t.bank === bank);
      const s = parseStatement(statementFile(bank, mine));
      expect(s.bank, bank).toBe(bank);
      expect(s.problems, bank).toEqual([]);
      expect(s.lines, bank).toHaveLength(mine.length);
      s.lines.forEach((line, i) => {
        parsed.push({ line, txn: mine[i]! });
      });
    }
    const credits = parsed.filter((p) => p.line.direction === "CR");
    expect(parsed.length).toBeGreaterThanOrEqual(200);
    expect(credits.filter((c) => c.line.channel === "UPI")).toHaveLength(150);
    expect(invoices).toHaveLength(140);

    const lines: CreditLine[] = credits.map((c, i) => ({
      id: `l${i}`,
      txnDate: c.line.txnDate,
      amountMinor: c.line.amountMinor,
      narration: c.line.narration,
      payerVpa: c.line.payerVpa,
      payerName: c.line.payerName,
      note: c.line.note,
    }));
    const truthOf = new Map(credits.map((c, i) => [`l${i}`, c.txn.truth]));
    const decisions = matchCredits(lines, invoices, new Map());

    let wrongAuto = 0;
    let auto = 0;
    let reviewTop3 = 0;
    let reviewMissed = 0;
    const matchable = credits.filter((c) => c.txn.truth.length > 0).length;
    const byTier: Record<string, number> = {};
    for (const d of decisions) {
      const truth = truthOf.get(d.lineId)!;
      if (d.outcome === "auto") {
        byTier[d.tier!] = (byTier[d.tier!] ?? 0) + 1;
        const same =
          truth.length === d.allocations.length &&
          truth.every((t) =>
            d.allocations.some((a) => a.invoiceId === t.invoiceId && a.amountMinor === t.amountMinor),
          );
        if (same) auto++;
        else wrongAuto++;
      } else if (truth.length > 0) {
        if (d.suggestions.slice(0, 3).some((s) => s.invoiceId === truth[0]!.invoiceId)) reviewTop3++;
        else reviewMissed++;
      }
    }
    const coverage = auto / matchable;
    const figures = {
      lines: parsed.length,
      upiCredits: credits.length,
      openInvoices: byId.size,
      matchable,
      automatic: auto,
      byTier,
      wrongAutomatic: wrongAuto,
      coverage: `${(coverage * 100).toFixed(1)} %`,
      inReviewRightInTop3: reviewTop3,
      inReviewMissed: reviewMissed,
      noClientsMoneyLeftInReview: decisions.filter(
        (d) => truthOf.get(d.lineId)!.length === 0 && d.outcome === "review",
      ).length,
    };
    console.log("Bank statement fixture goal (issue 33):", JSON.stringify(figures, null, 1));
    expect(wrongAuto).toBe(0);
    expect(coverage).toBeGreaterThanOrEqual(0.9);
    // The one credit no rule can place: a part payment whose note ICICI cut to "INV/2026-27/010" (ten
    // invoices start so), from a payer whose earlier payment came through a bank that shows no VPA.
    expect(reviewMissed).toBeLessThanOrEqual(1);
  });
});
