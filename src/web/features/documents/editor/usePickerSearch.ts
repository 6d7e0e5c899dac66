import { keepPreviousData, type QueryKey, useQuery } from "@tanstack/react-query";
import { useDebounced } from "#web/lib/useDebounced";

/**
 * A picker's options: the saved records `query` finds for what is typed (200 ms after the typing
 * stops), asked only while the picker is open. The list stays while the next search runs, so a
 * highlighted option never vanishes under Enter. `search`: the text searched for.
 */
export function usePickerSearch<T>(
  query: (text: string) => { queryKey: QueryKey; queryFn: () => Promise<T> },
  typed: string,
  open: boolean,
) {
  const search = useDebounced(typed.trim(), 200);
  const results = useQuery({
    ...query(search),
    placeholderData: keepPreviousData,
    enabled: open,
    staleTime: 10_000,
  });
  return { results, search };
}
