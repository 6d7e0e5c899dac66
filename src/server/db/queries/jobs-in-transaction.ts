import { sql } from "drizzle-orm";
import type { Db } from "../client";

/**
 * pg-boss's way into an open Drizzle transaction (its own `fromDrizzle` adapter): a job sent
 * through it is kept only if the transaction commits (decision 0086).
 */
export async function jobsInTransaction(tx: Db) {
  const { fromDrizzle } = await import("pg-boss");
  // Drizzle's `execute` answers `unknown` in the shared Db type; pg-boss reads rows from either
  // driver's answer (PGlite's and node-postgres' `{ rows }`).
  return fromDrizzle(tx as unknown as Parameters<typeof fromDrizzle>[0], sql);
}
