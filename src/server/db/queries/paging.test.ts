import { describe, expect, it } from "vitest";
import { isoTimestamp } from "../iso-timestamp";
import { pageCount } from "./paging";

// The count a list answers from its capped count (at most limit + 1) and its page read with one
// row beyond it (at most pageSize + 1). Limit 10 and pages of 3 here; the API tests run 1,000.
const at = (page: number) => ({ page, pageSize: 3 });

describe("a list's count", () => {
  it("is exact up to the limit, with rows after the page or not", () => {
    expect(pageCount(at(1), 4, 10, 10)).toEqual({ total: 10, totalIsExact: true, hasMore: true });
    expect(pageCount(at(4), 1, 10, 10)).toEqual({ total: 10, totalIsExact: true, hasMore: false });
    expect(pageCount(at(1), 0, 0, 10)).toEqual({ total: 0, totalIsExact: true, hasMore: false });
  });

  it("beyond the limit says more than the limit, or than the page's end when rows follow it", () => {
    expect(pageCount(at(1), 4, 11, 10)).toEqual({ total: 10, totalIsExact: false, hasMore: true });
    expect(pageCount(at(5), 4, 11, 10)).toEqual({ total: 15, totalIsExact: false, hasMore: true });
  });

  it("is exact again on the page that ends a long list", () => {
    expect(pageCount(at(5), 2, 11, 10)).toEqual({ total: 14, totalIsExact: true, hasMore: false });
  });

  it("past the end of a long list knows only that it is longer than the limit", () => {
    expect(pageCount(at(9), 0, 11, 10)).toEqual({ total: 10, totalIsExact: false, hasMore: false });
  });
});

describe("a list's timestamps read as ISO text", () => {
  it("are what Date writes for PostgreSQL's text, in UTC or another zone", () => {
    for (const text of [
      "2026-11-27 11:30:41.123456+00",
      "2026-11-27 11:30:41+00",
      "2026-11-27 11:30:41.1+00",
      "2026-11-27 11:30:41.999999+00",
      "2026-12-31 23:59:59.0005+00",
      "2026-11-27 17:00:41.5+05:30",
      "1999-01-01 00:00:00-08",
    ])
      expect(isoTimestamp(text)).toBe(new Date(text).toISOString());
    expect(isoTimestamp(new Date("2026-11-27T11:30:41.123Z"))).toBe("2026-11-27T11:30:41.123Z");
  });
});
