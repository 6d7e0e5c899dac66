import {
  changeList,
  exportQuery,
  filtersSet,
  type ListState,
  listQuery,
  pagesLine,
  readList,
} from "./list-filters";

// The invoices list's filters (its defaults: every status, no dates, newest first); the quotes',
// proformas', challans' and notes' lists keep theirs by the same rules.
const DEFAULTS = { status: "", from: "", to: "", sort: "date_desc" };
const read = (query: string) => readList(new URLSearchParams(query), DEFAULTS);
const all: ListState = {
  values: { status: "overdue", from: "2026-04-01", to: "2026-06-30", sort: "amount_desc" },
  search: "Asha",
  page: 3,
};
/** The address of a state, as the page writes it: each filter, the search and the page. */
const addressOf = (state: ListState) =>
  changeList(
    new URLSearchParams(),
    { ...state.values, search: state.search, page: String(state.page) },
    DEFAULTS,
  );
const hasFilters = (state: ListState) => Boolean(filtersSet(state, DEFAULTS) || state.search.trim());
const invoices = { one: "invoice", plural: "invoices" };

describe("a document list's address", () => {
  it("opens on every invoice, newest first, page 1", () => {
    expect(read("")).toEqual({ values: DEFAULTS, search: "", page: 1 });
    expect(hasFilters(read(""))).toBe(false);
  });

  it("reopens a shared or reloaded address with the same filters, sort and page", () => {
    expect(read(addressOf(all).toString())).toEqual(all);
    expect(hasFilters(all)).toBe(true);
  });

  it("keeps the address short: defaults are left out", () => {
    expect(addressOf(read("")).toString()).toBe("");
    expect(addressOf({ ...read(""), values: { ...DEFAULTS, status: "paid" } }).toString()).toBe(
      "status=paid",
    );
  });

  it.each(["0", "-2", "1.5", "abc", ""])("takes page=%s, which no list has, as page 1", (page) => {
    expect(read(`page=${page}`).page).toBe(1);
  });

  it("starts again at page 1 when a filter or the sort changes, and only then", () => {
    const at = addressOf(all);
    expect(read(changeList(at, { status: "paid" }, DEFAULTS).toString())).toEqual({
      ...all,
      values: { ...all.values, status: "paid" },
      page: 1,
    });
    expect(read(changeList(at, { sort: "date_asc" }, DEFAULTS).toString()).page).toBe(1);
    expect(read(changeList(at, { page: "4" }, DEFAULTS).toString())).toEqual({ ...all, page: 4 });
  });

  it("a search of spaces is no filter", () => {
    expect(hasFilters({ ...read(""), search: "   " })).toBe(false);
  });

  it("counts the filters set, not the sort (the phone's 'Filters and sort (1 set)')", () => {
    expect(filtersSet({ ...read(""), values: { ...DEFAULTS, sort: "amount_desc" } }, DEFAULTS)).toBe(0);
    expect(filtersSet(all, DEFAULTS)).toBe(3);
  });
});

describe("the query sent to the API", () => {
  it("asks for one page of 20 with the filters, the search trimmed", () => {
    expect(listQuery({ ...all, search: "  Asha  " }, 20)).toEqual({
      status: "overdue",
      search: "Asha",
      from: "2026-04-01",
      to: "2026-06-30",
      sort: "amount_desc",
      page: 3,
      pageSize: 20,
    });
  });

  it("exports every invoice the filters match, not one page", () => {
    const query = exportQuery(listQuery(all, 20));
    expect("page" in query).toBe(false);
    expect("pageSize" in query).toBe(false);
    expect(query.status).toBe("overdue");
  });
});

describe("the line under a list", () => {
  it("counts the invoices and pages when the list was counted to its end", () => {
    expect(pagesLine({ total: 134, totalIsExact: true, hasMore: true }, 2, 20, invoices)).toBe(
      "134 invoices · page 2 of 7",
    );
    expect(pagesLine({ total: 1, totalIsExact: true, hasMore: false }, 1, 20, invoices)).toBe(
      "1 invoice · page 1 of 1",
    );
    // Exact totals past a thousand (kept, not counted) are grouped the Indian way, as the pages are.
    expect(pagesLine({ total: 2441, totalIsExact: true, hasMore: true }, 1, 20, invoices)).toBe(
      "2,441 invoices · page 1 of 123",
    );
    expect(pagesLine({ total: 250_000, totalIsExact: true, hasMore: true }, 1500, 20, invoices)).toBe(
      "2,50,000 invoices · page 1,500 of 12,500",
    );
    expect(pagesLine({ total: 0, totalIsExact: true, hasMore: false }, 1, 20, invoices)).toBe(
      "0 invoices · page 1 of 1",
    );
  });

  it("says 1,000+ and no last page beyond the count's limit", () => {
    expect(pagesLine({ total: 1000, totalIsExact: false, hasMore: true }, 3, 20, invoices)).toBe(
      "1,000+ invoices · page 3",
    );
  });
});
