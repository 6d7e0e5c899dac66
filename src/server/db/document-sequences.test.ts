import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR } from "../paths";
import { createPostgresDatabase, describeEachDb } from "../testing/harness";
import { openDatabase, queryRows } from "./client";
import { allocateNumber, peekNumber } from "./queries/document-numbers";

// Migration 0018 folds invoice_sequences, quote_sequences and credit_note_sequences into
// document_sequences: a database at 0017 with counters of every kind keeps each value, and the
// next number of each series follows it.

/** The migrations folder as it was before 0018 (journal cut after 0017). */
function migrationsUpTo0017(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "bahi-migrations-0017-"));
  cpSync(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8"));
  journal.entries = journal.entries.filter((entry: { idx: number }) => entry.idx <= 17);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

describeEachDb("migration 0018: one table of number series", (kind) => {
  it("carries every counter over and numbers on from it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-sequences-"));
    const postgres = kind === "postgres" ? await createPostgresDatabase("bahi_sequences") : null;
    const place = { dataDir, databaseUrl: postgres?.url };
    const old = migrationsUpTo0017();
    try {
      const before = await openDatabase({ ...place, migrationsFolder: old });
      await before.db.execute(
        sql`insert into "user" (id, email) values ('u1', 'a@example.com'), ('u2', 'b@example.com')`,
      );
      await before.db.execute(
        sql`insert into invoice_sequences values ('u1', '2025-26', 41), ('u1', '2026-27', 7), ('u2', '2026-27', 3)`,
      );
      await before.db.execute(sql`insert into quote_sequences values ('u1', '2026-27', 12)`);
      await before.db.execute(
        sql`insert into credit_note_sequences values ('u1', 'credit', '2026-27', 5), ('u1', 'debit', '2026-27', 2)`,
      );
      await before.close();

      const after = await openDatabase(place);
      try {
        const rows = await queryRows<{
          business_id: string;
          series: string;
          financial_year: string;
          last_value: number;
        }>(
          after.db,
          sql`select business_id, series, financial_year, last_value from document_sequences order by 1, 2, 3`,
        );
        expect(rows).toEqual([
          { business_id: "u1", series: "CN", financial_year: "2026-27", last_value: 5 },
          { business_id: "u1", series: "DN", financial_year: "2026-27", last_value: 2 },
          { business_id: "u1", series: "INV", financial_year: "2025-26", last_value: 41 },
          { business_id: "u1", series: "INV", financial_year: "2026-27", last_value: 7 },
          { business_id: "u1", series: "QT", financial_year: "2026-27", last_value: 12 },
          { business_id: "u2", series: "INV", financial_year: "2026-27", last_value: 3 },
        ]);
        const old = await queryRows<{ n: number }>(
          after.db,
          sql`select count(*)::int as n from information_schema.tables
              where table_name in ('invoice_sequences', 'quote_sequences', 'credit_note_sequences')`,
        );
        expect(old[0]!.n).toBe(0);
        expect(await peekNumber(after.db, "u1", "INV", "2026-11-27")).toBe("INV/2026-27/0008");
        await after.db.transaction(async (tx) => {
          expect(await allocateNumber(tx, "u1", "INV", "2026-11-27")).toBe("INV/2026-27/0008");
          expect(await allocateNumber(tx, "u1", "QT", "2027-03-31")).toBe("QT/2026-27/0013");
          expect(await allocateNumber(tx, "u1", "CN", "2026-04-01")).toBe("CN/2026-27/0006");
          expect(await allocateNumber(tx, "u1", "DN", "2026-04-01")).toBe("DN/2026-27/0003");
          expect(await allocateNumber(tx, "u2", "INV", "2026-04-01")).toBe("INV/2026-27/0004");
          expect(await allocateNumber(tx, "u2", "DC", "2026-04-01")).toBe("DC/2026-27/0001");
          expect(await allocateNumber(tx, "u2", "PF", "2027-04-01")).toBe("PF/2027-28/0001");
        });
      } finally {
        await after.close();
      }
    } finally {
      rmSync(old, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
      await postgres?.drop();
    }
  }, 120_000);
});
