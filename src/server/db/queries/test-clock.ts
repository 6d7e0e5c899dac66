import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../client";
import { testClock } from "../schema";

/** Keeps the test clock's instant (one row), so a restart and every instance read the same one. */
export async function saveTestClock(db: Db, instant: Date): Promise<void> {
  await db
    .insert(testClock)
    .values({ id: 1, now: instant })
    .onConflictDoUpdate({ target: testClock.id, set: { now: instant } });
}

/** The kept instant, or null when no test set one. */
export async function readTestClock(db: Db): Promise<Date | null> {
  const [row] = await queryRows<{ now: string }>(
    db,
    sql`select now::text as now from test_clock where id = 1`,
  );
  return row ? new Date(row.now) : null;
}
