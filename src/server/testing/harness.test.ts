import { readFileSync } from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { account, user } from "../db/schema";
import { createTestApp, describeEachDb, openTestDatabase, type TestApp } from "./harness";
import { TEST_PASSWORD_HASHING } from "./password-hashing";
import { keptDatabases } from "./pglite-reuse";
import { pgliteTemplate, pgliteTemplatePath } from "./templates";
import { TEST_DATABASE_URL } from "./test-config";

describe.skipIf(!TEST_DATABASE_URL)("test harness on PostgreSQL", () => {
  it("drops its database without a connection error from the app's pool", async () => {
    const warnings = vi.spyOn(console, "warn");
    const errors = vi.spyOn(console, "error");
    try {
      for (let round = 0; round < 3; round++) {
        const t = await createTestApp("postgres");
        const s = await t.signUpAndSignIn();
        // Many idle connections in the pool when the database is dropped.
        await Promise.all(Array.from({ length: 12 }, () => t.get("/api/clients", s.cookie)));
        await t.close();
      }
      // Connection errors arrive as events after the drop: let them come.
      await new Promise((resolve) => setImmediate(resolve));
      const printed = [...warnings.mock.calls, ...errors.mock.calls].map((c) => c.join(" ")).join("\n");
      expect(printed).not.toMatch(/PostgreSQL/);
    } finally {
      warnings.mockRestore();
      errors.mockRestore();
    }
  });
});

/** How many migrations the journal lists. */
function journalEntries(): number {
  const journal = JSON.parse(
    readFileSync(new URL("../db/migrations/meta/_journal.json", import.meta.url), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

/** The stored password hash of the account signed up with `email`. */
async function storedHash(t: TestApp, email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(eq(user.email, email));
  return row!.password!;
}

describeEachDb("test databases", (kind) => {
  it("are each a fresh, migrated copy: what one file writes, the next does not see", async () => {
    const first = await openTestDatabase(kind);
    const second = await openTestDatabase(kind);
    try {
      const migrated = async (d: typeof first) =>
        (await d.db.execute("select count(*)::int as n from drizzle.__drizzle_migrations")) as unknown as {
          rows: Array<{ n: number }>;
        };
      expect((await migrated(first)).rows[0]!.n).toBe(journalEntries());
      await first.db.insert(user).values({ id: "u-1", name: "One", email: "one@example.com" });
      expect(await first.db.select({ id: user.id }).from(user)).toEqual([{ id: "u-1" }]);
      expect(await second.db.select({ id: user.id }).from(user)).toEqual([]);
      expect((await migrated(second)).rows[0]!.n).toBe(journalEntries());
      // The invoice search's extension came along with the copy.
      await second.db.execute("select similarity('bahi', 'bahi')");
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000); // two databases opened in one test
});

describe("a closed in-memory test database", () => {
  it("serves the next test as the template again: empty, session reset, no queue schema", async () => {
    const first = await openTestDatabase("pglite");
    const kept = keptDatabases();
    const firstClient = (first.queueAccess as { pglite: PGlite }).pglite;
    await first.db.insert(user).values({ id: "u-1", name: "One", email: "one@example.com" });
    await first.db.execute("create schema pgboss");
    await first.db.execute("create table pgboss.job (id int)");
    await first.db.execute("set timezone to 'Asia/Kolkata'");
    await first.db.execute("select pg_advisory_lock(42)");
    await first.close();
    expect(keptDatabases()).toBe(kept + 1);
    // What the closed test database's holder still has refuses to work.
    await expect(first.db.select().from(user)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: "PGlite is closed" }),
    });
    await expect(firstClient.query("select 1")).rejects.toThrow(/closed/);

    const next = await openTestDatabase("pglite");
    try {
      const rows = async <T>(query: string) =>
        ((await next.db.execute(query)) as unknown as { rows: T[] }).rows;
      expect(await next.db.select({ id: user.id }).from(user)).toEqual([]);
      expect(await rows("select nspname from pg_namespace where nspname = 'pgboss'")).toEqual([]);
      expect(await rows("select current_setting('timezone') as tz")).not.toEqual([{ tz: "Asia/Kolkata" }]);
      expect(await rows("select count(*)::int as n from pg_locks where locktype = 'advisory'")).toEqual([
        { n: 0 },
      ]);
      expect(await rows("select count(*)::int as n from drizzle.__drizzle_migrations")).toEqual([
        { n: journalEntries() },
      ]);
    } finally {
      await next.close();
    }
  });

  it("that a test changed (a table of its own) is not served again", async () => {
    const changed = await openTestDatabase("pglite");
    const kept = keptDatabases();
    await changed.db.execute("create table probe_0099 (id int)");
    await changed.close();
    expect(keptDatabases()).toBe(kept);
    const next = await openTestDatabase("pglite");
    try {
      const found = (await next.db.execute(
        "select count(*)::int as n from pg_tables where tablename = 'probe_0099'",
      )) as unknown as { rows: Array<{ n: number }> };
      expect(found.rows).toEqual([{ n: 0 }]);
    } finally {
      await next.close();
    }
  });
});

describe("the PGlite template", () => {
  it("is kept in the temporary folder, named by the migrations", async () => {
    const dump = await pgliteTemplate();
    expect(readFileSync(pgliteTemplatePath()).length).toBe(dump.size);
    expect(pgliteTemplatePath()).toMatch(/pglite-[0-9a-f]{16}\.tar$/);
  });
});

describeEachDb("test password hashing", (kind) => {
  it("is the cheap test hash by default, in better-auth's format", async () => {
    const t = await createTestApp(kind);
    try {
      const s = await t.signUpAndSignIn();
      const hash = await storedHash(t, s.email);
      expect(hash).toMatch(/^[0-9a-f]{32}:[0-9a-f]{128}$/);
      expect(await TEST_PASSWORD_HASHING.verify({ hash, password: s.password })).toBe(true);
      expect(await TEST_PASSWORD_HASHING.verify({ hash, password: `${s.password}x` })).toBe(false);
      expect(await verifyPassword({ hash, password: s.password })).toBe(false);
    } finally {
      await t.close();
    }
  });

  it("is better-auth's own when a test asks for production", async () => {
    const t = await createTestApp(kind, { passwordHashing: "production" });
    try {
      const s = await t.signUpAndSignIn();
      const hash = await storedHash(t, s.email);
      expect(await verifyPassword({ hash, password: s.password })).toBe(true);
      expect(await TEST_PASSWORD_HASHING.verify({ hash, password: s.password })).toBe(false);
    } finally {
      await t.close();
    }
  });
});
