import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { apiKeys, user } from "../schema";

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
    await tx.select({ id: user.id }).from(user).where(eq(user.id, key.userId)).for("no key update");
    const [live] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, key.userId), isNull(apiKeys.revokedAt)));
    if ((live?.n ?? 0) >= maxLive) return undefined;
    const [row] = await tx.insert(apiKeys).values(key).returning();
    return row!;
  });
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

/** Revokes the user's key; undefined when it is not theirs (or does not exist). */
export async function revokeApiKey(
  db: Db,
  p: { userId: string; id: string },
): Promise<ApiKeyRow | undefined> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, p.id), eq(apiKeys.userId, p.userId), isNull(apiKeys.revokedAt)))
    .returning();
  if (row) return row;
  const [existing] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, p.id), eq(apiKeys.userId, p.userId)));
  return existing;
}

/** The live key with this hash and its owner. */
export async function findApiKeyOwner(db: Db, keyHash: string) {
  const [row] = await db
    .select({
      keyId: apiKeys.id,
      scope: apiKeys.scope,
      lastUsedAt: apiKeys.lastUsedAt,
      user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified },
    })
    .from(apiKeys)
    .innerJoin(user, eq(apiKeys.userId, user.id))
    .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)));
  return row;
}

export async function touchApiKey(db: Db, id: string, at: Date): Promise<void> {
  await db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
}
