import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { NEW_USER_CREDITS } from "../../../domain/credits";
import type { Db } from "../client";
import { creditLedger, userCredits } from "../schema";

/**
 * Gives a new account its sign-up credits exactly once: the partial unique index on the ledger
 * makes a second grant a no-op, and balance and ledger change in one transaction.
 */
export async function grantSignupCredits(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(creditLedger)
      .values({ id: randomUUID(), userId, delta: NEW_USER_CREDITS, reason: "signup_grant" })
      .onConflictDoNothing()
      .returning({ id: creditLedger.id });
    if (inserted.length === 0) return;
    await tx
      .insert(userCredits)
      .values({ userId, credits: NEW_USER_CREDITS })
      .onConflictDoUpdate({
        target: userCredits.userId,
        set: { credits: sql`${userCredits.credits} + ${NEW_USER_CREDITS}`, lastUpdatedAt: new Date() },
      });
  });
}

/** The balance; an account without a row yet gets its sign-up grant first (the spec's first load). */
export async function getCreditBalance(
  db: Db,
  userId: string,
): Promise<{ credits: number; lastUpdatedAt: Date }> {
  const read = () =>
    db
      .select({ credits: userCredits.credits, lastUpdatedAt: userCredits.lastUpdatedAt })
      .from(userCredits)
      .where(eq(userCredits.userId, userId));
  let [row] = await read();
  if (!row) {
    await grantSignupCredits(db, userId);
    [row] = await read();
  }
  return row!;
}
