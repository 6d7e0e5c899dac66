import { count, eq, getTableName, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

type ListTable = PgTable & { id: PgColumn };

/**
 * One page of a list and the total count. Deferred join: the offset walks only the index (id and
 * sort keys), then only the page's rows are read, so deep pages of 10,000 rows stay cheap.
 */
export async function pageOf<T extends ListTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  p: { page: number; pageSize: number },
): Promise<{ rows: T["$inferSelect"][]; total: number }> {
  const pageIds = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(p.pageSize)
    .offset((p.page - 1) * p.pageSize)
    .as("page_ids");
  const name = getTableName(table);
  const [joined, [counted]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .innerJoin(pageIds, eq(table.id, pageIds.id))
      .orderBy(...order),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return {
    rows: (joined as Record<string, unknown>[]).map((r) => r[name] as T["$inferSelect"]),
    total: counted?.n ?? 0,
  };
}
