import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/**
 * A query built once per database handle and run as a prepared statement: on PostgreSQL a named
 * statement (node-postgres parses and plans it once per connection, then sends only its
 * parameters); PGlite runs it like any other. `build` calls Drizzle's `.prepare(name)` with
 * `sql.placeholder(...)` for the values. A transaction is a handle of its own: its query is built
 * again but reuses the connection's statement of the same name.
 */
export function preparedPerDb<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byDb.get(db);
    if (!prepared) {
      prepared = build(db);
      byDb.set(db, prepared);
    }
    return prepared;
  };
}

const dialect = new PgDialect();

/**
 * A raw statement (sql`...` with `sql.placeholder(...)` for its values), prepared like
 * preparedPerDb's queries under `name`; answers its rows, the same on node-postgres and PGlite.
 */
export function preparedRows<T>(
  name: string,
  query: SQL,
): (db: Db, values: Record<string, unknown>) => Promise<T[]> {
  const compiled = dialect.sqlToQuery(query);
  const prepared = preparedPerDb((db) => db._.session.prepareQuery(compiled, undefined, name, false));
  return async (db, values) => ((await prepared(db).execute(values)) as { rows: T[] }).rows;
}
