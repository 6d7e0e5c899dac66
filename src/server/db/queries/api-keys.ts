import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../client";
import { apiKeys, user } from "../schema";

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export async function insertApiKey(db: Db, key: typeof apiKeys.$inferInsert): Promise<ApiKeyRow> {
  const [row] = await db.insert(apiKeys).values(key).returning();
  return row!;
}

export async function listApiKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
}

export async function countLiveApiKeys(db: Db, userId: string): Promise<number> {
  const rows = await db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
  return rows.length;
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
