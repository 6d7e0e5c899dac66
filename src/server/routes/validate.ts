import type { z } from "zod";
import { fieldErrors } from "#contract/common";
import { AppError } from "../errors";

/** Parses a request body with a zod schema; a failure is a 400 naming each bad field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const result = schema.safeParse(body ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const first = Object.entries(fields)[0];
  throw new AppError("validation_failed", first ? `${first[0]}: ${first[1]}` : "Invalid request.", fields);
}
