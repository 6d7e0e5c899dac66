import fc from "fast-check";
import { addDays } from "./dates";
import {
  activityStatement,
  buildStatement,
  formatBalance,
  type LedgerEntry,
  openItemsStatement,
  periodProblem,
  previousMonth,
} from "./statements";

// Statements of account (issue 32 part 2, decision 0081): the worked example of horizon-specs §5.3,
// the ageing boundaries, and the property the issue asks for: the open items' total equals the
// activity statement's closing balance, whatever the history.

const invoice = (
  id: string,
  date: string,
  amountMinor: number,
  dueDate: string | null = null,
): LedgerEntry => ({
  kind: "invoice",
  id,
  number: id,
  date,
  postedAt: 0,
  amountMinor,
  dueDate,
  details: "",
});
const credit = (
  kind: "payment" | "credit_note",
  id: string,
  date: string,
  amountMinor: number,
  to: string | null,
  applied = amountMinor,
): LedgerEntry => ({
  kind,
  id,
  number: id,
  date,
  postedAt: 1,
  amountMinor,
  details: "",
  allocations: to ? [{ to, amountMinor: applied }] : [],
});

describe("statements: the worked example (horizon-specs §5.3)", () => {
  const period = { from: "2026-04-01", to: "2026-06-30" };

  it("Sharma Enterprises: invoice, credit note, payment, closing at zero with no open items", () => {
    const s = buildStatement(
      [
        invoice("INV/26-27/0001", "2026-04-15", 11_801_00, "2026-05-15"),
        credit("credit_note", "CN/26-27/0001", "2026-04-20", 1_180_00, "INV/26-27/0001"),
        credit("payment", "RCT/26-27/0001", "2026-04-25", 10_621_00, "INV/26-27/0001"),
      ],
      period,
    );
    expect(s.activity.openingMinor).toBe(0);
    expect(s.activity.rows.map((r) => [r.title, r.debitMinor, r.creditMinor, r.balanceMinor])).toEqual([
      ["Invoice", 11_801_00, 0, 11_801_00],
      ["Credit Note", 0, 1_180_00, 10_621_00],
      ["Payment Received", 0, 10_621_00, 0],
    ]);
    expect([s.activity.totalDebitMinor, s.activity.totalCreditMinor, s.activity.closingMinor]).toEqual([
      11_801_00, 11_801_00, 0,
    ]);
    expect(s.openItems.items).toEqual([]);
    expect(Object.values(s.openItems.buckets)).toEqual([0, 0, 0, 0, 0]);
  });

  it("Mehta Industries: 11,800.00 due 16 May is 45 days overdue on 30 June, in 31-60", () => {
    const s = buildStatement([invoice("INV/26-27/0002", "2026-04-16", 11_800_00, "2026-05-16")], period);
    expect(s.openItems.items).toMatchObject([{ pendingMinor: 11_800_00, daysOverdue: 45, bucket: "31-60" }]);
    expect(s.openItems.buckets["31-60"]).toBe(11_800_00);
    expect(formatBalance(s.activity.closingMinor, "INR")).toBe("₹11,800.00 Dr");
  });
});

describe("statements: ageing", () => {
  const asOf = "2026-06-30";
  it.each([
    [0, "current"],
    [-5, "current"],
    [1, "1-30"],
    [30, "1-30"],
    [31, "31-60"],
    [60, "31-60"],
    [61, "61-90"],
    [90, "61-90"],
    [91, "90+"],
  ])("d = %i days past due is %s (each day in one bucket only)", (d, bucket) => {
    const due = addDays(asOf, -d);
    const s = openItemsStatement([invoice("A", "2025-01-01", 100, due)], asOf);
    expect(s.items[0]).toMatchObject({ daysOverdue: d, bucket });
    expect(Object.values(s.buckets).filter((v) => v !== 0)).toEqual([100]);
  });

  it("ages a part-paid invoice on what is left; an invoice without a due date is due on its date", () => {
    const s = openItemsStatement(
      [
        invoice("A", "2026-05-01", 1000, "2026-05-10"),
        credit("payment", "P", "2026-05-20", 400, "A"),
        invoice("B", "2026-06-29", 700),
      ],
      asOf,
    );
    expect(s.items.map((i) => [i.id, i.receivedMinor, i.pendingMinor, i.bucket])).toEqual([
      ["A", 400, 600, "31-60"],
      ["B", 0, 700, "1-30"],
    ]);
  });

  it("ages as of the end date, not today: a payment after the end date leaves the invoice open", () => {
    const entries = [
      invoice("A", "2026-03-01", 500, "2026-03-31"),
      credit("payment", "P", "2026-07-05", 500, "A"),
    ];
    expect(openItemsStatement(entries, "2026-06-30").items).toMatchObject([
      { id: "A", pendingMinor: 500, daysOverdue: 91, bucket: "90+" },
    ]);
    expect(openItemsStatement(entries, "2026-07-05").items).toEqual([]);
  });

  it("shows a credit note's excess and an advance apart, in no bucket", () => {
    const s = buildStatement(
      [
        invoice("A", "2026-06-01", 1000, "2026-06-15"),
        credit("credit_note", "CN", "2026-06-10", 1500, "A", 1000),
        // Paid on 28 June for an invoice dated 2 July: an advance on 30 June.
        credit("payment", "P", "2026-06-28", 300, "B"),
        invoice("B", "2026-07-02", 300),
      ],
      { from: "2026-06-01", to: "2026-06-30" },
    );
    expect(s.openItems.items).toEqual([]);
    expect(s.openItems.unallocatedMinor).toBe(800);
    expect(Object.values(s.openItems.buckets).every((v) => v === 0)).toBe(true);
    expect(s.openItems.totalMinor).toBe(-800);
    expect(s.activity.closingMinor).toBe(-800);
    expect(formatBalance(-800, "INR")).toBe("₹8.00 Cr");
  });
});

describe("statements: the opening balance and order", () => {
  it("carries everything before the period as the opening row; same-day invoice before its payment", () => {
    const s = activityStatement(
      [
        credit("payment", "P2", "2026-06-05", 200, "B"),
        invoice("B", "2026-06-05", 500),
        invoice("A", "2026-05-01", 1000),
        credit("payment", "P1", "2026-05-20", 400, "A"),
      ],
      { from: "2026-06-01", to: "2026-06-30" },
    );
    expect(s.openingMinor).toBe(600);
    expect(s.rows.map((r) => [r.id, r.balanceMinor])).toEqual([
      ["B", 1100],
      ["P2", 900],
    ]);
    expect(s.closingMinor).toBe(900);
  });

  it("refuses a period that ends before it starts or runs past three years", () => {
    expect(periodProblem({ from: "2026-07-01", to: "2026-06-30" })).toMatch(/start date/);
    expect(periodProblem({ from: "2020-01-01", to: "2026-06-30" })).toMatch(/three years/);
    expect(periodProblem({ from: "2026-06-01", to: "2026-06-30" })).toBeNull();
  });

  it("the previous month of a day", () => {
    expect(previousMonth("2026-03-01")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(previousMonth("2028-03-15")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(previousMonth("2027-01-01")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
  });
});

/** A random history: debits and credits over a year, credits naming any debit (even a later one) for any amount. */
const history = fc
  .array(
    fc.record({
      debit: fc.boolean(),
      kind: fc.constantFrom("a", "b"),
      day: fc.integer({ min: 0, max: 364 }),
      dueIn: fc.option(fc.integer({ min: -10, max: 120 }), { nil: null }),
      amountMinor: fc.integer({ min: 1, max: 5_000_000 }),
      postedAt: fc.integer({ min: 0, max: 5 }),
      allocations: fc.array(
        fc.record({ to: fc.nat({ max: 40 }), amountMinor: fc.integer({ min: 0, max: 6_000_000 }) }),
        { maxLength: 3 },
      ),
    }),
    { maxLength: 40 },
  )
  .map((rows) =>
    rows.map((r, i): LedgerEntry => {
      const date = addDays("2026-01-01", r.day);
      const entry = { date, postedAt: r.postedAt, amountMinor: r.amountMinor, details: "" };
      return r.debit
        ? {
            ...entry,
            kind: r.kind === "a" ? "invoice" : "debit_note",
            id: `d${i}`,
            number: `D${i}`,
            dueDate: r.dueIn === null ? null : addDays(date, r.dueIn),
          }
        : {
            ...entry,
            kind: r.kind === "a" ? "payment" : "credit_note",
            id: `c${i}`,
            number: `C${i}`,
            allocations: r.allocations.map((a) => ({ to: `d${a.to}`, amountMinor: a.amountMinor })),
          };
    }),
  );

const periodArb = fc
  .tuple(fc.integer({ min: -30, max: 400 }), fc.integer({ min: 0, max: 400 }))
  .map(([start, length]) => ({
    from: addDays("2026-01-01", start),
    to: addDays("2026-01-01", start + length),
  }));

describe("statements: the property", () => {
  it("open items' total = closing balance = the last running balance; buckets − unallocated = closing", () => {
    fc.assert(
      fc.property(history, periodArb, (entries, period) => {
        const s = buildStatement(entries, period);
        const { activity, openItems } = s;
        expect(openItems.totalMinor).toBe(activity.closingMinor);
        const buckets = Object.values(openItems.buckets).reduce((a, b) => a + b, 0);
        expect(buckets - openItems.unallocatedMinor).toBe(activity.closingMinor);
        expect(activity.rows.at(-1)?.balanceMinor ?? activity.openingMinor).toBe(activity.closingMinor);
        expect(activity.openingMinor + activity.totalDebitMinor - activity.totalCreditMinor).toBe(
          activity.closingMinor,
        );
        expect(openItems.unallocatedMinor).toBeGreaterThanOrEqual(0);
        for (const item of openItems.items) {
          expect(item.pendingMinor).toBeGreaterThan(0);
          expect(item.receivedMinor + item.pendingMinor).toBe(item.amountMinor);
          expect(item.date <= period.to).toBe(true);
        }
        // The next period opens where this one closed.
        const next = { from: addDays(period.to, 1), to: addDays(period.to, 31) };
        expect(activityStatement(entries, next).openingMinor).toBe(activity.closingMinor);
      }),
      { numRuns: 500 },
    );
  });
});
