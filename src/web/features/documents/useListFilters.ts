import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebounced } from "#web/lib/useDebounced";

/** The API query of a document list: its page, and the status and search when set. */
export type ListQuery = { page: number; pageSize: number; status?: string; search?: string };

/**
 * A document list's status filter, search and page, kept in the address (so a reload or a shared
 * link shows the same list): the search box's text, the query the list asks the API with, and
 * `update`, which resets the page unless it changes it.
 */
export function useListFilters(pageSize: number) {
  const [params, setParams] = useSearchParams();
  const status = params.get("status") ?? "";
  const search = params.get("search") ?? "";
  const page = Math.max(1, Number(params.get("page") ?? "1") || 1);
  const [searchText, setSearchText] = useState(search);
  const settled = useDebounced(searchText, 300);

  const update = (patch: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
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
  if (status) query.status = status;
  if (search) query.search = search;
  return {
    status,
    page,
    searchText,
    setSearchText,
    update,
    query,
    filtered: Boolean(status || search),
    clear: () => {
      setSearchText("");
      setParams(new URLSearchParams(), { replace: true });
    },
  };
}
