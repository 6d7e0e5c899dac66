import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import pg from "pg";
import { firstBusinessName } from "#domain/businesses";
import { MIGRATIONS_DIR, PROJECT_ROOT } from "../paths";
import { buildExport } from "../services/data-transfer";
import { publicLinkProof } from "../services/public-link-proof";
import type { DbKind } from "../testing/harness";
import { createPostgresDatabase, testDatabases } from "../testing/harness";
import { openDatabase, queryRows } from "./client";
import { PGLITE_EXTENSIONS } from "./pglite-folder";

// Databases written by each earlier release (tests/fixtures/upgrade/<release>/, README.md there)
// must open with today's code, migrate, and keep every row and every user's export. Whatever
// migrations exist today, the check is the same: the fixture's counts, images and exports survive.

const FIXTURES = path.join(PROJECT_ROOT, "tests/fixtures/upgrade");
const RELEASES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

interface Snapshot {
  users: Array<{ id: string; email: string; export: unknown }>;
  rowCounts: Record<string, number>;
  images: Record<string, string>;
}
const expectedOf = (release: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, release, "expected.json"), "utf8")) as Record<DbKind, Snapshot>;

/** A table of the snapshot: Bahi's by name, pg-boss's as "pgboss.<table>". */
const quoted = (table: string) =>
  table
    .split(".")
    .map((part) => `"${part}"`)
    .join(".");

interface Place {
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** The fixture restored into a fresh data folder or a fresh PostgreSQL database. */
async function restoreFixture(release: string, kind: DbKind): Promise<Place> {
  const FIXTURE = path.join(FIXTURES, release);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-upgrade-"));
  if (kind === "pglite") {
    execFileSync("tar", ["-xJf", path.join(FIXTURE, "pglite-db.tar.xz"), "-C", dataDir]);
    return { dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const fresh = await createPostgresDatabase("bahi_upgrade");
  const databaseUrl = fresh.url;
  execFileSync("psql", [
    "-q",
    "-v",
    "ON_ERROR_STOP=1",
    "-d",
    databaseUrl,
    "-f",
    path.join(FIXTURE, "postgres.sql"),
  ]);
  return {
    databaseUrl,
    dataDir,
    drop: async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** One query on the place without Bahi's code (so without migrating it). */
async function rawRows<T>(place: Place, query: string): Promise<T[]> {
  if (place.databaseUrl) {
    const client = new pg.Client({ connectionString: place.databaseUrl });
    await client.connect();
    try {
      return (await client.query(query)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const client = new PGlite(path.join(place.dataDir, "db"), { extensions: PGLITE_EXTENSIONS });
  try {
    return (await client.query<T>(query)).rows;
  } finally {
    await client.close();
  }
}

/** The tables whose rows are one per user (keyed by user_id, then business_id). */
const KEYED_BY_OWNER: Record<string, true> = {
  user_settings: true,
  user_credits: true,
  business_gateways: true,
  reminder_settings: true,
  mail_templates: true,
};
/** Tables whose user_id is a person's, not an owner of data: they keep user_id. */
const PERSON_TABLES = new Set(["session", "account", "sign_in_addresses"]);
interface OwnedRow {
  id: string;
  owner: string;
}

/**
 * Before migrating: each record (by id, or by owner for the one-per-user tables) of every table
 * of today's schema that has user_id, with its owner; the same rows must carry the same owner in
 * business_id afterwards.
 */
async function ownedRows(place: Place): Promise<Record<string, OwnedRow[]>> {
  const tables = await rawRows<{ table_name: string; has_id: boolean }>(
    place,
    `select c.table_name, exists (select 1 from information_schema.columns i
        where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as has_id
     from information_schema.columns c where c.table_schema = 'public' and c.column_name = 'user_id'`,
  );
  const selects = tables
    .filter(
      ({ table_name: table, has_id }) => !PERSON_TABLES.has(table) && (has_id || table in KEYED_BY_OWNER),
    )
    .map(({ table_name: table }) => {
      const key = table in KEYED_BY_OWNER ? "user_id" : "id";
      return `select '${table}' as t, ${key}::text as id, user_id as owner from "${table}"`;
    });
  // One query (a PGlite folder takes seconds to open).
  const rows = await rawRows<OwnedRow & { t: string }>(place, `${selects.join(" union all ")} order by 1, 2`);
  const out: Record<string, OwnedRow[]> = {};
  for (const { t: table, id, owner } of rows) {
    out[table] ??= [];
    out[table].push({ id, owner });
  }
  return out;
}

/** Every field the old export had is still there with the same value (new fields may be added). */
function expectKept(old: unknown, now: unknown, at = "export"): void {
  if (Array.isArray(old)) {
    expect(Array.isArray(now), at).toBe(true);
    expect((now as unknown[]).length, `${at}.length`).toBe(old.length);
    for (const [i, v] of old.entries()) expectKept(v, (now as unknown[])[i], `${at}[${i}]`);
  } else if (old !== null && typeof old === "object") {
    expect(now !== null && typeof now === "object", at).toBe(true);
    for (const [key, value] of Object.entries(old)) {
      expectKept(value, (now as Record<string, unknown>)[key], `${at}.${key}`);
    }
  } else {
    expect(now, at).toEqual(old);
  }
}

it("has a fixture of the release before this one and of the first one, with every kind of record", () => {
  expect(RELEASES).toEqual(expect.arrayContaining(["8537432", "v0.1.0"]));
  // What v0.1.0 could hold: a fixture without one of them would test nothing about it.
  for (const kind of ["pglite", "postgres"] as const) {
    const counts = expectedOf("v0.1.0")[kind].rowCounts;
    for (const table of [
      "invoices",
      "quotes",
      "credit_notes",
      "recurring_profiles",
      "invoice_payments",
      "invoice_reminders",
      "api_keys",
      "pgboss.job",
      "stock_movements",
      "images",
      "payment_orders",
    ]) {
      expect(counts[table], `${kind} ${table}`).toBeGreaterThan(0);
    }
  }
});

/** The number counters of the three tables that migration 0018 folded into document_sequences. */
const OLD_SEQUENCES: Record<string, string> = {
  invoice_sequences:
    "select user_id as business_id, 'INV' as series, financial_year, last_value from invoice_sequences",
  quote_sequences:
    "select user_id as business_id, 'QT' as series, financial_year, last_value from quote_sequences",
  credit_note_sequences: `select user_id as business_id, case kind when 'credit' then 'CN' else 'DN' end as series,
    financial_year, last_value from credit_note_sequences`,
};
interface Counter {
  business_id: string;
  series: string;
  financial_year: string;
  last_value: number;
}

for (const [release, kind] of RELEASES.flatMap((r) => testDatabases().map((k) => [r, k] as const))) {
  describe(`upgrading a database of release ${release} [${kind}]`, () => {
    const before = expectedOf(release)[kind];

    it("migrates and keeps every row, number counter, image and export", async () => {
      const place = await restoreFixture(release, kind);
      const owned = await ownedRows(place);
      const oldCounters: Counter[] = [];
      for (const [table, query] of Object.entries(OLD_SEQUENCES)) {
        if (table in before.rowCounts) oldCounters.push(...(await rawRows<Counter>(place, query)));
      }
      const database = await openDatabase(place);
      try {
        const { db } = database;
        // Every counter carries over into document_sequences with its value.
        expect(oldCounters.length).toBe(
          Object.keys(OLD_SEQUENCES).reduce((n, table) => n + (before.rowCounts[table] ?? 0), 0),
        );
        const counters = await queryRows<Counter>(
          db,
          sql`select business_id, series, financial_year, last_value from document_sequences`,
        );
        expect(counters).toEqual(expect.arrayContaining(oldCounters));
        for (const [table, count] of Object.entries(before.rowCounts)) {
          if (table in OLD_SEQUENCES) continue;
          const [row] = await queryRows<{ n: number }>(
            db,
            sql.raw(`select count(*)::int as n from ${quoted(table)}`),
          );
          expect(row!.n, table).toBe(count);
        }
        // Migration 0019: each PDF credit names its document by kind and id, a quote's as a quote
        // (after 0020, as the kind its row has) and a note's as its note (decision 0057), never a
        // quote's id as an invoice's.
        const [unnamed] = await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from credit_ledger
              where reason in ('download', 'download_refund')
                and (document_id is null or document_kind is null or document_number is null)
                or (document_kind in ('quote', 'proforma', 'challan'))
                   <> (document_id in (select id from quotes))
                or document_kind <> (select kind from quotes where id = document_id)
                or (document_kind in ('credit_note', 'debit_note'))
                   <> (document_id in (select id from credit_notes))`,
        );
        expect(unnamed!.n).toBe(0);
        const images = await queryRows<{ id: string; bytes: Uint8Array }>(
          db,
          sql`select id, bytes from images`,
        );
        expect(
          Object.fromEntries(images.map((i) => [i.id, createHash("sha256").update(i.bytes).digest("hex")])),
        ).toEqual(before.images);
        // Migration 0022: every user owns one business with the user's id, named from the company
        // settings (else the name, else the e-mail), and every record stays with the same id under it.
        const users = await queryRows<{ id: string; name: string; email: string; company: string | null }>(
          db,
          sql`select u.id, u.name, u.email, s.settings_data->>'companyName' as company
              from "user" u left join user_settings s on s.business_id = u.id order by u.id`,
        );
        const owners = await queryRows<{ id: string; name: string; user_id: string; role: string }>(
          db,
          sql`select b.id, b.name, m.user_id, m.role from businesses b
              join business_members m on m.business_id = b.id order by b.id`,
        );
        expect(owners).toEqual(
          users.map((u) => ({
            id: u.id,
            name: firstBusinessName({ companyName: u.company ?? "", name: u.name, email: u.email }),
            user_id: u.id,
            role: "owner",
          })),
        );
        expect(Object.keys(owned).length).toBeGreaterThan(5);
        const tablesNow = new Set(
          (
            await queryRows<{ table_name: string }>(
              db,
              sql`select table_name from information_schema.tables where table_schema = 'public'`,
            )
          ).map((r) => r.table_name),
        );
        for (const [table, rows] of Object.entries(owned)) {
          // Tables a later migration folded into others (their rows are checked there).
          if (!tablesNow.has(table)) continue;
          const key = table in KEYED_BY_OWNER ? "business_id" : "id";
          const now = await queryRows<OwnedRow>(
            db,
            sql.raw(`select ${key}::text as id, business_id as owner from "${table}" order by 1`),
          );
          expect(now, table).toEqual(rows);
        }
        expect(before.users.length).toBeGreaterThan(0);
        for (const user of before.users) {
          const { file } = await buildExport(db, user.id, publicLinkProof("upgrade-test"));
          expectKept(user.export, JSON.parse(JSON.stringify(file)), user.email);
        }
      } finally {
        await database.close();
        await place.drop();
      }
    }, 120_000);

    it("a migration that fails leaves the database as it was", async () => {
      const place = await restoreFixture(release, kind);
      const folder = mkdtempSync(path.join(tmpdir(), "bahi-migrations-"));
      try {
        // Today's migrations, then one that deletes rows, adds a table and then fails.
        cpSync(MIGRATIONS_DIR, folder, { recursive: true });
        const journalFile = path.join(folder, "meta/_journal.json");
        const journal = JSON.parse(readFileSync(journalFile, "utf8"));
        const last = journal.entries.at(-1);
        journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1, tag: "9999_broken" });
        writeFileSync(journalFile, JSON.stringify(journal));
        writeFileSync(
          path.join(folder, "9999_broken.sql"),
          ["DELETE FROM invoices;", "CREATE TABLE upgrade_probe (id integer);", "SELECT 1 / 0;"].join(
            "\n--> statement-breakpoint\n",
          ),
        );
        const applied = "select count(*)::int as n from drizzle.__drizzle_migrations";
        const [migrationsBefore] = await rawRows<{ n: number }>(place, applied);

        await expect(openDatabase({ ...place, migrationsFolder: folder })).rejects.toThrow(/SELECT 1 \/ 0/);

        const [migrationsAfter] = await rawRows<{ n: number }>(place, applied);
        expect(migrationsAfter!.n).toBe(migrationsBefore!.n);
        const [invoices] = await rawRows<{ n: number }>(place, "select count(*)::int as n from invoices");
        expect(invoices!.n).toBe(before.rowCounts.invoices);
        const probe = await rawRows(
          place,
          "select 1 from information_schema.tables where table_name = 'upgrade_probe'",
        );
        expect(probe).toEqual([]);

        // And it still upgrades with the real migrations afterwards.
        const database = await openDatabase(place);
        await database.close();
      } finally {
        rmSync(folder, { recursive: true, force: true });
        await place.drop();
      }
    }, 120_000);
  });
}
