import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { BusinessRole } from "#domain/businesses";
import { type Db, queryRows } from "../client";
import { apiKeys, businesses } from "../schema";
import { insertRow } from "./owned";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/**
 * Stores a new key unless its owner already has `maxLive` live keys (undefined then). The owner's
 * row is locked first, so concurrent creates take turns and each counts the keys before it.
 */
export async function insertApiKey(
  db: Db,
  key: typeof apiKeys.$inferInsert,
  maxLive: number,
): Promise<ApiKeyRow | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.id, key.businessId))
      .for("no key update");
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.businessId, key.businessId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= maxLive) return undefined;
    return insertRow(tx, apiKeys, key);
  });
}

export async function listApiKeys(db: Db, businessId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.businessId, businessId)).orderBy(desc(apiKeys.createdAt));
}

/** Revokes a key of the business (made by `madeBy` when given); undefined when there is none such. */
export async function revokeApiKey(
  db: Db,
  p: { businessId: string; id: string; madeBy?: string },
): Promise<ApiKeyRow | undefined> {
  const mine = and(
    eq(apiKeys.id, p.id),
    eq(apiKeys.businessId, p.businessId),
    p.madeBy === undefined ? undefined : eq(apiKeys.createdBy, p.madeBy),
  );
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(mine, isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db.select().from(apiKeys).where(mine);
  return existing;
}

export interface KeyCheck {
  /**
   * The live key with this hash, its business, the member who made it (who acts for the key while
   * still a member of that business), the key's role and the maker's role today (decision 0076);
   * null for any other key.
   */
  holder: {
    keyId: string;
    scope: "read" | "read_write";
    businessId: string;
    keyRole: BusinessRole;
    memberRole: BusinessRole;
    user: { id: string; email: string; name: string; emailVerified: boolean };
  } | null;
  /** Failed lookups from the caller's address in its window (this one counted when it failed). */
  failures: { count: number; windowStart: Date };
  /** Uses of the key and of its owner's keys in their windows (this one counted); empty without a holder. */
  uses: { key: string; count: number; windowStart: Date }[];
}

const windowed = (cutoff: string) => sql`
  count = case when rate_limits.window_start <= ${cutoff} then excluded.count else rate_limits.count + excluded.count end,
  window_start = case when rate_limits.window_start <= ${cutoff} then excluded.window_start else rate_limits.window_start end`;

/**
 * Finds the live key with this hash and its owner, and counts in the same statement: a failed
 * lookup against `failureKey` (the caller's address), a use against the key and against its
 * owner. One statement on every request and no cache, so a revoked key or a deleted account stops
 * at once on every process; the counters live in the database, so every process shares them. The
 * address's counter row is locked by the upsert, so concurrent lookups from one address take turns
 * on it and each answer is decided on the count of the failures before it.
 */
export async function checkApiKey(
  db: Db,
  p: { keyHash: string; failureKey: string; windowSeconds: number; now: Date },
): Promise<KeyCheck> {
  const at = p.now.toISOString();
  const cutoff = new Date(p.now.getTime() - p.windowSeconds * 1000).toISOString();
  const rows = await queryRows<{
    holder: {
      key_id: string;
      scope: "read" | "read_write";
      business_id: string;
      key_role: BusinessRole;
      member_role: BusinessRole;
      user_id: string;
      email: string;
      name: string;
      email_verified: boolean;
    } | null;
    failures: { count: number; window_start: string };
    uses: { key: string; count: number; window_start: string }[] | null;
  }>(
    db,
    sql`
    with k as (
      select a.id as key_id, a.scope, a.business_id, a.role as key_role, m.role as member_role,
        u.id as user_id, u.email, u.name, u.email_verified
      from ${apiKeys} a
      join business_members m on m.business_id = a.business_id and m.user_id = a.created_by
      join "user" u on u.id = a.created_by
      where a.key_hash = ${p.keyHash} and a.revoked_at is null
    ),
    failures as (
      insert into rate_limits (key, count, window_start)
      values (${p.failureKey}, case when exists (select 1 from k) then 0 else 1 end, ${at})
      on conflict (key) do update set ${windowed(cutoff)}
      returning count, window_start
    ),
    uses as (
      insert into rate_limits (key, count, window_start)
      select 'api:key:' || k.key_id, 1, ${at}::timestamptz from k
      union all select 'api:user:' || k.business_id, 1, ${at}::timestamptz from k
      on conflict (key) do update set ${windowed(cutoff)}
      returning key, count, window_start
    )
    select (select row_to_json(k) from k) as holder,
      (select row_to_json(failures) from failures) as failures,
      (select json_agg(uses) from uses) as uses`,
  );
  const row = rows[0]!;
  const h = row.holder;
  return {
    holder: h
      ? {
          keyId: h.key_id,
          scope: h.scope,
          businessId: h.business_id,
          keyRole: h.key_role,
          memberRole: h.member_role,
          user: { id: h.user_id, email: h.email, name: h.name, emailVerified: h.email_verified },
        }
      : null,
    failures: { count: Number(row.failures.count), windowStart: new Date(row.failures.window_start) },
    uses: (row.uses ?? []).map((u) => ({
      key: u.key,
      count: Number(u.count),
      windowStart: new Date(u.window_start),
    })),
  };
}

export async function touchApiKey(db: Db, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}
