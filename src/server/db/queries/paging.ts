import { createHash } from "node:crypto";
import { and, asc, type DriverValueDecoder, desc, eq, getTableColumns, lte, SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { PageCount } from "#contract/common";
import { isValidIsoDate } from "#domain/dates";
import { AppError } from "#server/errors";
import type { Db } from "../client";
import { listCounts } from "../schema";

// A list's page and its total in one prepared statement per shape of the list: capped counts, keyset
// cursors, and plans made once where one plan fits every request (decisions 0018, 0039-0042, 0060).

/** A filtered list counts its matches up to this many; beyond it the pager says "1,000+". */
export const COUNT_LIMIT = 1_000;
/** A search counts up to this many: a broad term must test every row it counts. */
export const SEARCH_COUNT_LIMIT = 100;

export interface PageParams {
  page: number;
  pageSize: number;
  /** The previous page's `nextCursor`: the page is read from the index just after that row. */
  after?: string;
}

type KeyType = "text" | "date" | "timestamptz" | "bigint";
/** One key of a keyset order, with the type its cursor value is cast back to. */
export type KeysetKey = { sql: SQL | PgColumn; type: KeyType };

/**
 * A value the planner cannot see, still used in the index's range: a statement planned once must show
 * nothing that makes one request's own plan look cheaper, or each request is planned again (0042).
 */
export function unseenPlaceholder(name: string, type: KeyType): SQL {
  return sql`(select ${sql.placeholder(name)}::${sql.raw(type)})`;
}

/** `%text%` for a LIKE or ILIKE search, with the user's own %, _ and \\ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type Order = Pick<PageShape, "order" | "keyset">;

/** Newest first (by creation, then id), with the cursor keys of that order. */
export function newestFirst(table: { createdAt: PgColumn; id: PgColumn }): Required<Order> {
  return {
    order: [desc(table.createdAt), desc(table.id)],
    keyset: {
      direction: "desc",
      keys: [
        { sql: table.createdAt, type: "timestamptz" },
        { sql: table.id, type: "text" },
      ],
    },
  };
}

/** By name, ignoring case (then id), with the cursor keys of that order. */
export function byName(table: { name: PgColumn; id: PgColumn }): Required<Order> {
  const name = sql`lower(${table.name})`;
  return {
    order: [asc(name), asc(table.id)],
    keyset: {
      direction: "asc",
      keys: [
        { sql: name, type: "text" },
        { sql: table.id, type: "text" },
      ],
    },
  };
}

/** The total from the capped count and the page read with one row beyond it: a short page ends the list. */
export function pageCount(p: PageParams, fetched: number, counted: number, limit: number): PageCount {
  const offset = (p.page - 1) * p.pageSize;
  const hasMore = fetched > p.pageSize;
  if (counted <= limit) return { total: counted, totalIsExact: true, hasMore };
  if (!hasMore && fetched > 0) return { total: offset + fetched, totalIsExact: true, hasMore };
  return { total: hasMore ? Math.max(limit, offset + p.pageSize) : limit, totalIsExact: false, hasMore };
}

/** What a list's page reads, with `sql.placeholder(name)` for every value: one shape, one statement. */
export interface PageShape {
  table: PgTable & { id: PgColumn };
  /** The columns to answer; the table's own by default. */
  columns?: Record<string, PgColumn | SQL>;
  where: SQL;
  order: SQL[];
  /** The order as keys of one direction, the last one unique: pages can follow a cursor. */
  keyset?: { direction: "asc" | "desc"; keys: KeysetKey[] };
  /** The list unfiltered: its exact total is read from list_counts (kept by triggers). */
  countedIn?: (typeof listCounts.list.enumValues)[number];
  /** A filtered list's exact total, kept in other tables, as a scalar subquery of the placeholders. */
  keptTotal?: SQL;
  /** One walk of an index is the best plan whatever the values: planned once, as an unfiltered list. */
  plannedOnce?: boolean;
  /** The filter skips few rows of its index: its first page is read straight, not joined (0042). */
  readStraight?: boolean;
}

/** A statement's answer: the rows' own columns, and apart from them the count and a row's cursor keys. */
type Read = {
  rows: Record<string, unknown>[];
  listCount: unknown;
  keysOf(row: number): unknown[] | undefined;
};
type Rows = { execute(values: Record<string, unknown>): Promise<Read> };

/** Selected beside a page's columns, never part of its rows: the total, and the row's keys as text. */
const isExtra = (key: string) => key === "listCount" || key.startsWith("pageKey");

/**
 * Rows decoded column by column in a loop made once per shape (a timestamp to a Date, `mapWith`
 * through its decoder), set as the prepared statement's result mapper: Drizzle's own mapping walks
 * each field's path on every row, a tenth of the server's CPU on a list page (decision 0040). The
 * count and the cursor keys are read out of the array PostgreSQL answered, so a row is one object
 * made once, not copied again to drop them (decision 0070).
 */
function withRowMapper<S extends object>(statement: S, selected: Record<string, PgColumn | SQL>): S {
  type Decoder = DriverValueDecoder<unknown, unknown>;
  const decoderOf = (f: PgColumn | SQL) =>
    (f instanceof SQL ? (f as { decoder?: Decoder }).decoder : f) as Decoder;
  const names = Object.keys(selected);
  const columns = names.flatMap((key, at) =>
    isExtra(key) ? [] : [{ key, at, decoder: decoderOf(selected[key]!) }],
  );
  const countAt = names.indexOf("listCount");
  const keyAts = names.flatMap((key, at) => (key.startsWith("pageKey") ? [at] : []));
  const countDecoder = countAt < 0 ? undefined : decoderOf(selected.listCount!);
  const customResultMapper = (answered: unknown[][]): Read => {
    const rows: Record<string, unknown>[] = new Array(answered.length);
    for (let r = 0; r < answered.length; r++) {
      const row = answered[r]!;
      const mapped: Record<string, unknown> = {};
      for (const { key, at, decoder } of columns)
        mapped[key] = row[at] === null ? null : decoder.mapFromDriverValue(row[at]);
      rows[r] = mapped;
    }
    const count = answered[0]?.[countAt];
    return {
      rows,
      listCount: count == null ? count : countDecoder?.mapFromDriverValue(count),
      keysOf: (r) => (answered[r] && keyAts.length ? keyAts.map((at) => answered[r]![at]) : undefined),
    };
  };
  return Object.assign(statement, { customResultMapper });
}

/**
 * The row limit written into a statement planned once: PostgreSQL plans a LIMIT it cannot see as a
 * tenth of the table, so a generic plan looked dear and every execution was planned again (0040).
 * A page size reads the first of these above it: its page and one row beyond.
 */
const ROW_LIMITS = [21, 51, 101];
type Shapes = Map<string, { shape: PageShape; statements: ReturnType<typeof prepareShape> }>;
const statementsByDb = new WeakMap<Db, Shapes>();
const planned = (shape: PageShape) => shape.countedIn !== undefined || shape.plannedOnce === true;
const kept = (shape: PageShape) => shape.countedIn !== undefined || shape.keptTotal !== undefined;
const commas = (items: (SQL | PgColumn)[]) => sql.join(items, sql`, `);
/** A number written into the statement, not sent as a parameter. */
const written = (n: number) => sql.raw(String(n)) as unknown as number;
const countLimitOf = (shape: PageShape, searched: boolean) =>
  kept(shape) ? Number.MAX_SAFE_INTEGER : searched ? SEARCH_COUNT_LIMIT : COUNT_LIMIT;

/**
 * The first page, a page by number (the offset walks the index only: a deferred join), the page
 * after a cursor, and the total alone, each with the total (kept, or counted up to its limit) beside
 * the rows. A search's statements are unnamed, so PostgreSQL plans each for its term (0041).
 */
function prepareShape(db: Db, shape: PageShape, searched: boolean, rowLimit: number, name?: string) {
  const { table, where, order, keyset } = shape;
  const capped = (
    shape.countedIn
      ? sql`coalesce((select ${listCounts.n} from ${listCounts} where ${listCounts.businessId} = ${sql.placeholder("businessId")} and ${listCounts.list} = ${shape.countedIn}), 0)`
      : shape.keptTotal
        ? sql`coalesce((${shape.keptTotal}), 0)`
        : sql`(select count(*) from (select 1 from ${table} where ${where} limit ${sql.raw(String(countLimitOf(shape, searched) + 1))}) capped)`
  ).mapWith(Number);
  const keyRow = keyset && commas(keyset.keys.map((k) => k.sql));
  const selected = {
    ...(shape.columns ?? (getTableColumns(table) as Record<string, PgColumn>)),
    // Each row's keys as text, exact to the microsecond: the last one's are the next page's cursor
    // (cursorOf). Not json_build_array: on every row of a page it cost PostgreSQL ~40 µs (0070).
    ...Object.fromEntries(keyset?.keys.map((k, i) => [`pageKey${i}`, sql<string>`(${k.sql})::text`]) ?? []),
    listCount: capped,
  };
  const hide = (key: string, type: KeyType) =>
    planned(shape) ? unseenPlaceholder(key, type) : sql`${sql.placeholder(key)}::${sql.raw(type)}`;
  // Only a shape planned once writes its limit in; another filter or a search keeps it a parameter,
  // so each execution is planned for its values (a status or a term by how many rows it keeps).
  const limit = planned(shape) ? written(rowLimit) : (sql.placeholder("limit") as unknown as number);
  const prepared = <Q extends { prepare(name?: string): object }>(
    query: Q,
    suffix: string,
    fields = selected,
  ) => withRowMapper(query.prepare(name && name + suffix), fields) as unknown as Rows;
  const rowsWhere = (condition: SQL | undefined, offset: boolean, suffix: string) => {
    if ((shape.countedIn || shape.readStraight) && !offset) {
      const rows = db.select(selected).from(table).where(condition);
      return prepared(rows.orderBy(...order).limit(limit), suffix);
    }
    // Past the end of a kept total, `offset < total` (no column) stops the walk before it starts.
    const inner = db
      .select({ id: table.id })
      .from(table)
      .where(
        offset && kept(shape) ? and(condition, sql`${sql.placeholder("offset")} < ${capped}`) : condition,
      )
      .orderBy(...order)
      .limit(limit)
      .$dynamic();
    const ids = (offset ? inner.offset(hide("offset", "bigint") as unknown as number) : inner).as("page_ids");
    const rows = db.select(selected).from(table).innerJoin(ids, eq(table.id, ids.id));
    return prepared(rows.orderBy(...order), suffix);
  };
  // A search's first page and its count from one walk of its matches up to the count's limit, in
  // order and numbered (a WITH query used twice is read once): two walks cost twice (decision 0041).
  const searchFirst = () => {
    const matches = db.$with("matches").as(
      db
        .select({ id: table.id, n: sql<number>`row_number() over (order by ${commas(order)})`.as("n") })
        .from(table)
        .where(where)
        .orderBy(...order)
        .limit(written(Math.max(countLimitOf(shape, searched) + 1, rowLimit))),
    );
    return db
      .with(matches)
      .select({ ...selected, listCount: sql<number>`(select count(*) from ${matches})`.mapWith(Number) })
      .from(table)
      .innerJoin(matches, and(eq(table.id, matches.id), lte(matches.n, limit)))
      .orderBy(...order);
  };
  const beyond =
    keyset &&
    sql`(${keyRow}) ${sql.raw(keyset.direction === "asc" ? ">" : "<")} (${commas(keyset.keys.map((k, i) => hide(`k${i}`, k.type)))})`;
  return {
    first: searched && !shape.keptTotal ? prepared(searchFirst(), "_f") : rowsWhere(where, false, "_f"),
    page: rowsWhere(where, true, ""),
    after: beyond ? rowsWhere(and(where, beyond), false, "_a") : undefined,
    count: prepared(db.select({ listCount: capped }).from(sql`(select 1) one`), "_n", { listCount: capped }),
  };
}

/** A timestamptz as json_build_array writes it: 2026-11-25T16:42:01.123456+05:30. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?([+-]\d{2}(:\d{2})?|Z)$/;

function fitsKey(k: KeysetKey, v: unknown): boolean {
  if (k.type === "date") return typeof v === "string" && isValidIsoDate(v);
  if (k.type === "timestamptz")
    return typeof v === "string" && TIMESTAMP.test(v) && isValidIsoDate(v.slice(0, 10));
  if (k.type === "bigint") return Number.isSafeInteger(v);
  return typeof v === "string" && v.length <= 400;
}

/**
 * The cursor to the rows after one whose keys PostgreSQL wrote as text: base64url of a JSON array of
 * the keys as json_build_array wrote them before (a date and a text as they are, a timestamp with
 * a "T", a bigint as a number), so the cursors issued before read the same.
 */
function cursorOf(texts: unknown[], keys: KeysetKey[]): string {
  const values = keys.map((k, i) => {
    if (texts[i] === null) return null;
    const text = String(texts[i]);
    if (k.type === "bigint") return Number(text);
    return k.type === "timestamptz" ? `${text.slice(0, 10)}T${text.slice(11)}` : text;
  });
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

const CURSOR_INVALID = "The page cursor is not valid. Ask for the page by its number instead.";

/** The cursor's key values (k0, k1...): a cursor PostgreSQL would refuse to cast is refused here. */
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
 * One page of a list and its count. `key` names the shape (which filters, which order); `build` is
 * called once per shape, row limit and database handle, so a request sends only `values`. A page
 * past the end holds no row to carry the count, so only then is the count asked on its own.
 */
export async function pageOf<T>(
  db: Db,
  key: string,
  build: () => PageShape,
  values: Record<string, unknown>,
  p: PageParams,
  /** The shape tests a search term: counted up to SEARCH_COUNT_LIMIT, planned for each term. */
  searched = false,
): Promise<{ rows: T[]; nextCursor: string | null } & PageCount> {
  const shapes: Shapes = statementsByDb.get(db) ?? new Map();
  statementsByDb.set(db, shapes);
  const rowLimit = ROW_LIMITS.find((limit) => limit > p.pageSize) ?? p.pageSize + 1;
  const shapeKey = `${key}:${searched}:${rowLimit}`;
  let entry = shapes.get(shapeKey);
  if (!entry) {
    const shape = build();
    // PostgreSQL names statements with at most 63 bytes: the key is hashed into one. A search's
    // statements are unnamed, so each is planned for its term (decision 0041).
    const hash = createHash("sha1").update(shapeKey).digest("hex");
    const name = searched ? undefined : `page_${hash.slice(0, 20)}`;
    entry = { shape, statements: prepareShape(db, shape, searched, rowLimit, name) };
    shapes.set(shapeKey, entry);
  }
  const { shape, statements } = entry;
  const limit = p.pageSize + 1;
  const offset = (p.page - 1) * p.pageSize;
  const read =
    p.after && statements.after && shape.keyset
      ? await statements.after.execute({ ...values, ...cursorValues(p.after, shape.keyset.keys), limit })
      : await (p.page === 1 ? statements.first : statements.page).execute({ ...values, limit, offset });
  const { rows } = read;
  const fetched = Math.min(rows.length, limit);
  const counted = Number(
    (fetched > 0 ? read.listCount : (await statements.count.execute(values)).listCount) ?? 0,
  );
  const last = read.keysOf(p.pageSize - 1);
  const hasMore = fetched > p.pageSize;
  if (rows.length > p.pageSize) rows.length = p.pageSize;
  return {
    rows: rows as T[],
    nextCursor: hasMore && last && shape.keyset ? cursorOf(last, shape.keyset.keys) : null,
    ...pageCount(p, fetched, counted, countLimitOf(shape, searched)),
  };
}
