import pg from "pg";
import { type Database, openDatabase } from "../db/client";
import { CATALOG_DIGEST, describeTemplate, type Queryable, type TemplateState } from "./pglite-reuse";

/**
 * PostgreSQL test databases used again within a test process (issue 29, decision 0103), as
 * pglite-reuse.ts does for PGlite (0099). A new one is a CREATE DATABASE ... TEMPLATE (the whole
 * template written through the log, ~0.2 s on a quiet machine) and its drop forces a checkpoint
 * (~0.5 s, and every dirty page of every other test database written out meanwhile): about a
 * hundred of each a run. So a closed test database is brought back to the template's state and
 * kept, and the next test database of the process is that one. It is kept only if it is the
 * template again: the same schemas, tables, columns, functions and triggers (a test that changed
 * them leaves its copy to be dropped), every table empty, its identities restarted, no planner
 * statistics left from the last test's rows, and pg-boss's schema dropped. Its connections are
 * the closed app's, all ended (a straggler is ended by the reset), so nothing of a closed test
 * reaches the next one. The databases kept at a process's end are dropped by the run's sweep
 * (database-drops.ts), as their names carry the run's id.
 */

interface Kept {
  url: string;
  drop(): Promise<void>;
}

/** Closed databases ready to serve again: a file opens two at most at once. */
const idle: Kept[] = [];
const MAX_IDLE = 2;

let template: Promise<TemplateState> | undefined;

/** Runs `work` on one short connection to `url`. */
async function connected<T>(url: string, work: (client: Queryable) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on("error", () => {}); // the failing query reports the same error
  await client.connect();
  try {
    return await work({ query: async (sql) => (await client.query(sql)) as { rows: never[] } });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Brings a closed test database back to the template's state; false when it cannot be (then it
 * is dropped instead of kept).
 */
async function reset(url: string): Promise<boolean> {
  if (!template) return false;
  const { digest, empty, restart } = await template;
  try {
    return await connected(url, async (client) => {
      // A connection the closed app left open (its pool waits 2 s at most for them) ends here, as
      // the drop ended it before.
      await client.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      await client.query("drop schema if exists pgboss cascade");
      const [now] = (await client.query<{ digest: string }>(CATALOG_DIGEST)).rows;
      if (now?.digest !== digest) return false;
      // A fresh copy has no statistics (the template was never analysed): the last test's
      // ANALYZE, or autovacuum's, would otherwise steer the next test's plans.
      await client.query(
        `begin; ${[empty, ...restart].join(";\n")};
         delete from pg_statistic where starelid in (select c.oid from pg_class c
           join pg_namespace n on n.oid = c.relnamespace where n.nspname not in ('pg_catalog', 'information_schema'));
         commit`,
      );
      return true;
    });
  } catch {
    return false;
  }
}

/**
 * A migrated PostgreSQL database for one test, dropped or kept when closed: a kept one emptied, or
 * a fresh copy of the template (`create` makes one and answers its URL and how to drop it).
 */
export async function openReusedPostgres(create: () => Promise<Kept>): Promise<Database> {
  let kept = idle.pop();
  if (!kept) {
    kept = await create();
    // Read off the first copy before any test writes to it.
    template ??= connected(kept.url, describeTemplate);
    template.catch(() => {
      template = undefined;
    });
    await template;
  }
  const place = kept;
  const database = await openDatabase({ databaseUrl: place.url, dataDir: "unused" });
  let closed = false;
  return {
    ...database,
    async close() {
      if (closed) return;
      closed = true;
      await database.close();
      if (idle.length < MAX_IDLE && (await reset(place.url))) idle.push(place);
      else await place.drop();
    },
  };
}

/** How many closed test databases this process keeps to serve again (the harness's tests). */
export function keptPostgresDatabases(): number {
  return idle.length;
}
