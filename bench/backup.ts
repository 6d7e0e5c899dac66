// Backup and restore time for one user with 10,000 invoices, on PGlite and on PostgreSQL.
//   npx tsx bench/backup.ts            (BENCH_DATABASE_URL to use another PostgreSQL server)
// Each database is filled directly (not through the API), backed up with the code behind
// `npm run backup`, restored with the code behind `npm run restore` into a fresh place, and
// counted. Its databases and folders are removed at the end.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { backupPglite, backupPostgres, restoreBackupFile } from "#server/backup/backup";
import { openDatabase, queryRows } from "#server/db/client";
import { columnsOf } from "#server/db/queries/invoices";
import { invoices } from "#server/db/schema";
import { insertPersonWithBusiness } from "../src/server/testing/people";
import { seedInvoiceDocument } from "./invoice-seed";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const INVOICES = 10_000;

function documentFor(i: number) {
  const day = String(1 + (i % 28)).padStart(2, "0");
  const month = `2026-0${1 + (i % 9)}`;
  const paid = i % 3 === 0;
  return seedInvoiceDocument(i, {
    status: paid ? "paid" : "due",
    invoiceDate: `${month}-${day}`,
    dueDate: `${month}-28`,
    paymentDate: paid ? `${month}-28` : null,
  });
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(statement);
  await client.end();
}

async function place(kind: "pglite" | "postgres") {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-bench-backup-"));
  if (kind === "pglite")
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  const name = `bahi_bench_backup_${randomBytes(4).toString("hex")}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      await admin(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const count = async (db: Parameters<typeof queryRows>[0]) =>
  (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from invoices`))[0]!.n;

for (const kind of ["pglite", "postgres"] as const) {
  const source = await place(kind);
  const target = await place(kind);
  const file = path.join(source.dataDir, "bench.bahi-backup");
  try {
    const database = await openDatabase(source);
    const businessId = randomUUID();
    await insertPersonWithBusiness(database.db, {
      id: businessId,
      name: "Bench",
      email: `${businessId}@example.com`,
    });
    for (let i = 0; i < INVOICES; i += 500) {
      const rows = [];
      for (let j = i; j < Math.min(INVOICES, i + 500); j++) {
        rows.push({ id: randomUUID(), businessId, ...columnsOf(documentFor(j)) });
      }
      await database.db.insert(invoices).values(rows);
    }
    let started = performance.now();
    if (source.databaseUrl) await backupPostgres(source.databaseUrl, file);
    else await backupPglite(database.pglite!, file);
    const backupMs = performance.now() - started;
    await database.close();

    started = performance.now();
    await restoreBackupFile(file, target);
    const restoreMs = performance.now() - started;
    const restored = await openDatabase(target);
    const n = await count(restored.db);
    await restored.close();
    const mb = (statSync(file).size / 1e6).toFixed(1);
    console.log(
      `${kind}: ${INVOICES} invoices; backup ${backupMs.toFixed(0)} ms (${mb} MB); restore ${restoreMs.toFixed(0)} ms; ${n} invoices after restore`,
    );
  } finally {
    await source.drop();
    await target.drop();
  }
}
