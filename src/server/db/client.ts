import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type SQL, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_DIR } from "../paths";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every query function takes: a connection or a transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `<dataDir>/db`; applies migrations. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 20 });
  // An idle connection closed by the server (restart, failover) must not crash the process.
  pool.on("error", (error) => console.error("PostgreSQL idle connection error:", error.message));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start at once: one migrates while the others wait on the lock.
  const client = await pool.connect();
  try {
    await client.query("SELECT pg_advisory_lock(727401)");
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("SELECT pg_advisory_unlock(727401)").catch(() => {});
    client.release();
  }
  return { db, kind: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.join(dataDir, "db");
  mkdirSync(dir, { recursive: true });
  const releaseLock = takeLock(path.join(dataDir, "db.lock"));
  try {
    const client = new PGlite(dir);
    await client.waitReady;
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Db,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** In-memory PGlite for tests: fast, isolated, nothing on disk. */
export async function openMemoryDatabase(): Promise<Database> {
  const client = new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

export class DataDirLockedError extends Error {}

/** Two processes on one PGlite folder corrupt it: the second one must refuse to start. */
function takeLock(file: string): () => void {
  if (existsSync(file)) {
    const pid = Number(readFileSync(file, "utf8"));
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
      throw new DataDirLockedError(
        `The data folder is in use by another Bahi process (pid ${pid}). Stop it first, or set DATA_DIR to another folder.`,
      );
    }
  }
  writeFileSync(file, String(process.pid));
  return () => {
    try {
      if (readFileSync(file, "utf8") === String(process.pid)) rmSync(file);
    } catch {
      // already gone
    }
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export async function ping(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and answers its rows, the same on node-postgres and PGlite. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
