// The longest write stall while the embedded database is backed up, at 10,000 invoices.
//   npx tsx bench/backup-stall.ts
// Fills a PGlite folder with one user's 10,000 invoices (as bench/backup.ts does), then keeps
// inserting invoices one at a time, timing each, while `backupPglite` (the code behind the daily
// backup and `npm run backup`) runs; prints the longest insert during the backup and the usual one,
// and MET/MISS against the goal of a longest write under 500 ms (docs/decisions/0051).
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { backupPglite } from "#server/backup/backup";
import { openDatabase } from "#server/db/client";
import { columnsOf } from "#server/db/queries/invoices";
import { invoices } from "#server/db/schema";
import { insertPersonWithBusiness } from "../src/server/testing/people";
import { seedInvoiceDocument } from "./invoice-seed";

const INVOICES = Number(process.env.BENCH_INVOICES ?? 10_000);
const documentFor = (i: number) =>
  seedInvoiceDocument(i, { status: "due", invoiceDate: "2026-03-01", dueDate: "2026-03-28" });

const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-bench-stall-"));
try {
  const database = await openDatabase({ dataDir });
  const businessId = randomUUID();
  await insertPersonWithBusiness(database.db, {
    id: businessId,
    name: "Bench",
    email: `${businessId}@example.com`,
  });
  for (let i = 0; i < INVOICES; i += 500) {
    const rows = [];
    for (let j = i; j < Math.min(INVOICES, i + 500); j++)
      rows.push({ id: randomUUID(), businessId, ...columnsOf(documentFor(j)) });
    await database.db.insert(invoices).values(rows);
  }
  let n = INVOICES;
  const insertOne = async () => {
    const started = performance.now();
    await database.db
      .insert(invoices)
      .values({ id: randomUUID(), businessId, ...columnsOf(documentFor(n++)) });
    return performance.now() - started;
  };
  const quiet: number[] = [];
  for (let i = 0; i < 50; i++) quiet.push(await insertOne());

  const file = path.join(dataDir, "stall.bahi-backup");
  let backingUp = true;
  const during: number[] = [];
  const writer = (async () => {
    // Each insert after the event loop's turn, as requests arriving over the network are: a loop
    // of promises alone would starve the backup's file reads and never let it finish.
    while (backingUp) {
      during.push(await insertOne());
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const started = performance.now();
  try {
    await backupPglite(database.pglite!, file);
  } finally {
    backingUp = false;
    await writer;
  }
  const backupMs = performance.now() - started;
  await database.close();
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const p50 = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
  console.log(
    `pglite, ${INVOICES} invoices: backup ${backupMs.toFixed(0)} ms (${(statSync(file).size / 1e6).toFixed(1)} MB); ` +
      `${during.length} inserts during it, longest ${Math.max(...during).toFixed(0)} ms, median ${p50(during).toFixed(1)} ms; ` +
      `median insert without a backup ${p50(quiet).toFixed(1)} ms; ` +
      `${Math.max(...during) < 500 ? "MET" : "MISS"} (goal: longest < 500 ms); load average ${loadavg()[0]!.toFixed(1)}`,
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
