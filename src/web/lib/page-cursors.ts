import type { Answer, ApiKey, ContractAt } from "#contract";
import { api, type CallInput, queryKeyOf, urlOf } from "#web/api";

/**
 * The nextCursor each list answered, by list (its address without the page) and by the page it
 * leads to. Next, and Previous back to a page seen, then read their page from just after the
 * previous page's last row (keyset, docs/decisions/0039-list-cursors.md) instead of by offset;
 * a page reached otherwise (a link, a reload) is read by its number.
 */
const cursors = new Map<string, Map<number, string>>();
/** Lists remembered at most: each filter, search and sort is a list of its own. */
const MAX_LISTS = 50;

/** GET `path?query` for the page `query` names, through the cursor that leads to it if one is known. */
export async function fetchPage<P extends { nextCursor?: string | null }>(
  path: string,
  query: URLSearchParams,
): Promise<P> {
  const page = Number(query.get("page") ?? "1");
  const rest = new URLSearchParams(query);
  rest.delete("page");
  rest.delete("after");
  rest.sort();
  const list = `${path}?${rest}`;
  const q = new URLSearchParams(query);
  const after = page > 1 ? cursors.get(list)?.get(page) : undefined;
  if (after) q.set("after", after);
  const answer = await api<P>(`${path}?${q}`);
  if (answer.nextCursor) {
    let known = cursors.get(list);
    if (!known) {
      if (cursors.size >= MAX_LISTS) cursors.clear();
      known = new Map();
      cursors.set(list, known);
    }
    known.set(page + 1, answer.nextCursor);
  }
  return answer;
}

/** A list page by its route's contract key: `callPage("GET /api/clients", { page: 2, ... })`. */
export function callPage<K extends ApiKey>(key: K, query: CallInput<ContractAt<K>>["query"]) {
  const search = urlOf("", { query }).slice(1);
  return fetchPage<Answer<ContractAt<K>> & { nextCursor?: string | null }>(
    key.slice(key.indexOf(" ") + 1),
    new URLSearchParams(search),
  );
}

/** A list page's query: its key (`queryKeyOf`) and its fetch (`callPage`) from the same route and query. */
export function pageQuery<K extends ApiKey>(key: K, query: CallInput<ContractAt<K>>["query"]) {
  return {
    queryKey: queryKeyOf(key, { query } as CallInput<ContractAt<K>>),
    queryFn: () => callPage(key, query),
  };
}
