import {
  changeFilters,
  filterQuery,
  filtersToParams,
  hasFilters,
  type InvoiceFilters,
  invoiceCount,
  pagesLine,
  readFilters,
} from "./filters";

const read = (query: string) => readFilters(new URLSearchParams(query));
const all: InvoiceFilters = {
  status: "overdue",
  search: "Asha",
  from: "2026-04-01",
  to: "2026-06-30",
  sort: "amount_desc",
  page: 3,
};

describe("the invoices list's address", () => {
  it("opens on every invoice, newest first, page 1", () => {
    expect(read("")).toEqual({ status: "", search: "", from: "", to: "", sort: "date_desc", page: 1 });
    expect(hasFilters(read(""))).toBe(false);
  });

  it("reopens a shared or reloaded address with the same filters, sort and page", () => {
    expect(read(filtersToParams(all).toString())).toEqual(all);
    expect(hasFilters(all)).toBe(true);
  });

  it("keeps the address short: defaults are left out", () => {
    expect(filtersToParams(read("")).toString()).toBe("");
    expect(filtersToParams({ ...read(""), status: "paid" }).toString()).toBe("status=paid");
  });

  it.each(["0", "-2", "1.5", "abc", ""])("takes page=%s, which no list has, as page 1", (page) => {
    expect(read(`page=${page}`).page).toBe(1);
  });

  it("starts again at page 1 when a filter or the sort changes, and only then", () => {
    expect(changeFilters(all, { status: "paid" })).toEqual({ ...all, status: "paid", page: 1 });
    expect(changeFilters(all, { sort: "date_asc" }).page).toBe(1);
    expect(changeFilters(all, { page: 4 })).toEqual({ ...all, page: 4 });
  });

  it("a search of spaces is no filter", () => {
    expect(hasFilters({ ...read(""), search: "   " })).toBe(false);
  });
});

describe("the query sent to the API", () => {
  it("asks for one page of 20 with the filters, the search trimmed", () => {
    const query = new URLSearchParams(filterQuery({ ...all, search: "  Asha  " }));
    expect(Object.fromEntries(query)).toEqual({
      status: "overdue",
      search: "Asha",
      from: "2026-04-01",
      to: "2026-06-30",
      sort: "amount_desc",
      page: "3",
      pageSize: "20",
    });
  });

  it("exports every invoice the filters match, not one page", () => {
    const query = new URLSearchParams(filterQuery(all, false));
    expect(query.has("page")).toBe(false);
    expect(query.has("pageSize")).toBe(false);
    expect(query.get("status")).toBe("overdue");
  });
});

describe("the line under the invoices list", () => {
  it("counts the invoices and pages when the list was counted to its end", () => {
    expect(pagesLine({ total: 134, totalIsExact: true, hasMore: true }, 2)).toBe(
      "134 invoices · page 2 of 7",
    );
    expect(invoiceCount({ total: 1, totalIsExact: true, hasMore: false })).toBe("1 invoice");
    // Exact totals past a thousand (kept, not counted) are grouped the Indian way, as the pages are.
    expect(pagesLine({ total: 2441, totalIsExact: true, hasMore: true }, 1)).toBe(
      "2,441 invoices · page 1 of 123",
    );
    expect(pagesLine({ total: 250_000, totalIsExact: true, hasMore: true }, 1500)).toBe(
      "2,50,000 invoices · page 1,500 of 12,500",
    );
    expect(pagesLine({ total: 0, totalIsExact: true, hasMore: false }, 1)).toBe("0 invoices · page 1 of 1");
  });

  it("says 1,000+ and no last page beyond the count's limit", () => {
    expect(pagesLine({ total: 1000, totalIsExact: false, hasMore: true }, 3)).toBe(
      "1,000+ invoices · page 3",
    );
  });
});
