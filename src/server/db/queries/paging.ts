import { createHash } from "node:crypto";
import {
  and,
  asc,
  count,
  type DriverValueDecoder,
  desc,
  eq,
  getTableColumns,
  lte,
  SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PageCount } from "#contract/common";
import { isValidIsoDate } from "#domain/dates";
import { AppError } from "#server/errors";
import type { Db } from "../client";
import { listCounts } from "../schema";

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
  /**
   * The previous page's `nextCursor`: the page is then read from just after that row through the
   * index (keyset), however deep, instead of walking `(page - 1) * pageSize` entries. `page` still
   * numbers it for the count.
   */
  after?: string;
}

/**
 * A statement's value the planner cannot see: a subquery of the placeholder, which PostgreSQL
 * works out once per execution, before the scan, and uses in the index's range all the same. A
 * statement meant to be planned once must not show the planner anything that makes one request's
 * own plan look cheaper than the shared one (a user with many rows, a near offset, a cursor near
 * the end, a day), or PostgreSQL plans every request again (decisions 0041, 0042).
 */
export function unseenPlaceholder(name: string, type: "text" | "date" | "timestamptz" | "bigint"): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** One key of a keyset order, with the type its cursor value is cast back to. */
export interface KeysetKey {
  sql: SQL | PgColumn;
  type: "text" | "date" | "timestamptz" | "bigint";
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
  /**
   * The order as keys of one direction, the last one unique (the id): pages can then follow a
   * cursor (`PageParams.after`). Orders with mixed directions or nulls are paged by offset only.
   */
  keyset?: { direction: "asc" | "desc"; keys: KeysetKey[] };
  /**
   * The list unfiltered (the user's rows, all of them): its total is read from list_counts, kept
   * by triggers with every insert and delete, exact and without counting. Filtered lists count up
   * to COUNT_LIMIT or SEARCH_COUNT_LIMIT.
   */
  countedIn?: ListCounted;
  /**
   * A filtered list's exact total, kept by other tables in the same transaction as every change
   * (an invoice status: invoice_due_balances, invoice_month_totals), as a scalar subquery with the
   * shape's placeholders: read instead of counting, exact at any size. The filter still keeps its
   * LIMIT a parameter, so each execution is planned for its values.
   */
  keptTotal?: SQL;
  /**
   * The filter's best plan is one walk of an index whatever its values (the invoices awaiting
   * payment in their own index): its statements are planned once, like an unfiltered list's, with
   * the row limit written in and the offset hidden from the planner. Other filters are planned for
   * their values on every request.
   */
  plannedOnce?: boolean;
  /**
   * The filter skips few of the rows its index holds (the overdue invoices among those awaiting
   * payment skip only the ones not yet due): a page's rows are read straight from the table, as an
   * unfiltered list's are, and tested there. Through the deferred join each row is looked up a
   * second time, which costs more than the few rows read and skipped (decision 0042).
   */
  readStraight?: boolean;
}

export type ListCounted = (typeof listCounts.list.enumValues)[number];

type Statement<R> = { execute(values: Record<string, unknown>): Promise<R[]> };
interface PageStatements {
  /** The first page: no offset to walk. */
  first: Statement<Record<string, unknown>>;
  /** A page by its number: the offset walks the index only (a deferred join). */
  page: Statement<Record<string, unknown>>;
  /** The page after a cursor, when the shape has a keyset order. */
  after?: Statement<Record<string, unknown>>;
  /**
   * A page by its number counted from the list's end: the offset walks the index backwards. Only
   * for a keyset order of a list whose total is kept (list_counts), so the end is known exactly.
   */
  fromEnd?: Statement<Record<string, unknown>>;
  count: Statement<{ n: number }>;
}

/**
 * A page by number this deep (rows before it) is read from the list's nearer end when that end is
 * the list's last one: walking to row 7,980 of 10,000 from the start costs four times the walk of
 * 2,000 from the end. Below it, reading the total first would cost more than the walk it saves.
 */
export const FROM_END_OFFSET = 1_000;

/**
 * Rows of a page statement as objects, decoded column by column as Drizzle would (a timestamp to a
 * Date, `mapWith(Number)` to a number), in a loop made once per shape. Drizzle's own mapping walks
 * each field's path and tests its kind on every row: a tenth of the server's CPU on a list page.
 */
function rowMapper(selected: Record<string, PgColumn | SQL>) {
  const keys = Object.keys(selected);
  // A column decodes its own values; an SQL expression through its decoder (`mapWith`).
  const decoders = keys.map((key): DriverValueDecoder<unknown, unknown> => {
    const field = selected[key]!;
    return field instanceof SQL
      ? (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder
      : field;
  });
  return (rows: unknown[][]) =>
    rows.map((row) => {
      const mapped: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        mapped[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return mapped;
    });
}

/**
 * A prepared page statement mapping its rows with `rowMapper`. Drizzle's prepared queries take a
 * result mapper (its relational queries pass one); a select's `prepare` sets none, so it is set
 * here. Should a Drizzle version name it otherwise, the statement maps its rows Drizzle's own way.
 */
function withMapper<S extends object>(statement: S, mapper: (rows: unknown[][]) => unknown): S {
  return Object.assign(statement, { customResultMapper: mapper });
}

/** Per database handle and list shape: the shape, and its statements by row limit (0: a parameter). */
const statementsByDb = new WeakMap<
  Db,
  Map<string, { shape: PageShape; byLimit: Map<number, PageStatements> }>
>();

/** PostgreSQL names statements with at most 63 bytes: the shape's key is hashed into one. */
function statementName(key: string): string {
  return `page_${createHash("sha1").update(key).digest("hex").slice(0, 20)}`;
}

/**
 * How many rows a page statement reads, written into the statement as a number: PostgreSQL plans a
 * LIMIT it cannot see ($n) as if it kept a tenth of the table, so the generic plan of a list looked
 * dear beside each custom one and every execution was planned again (3/4 of PostgreSQL's work on a
 * page). A page size (1-100) reads the first of these above it: its page and one row beyond.
 */
const ROW_LIMITS = [21, 51, 101];
const rowLimitOf = (pageSize: number) => ROW_LIMITS.find((limit) => limit > pageSize) ?? pageSize + 1;
/** The shape's statements are planned once (generic plans): see `limit` in prepareShape. */
const planned = (shape: PageShape) => shape.countedIn !== undefined || shape.plannedOnce === true;

/** The shape's total is kept by tables (list_counts or others), not counted: exact at any size. */
const kept = (shape: PageShape) => shape.countedIn !== undefined || shape.keptTotal !== undefined;

/** How many rows a shape's total counts up to: a kept total is exact at any size. */
const countLimitOf = (shape: PageShape, searched: boolean) =>
  kept(shape) ? Number.MAX_SAFE_INTEGER : searched ? SEARCH_COUNT_LIMIT : COUNT_LIMIT;

/**
 * The page (one row beyond it, to know whether more follow) and its total in one statement: a
 * deferred join, so the offset walks only the index (id and sort keys) and only the page's rows
 * are read, with the total (kept in list_counts, or counted up to the limit) as a scalar subquery
 * beside them. With a keyset order, also the page after a cursor, read straight from the index.
 */
function prepareShape(
  db: Db,
  key: string,
  shape: PageShape,
  searched: boolean,
  rowLimit: number,
): PageStatements {
  const { table, where, order, keyset } = shape;
  const columns = shape.columns ?? (getTableColumns(table) as Record<string, PgColumn>);
  const capped = shape.countedIn
    ? sql<number>`coalesce((select ${listCounts.n} from ${listCounts} where ${listCounts.userId} = ${sql.placeholder("userId")} and ${listCounts.list} = ${shape.countedIn}), 0)`
    : shape.keptTotal
      ? sql<number>`coalesce((${shape.keptTotal}), 0)`
      : sql<number>`(select count(*) from (select 1 from ${table} where ${where} limit ${sql.raw(String(countLimitOf(shape, searched) + 1))}) capped)`;
  const keyRow = keyset
    ? sql.join(
        keyset.keys.map((k) => k.sql),
        sql`, `,
      )
    : undefined;
  // The last row's keys as JSON text, exact to the microsecond: the next page's cursor.
  const selected = {
    ...columns,
    ...(keyRow ? { pageKey: sql<string>`json_build_array(${keyRow})::text` } : {}),
    listCount: capped.mapWith(Number),
  };
  const name = statementName(key);
  /**
   * A search's statements are unnamed: PostgreSQL plans an unnamed statement for the values it is
   * sent, every time. A named one may fall to one generic plan after five executions when that plan
   * looks cheaper than the terms' own, and did (list-cursors.test.ts): a generic plan cannot see the
   * term, so it walks the list in date order for every term, a rare one to the index's end, or
   * reads every match of a broad one through the trigram index. What a search gains from the
   * right plan is many times the 10-15 % an unnamed statement costs in parsing again.
   */
  const named = (suffix: string) => (searched ? (undefined as unknown as string) : `${name}${suffix}`);
  const mapper = rowMapper(selected);
  // Only an unfiltered list (its total kept) and a shape planned once write their limit in: their
  // best plan is the same for every user and cursor. Another filter or a search keeps the limit a
  // parameter, so each execution is planned for its values: a search term through the trigram index
  // when it matches few, in date order when it matches many (decision 0038); a status or date range
  // by how many it keeps.
  // Drizzle sends a number as a parameter; SQL is written into the statement as it is.
  const limit = planned(shape) ? (sql.raw(String(rowLimit)) as unknown as number) : sql.placeholder("limit");
  /**
   * The rows where `condition` holds, in order: an unfiltered list (or a filter that skips few
   * rows) reads them straight from the index; a filtered one through a deferred join, whose inner
   * scan tests the filter on the index alone (invoices_user_date_idx includes the status, due date
   * and search key) and reads only the page's rows from the table. `offset`: a page by its number, the inner scan walks to it in
   * `walk` order (the list's, or the other way round from its end).
   */
  const rowsWhere = (
    condition: SQL | undefined,
    offset: boolean,
    statement: "_f" | "_a" | "_e" | "",
    walk: SQL[] = order,
  ) => {
    if ((shape.countedIn || shape.readStraight) && !offset)
      return withMapper(
        db
          .select(selected)
          .from(table as PgTable)
          .where(condition)
          .orderBy(...order)
          .limit(limit)
          .prepare(named(statement)),
        mapper,
      );
    // A page by number past the end of a list whose total is kept walks nothing: the test holds
    // no column, so PostgreSQL checks it once before the scan. Asked by an old link or a reload
    // after deletions, such a page walked every match to learn there were none.
    const inner = db
      .select({ id: table.id })
      .from(table as PgTable)
      .where(
        offset && kept(shape) ? and(condition, sql`${sql.placeholder("offset")} < ${capped}`) : condition,
      )
      .orderBy(...walk)
      .limit(limit)
      .$dynamic();
    // A shape planned once hides its offset from the planner, as a subquery: seeing the offset, a
    // plan for a near page looks cheaper than the generic one, so with near pages asked most (the
    // far ones read from the end) every request was planned again (0.3-0.4 ms of PostgreSQL's).
    // Its plan is the same walk whatever the offset.
    const skip = planned(shape)
      ? (unseenPlaceholder("offset", "bigint") as unknown as number)
      : sql.placeholder("offset");
    const ids = (offset ? inner.offset(skip) : inner).as("page_ids");
    return withMapper(
      db
        .select(selected)
        .from(table as PgTable)
        .innerJoin(ids, eq(table.id, ids.id))
        .orderBy(...order)
        .prepare(named(statement)),
      mapper,
    );
  };
  /**
   * A search's first page and its count from one walk: its matches up to the count's limit, in
   * order and numbered, are read once (a WITH query used twice is kept, not read twice); the page
   * is the first of them by number, the count all of them. Counted and paged apart, a term that
   * matches one row in fifty walked the index twice: half of PostgreSQL's work on a search.
   */
  const searchFirst = () => {
    const matches = db.$with("matches").as(
      db
        .select({
          id: table.id,
          n: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as("n"),
        })
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        // The count's limit, the same for every search of the shape: written in.
        .limit(
          sql.raw(
            String(Math.max(countLimitOf(shape, searched) + 1, ROW_LIMITS.at(-1)!)),
          ) as unknown as number,
        ),
    );
    return withMapper(
      db
        .with(matches)
        .select({ ...selected, listCount: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
        .from(table as PgTable)
        .innerJoin(matches, and(eq(table.id, matches.id), lte(matches.n, limit)))
        .orderBy(...order)
        .prepare(named("_f")),
      mapper,
    );
  };
  const first = searched && !shape.keptTotal ? searchFirst() : rowsWhere(where, false, "_f");
  const page = rowsWhere(where, true, "");
  let after: ReturnType<typeof rowsWhere> | undefined;
  if (keyset && keyRow) {
    // A shape planned once hides the cursor from the planner too: seeing where a page starts, a plan
    // for a page near the list's end looks cheaper than the generic one, and every page after a
    // cursor of a filtered list was planned again (10 custom plans in 10 pages). The walk is the
    // same whatever the cursor: the index's range just after it.
    const cursor = sql.join(
      keyset.keys.map((k, i) =>
        planned(shape)
          ? unseenPlaceholder(`k${i}`, k.type)
          : sql`${sql.placeholder(`k${i}`)}::${sql.raw(k.type)}`,
      ),
      sql`, `,
    );
    const beyond = sql`(${keyRow}) ${sql.raw(keyset.direction === "asc" ? ">" : "<")} (${cursor})`;
    // No offset to walk: the rows are read from the index's range just after the cursor.
    after = rowsWhere(and(where, beyond), false, "_a");
  }
  // The same keys the other way round: the index serves either direction.
  const fromEnd =
    keyset && shape.countedIn
      ? rowsWhere(
          where,
          true,
          "_e",
          keyset.keys.map((k) => (keyset.direction === "asc" ? desc(k.sql) : asc(k.sql))),
        )
      : undefined;
  const count = db
    .select({ n: capped.mapWith(Number) })
    .from(sql`(select 1) one`)
    .prepare(named("_n"));
  return { first, page, after, fromEnd, count } as unknown as PageStatements;
}

/** A timestamptz as json_build_array writes it: 2026-11-25T16:42:01.123456+05:30. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

const CURSOR_INVALID = "The page cursor is not valid. Ask for the page by its number instead.";

/** A key value of a cursor that PostgreSQL would take as the key's type. */
function fitsKey(k: KeysetKey, v: unknown): boolean {
  return k.type === "date"
    ? typeof v === "string" && isValidIsoDate(v)
    : k.type === "timestamptz"
      ? typeof v === "string" && TIMESTAMP.test(v) && isValidIsoDate(v.slice(0, 10))
      : k.type === "bigint"
        ? Number.isSafeInteger(v)
        : typeof v === "string" && v.length <= 400;
}

/**
 * The cursor's key values by placeholder (k0, k1...), checked against the shape's keys: a cursor
 * is the client's to send back, and one PostgreSQL would refuse to cast is refused here, clearly.
 */
function cursorValues(cursor: string, keys: KeysetKey[]): Record<string, unknown> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    values = undefined;
  }
  if (!Array.isArray(values) || values.length !== keys.length || !keys.every((k, i) => fitsKey(k, values[i])))
    throw new AppError("bad_request", CURSOR_INVALID);
  return Object.fromEntries(values.map((v, i) => [`k${i}`, v]));
}

/**
 * The rows from `offset` on (`rowLimit` of them, as the other page statements read), walking from
 * the list's end: the `rowLimit` rows before the last `end` ones, in the list's order. Near the
 * list's end they start before `offset`; those are dropped here.
 */
async function pageFromEnd(
  fromEnd: Statement<Record<string, unknown>>,
  values: Record<string, unknown>,
  offset: number,
  total: number,
  rowLimit: number,
): Promise<Record<string, unknown>[]> {
  const end = Math.max(0, total - offset - rowLimit);
  const rows = await fromEnd.execute({ ...values, offset: end });
  // The rows' place in the list, counted from its start: the first is at `total - end - length`.
  return rows.slice(Math.max(0, offset - (total - end - rows.length)));
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
): Promise<{ rows: T[]; nextCursor: string | null } & PageCount> {
  let shapes = statementsByDb.get(db);
  if (!shapes) {
    shapes = new Map();
    statementsByDb.set(db, shapes);
  }
  const shapeKey = `${key}:${searched}`;
  let entry = shapes.get(shapeKey);
  if (!entry) {
    entry = { shape: build(), byLimit: new Map() };
    shapes.set(shapeKey, entry);
  }
  const { shape, byLimit } = entry;
  // Only a shape planned once writes its row limit in, so only it has a statement per limit.
  const rowLimit = planned(shape) ? rowLimitOf(p.pageSize) : 0;
  let statements = byLimit.get(rowLimit);
  if (!statements) {
    statements = prepareShape(db, `${shapeKey}:${rowLimit}`, shape, searched, rowLimit);
    byLimit.set(rowLimit, statements);
  }
  const limit = p.pageSize + 1;
  const offset = (p.page - 1) * p.pageSize;
  // A cursor reads the page after its row; a shape without a keyset order pages by number only.
  let total: number | undefined;
  let fetched: Record<string, unknown>[];
  if (p.after && statements.after && shape.keyset)
    fetched = await statements.after.execute({
      ...values,
      ...cursorValues(p.after, shape.keyset.keys),
      limit,
    });
  else if (p.page === 1) fetched = await statements.first.execute({ ...values, limit });
  else if (statements.fromEnd && offset >= FROM_END_OFFSET) {
    total = (await statements.count.execute(values))[0]?.n ?? 0;
    fetched =
      offset > total / 2
        ? await pageFromEnd(statements.fromEnd, values, offset, total, rowLimit)
        : await statements.page.execute({ ...values, limit, offset });
  } else fetched = await statements.page.execute({ ...values, limit, offset });
  const rows = fetched.slice(0, limit);
  const counted =
    total ?? (rows[0] ? Number(rows[0].listCount) : ((await statements.count.execute(values))[0]?.n ?? 0));
  const page = rows.slice(0, p.pageSize).map(({ listCount: _, pageKey: __, ...row }) => row as T);
  const last = rows[p.pageSize - 1]?.pageKey;
  const hasMore = rows.length > p.pageSize;
  return {
    rows: page,
    nextCursor: hasMore && typeof last === "string" ? Buffer.from(last).toString("base64url") : null,
    ...pageCount(p, rows.length, counted, countLimitOf(shape, searched)),
  };
}
