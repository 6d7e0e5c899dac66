import type { Answer, ApiKey, ContractAt, Input, RouteContract } from "#contract";

/** A failed API call: `code` is stable (switch on it), `message` is for people. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/** A failed save's messages for a form: each field's the server named, and the whole under `form`. */
export const formErrorsOf = (error: unknown): Record<string, string> =>
  error instanceof ApiError ? { ...(error.fields ?? {}), form: error.message } : { form: String(error) };

type Json = Record<string, unknown> | unknown[];

/** Calls our /api. Accepts both our error shape and better-auth's `{ code, message }`. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: Json | FormData } = {},
): Promise<T> {
  const isForm = typeof FormData !== "undefined" && init.body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body ? "POST" : "GET"),
      credentials: "same-origin",
      headers: init.body && !isForm ? { "content-type": "application/json" } : undefined,
      body: init.body ? (isForm ? (init.body as FormData) : JSON.stringify(init.body)) : undefined,
    });
  } catch {
    throw new ApiError(0, "network", "Could not reach Bahi. Check your connection and try again.");
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const err = (data as { error?: { code?: string; message?: string; fields?: Record<string, string> } })
      ?.error;
    const flat = data as { code?: string; message?: string } | null;
    throw new ApiError(
      response.status,
      err?.code ?? flat?.code ?? `http_${response.status}`,
      err?.message ?? flat?.message ?? "Something went wrong",
      err?.fields,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

/** What `call` sends: the params and body its contract requires; the query is optional. */
export type CallInput<C extends RouteContract> = Omit<Input<C>, "query"> & {
  query?: Input<C> extends { query: infer Q } ? Q : never;
};
type CallArgs<C extends RouteContract> =
  object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/** "/api/clients/:id" with its params filled in, and the query's set values after it. */
export function urlOf(path: string, input: { params?: unknown; query?: unknown } = {}): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const filled = path.replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) =>
    encodeURIComponent(params[name] ?? ""),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Query)) {
    if (value !== undefined && value !== null && value !== "") query.set(name, String(value));
  }
  const search = query.toString();
  return search ? `${filled}?${search}` : filled;
}

/**
 * Calls a route by its contract's key, typed by the contract (src/contract): the params, query and
 * body it takes and the answer it gives. `call("GET /api/clients/:id", { params: { id } })`.
 */
export function call<K extends ApiKey>(
  key: K,
  ...[input]: CallArgs<ContractAt<K>>
): Promise<Answer<ContractAt<K>>> {
  const [method, path] = key.split(" ") as [string, string];
  const body = (input as { body?: Json } | undefined)?.body;
  return api(urlOf(path, input), { method, body });
}

/** The API resource a key belongs to: "GET /api/clients/:id" -> "clients". */
export type Resource<K extends ApiKey = ApiKey> = K extends `${string} /api/${infer R}/${string}`
  ? R
  : K extends `${string} /api/${infer R}`
    ? R
    : never;

/**
 * Query keys from the contract: `[resource, key, input]`. Invalidating `[resource]`
 * (`resourceKey("clients")`) reloads every query of that resource.
 */
export const queryKeyOf = <K extends ApiKey>(key: K, input?: CallInput<ContractAt<K>>) =>
  [key.split("/")[2] as Resource<K>, key, ...(input === undefined ? [] : [input])] as const;
export const resourceKey = (resource: Resource) => [resource] as const;

/**
 * A query of one route: its key (`queryKeyOf`) and its fetch (`call`) from the same route and
 * input, written once. `useQuery(callQuery("GET /api/clients/:id", { params: { id } }))`.
 */
export function callQuery<K extends ApiKey>(key: K, ...[input]: CallArgs<ContractAt<K>>) {
  return {
    queryKey: queryKeyOf(key, input),
    queryFn: () => call(key, ...([input] as CallArgs<ContractAt<K>>)),
  };
}
