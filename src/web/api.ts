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
