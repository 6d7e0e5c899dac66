import { readFileSync } from "node:fs";
import { verifyPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { account, user } from "../db/schema";
import { createTestApp, describeEachDb, openTestDatabase, type TestApp } from "./harness";
import { TEST_PASSWORD_HASHING } from "./password-hashing";
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
      const journal = JSON.parse(
        readFileSync(new URL("../db/migrations/meta/_journal.json", import.meta.url), "utf8"),
      ) as { entries: unknown[] };
      expect((await migrated(first)).rows[0]!.n).toBe(journal.entries.length);
      await first.db.insert(user).values({ id: "u-1", name: "One", email: "one@example.com" });
      expect(await first.db.select({ id: user.id }).from(user)).toEqual([{ id: "u-1" }]);
      expect(await second.db.select({ id: user.id }).from(user)).toEqual([]);
      expect((await migrated(second)).rows[0]!.n).toBe(journal.entries.length);
      // The invoice search's extension came along with the copy.
      await second.db.execute("select similarity('bahi', 'bahi')");
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000); // two databases opened in one test
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
