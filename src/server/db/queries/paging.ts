import { createHash } from "node:crypto";
import { count, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
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
/**
 * A search counts its matches up to this many: a broad term ("Anand" in a quarter of 10,000
 * invoices) must test each row it counts, 4.4 ms of PostgreSQL for 1,001 against ~0.5 ms for
 * 101; beyond it the pager says "100+" and goes on while rows follow.
 */
export const SEARCH_COUNT_LIMIT = 100;

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

/**
 * What a list's page reads, built with `sql.placeholder(name)` for every value (the user, the
 * search pattern, a date...), so one shape of the list is one statement whatever the values.
 */
export interface PageShape {
  table: ListTable;
  /** The columns to answer; the table's own by default. */
  columns?: Record<string, PgColumn>;
  where: SQL;
  order: SQL[];
}

interface PageStatements {
  page: { execute(values: Record<string, unknown>): Promise<Record<string, unknown>[]> };
  count: { execute(values: Record<string, unknown>): Promise<{ n: number }[]> };
}

const statementsByDb = new WeakMap<Db, Map<string, PageStatements>>();

/** PostgreSQL names statements with at most 63 bytes: the shape's key is hashed into one. */
function statementName(key: string): string {
  return `page_${createHash("sha1").update(key).digest("hex").slice(0, 20)}`;
}

/**
 * The page (one row beyond it, to know whether more follow) and the capped count in one
 * statement: a deferred join, so the offset walks only the index (id and sort keys) and only the
 * page's rows are read, with the count as a scalar subquery beside them.
 */
function prepareShape(db: Db, key: string, shape: PageShape, searched: boolean): PageStatements {
  const countLimit = searched ? SEARCH_COUNT_LIMIT : COUNT_LIMIT;
  const { table, where, order } = shape;
  const columns = shape.columns ?? (getTableColumns(table) as Record<string, PgColumn>);
  const ids = db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page_ids");
  const capped = sql<number>`(select count(*) from (select 1 from ${table} where ${where} limit ${sql.raw(String(countLimit + 1))}) capped)`;
  const name = statementName(key);
  const page = db
    .select({ ...columns, listCount: capped.mapWith(Number) })
    .from(table as PgTable)
    .innerJoin(ids, eq(table.id, ids.id))
    .orderBy(...order)
    .prepare(name);
  const count = db
    .select({ n: capped.mapWith(Number) })
    .from(sql`(select 1) one`)
    .prepare(`${name}_n`);
  return { page, count } as unknown as PageStatements;
}

/**
 * One page of a list and its count, as one prepared statement per shape of the list (`key` names
 * the shape: which filters and which order; `build` is called once per shape and database
 * handle). PostgreSQL parses and plans each shape once per connection and Drizzle builds it once
 * per process; a request sends only `values`. A page past the end holds no row to carry the
 * count, so only then is the count asked on its own.
 */
export async function pageOf<T>(
  db: Db,
  key: string,
  build: () => PageShape,
  values: Record<string, unknown>,
  p: PageParams,
  /** The shape tests a search term: counted up to SEARCH_COUNT_LIMIT. */
  searched = false,
): Promise<{ rows: T[] } & PageCount> {
  const countLimit = searched ? SEARCH_COUNT_LIMIT : COUNT_LIMIT;
  let shapes = statementsByDb.get(db);
  if (!shapes) {
    shapes = new Map();
    statementsByDb.set(db, shapes);
  }
  const shapeKey = `${key}:${countLimit}`;
  let statements = shapes.get(shapeKey);
  if (!statements) {
    statements = prepareShape(db, shapeKey, build(), searched);
    shapes.set(shapeKey, statements);
  }
  const rows = await statements.page.execute({
    ...values,
    limit: p.pageSize + 1,
    offset: (p.page - 1) * p.pageSize,
  });
  const counted = rows[0] ? Number(rows[0].listCount) : ((await statements.count.execute(values))[0]?.n ?? 0);
  const page = rows.slice(0, p.pageSize).map(({ listCount: _, ...row }) => row as T);
  return { rows: page, ...pageCount(p, rows.length, counted, countLimit) };
}
