import { eq } from "drizzle-orm";
import type { Db } from "../client";
import { account, user } from "../schema";

/** The account's own fields and how it signs in (its providers), for the profile page. */
export async function findProfile(db: Db, userId: string) {
  const [[row], providers] = await Promise.all([
    db
      .select({ id: user.id, email: user.email, name: user.name, createdAt: user.createdAt })
      .from(user)
      .where(eq(user.id, userId)),
    db.select({ providerId: account.providerId }).from(account).where(eq(account.userId, userId)),
  ]);
  return row ? { ...row, providers: providers.map((p) => p.providerId) } : undefined;
}

export async function renameUser(db: Db, userId: string, name: string): Promise<void> {
  await db.update(user).set({ name, updatedAt: new Date() }).where(eq(user.id, userId));
}
