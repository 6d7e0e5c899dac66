import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "#web/lib/useDebounced";

/** The API query of a document list: its page, and each filter that is set. */
export type ListQuery = { page: number; pageSize: number; status?: string; search?: string } & Record<
  string,
  string | number | undefined
>;

/**
 * A document list's filters, search and page, kept in the address (so a reload or a shared link
 * shows the same list): the search box's text, each filter's value, the query the list asks the API
 * with, and `update`, which resets the page unless it changes it. Every list has `status`; `more`
 * names a kind's other filters with their defaults (an invoice's dates and sort, a note's kind).
 */
export function useListFilters(pageSize: number, more: Record<string, string> = {}) {
  const [params, setParams] = useSearchParams();
  const defaults: Record<string, string> = { status: "", ...more };
  const values = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, params.get(name) ?? fallback]),
  );
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const [searchText, setSearchText] = useState(search);
  const settled = useDebounced(searchText, 300);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      // Only what differs from the defaults goes in the address, so links stay short.
      if (value && value !== defaults[key]) next.set(key, value);
      else next.delete(key);
    }
    if (!("page" in patch)) next.delete("page");
    setParams(next, { replace: true });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the URL.
  useEffect(() => {
    if (settled !== search) update({ search: settled });
  }, [settled]);

  const query: ListQuery = { page, pageSize };
  for (const [name, value] of Object.entries(values)) if (value) query[name] = value;
  if (search.trim()) query.search = search.trim();
  /** The filters set by the user (not their defaults): the fold's count, "Clear filters". */
  const set = Object.keys(defaults).filter((name) => values[name] !== defaults[name] && name !== "sort");
  return {
    status: values.status,
    values,
    page,
    searchText,
    setSearchText,
    update,
    query,
    set: set.length,
    filtered: Boolean(set.length || search.trim()),
    clear: () => {
      setSearchText("");
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}

export type ListFiltersState = ReturnType<typeof useListFilters>;
