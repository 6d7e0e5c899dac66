import { CREDIT_PLANS, DOWNLOAD_COST, NEW_USER_CREDITS, planById } from "./credits";

describe("credit plans", () => {
  it("matches the spec's catalogue", () => {
    expect(NEW_USER_CREDITS).toBe(25);
    expect(DOWNLOAD_COST).toBe(1);
    expect(
      CREDIT_PLANS.map((p) => [p.id, p.credits, p.priceRupees, p.pricePaise, p.popular, p.name]),
    ).toEqual([
      ["plan_25_credits", 25, 49, 4900, false, "25 Credits"],
      ["plan_100_credits", 100, 149, 14900, true, "100 Credits"],
      ["plan_500_credits", 500, 599, 59900, false, "500 Credits"],
    ]);
  });

  it("finds a plan by id only", () => {
    expect(planById("plan_100_credits")?.credits).toBe(100);
    expect(planById("plan_1_credits")).toBeUndefined();
    expect(planById({ id: "plan_100_credits" })).toBeUndefined();
    expect(planById(undefined)).toBeUndefined();
  });

  it("cannot be changed at run time", () => {
    expect(() => {
      (CREDIT_PLANS[0] as { priceRupees: number }).priceRupees = 1;
    }).toThrow();
  });
});
