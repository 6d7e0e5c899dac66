import type { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { type Database, type Db, openMemoryDatabase } from "../db/client";
import * as schema from "../db/schema";
import { pgliteCompiled, pgliteTemplate } from "./templates";

/**
 * In-memory test databases used again within a test process (issue 29, decision 0099). Opening a
 * copy of the migrated template costs ~0.6 CPU-s (PGlite's start and the copy's load), emptying a
 * closed one ~0.1: so a closed test database is brought back to the template's state and kept, and
 * the next test database of the process (the same file's or a later file's, files run one after
 * another in a worker) is that one. It is kept only if it is the template again: the same schemas,
 * tables, columns, functions and triggers (a test that changed them leaves its copy to be closed),
 * every table empty, its identities restarted, the session's settings, locks and listeners reset,
 * and pg-boss's schema (installed by the app when a job is first sent) dropped. A database handed
 * out is its test's alone until closed; after that, its holder's queries fail as on a closed PGlite.
 */

/** Closed databases ready to serve again: a file opens two at most at once. */
const idle: PGlite[] = [];
const MAX_IDLE = 2;

/** Everything a test could have added to or changed in the template's schemas, as one digest. */
const CATALOG_DIGEST = `
  with own as (
    select oid, nspname from pg_namespace
    where nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and nspname not like 'pg_temp%'
      and nspname not like 'pg_toast_temp%'
  )
  select md5(string_agg(item, ',' order by item)) as digest from (
    select 'n ' || nspname as item from pg_namespace
    union all
    select format('c %s.%s %s', own.nspname, c.relname, c.relkind)
    from pg_class c join own on own.oid = c.relnamespace
    union all
    select format('a %s.%s %s %s %s %s %s', own.nspname, c.relname, a.attname, a.atttypid, a.attnotnull,
      a.atthasdef, a.attisdropped)
    from pg_attribute a join pg_class c on c.oid = a.attrelid join own on own.oid = c.relnamespace
    where a.attnum > 0
    union all
    select format('d %s %s', d.adrelid::regclass, pg_get_expr(d.adbin, d.adrelid)) from pg_attrdef d
    join pg_class c on c.oid = d.adrelid join own on own.oid = c.relnamespace
    union all
    select format('p %s.%s %s', own.nspname, p.proname, md5(coalesce(p.prosrc, '')))
    from pg_proc p join own on own.oid = p.pronamespace
    union all
    select format('t %s %s %s', t.tgrelid::regclass, t.tgname, t.tgenabled) from pg_trigger t
    union all
    select format('k %s %s', own.nspname, k.conname) from pg_constraint k join own on own.oid = k.connamespace
  ) items`;

/** The template's catalog digest, its tables (to empty) and its sequences (to restart). */
let template: Promise<{ digest: string; empty: string; restart: string[] }> | undefined;

async function describeTemplate(client: PGlite) {
  const [{ digest }] = (await client.query<{ digest: string }>(CATALOG_DIGEST)).rows as [{ digest: string }];
  const tables = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1`,
  );
  const sequences = await client.query<{ name: string }>(
    `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
     where schemaname <> 'drizzle' order by 1`,
  );
  return {
    digest,
    empty: `truncate ${tables.rows.map((t) => t.name).join(", ")} restart identity cascade`,
    restart: sequences.rows.map((s) => `alter sequence ${s.name} restart`),
  };
}

async function openFresh(): Promise<PGlite> {
  const [dump, compiled] = await Promise.all([pgliteTemplate(), pgliteCompiled()]);
  const database = await openMemoryDatabase(dump, compiled);
  const client = (database.queueAccess as { pglite: PGlite }).pglite;
  // Read off the first copy before any test writes to it.
  template ??= describeTemplate(client);
  await template;
  return client;
}

/**
 * Brings a closed test database back to the template's state; false when it cannot be (then it
 * is closed instead of kept).
 */
async function reset(client: PGlite): Promise<boolean> {
  if (client.closed || !template) return false;
  const { digest, empty, restart } = await template;
  try {
    // Settings, prepared statements, advisory locks, LISTENs and temporary tables; it refuses to
    // run in an open transaction, which a test left behind.
    await client.exec("discard all");
    await client.exec("drop schema if exists pgboss cascade");
    const [now] = (await client.query<{ digest: string }>(CATALOG_DIGEST)).rows;
    if (now?.digest !== digest) return false;
    await client.exec([empty, ...restart].join(";\n"));
    return true;
  } catch {
    return false;
  }
}

/**
 * The PGlite a test database hands out: the kept instance itself, refusing every call once the
 * test database is closed (so nothing of a closed test app reaches the next test's data).
 */
function leased(client: PGlite, isClosed: () => boolean): PGlite {
  return new Proxy(client, {
    get(target, property) {
      if (property === "closed") return isClosed() || target.closed;
      const value = Reflect.get(target, property, target);
      if (typeof value !== "function" || property === "constructor") return value;
      return (...args: unknown[]) => {
        if (isClosed()) return Promise.reject(new Error("PGlite is closed"));
        return value.apply(target, args);
      };
    },
  });
}

/** How many closed test databases this process keeps to serve again (the harness's tests). */
export function keptDatabases(): number {
  return idle.length;
}

/** A migrated in-memory PGlite for one test: a kept one emptied, or a fresh copy of the template. */
export async function openReusedPglite(): Promise<Database> {
  const client = idle.pop() ?? (await openFresh());
  let closed = false;
  const pglite = leased(client, () => closed);
  return {
    db: drizzle(pglite, { schema }) as unknown as Db,
    kind: "pglite",
    queueAccess: { pglite },
    async close() {
      if (closed) return;
      closed = true;
      if (idle.length < MAX_IDLE && (await reset(client))) idle.push(client);
      else await client.close();
    },
  };
}
