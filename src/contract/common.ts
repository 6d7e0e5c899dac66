import { z } from "zod";
import { ERROR_CODES } from "./errors";

// Shared pieces of the HTTP contract: the error shape, ids, text and the no-NUL rule.

/** Every error this API answers (better-auth's own routes excepted: see auth.ts). */
export const errorSchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

/** The body of a POST that takes none. */
export const noFields = z.object({}).describe("No fields");

/**
 * Text PostgreSQL can store: no NUL (text columns refuse it, error 22021) and no lone UTF-16
 * surrogate (jsonb refuses its escape). The server also checks every request for both before
 * validation (`findUnstorableText`), so schemas that forget this still answer 400.
 */
// With the u flag a surrogate pair is one code point, so \p{Cs} matches only unpaired halves.
const UNPAIRED_SURROGATE = /\p{Cs}/u;
export const isStorableText = (s: string) => !s.includes("\u0000") && !UNPAIRED_SURROGATE.test(s);
export const UNSTORABLE_TEXT = "Text may not contain NUL or unpaired surrogate characters.";

/** Where the first unstorable string of a parsed request sits ("" for the value itself), if any. */
export function findUnstorableText(value: unknown): string | undefined {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === "string") {
      if (!isStorableText(v)) return at;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], at ? `${at}.${i}` : String(i)]);
    } else if (v !== null && typeof v === "object" && !(v instanceof Uint8Array)) {
      for (const [key, inner] of Object.entries(v)) {
        const path = at ? `${at}.${key}` : key;
        if (!isStorableText(key)) return path;
        stack.push([inner, path]);
      }
    }
  }
  return undefined;
}

/** Trimmed text of at most `max` characters, named in its messages. */
export const text = (max: number, what: string) =>
  z
    .string(`${what} must be text.`)
    .trim()
    .max(max, `${what} must be at most ${max} characters.`)
    .refine(isStorableText, UNSTORABLE_TEXT);

/** Ours are UUIDs, better-auth's 32 characters, images' 30: a longer id is refused, not looked up. */
export const MAX_ID_LENGTH = 64;
export const id = z
  .string()
  .min(1)
  .max(MAX_ID_LENGTH, `Id must be at most ${MAX_ID_LENGTH} characters.`)
  .refine(isStorableText, UNSTORABLE_TEXT);
export const idParams = z.object({ id });

export const isoDateTime = z.string().describe("ISO 8601 date-time");
export { isoDate } from "#domain/iso-date";

/**
 * How many rows a list holds, counted only up to a limit (docs/decisions/0018-list-paging.md):
 * `totalIsExact` false means "more than `total`" (the pager shows "1,000+").
 */
export const pageCountSchema = z.object({
  total: z
    .number()
    .int()
    .describe("Rows matching; when totalIsExact is false, the list holds more than this"),
  totalIsExact: z.boolean().describe("False when the list was counted only up to a limit (1,000)"),
  hasMore: z.boolean().describe("Whether rows follow this page"),
});
export type PageCount = z.output<typeof pageCountSchema>;

export const page = <T extends z.ZodType>(item: T) =>
  pageCountSchema.extend({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    nextCursor: z
      .string()
      .nullable()
      .describe(
        "When rows follow and the list's order allows it: send it back as `after` (with page + 1) to read the next page from just after this one's last row, however deep",
      ),
  });

/**
 * A document list's page number and size (invoices, notes, quotes and the other kinds): a value
 * out of range falls back to the first page or the default size instead of refusing, so a link
 * kept from an older list still opens; at most 100 rows a page.
 */
export const listPageParams = {
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .catch(20)
    .default(20)
    .transform((n) => Math.min(n, 100)),
};

/** Who a document is for and what it comes to, as every document list shows them. */
export const clientAndTotal = {
  clientId: z.string().nullable(),
  clientName: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
};

/** A document's activity list, newest first: `kind` names what happened, `detail` its facts. */
export const activityAnswer = (kinds: string) =>
  z.object({
    events: z.array(
      z.object({
        id,
        kind: z.string().describe(kinds),
        detail: z.record(z.string(), z.unknown()),
        at: isoDateTime,
      }),
    ),
  });

/** The previous page's nextCursor (lists ordered by name, by date or newest first). */
export const pageAfter = z
  .string()
  .max(2_000, "The page cursor is not valid. Ask for the page by its number instead.")
  .optional()
  .describe("nextCursor of the previous page: read the page after its last row");
export type Page<T> = Omit<z.output<ReturnType<typeof page>>, "items"> & { items: T[] };

/** Zod's issues as the API's `fields`: the first message per dotted path ("billingAddress.city"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
  return fields;
}
