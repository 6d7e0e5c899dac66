import { describe, expect, it } from "vitest";
import { advanceApplicableMinor, advanceApplyProblem, advanceBalanceMinor } from "./advances";

const money = (m: number) => `₹${m / 100}`;

describe("client advances", () => {
  it("the balance is the amount less the payments applied from it", () => {
    expect(advanceBalanceMinor(10_000_00, [])).toBe(10_000_00);
    expect(advanceBalanceMinor(10_000_00, [{ amountMinor: 2_500_00 }, { amountMinor: 1_000_50 }])).toBe(
      6_499_50,
    );
  });

  it("applies at most the smaller of what is left and the invoice's balance", () => {
    expect(advanceApplicableMinor(5_000_00, 3_000_00)).toBe(3_000_00);
    expect(advanceApplicableMinor(2_000_00, 3_000_00)).toBe(2_000_00);
    expect(advanceApplicableMinor(0, 3_000_00)).toBe(0);
  });

  it("refuses a payment above what is left of the advance, naming what is left", () => {
    expect(advanceApplyProblem(1_000_00, 1_000_00, money)).toBeNull();
    expect(advanceApplyProblem(1_000_01, 1_000_00, money)).toContain("Only ₹1000 of this advance is left");
  });
});
