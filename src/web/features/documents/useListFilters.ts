import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "#web/lib/useDebounced";
import { changeList, filtersSet, type ListDefaults, listQuery, readList } from "./list-filters";

export type { ListQuery } from "./list-filters";

/**
 * A document list's filters, search and page, kept in the address: the search box's text, each
 * filter's value, the query the list asks the API with, and `update`, which resets the page unless
 * it changes it. Every list has `status`; `more` names a kind's other filters with their defaults
 * (an invoice's dates and sort, a note's kind).
 */
export function useListFilters(pageSize: number, more: ListDefaults = {}) {
  const [params, setParams] = useSearchParams();
  const defaults: ListDefaults = { status: "", ...more };
  const state = readList(params, defaults);
  const [searchText, setSearchText] = useState(state.search);
  const settled = useDebounced(searchText, 300);

  const update = (patch: Record<string, string>) =>
    setParams(changeList(params, patch, defaults), { replace: true });
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled search changes the URL.
  useEffect(() => {
    if (settled !== state.search) update({ search: settled });
  }, [settled]);

  const set = filtersSet(state, defaults);
  return {
    status: state.values.status,
    values: state.values,
    page: state.page,
    searchText,
    setSearchText,
    update,
    query: listQuery(state, pageSize),
    set,
    filtered: Boolean(set || state.search.trim()),
    clear: () => {
      setSearchText("");
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}

export type ListFiltersState = ReturnType<typeof useListFilters>;
