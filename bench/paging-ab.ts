// Before/after of the list queries alone, in one process on one PostgreSQL database: the same
// seeded rows as bench/api-load.ts (one user, 10,000 clients and invoices), each list request of that
// bench run through this tree's db/queries and through another tree's (BENCH_OTHER=<checkout>),
// alternating batches, timing each call (wall, sequential: PostgreSQL's time and the query layer's);
// the minimum of the rounds is the figure least moved by other processes on a shared machine.
// Run: npx tsx bench/paging-ab.ts   (BENCH_DATABASE_URL, BENCH_ROUNDS=5, BENCH_CALLS=100)
import { randomUUID } from "node:crypto";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "#server/db/client";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const OTHER = path.resolve(process.env.BENCH_OTHER ?? "/tmp/h5-base");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CALLS = Number(process.env.BENCH_CALLS ?? 100);

type Lists = {
  listClients: (db: never, p: unknown) => Promise<{ nextCursor: string | null }>;
  listInvoices: (db: never, businessId: string, p: unknown) => Promise<{ nextCursor: string | null }>;
};
const load = async (root: string): Promise<Lists> => ({
  ...(await import(path.join(root, "src/server/db/queries/clients.ts"))),
  ...(await import(path.join(root, "src/server/db/queries/invoices.ts"))),
});

if (process.env.SHOW_SQL) {
  const seen = new Set<string>();
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...args: unknown[]) {
    const q = args[0] as { name?: string; text?: string };
    const key = `${q?.name}: ${q?.text}`;
    if (/^(select|with) /.test(q?.text ?? "") && !seen.has(key)) {
      seen.add(key);
      console.log(`${q.name ?? "unnamed"}: ${q.text}`);
    }
    return query.apply(this, args);
  } as never;
}
const name = `bahi_paging_ab_${Date.now()}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
// One pool per tree: their statements share names (a hash of the list's shape) but not always text.
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
const otherDatabase = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
const db = database.db;
const dbOf = { before: otherDatabase.db, after: db };
try {
  const businessId = randomUUID();
  await db.execute(
    sql`insert into "user" (id, email, name) values (${businessId}, ${`${businessId}@example.com`}, 'AB')`,
  );
  // Its business (same id, as sign-up makes it): rows belong to a business (decision 0072).
  await db.execute(sql`insert into businesses (id, name) values (${businessId}, 'AB')`);
  await db.execute(
    sql`insert into clients (id, business_id, name) select gen_random_uuid()::text, ${businessId}, 'Client ' || n from generate_series(1, 10000) n`,
  );
  await db.execute(sql`insert into invoices (id, business_id, invoice_number, client_name, total_minor, currency, status, invoice_date, due_date, invoice_data)
    select gen_random_uuid()::text, ${businessId}, 'A-' || lpad(n::text, 6, '0'),
      (array['Anand','Bharat','Chandra','Deepak'])[1 + n % 4] || ' Traders ' || (n % 500), 100, 'INR',
      (array['paid','due','paid','due','draft','due','paid','paid'])[1 + n % 8],
      date '2026-11-20' - (n % 1000), date '2026-11-20' - (n % 1000) + 30, '{}'::jsonb
    from generate_series(1, 10000) n`);
  await db.execute(sql`analyze`);
  const today = "2026-11-27";
  const cursorOf = async (lists: Lists, n: number) =>
    (await lists.listClients(db as never, { businessId, sort: "name", page: n, pageSize: 20 })).nextCursor ??
    undefined;
  const trees = { before: await load(OTHER), after: await load(path.resolve(import.meta.dirname, "..")) };
  const c100 = await cursorOf(trees.after, 100);
  const cases: [string, (l: Lists, i: number, db: unknown) => Promise<unknown>][] = [
    [
      "clients page after a cursor",
      (l, _i, db) =>
        l.listClients(db as never, { businessId, sort: "name", page: 101, pageSize: 20, after: c100 }),
    ],
    [
      "clients first page",
      (l, _i, db) => l.listClients(db as never, { businessId, sort: "name", page: 1, pageSize: 20 }),
    ],
    [
      "invoices first page",
      (l, _i, db) =>
        l.listInvoices(db as never, businessId, { sort: "date_desc", page: 1, pageSize: 20, today }),
    ],
    [
      "invoices overdue",
      (l, _i, db) =>
        l.listInvoices(db as never, businessId, {
          status: "overdue",
          sort: "date_desc",
          page: 1,
          pageSize: 20,
          today,
        }),
    ],
    [
      "invoices search",
      (l, i, db) =>
        l.listInvoices(db as never, businessId, {
          search: ["Anand", "Traders 42", "A-0012", "Deepak"][i % 4],
          sort: "date_desc",
          page: 1,
          pageSize: 20,
          today,
        }),
    ],
    [
      "clients page 100 by number",
      (l, _i, db) => l.listClients(db as never, { businessId, sort: "name", page: 100, pageSize: 20 }),
    ],
    [
      "clients page 400 by number",
      (l, _i, db) => l.listClients(db as never, { businessId, sort: "name", page: 400, pageSize: 20 }),
    ],
  ];
  const times: Record<string, Record<string, number[]>> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const [label, run] of cases) {
      for (const tree of round % 2 ? (["after", "before"] as const) : (["before", "after"] as const)) {
        for (let i = 0; i < 10; i++) await run(trees[tree], i, dbOf[tree]); // warm
        const start = performance.now();
        for (let i = 0; i < CALLS; i++) await run(trees[tree], i, dbOf[tree]);
        const byTree = times[label] ?? {};
        times[label] = byTree;
        byTree[tree] = [...(byTree[tree] ?? []), ((performance.now() - start) / CALLS) * 1000];
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const fmt = (xs: number[]) => `${Math.min(...xs).toFixed(0)} / ${median(xs).toFixed(0)}`;
  console.log(
    `| list request (${ROUNDS} x ${CALLS} calls) | before µs, min / median | after µs | after/before (min) |`,
  );
  console.log("|---|---:|---:|---:|");
  for (const [label] of cases) {
    const [b, a] = [times[label]!.before!, times[label]!.after!];
    console.log(`| ${label} | ${fmt(b)} | ${fmt(a)} | ${(Math.min(...a) / Math.min(...b)).toFixed(2)} |`);
  }
} finally {
  await database.close();
  await otherDatabase.close();
  await admin.query(`drop database ${name} with (force)`);
  await admin.end();
}
