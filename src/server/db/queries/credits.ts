import { createHash, randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { NEW_USER_CREDITS } from "#domain/credits";
import { canonicalEmail } from "#domain/validation";
import type { Db } from "../client";
import { creditLedger, paymentOrders, signupGrants, user, userCredits } from "../schema";

/** The key of a mailbox in signup_grants: SHA-256 of its canonical address, never the address. */
function signupGrantKey(email: string): string {
  return createHash("sha256").update(canonicalEmail(email)).digest("hex");
}

/** Notes that this mailbox has had its sign-up credits (an account made before the record existed). */
export async function recordSignupGrant(db: Db, email: string): Promise<void> {
  await db
    .insert(signupGrants)
    .values({ emailHash: signupGrantKey(email) })
    .onConflictDoNothing();
}

/**
 * Gives a new account its sign-up credits exactly once per mailbox: a mailbox that had them before
 * (an account deleted and made again) starts at 0. The partial unique index on the ledger makes a
 * second grant to one account a no-op, and balance and ledger change in one transaction.
 */
export async function grantSignupCredits(db: Db, account: { id: string; email: string }): Promise<void> {
  const userId = account.id;
  await db.transaction(async (tx) => {
    const firstForMailbox = await tx
      .insert(signupGrants)
      .values({ emailHash: signupGrantKey(account.email) })
      .onConflictDoNothing()
      .returning({ emailHash: signupGrants.emailHash });
    if (firstForMailbox.length === 0) {
      await tx.insert(userCredits).values({ userId, credits: 0 }).onConflictDoNothing();
      return;
    }
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
    const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (owner) await grantSignupCredits(db, { id: userId, email: owner.email });
    [row] = await read();
  }
  return row!;
}

/** The newest ledger rows, each purchase with its order's plan and amount. */
export async function listLedger(db: Db, userId: string, limit = 500) {
  return db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      invoiceNumber: creditLedger.invoiceNumber,
      planId: paymentOrders.planId,
      amountPaise: paymentOrders.amountPaise,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(paymentOrders, eq(paymentOrders.id, creditLedger.paymentOrderId))
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}

/** Every payment order of this user, newest first. */
export async function listPurchases(db: Db, userId: string, limit = 200) {
  return db
    .select({
      id: paymentOrders.id,
      providerOrderId: paymentOrders.providerOrderId,
      planId: paymentOrders.planId,
      credits: paymentOrders.credits,
      amountPaise: paymentOrders.amountPaise,
      status: paymentOrders.status,
      testMode: paymentOrders.testMode,
      createdAt: paymentOrders.createdAt,
      paidAt: paymentOrders.paidAt,
    })
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(limit);
}

/** The sum of the ledger, which must always equal the balance. */
export async function ledgerSum(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId));
  return Number(row?.total ?? 0);
}
