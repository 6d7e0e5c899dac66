import { describe, expect, it } from "vitest";
import { type CreditLine, matchCredits, type OpenInvoice } from "./matching";

const inv = (
  n: number,
  balanceMinor: number,
  clientId = `c${n}`,
  clientName = `Client ${n}`,
): OpenInvoice => ({
  id: `i${n}`,
  invoiceNumber: `INV/2026-27/${String(n).padStart(4, "0")}`,
  clientId,
  clientName,
  balanceMinor,
  invoiceDate: "2026-04-01",
  dueDate: "2026-04-15",
});
let next = 0;
const credit = (amountMinor: number, narration: string, extra: Partial<CreditLine> = {}): CreditLine => ({
  id: `l${++next}`,
  txnDate: "2026-04-10",
  amountMinor,
  narration,
  payerVpa: null,
  payerName: null,
  ...extra,
});

describe("matching credits to open invoices", () => {
  it("(a) the invoice number in the narration: the balance, or a part of it, applied at once", () => {
    const [full, part] = matchCredits(
      [
        credit(1000, "UPI/CR/612345678901/A/HDFC/a@ok/INV/2026-27/0001"),
        credit(400, "UPI-B-b@ok-HDFC0000001-612345678902-INV2026270002"),
      ],
      [inv(1, 1000), inv(2, 1000)],
      new Map(),
    );
    expect(full).toMatchObject({
      outcome: "auto",
      tier: "invoice_number",
      allocations: [{ invoiceId: "i1", amountMinor: 1000 }],
    });
    expect(part).toMatchObject({ outcome: "auto", allocations: [{ invoiceId: "i2", amountMinor: 400 }] });
  });
  it("INV/2026-27/0001 is not INV/2026-27/00010; prefix and tail (Inv 1022) count", () => {
    const [d] = matchCredits([credit(500, "NEFT/X/Y/Z/0001Inv 10")], [inv(10, 500), inv(1, 500)], new Map());
    expect(d).toMatchObject({ outcome: "auto", allocations: [{ invoiceId: "i10" }] });
  });
  it("one credit paying two invoices it names", () => {
    const [d] = matchCredits(
      [credit(1500, "UPI/1/INV/2026-27/0001 INV/2026-27/0002")],
      [inv(1, 1000), inv(2, 500)],
      new Map(),
    );
    expect(d!.allocations).toEqual([
      { invoiceId: "i1", amountMinor: 1000 },
      { invoiceId: "i2", amountMinor: 500 },
    ]);
  });
  it("more than the named invoice's balance goes to review, never above the balance", () => {
    const [d] = matchCredits([credit(1200, "INV/2026-27/0001")], [inv(1, 1000)], new Map());
    expect(d).toMatchObject({ outcome: "review", suggestions: [{ invoiceId: "i1", amountMinor: 1000 }] });
  });
  it("(b) a payer learned earlier, or earlier in the same statement, pays an equal balance", () => {
    const learned = matchCredits(
      [credit(700, "UPI/x/a@ok/thanks", { payerVpa: "a@ok" })],
      [inv(1, 700, "c1"), inv(2, 700, "c2")],
      new Map([["a@ok", "c1"]]),
    );
    expect(learned[0]).toMatchObject({
      outcome: "auto",
      tier: "known_payer",
      allocations: [{ invoiceId: "i1" }],
    });
    const inRun = matchCredits(
      [
        credit(300, "INV/2026-27/0001", { payerVpa: "b@ok", txnDate: "2026-04-02" }),
        credit(900, "UPI payment", { payerVpa: "b@ok", txnDate: "2026-04-05" }),
      ],
      [inv(1, 300, "c1"), inv(3, 900, "c1"), inv(4, 900, "c4")],
      new Map(),
    );
    expect(inRun[1]).toMatchObject({
      outcome: "auto",
      tier: "known_payer",
      allocations: [{ invoiceId: "i3" }],
    });
  });
  it("(c) an amount equal to one open balance only suggests; two equal balances ask the payer's name", () => {
    const [one] = matchCredits([credit(4200, "UPI/612/nothing")], [inv(1, 4200), inv(2, 999)], new Map());
    expect(one).toMatchObject({ outcome: "review", tier: "amount", suggestions: [{ invoiceId: "i1" }] });
    const [two] = matchCredits(
      [credit(4200, "UPI/612/nothing", { payerName: "MEERA S" })],
      [inv(1, 4200, "c1", "Kapoor Traders"), inv(2, 4200, "c2", "Meera Stores")],
      new Map(),
    );
    expect(two).toMatchObject({ outcome: "review", tier: null });
    expect(two!.suggestions.map((s) => s.invoiceId)).toEqual(["i2", "i1"]);
  });
  it("a note cut short applies only when one of the invoices it starts has exactly the amount", () => {
    const invoices = [inv(1, 500), inv(2, 800)];
    expect(matchCredits([credit(800, "UPI/612/INV/2026-27/000")], invoices, new Map())[0]).toMatchObject({
      outcome: "auto",
      allocations: [{ invoiceId: "i2" }],
    });
    expect(matchCredits([credit(100, "UPI/612/INV/2026-27/000")], invoices, new Map())[0]!.outcome).toBe(
      "review",
    );
  });
  it("a credit making the balances of two invoices of one client suggests both, for a split", () => {
    const [d] = matchCredits(
      [credit(1500, "UPI/612/thanks")],
      [inv(1, 1000, "c1"), inv(2, 500, "c1"), inv(3, 700, "c3")],
      new Map(),
    );
    expect(d).toMatchObject({ outcome: "review" });
    expect(d!.suggestions.map((s) => [s.invoiceId, s.amountMinor])).toEqual([
      ["i1", 1000],
      ["i2", 500],
    ]);
  });
  it("a credit that is the balance less TDS goes to review with the TDS, never as a part payment", () => {
    // ₹11,800 = ₹10,000 + 18 % GST; the client deducts 10 % of ₹10,000 and pays ₹10,800.
    const taxed = { ...inv(1, 1_180_000), taxableMinor: 1_000_000 };
    const [named, unnamed, paidBefore] = [
      matchCredits([credit(1_080_000, "UPI/612/INV/2026-27/0001")], [taxed], new Map())[0]!,
      matchCredits([credit(1_080_000, "NEFT/ACME LTD")], [taxed, inv(2, 5000)], new Map())[0]!,
      // Something is paid already: the rest is a part payment, not TDS.
      matchCredits(
        [credit(1_080_000, "INV/2026-27/0001")],
        [{ ...taxed, taxableMinor: null }],
        new Map(),
      )[0]!,
    ];
    expect(named).toMatchObject({
      outcome: "review",
      reason: "The amount is the balance of INV/2026-27/0001 less TDS: confirm it with the TDS",
      suggestions: [
        {
          invoiceId: "i1",
          amountMinor: 1_080_000,
          tds: { tdsMinor: 100_000, rateBp: 1000, section: "194J" },
        },
      ],
    });
    expect(named.suggestions[0]!.reason).toContain("its balance less 10 % TDS (₹1,000.00)");
    expect(unnamed).toMatchObject({
      outcome: "review",
      suggestions: [{ invoiceId: "i1", tds: { rateBp: 1000 } }],
    });
    expect(paidBefore).toMatchObject({
      outcome: "auto",
      allocations: [{ invoiceId: "i1", amountMinor: 1_080_000 }],
    });
  });
});
