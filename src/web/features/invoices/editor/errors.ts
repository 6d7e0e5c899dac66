import type { z } from "zod";
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

/** The message to toast and the fields to mark for a failed save. */
export function describeSaveError(error: unknown): {
  title: string;
  message: string;
  fields: Record<string, string>;
} {
  if (error instanceof ApiError) {
    const fields = { ...(error.fields ?? {}) };
    if (error.status === 409 && /number/i.test(error.message) && !fields.invoiceNumber) {
      fields.invoiceNumber = error.message;
    }
    const title =
      error.status === 409
        ? fields.invoiceNumber
          ? "Invoice number already used"
          : "Not enough stock"
        : error.status === 400
          ? "Check the highlighted fields"
          : "Could not save the invoice";
    return { title, message: error.message, fields };
  }
  return {
    title: "Could not save the invoice",
    message: (error as Error)?.message ?? "Something went wrong",
    fields: {},
  };
}
