import { and, eq, inArray } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/** Which of `values` this user's rows of `table` hold in `column` (an empty list asks nothing). */
export async function ownedValuesAmong(
  db: Db,
  table: PgTable & { userId: PgColumn },
  column: PgColumn,
  userId: string,
  values: string[],
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .select({ value: column })
    .from(table)
    .where(and(eq(table.userId, userId), inArray(column, values)));
  return new Set(rows.map((r) => r.value as string));
}
