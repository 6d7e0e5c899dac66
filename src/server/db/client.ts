import { mkdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { PGlite, PGliteOptions } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import { takeLock } from "./lock";
import * as schema from "./schema";

// The lock lives in a module of its own, which the backup command loads without drizzle
// (docs/decisions/0051); re-exported here for everything else. PGlite and its drizzle driver are
// imported only when the embedded database opens: a server on PostgreSQL never loads them
// (docs/decisions/0095-idle-server-within-twice-the-bare-one.md); its folder and extensions are in
// ./pglite-folder.
export { DataDirLockedError, takeLock } from "./lock";

/** PGlite, its folder and extensions, and its drizzle driver and migrator: for the embedded database only. */
async function embedded() {
  const [{ PGlite }, folder, { drizzle }, { migrate }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("./pglite-folder"),
    import("drizzle-orm/pglite"),
    import("drizzle-orm/pglite/migrator"),
  ]);
  return { PGlite, ...folder, drizzle, migrate };
}

export type Schema = typeof schema;
/** The one database type every query function takes: a connection or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (absent on PGlite, which has one in-process connection). */
  poolStats?(): PoolStats;
  /** The embedded database itself (PGlite in a data folder only): backups dump it in-process. */
  pglite?: PGlite;
  /** How the job queue reaches the same database: PGlite's one client, or PostgreSQL's URL. */
  queueAccess: { pglite: PGlite } | { url: string };
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/** Bounds on the time PostgreSQL may take; a database that does not answer must not hang requests. */
export interface DatabaseTimeouts {
  /** Opening a connection (and waiting for a free one in the pool). */
  connectMs: number;
  /** One statement, enforced by the server (`statement_timeout`) and, 2 s later, by the client. */
  statementMs: number;
}

export const DEFAULT_DB_TIMEOUTS: DatabaseTimeouts = { connectMs: 5_000, statementMs: 10_000 };

/** Where connection faults are reported; they are expected (restarts, failovers), so a warning. */
export type DbFaultLog = (error: Error) => void;

const defaultFaultLog: DbFaultLog = (error) => console.warn(`PostgreSQL connection lost: ${error.message}`);

const migrationsFolder = MIGRATIONS_DIR;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/db`; applies migrations. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  timeouts?: DatabaseTimeouts;
  onConnectionFault?: DbFaultLog;
  /** Tests only: another migrations folder (a deliberately failing migration). */
  migrationsFolder?: string;
}): Promise<Database> {
  const migrations = opts.migrationsFolder ?? migrationsFolder;
  if (opts.databaseUrl) {
    return openPostgres(
      opts.databaseUrl,
      opts.timeouts ?? DEFAULT_DB_TIMEOUTS,
      opts.onConnectionFault,
      migrations,
    );
  }
  return openPglite(opts.dataDir, migrations);
}

async function openPostgres(
  url: string,
  timeouts: DatabaseTimeouts,
  onFault: DbFaultLog = defaultFaultLog,
  migrations = migrationsFolder,
): Promise<Database> {
  await migratePostgres(url, timeouts, migrations);
  const pool = new pg.Pool({
    connectionString: url,
    max: 20,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    // The client gives up a little after the server would have, for a server that no longer answers.
    query_timeout: timeouts.statementMs + 2_000,
    keepAlive: true,
  });
  let closing = false;
  const clients = new Set<pg.Client>();
  const checkedOut = new Set<pg.Client>();
  let evicting = false;
  const report = (error: Error) => {
    if (closing || evicting) return;
    onFault(error);
    // One lost connection means the others opened to the same server are most likely lost too
    // (restart, failover), but an idle one only notices when it is next used, and that request
    // would fail. The pool drops an idle client on its 'error' at once; it opens fresh ones on demand.
    evicting = true;
    try {
      const stale = new Error("Closed after another connection to the same database was lost");
      for (const client of clients) if (!checkedOut.has(client)) client.emit("error", stale);
    } finally {
      evicting = false;
    }
  };
  // A connection lost while idle reaches the pool's listener; one lost while checked out (in the
  // middle of a transaction) is an 'error' on the client itself, which would end the process
  // unless something listens. So every client has a listener from its first to its last moment;
  // the query that was running fails on its own and the request answers 503.
  pool.on("error", report);
  pool.on("connect", (client) => {
    clients.add(client);
    client.on("error", report);
    client.once("end", () => {
      clients.delete(client);
      checkedOut.delete(client);
    });
  });
  pool.on("acquire", (client) => checkedOut.add(client));
  pool.on("release", (_error, client) => checkedOut.delete(client));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    queueAccess: { url },
    async close() {
      closing = true;
      // pool.end() resolves before its sockets are closed: wait for each, so that a database
      // dropped right after (tests) does not terminate a connection that is still closing.
      const ended = [...clients].map((c) => new Promise<void>((resolve) => c.once("end", () => resolve())));
      await pool.end();
      await Promise.race([Promise.all(ended), delay(2_000, undefined, { ref: false })]);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * Several instances may start at once: one migrates while the others wait on the lock. A connection
 * of its own, without the statement timeout, so a long migration or a long wait is not cut short.
 */
async function migratePostgres(url: string, timeouts: DatabaseTimeouts, migrations: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeouts.connectMs });
  client.on("error", () => {}); // its failing query reports the same error
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727401)");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: migrations });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727401)").catch(() => {});
    await client.end().catch(() => {});
  }
}

async function openPglite(dataDir: string, migrations = migrationsFolder): Promise<Database> {
  const dir = path.join(dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const releaseLock = takeLock(path.join(dataDir, "db.lock"));
  let opened: PGlite | undefined;
  try {
    const { pgliteInFolder, drizzle, migrate } = await embedded();
    const client = pgliteInFolder(dir);
    opened = client;
    await client.waitReady;
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: migrations });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      pglite: client,
      queueAccess: { pglite: client },
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    // A failed migration has rolled back; close the folder so another process may open it.
    await opened?.close().catch(() => {});
    releaseLock();
    throw error;
  }
}

/**
 * In-memory PGlite for tests: fast, isolated, nothing on disk. `from`: a data folder dumped by
 * PGlite's dumpDataDir (an already migrated one, say), which spares the initdb and most of the
 * migrations; the migrations still run, so a stale dump is brought up to date. `compiled`: PGlite's
 * WASM program and file bundle made once for many databases (the tests' harness).
 */
export async function openMemoryDatabase(
  from?: Blob,
  compiled: Pick<PGliteOptions, "pgliteWasmModule" | "fsBundle"> = {},
): Promise<Database> {
  const { PGlite, PGLITE_EXTENSIONS, drizzle, migrate } = await embedded();
  const client = new PGlite({
    extensions: PGLITE_EXTENSIONS,
    ...(from ? { loadDataDir: from } : {}),
    ...compiled,
  });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    queueAccess: { pglite: client },
    close: () => client.close(),
  };
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and answers its rows, the same on node-postgres and PGlite. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
