import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATIONS_DIR } from "../paths";
import { type Db, queryRows } from "./client";

/** Migrations in the project's journal that the database has not recorded as applied. */
export async function countPendingMigrations(db: Db): Promise<number> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, "meta/_journal.json"), "utf8")) as {
    entries: unknown[];
  };
  const [row] = await queryRows<{ applied: string | number }>(
    db,
    sql`select count(*) as applied from drizzle.__drizzle_migrations`,
  );
  return journal.entries.length - Number(row?.applied ?? 0);
}
