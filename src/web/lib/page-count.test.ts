import { describe, expect, it } from "vitest";
import { countOf } from "./page-count";

describe("countOf", () => {
  it("says one quote, not one quotes", () => {
    expect(countOf({ total: 1, totalIsExact: true, hasMore: false }, "quote", "quotes")).toBe("1 quote");
    expect(countOf({ total: 0, totalIsExact: true, hasMore: false }, "quote", "quotes")).toBe("0 quotes");
    expect(countOf({ total: 1200, totalIsExact: false, hasMore: true }, "quote", "quotes")).toBe(
      "1,200+ quotes",
    );
  });
});
