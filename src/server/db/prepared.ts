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
