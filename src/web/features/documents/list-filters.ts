import type { PageCount } from "#contract/common";
import { countOf, pageTotal } from "#web/lib/page-count";

// A document list's filters as its address keeps them (a reload or a shared link shows the same
// list) and as the API is asked: pure, so that the rules are tested apart from the page.

/** The API query of a document list: its page, and each filter that is set. */
export type ListQuery = { page: number; pageSize: number; status?: string; search?: string } & Record<
  string,
  string | number | undefined
>;

/** Each filter's default: every list has `status`; a kind adds its own (dates, sort, kind). */
export type ListDefaults = Record<string, string>;

export interface ListState {
  values: Record<string, string>;
  search: string;
  page: number;
}

/** What the address says, with each default where it says nothing, and page 1 for a page no list has. */
export function readList(params: URLSearchParams, defaults: ListDefaults): ListState {
  const values = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(name) ?? fallback]),
  );
  const page = Number(params.get("page") ?? "1");
  return {
    values,
    search: params.get("search") ?? "",
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/**
 * The address after a change: only what differs from the defaults is kept (so links stay short),
 * and any change but the page's starts again at page 1.
 */
export function changeList(params: URLSearchParams, patch: Record<string, string>, defaults: ListDefaults) {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value && value !== defaults[key] && !(key === "page" && value === "1")) next.set(key, value);
    else next.delete(key);
  }
  if (!("page" in patch)) next.delete("page");
  return next;
}

/** The filters the user set (not the sort): the fold's count, and whether "Clear filters" shows. */
export function filtersSet(state: ListState, defaults: ListDefaults): number {
  return Object.keys(defaults).filter((name) => name !== "sort" && state.values[name] !== defaults[name])
    .length;
}

/** One page of the list with its filters, the search trimmed (a search of spaces is none). */
export function listQuery(state: ListState, pageSize: number): ListQuery {
  const query: ListQuery = { page: state.page, pageSize };
  for (const [name, value] of Object.entries(state.values)) if (value) query[name] = value;
  if (state.search.trim()) query.search = state.search.trim();
  return query;
}

/** The same filters without the page: what an export takes (every row they match). */
export function exportQuery(query: ListQuery): Record<string, string | number | undefined> {
  const { page: _page, pageSize: _size, ...rest } = query;
  return rest;
}

/** The line under a list: "134 invoices · page 2 of 7", or "1,000+ invoices · page 2". */
export function pagesLine(
  count: PageCount,
  page: number,
  pageSize: number,
  words: { one: string; plural: string },
): string {
  const pages = pageTotal(count, pageSize);
  const n = (x: number) => x.toLocaleString("en-IN");
  return `${countOf(count, words.one, words.plural)} · page ${n(page)}${pages === null ? "" : ` of ${n(pages)}`}`;
}
