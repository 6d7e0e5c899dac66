import type { z } from "zod";
import type { ErrorCode } from "#contract/errors";
import { ApiError } from "#web/api";

/** zod issues keyed the way the server reports fields: "items.0.quantity", "client.name". */
export function issuesToFields(issues: z.core.$ZodIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

/**
 * Another kind's field names (`quoteNumber`, `validUntil`) as the shared sections name them
 * (`invoiceNumber`, `dueDate`), so its refusals mark the right fields.
 */
export const fieldsNamed =
  (names: Record<string, string>) =>
  (fields: Record<string, string>): Record<string, string> =>
    Object.fromEntries(Object.entries(fields).map(([k, v]) => [names[k] ?? k, v]));

/** Fields refused before the server was asked (same messages as the server). */
export class FieldErrors extends Error {
  constructor(public readonly fields: Record<string, string>) {
    super(Object.values(fields)[0] ?? "Check the highlighted fields.");
  }
}

/** The toast's title for a refused save, by the API's error code (src/contract/errors.ts). */
const SAVE_ERROR_TITLES: Partial<Record<string, string>> = {
  invoice_number_taken: "Invoice number already used",
  insufficient_stock: "Not enough stock",
  validation_failed: "Check the highlighted fields",
} satisfies Partial<Record<ErrorCode, string>>;

/** The message to toast and the fields to mark for a failed save. */
export function describeSaveError(error: unknown): {
  title: string;
  message: string;
  fields: Record<string, string>;
} {
  if (error instanceof ApiError) {
    const fields = { ...(error.fields ?? {}) };
    if (error.code === "invoice_number_taken" && !fields.invoiceNumber) fields.invoiceNumber = error.message;
    return {
      title: SAVE_ERROR_TITLES[error.code] ?? "Could not save the invoice",
      message: error.message,
      fields,
    };
  }
  return {
    title: "Could not save the invoice",
    message: (error as Error)?.message ?? "Something went wrong",
    fields: {},
  };
}
