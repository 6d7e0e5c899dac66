import fc from "fast-check";
import { DomainError } from "./errors";
import { STORED_STATUSES } from "./status";
import {
  committedQuantities,
  fromQuantityUnits,
  holdsStock,
  isLowStock,
  QUANTITY_SCALE,
  type StockState,
  stockDelta,
  stockStatus,
  toQuantityUnits,
} from "./stock";

function addInto(total: Map<string, number>, delta: Map<string, number>): void {
  for (const [id, q] of delta) total.set(id, (total.get(id) ?? 0) + q);
}

function allZero(total: Map<string, number>): boolean {
  return [...total.values()].every((q) => q === 0);
}

describe("quantity units", () => {
  it("scales by a thousand exactly", () => {
    expect(QUANTITY_SCALE).toBe(1000);
    expect(toQuantityUnits("1.5")).toBe(1500);
    expect(toQuantityUnits(0.001)).toBe(1);
    expect(toQuantityUnits(-2)).toBe(-2000);
    expect(fromQuantityUnits(1500)).toBe(1.5);
    expect(() => toQuantityUnits("1.0005")).toThrow(DomainError);
    expect(() => toQuantityUnits("")).toThrow(DomainError);
  });
});

describe("committedQuantities", () => {
  const lines = [
    { productId: "a", quantity: 2 },
    { productId: "b", quantity: "0.5" },
    { productId: "a", quantity: "1.25" },
    { productId: null, quantity: 9 },
  ];

  it("holds nothing for draft and cancelled", () => {
    expect(committedQuantities("draft", lines).size).toBe(0);
    expect(committedQuantities("cancelled", lines).size).toBe(0);
  });

  it("sums tracked lines for due and paid", () => {
    expect(committedQuantities("due", lines)).toEqual(
      new Map([
        ["a", 3250],
        ["b", 500],
      ]),
    );
    expect(committedQuantities("paid", lines)).toEqual(committedQuantities("due", lines));
  });
});

describe("stockDelta", () => {
  it("moves stock through a draft, issue, edit, cancel, delete life", () => {
    const draft: StockState = { status: "draft", lines: [{ productId: "a", quantity: 2 }] };
    const issued: StockState = { ...draft, status: "due" };
    const edited: StockState = {
      status: "due",
      lines: [
        { productId: "a", quantity: 3 },
        { productId: "b", quantity: 1 },
      ],
    };
    const cancelled: StockState = { ...edited, status: "cancelled" };

    const steps: [StockState | null, StockState | null, [string, number][]][] = [
      [null, draft, []],
      [draft, issued, [["a", -2000]]],
      [
        issued,
        edited,
        [
          ["a", -1000],
          ["b", -1000],
        ],
      ],
      [edited, { ...edited, status: "paid" }, []],
      [
        edited,
        cancelled,
        [
          ["a", 3000],
          ["b", 1000],
        ],
      ],
      [cancelled, null, []],
    ];
    for (const [before, after, expected] of steps) {
      expect(stockDelta(before, after)).toEqual(new Map(expected));
    }
  });

  it("gives everything back when an issued invoice is deleted", () => {
    const paid: StockState = { status: "paid", lines: [{ productId: "a", quantity: "1.5" }] };
    const total = new Map<string, number>();
    addInto(total, stockDelta(null, paid));
    expect(total.get("a")).toBe(-1500);
    addInto(total, stockDelta(paid, null));
    expect(allZero(total)).toBe(true);
  });

  it("sums to zero over any life that ends in deletion", () => {
    const lineArb = fc.record({
      productId: fc.option(fc.constantFrom("a", "b", "c"), { nil: null }),
      quantity: fc.integer({ min: 0, max: 1_000_000 }).map((u) => String(u / 1000)),
    });
    const stateArb = fc.record({
      status: fc.constantFrom(...STORED_STATUSES),
      lines: fc.array(lineArb, { maxLength: 5 }),
    });
    fc.assert(
      fc.property(fc.array(stateArb, { maxLength: 8 }), (states) => {
        const life: (StockState | null)[] = [null, ...states, null];
        const total = new Map<string, number>();
        for (let i = 1; i < life.length; i++) addInto(total, stockDelta(life[i - 1], life[i]));
        return allZero(total);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the low-stock rule", () => {
  const item = (availableQuantity: string | null, lowStockLevel: string | null) => ({
    availableQuantity,
    lowStockLevel,
  });

  it("is low at or below its own level, none left included, and never without a level or stock", () => {
    expect(isLowStock(item("5", "5"))).toBe(true);
    expect(isLowStock(item("5.001", "5.000"))).toBe(false);
    expect(isLowStock(item("0", "0"))).toBe(true);
    expect(isLowStock(item("0", null))).toBe(false);
    expect(isLowStock(item(null, "5"))).toBe(false);
  });

  it("gives one status per item: untracked, out before low, then in stock", () => {
    expect(stockStatus(item(null, "5"))).toBe("untracked");
    expect(stockStatus(item("0", "3"))).toBe("out");
    expect(stockStatus(item("-1", null))).toBe("out");
    expect(stockStatus(item("3", "3"))).toBe("low");
    expect(stockStatus(item("0.001", "0"))).toBe("in_stock");
  });

  it("holds stock while an invoice is due or paid only", () => {
    expect(STORED_STATUSES.filter(holdsStock)).toEqual(["due", "paid"]);
  });
});
