import { describe, expect, it } from "vitest";
import { ageingBucket, balanceDueMinor, paymentProblem, statusFromPayments } from "./payments";

const fmt = (minor: number) => `₹${(minor / 100).toFixed(2)}`;

describe("payments received", () => {
  it("leaves the balance due, never below zero", () => {
    expect(balanceDueMinor(10_000, 2_550)).toBe(7_450);
    expect(balanceDueMinor(10_000, 10_000)).toBe(0);
    expect(balanceDueMinor(10_000, 12_000)).toBe(0);
  });

  it("takes payments up to the balance on an issued invoice only", () => {
    expect(paymentProblem("due", 7_450, 7_450, fmt)).toBeNull();
    expect(paymentProblem("due", 7_451, 7_450, fmt)).toBe(
      "The amount cannot be more than the balance due (₹74.50).",
    );
    expect(paymentProblem("due", 0, 7_450, fmt)).toBe("The amount must be more than zero.");
    expect(paymentProblem("due", -5, 7_450, fmt)).toBe("The amount must be more than zero.");
    expect(paymentProblem("draft", 100, 7_450, fmt)).toBe("Issue the invoice before recording a payment.");
    expect(paymentProblem("cancelled", 100, 7_450, fmt)).toBe("A cancelled invoice takes no payments.");
  });

  it("is paid when the payments reach the total, dated by the last payment; part paid stays due", () => {
    expect(statusFromPayments(10_000, [])).toEqual({ status: "due", paymentDate: null, paidMinor: 0 });
    expect(statusFromPayments(10_000, [{ amountMinor: 4_000, paidOn: "2026-11-02" }])).toEqual({
      status: "due",
      paymentDate: null,
      paidMinor: 4_000,
    });
    expect(
      statusFromPayments(10_000, [
        { amountMinor: 6_000, paidOn: "2026-11-20" },
        { amountMinor: 4_000, paidOn: "2026-11-02" },
      ]),
    ).toEqual({ status: "paid", paymentDate: "2026-11-20", paidMinor: 10_000 });
  });

  it("puts overdue days in ageing buckets", () => {
    expect([-3, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      "current",
      "current",
      "1-30",
      "1-30",
      "31-60",
      "31-60",
      "61-90",
      "61-90",
      "90+",
      "90+",
    ]);
  });
});
