import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../client";

/**
 * Counts one hit against `key` in a fixed window and answers the count so far, in one atomic
 * statement, so every instance sharing the database shares the limit.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const windowStartCutoff = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start) values (${key}, 1, ${now.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${windowStartCutoff.toISOString()} then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStartCutoff.toISOString()} then excluded.window_start else rate_limits.window_start end
    returning count`,
  );
  return Number(rows[0]?.count ?? 1);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Reads a counter without adding to it: 0 when the window has passed. */
export async function peekRateLimit(
  db: Db,
  key: string,
  windowSeconds: number,
  now = new Date(),
): Promise<number> {
  const cutoff = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and window_start > ${cutoff}`,
  );
  return Number(rows[0]?.count ?? 0);
}

/**
 * Takes back one hit counted by hitRateLimit (an attempt counted before it was checked turned out
 * to be a right password).
 */
export async function unhitRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = count - 1 where key = ${key} and count > 0`);
}

/**
 * Claims `amount` of `limit` in `key`'s fixed window, or nothing, in one statement: the upsert
 * locks the row, so of many callers at once exactly as many as fit are let through, on every
 * instance sharing the database. Answers when the window started (for Retry-After) when refused.
 * `amount` must not exceed `limit` (a fresh window would take it whole).
 */
export async function claimRateLimit(
  db: Db,
  params: { key: string; amount: number; limit: number; windowSeconds: number },
  now: Date,
): Promise<{ claimed: true } | { claimed: false; windowStart: Date }> {
  const { key, amount, limit } = params;
  const cutoff = new Date(now.getTime() - params.windowSeconds * 1000).toISOString();
  const rows = await queryRows<{ count: number }>(
    db,
    sql`
    insert into rate_limits (key, count, window_start) values (${key}, ${amount}, ${now.toISOString()})
    on conflict (key) do update set
      count = case when rate_limits.window_start <= ${cutoff} then excluded.count else rate_limits.count + excluded.count end,
      window_start = case when rate_limits.window_start <= ${cutoff} then excluded.window_start else rate_limits.window_start end
    where rate_limits.window_start <= ${cutoff} or rate_limits.count + excluded.count <= ${limit}
    returning count`,
  );
  if (rows.length) return { claimed: true };
  const held = await queryRows<{ window_start: string | Date }>(
    db,
    sql`select window_start from rate_limits where key = ${key}`,
  );
  return { claimed: false, windowStart: new Date(held[0]?.window_start ?? now) };
}

/** Gives back what claimRateLimit took (the mail it was for was not sent after all). */
export async function releaseRateLimit(db: Db, key: string, amount: number): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - ${amount}, 0) where key = ${key}`);
}
