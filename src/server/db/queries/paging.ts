import { count, eq, getTableName, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PageCount } from "#contract/common";
import type { Db } from "../client";

type ListTable = PgTable & { id: PgColumn };

/**
 * Lists count their matches up to this many and no further (docs/decisions/0018-list-paging.md):
 * below it the total is exact, beyond it the pager says "1,000+". A count over all of a user's
 * rows cost 17 ms at 100,000 rows on every page; counting at most 1,001 costs ~0.2 ms.
 */
export const COUNT_LIMIT = 1_000;

export interface PageParams {
  page: number;
  pageSize: number;
}

/** How many rows match, counting at most `limit + 1` of them (so "more than `limit`" is known). */
export async function countUpTo(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  limit: number,
): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(limit + 1)
    .as("capped");
  const [row] = await db.select({ n: count() }).from(capped);
  return row?.n ?? 0;
}

/**
 * The page's total from the capped count and the page itself, read with one row beyond the page
 * (`fetched`): a short page ends the list, so its total is exact whatever the count stopped at;
 * beyond the limit the list is known to hold more than `total` rows.
 */
export function pageCount(
  p: { page: number; pageSize: number },
  fetched: number,
  counted: number,
  limit: number,
): PageCount {
  const offset = (p.page - 1) * p.pageSize;
  const hasMore = fetched > p.pageSize;
  if (counted <= limit) return { total: counted, totalIsExact: true, hasMore };
  if (!hasMore && fetched > 0) return { total: offset + fetched, totalIsExact: true, hasMore };
  // Known: more than `limit` rows, and with a row after this page, more than the page's end.
  return { total: hasMore ? Math.max(limit, offset + p.pageSize) : limit, totalIsExact: false, hasMore };
}

/** The ids of one page and the row after it, in the list's order (index-only where an index holds the order). */
export function pageIds(db: Db, table: ListTable, where: SQL | undefined, order: SQL[], p: PageParams) {
  return db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(p.pageSize + 1)
    .offset((p.page - 1) * p.pageSize)
    .as("page_ids");
}

/**
 * One page of a list and its count. Deferred join: the offset walks only the index (id and sort
 * keys), then only the page's rows are read, so deep pages of 10,000 rows stay cheap.
 */
export async function pageOf<T extends ListTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  p: PageParams,
): Promise<{ rows: T["$inferSelect"][] } & PageCount> {
  const ids = pageIds(db, table, where, order, p);
  const name = getTableName(table);
  const [joined, counted] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .innerJoin(ids, eq(table.id, ids.id))
      .orderBy(...order),
    countUpTo(db, table, where, COUNT_LIMIT),
  ]);
  const rows = (joined as Record<string, unknown>[]).map((r) => r[name] as T["$inferSelect"]);
  return { rows: rows.slice(0, p.pageSize), ...pageCount(p, rows.length, counted, COUNT_LIMIT) };
}
