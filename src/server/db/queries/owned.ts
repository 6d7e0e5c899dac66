import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../client";

/** A table whose rows belong to one user and are found by `id`. */
type OwnedTable = PgTable & { id: PgColumn; businessId: PgColumn };

/**
 * Which of `values` this user's rows of `table` (those matching `also`, when given) hold in
 * `column` (an empty list asks nothing).
 */
export async function ownedValuesAmong(
  db: Db,
  table: OwnedTable,
  column: PgColumn,
  businessId: string,
  values: string[],
  also?: SQL,
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const rows = await db
    .select({ value: column })
    .from(table)
    .where(and(eq(table.businessId, businessId), also, inArray(column, values)));
  return new Set(rows.map((r) => r.value as string));
}

/**
 * A finder of the business's row with an id (null or undefined when there is none); with
 * `forUpdate` the row stays locked until the transaction ends, so concurrent changes take turns.
 */
export type FindOwned<R> = (
  db: Db,
  businessId: string,
  id: string,
  opts?: { forUpdate?: boolean },
) => Promise<R>;

/** The condition naming the user's row of `table` with this id (and `also`, when given). */
export function ownedRowIs(table: OwnedTable, businessId: string, id: string, also?: SQL): SQL | undefined {
  return and(eq(table.id, id), eq(table.businessId, businessId), also);
}

/**
 * The user's row of `table` with this id (and `also`, when given), or undefined; with `forUpdate`
 * it stays locked until the transaction ends, so concurrent changes of one row take turns.
 */
export async function findOwnedRow<T extends OwnedTable>(
  db: Db,
  table: T,
  businessId: string,
  id: string,
  opts: { forUpdate?: boolean; also?: SQL } = {},
): Promise<T["$inferSelect"] | undefined> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(ownedRowIs(table, businessId, id, opts.also));
  const [row] = await (opts.forUpdate ? query.for("update") : query);
  return row as T["$inferSelect"] | undefined;
}

/**
 * Sets `fields` on the user's row of `table` with this id (and `also`, when given); answers the row
 * as it is now, or undefined when there is none.
 */
export async function updateOwnedRow<T extends OwnedTable>(
  db: Db,
  table: T,
  businessId: string,
  id: string,
  fields: Partial<T["$inferInsert"]>,
  also?: SQL,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .update(table as PgTable)
    .set(fields as never)
    .where(ownedRowIs(table, businessId, id, also))
    .returning();
  return row as T["$inferSelect"] | undefined;
}

/** Deletes the user's row of `table` with this id (and `also`); answers whether there was one. */
export async function deleteOwnedRow(
  db: Db,
  table: OwnedTable,
  businessId: string,
  id: string,
  also?: SQL,
): Promise<boolean> {
  const rows = await db
    .delete(table)
    .where(ownedRowIs(table, businessId, id, also))
    .returning({ id: table.id });
  return rows.length === 1;
}

/** Deletes the business's row of a named table (clients, products); answers its id and name, for the
 *  activity log, or undefined when there was none. */
export async function deleteNamedRow(
  db: Db,
  table: OwnedTable & { name: PgColumn },
  p: { businessId: string; id: string },
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await db
    .delete(table)
    .where(ownedRowIs(table, p.businessId, p.id))
    .returning({ id: table.id, name: table.name });
  return row as { id: string; name: string } | undefined;
}

/** A table holding at most one row per user, keyed by `businessId` (mail templates, reminder settings). */
type PerUserTable = PgTable & { businessId: PgColumn; updatedAt: PgColumn };

/** The user's row of a one-row-per-user table, or undefined before the first save. */
export async function findUserRow<T extends PerUserTable>(
  db: Db,
  table: T,
  businessId: string,
): Promise<T["$inferSelect"] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.businessId, businessId));
  return row as T["$inferSelect"] | undefined;
}

/** Writes the user's row of a one-row-per-user table (made on the first save), answering it. */
export async function saveUserRow<T extends PerUserTable>(
  db: Db,
  table: T,
  businessId: string,
  fields: Partial<T["$inferInsert"]>,
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .insert(table as PgTable)
    .values({ businessId, ...fields } as never)
    .onConflictDoUpdate({ target: table.businessId, set: { ...fields, updatedAt: new Date() } as never })
    .returning();
  return row as T["$inferSelect"];
}

/** Inserts one row of `table` and answers it as stored (defaults and generated values filled in). */
export async function insertRow<T extends PgTable>(
  db: Db,
  table: T,
  values: T["$inferInsert"],
): Promise<T["$inferSelect"]> {
  const [row] = await db
    .insert(table)
    .values(values as never)
    .returning();
  return row as T["$inferSelect"];
}

/**
 * Inserts one row of `table` unless a row with its key is there already (taken by another caller,
 * or made before); answers whether this call inserted it.
 */
export async function insertIfAbsent<T extends PgTable>(
  db: Db,
  table: T,
  values: T["$inferInsert"],
): Promise<boolean> {
  const rows = await db
    .insert(table)
    .values(values as never)
    .onConflictDoNothing()
    .returning();
  return rows.length === 1;
}

/**
 * All the business's rows of `table` (those matching `also`, when given), in `order` (its list
 * pages and the data file).
 */
export async function rowsOfBusiness<T extends PgTable & { businessId: PgColumn }>(
  db: Db,
  table: T,
  businessId: string,
  order: SQL[],
  also?: SQL,
): Promise<T["$inferSelect"][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.businessId, businessId), also))
    .orderBy(...order);
  return rows as T["$inferSelect"][];
}

/** A table whose rows belong to one invoice of one business (payments, notes, reports). */
type InvoiceChildTable = PgTable & { businessId: PgColumn; invoiceId: PgColumn };

/** The condition naming the business's rows of `table` that belong to this invoice (and `also`). */
export function ofInvoice(
  table: InvoiceChildTable,
  p: { businessId: string; invoiceId: string },
  also?: SQL,
): SQL | undefined {
  return and(eq(table.businessId, p.businessId), eq(table.invoiceId, p.invoiceId), also);
}

/** The business's rows of `table` that belong to this invoice, in `order`. */
export async function rowsOfInvoice<T extends InvoiceChildTable>(
  db: Db,
  table: T,
  p: { businessId: string; invoiceId: string },
  order: SQL[],
): Promise<T["$inferSelect"][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(ofInvoice(table, p))
    .orderBy(...order);
  return rows as T["$inferSelect"][];
}
