import { z } from "zod";
import { isValidIsoDate } from "./dates";

/** A real calendar date, YYYY-MM-DD: "2026-02-30" would reach PostgreSQL's date column and fail there. */
export const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Must be a date like 2026-11-21.")
  .refine(isValidIsoDate, "Must be a real date, like 2026-11-21.");
