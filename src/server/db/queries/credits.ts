import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { DocumentRef } from "#domain/document-kinds";
import { canonicalEmail } from "#domain/validation";
import type { Db } from "../client";
import { businesses, creditLedger, paymentOrders, signupGrants, user, userCredits } from "../schema";

// The only SQL that writes credit balances and ledger rows. Every write here is called by
// services/credits.ts alone; each takes the transaction it runs in, so a balance and its ledger
// row always change together.

/** The key of a mailbox in signup_grants: SHA-256 of its canonical address, never the address. */
function signupGrantKey(email: string): string {
  return createHash("sha256").update(canonicalEmail(email)).digest("hex");
}

/** Notes that this mailbox had its sign-up credits; answers false when it already had. */
export async function claimSignupGrant(db: Db, email: string): Promise<boolean> {
  const claimed = await db
    .insert(signupGrants)
    .values({ emailHash: signupGrantKey(email) })
    .onConflictDoNothing()
    .returning({ emailHash: signupGrants.emailHash });
  return claimed.length > 0;
}

/** An empty balance for an account that has none yet (a no-op when it has one). */
export async function openBalance(db: Db, businessId: string): Promise<void> {
  await db.insert(userCredits).values({ businessId, credits: 0 }).onConflictDoNothing();
}

/**
 * Gives an account its sign-up credits with their ledger row. The partial unique index on the
 * ledger (one 'signup_grant' per account) makes a second grant add nothing: answers false then.
 */
export async function addSignupCredits(tx: Db, businessId: string, credits: number): Promise<boolean> {
  const inserted = await tx
    .insert(creditLedger)
    .values({ id: randomUUID(), businessId, delta: credits, reason: "signup_grant" })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (inserted.length === 0) return false;
  await raiseBalance(tx, businessId, credits);
  return true;
}

/**
 * Adds a paid order's credits with its ledger row. A second row for one order breaks the unique
 * index on the ledger and throws, which rolls back the caller's whole transaction.
 */
export async function addPurchaseCredits(
  tx: Db,
  order: { businessId: string; credits: number; paymentOrderId: string },
): Promise<void> {
  await tx.insert(creditLedger).values({
    id: randomUUID(),
    businessId: order.businessId,
    delta: order.credits,
    reason: "purchase",
    paymentOrderId: order.paymentOrderId,
  });
  await raiseBalance(tx, order.businessId, order.credits);
}

async function raiseBalance(tx: Db, businessId: string, credits: number): Promise<void> {
  await tx
    .insert(userCredits)
    .values({ businessId, credits })
    .onConflictDoUpdate({
      target: userCredits.businessId,
      set: { credits: sql`${userCredits.credits} + ${credits}`, lastUpdatedAt: new Date() },
    });
}

/** A download's ledger row: what it cost and which document's PDF it was for. */
export interface DownloadLedgerEntry {
  businessId: string;
  cost: number;
  document: DocumentRef;
  documentNumber: string;
}

/**
 * Takes a download's `cost` from the balance only while it holds that much, with its ledger row. The
 * conditional UPDATE is the whole guard: concurrent takers queue on the row lock and each
 * re-checks, so the balance never goes below zero. Answers the balance left, or null.
 */
export async function takeDownloadCredits(tx: Db, entry: DownloadLedgerEntry): Promise<number | null> {
  const [row] = await tx
    .update(userCredits)
    .set({ credits: sql`${userCredits.credits} - ${entry.cost}`, lastUpdatedAt: new Date() })
    .where(and(eq(userCredits.businessId, entry.businessId), gte(userCredits.credits, entry.cost)))
    .returning({ credits: userCredits.credits });
  if (!row) return null;
  await tx.insert(creditLedger).values({
    id: randomUUID(),
    businessId: entry.businessId,
    delta: -entry.cost,
    reason: "download",
    documentId: entry.document.id,
    documentKind: entry.document.kind,
    documentNumber: entry.documentNumber,
  });
  return row.credits;
}

/** Gives back credits taken for a download that failed, with a compensating ledger row. */
export async function returnDownloadCredits(tx: Db, entry: DownloadLedgerEntry): Promise<void> {
  await tx
    .update(userCredits)
    .set({ credits: sql`${userCredits.credits} + ${entry.cost}`, lastUpdatedAt: new Date() })
    .where(eq(userCredits.businessId, entry.businessId));
  await tx.insert(creditLedger).values({
    id: randomUUID(),
    businessId: entry.businessId,
    delta: entry.cost,
    reason: "download_refund",
    documentId: entry.document.id,
    documentKind: entry.document.kind,
    documentNumber: entry.documentNumber,
  });
}

/** The balance row, or undefined for an account that has none yet. Never writes. */
export async function findBalance(
  db: Db,
  businessId: string,
): Promise<{ credits: number; lastUpdatedAt: Date } | undefined> {
  const [row] = await db
    .select({ credits: userCredits.credits, lastUpdatedAt: userCredits.lastUpdatedAt })
    .from(userCredits)
    .where(eq(userCredits.businessId, businessId));
  return row;
}

/**
 * The balance; an account without a balance row has 0 since it was made. Never writes: the
 * sign-up grant is given by services/credits.ts at sign-up, sign-in and first download.
 */
export async function getCreditBalance(
  db: Db,
  businessId: string,
): Promise<{ credits: number; lastUpdatedAt: Date }> {
  const [row] = await db
    .select({
      credits: userCredits.credits,
      lastUpdatedAt: userCredits.lastUpdatedAt,
      since: businesses.createdAt,
    })
    .from(businesses)
    .leftJoin(userCredits, eq(userCredits.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return { credits: row?.credits ?? 0, lastUpdatedAt: row?.lastUpdatedAt ?? row?.since ?? new Date(0) };
}

/**
 * The e-mail of the person whose first business this is (its id is theirs), which keys the sign-up
 * grant; undefined for any other business, which never gets one.
 */
export async function findAccountEmail(db: Db, businessId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, businessId));
  return row?.email;
}

/** The newest ledger rows, each purchase with its order's plan and amount. */
export async function listLedger(db: Db, businessId: string, limit = 500) {
  return db
    .select({
      id: creditLedger.id,
      delta: creditLedger.delta,
      reason: creditLedger.reason,
      documentNumber: creditLedger.documentNumber,
      planId: paymentOrders.planId,
      amountPaise: paymentOrders.amountPaise,
      createdAt: creditLedger.createdAt,
    })
    .from(creditLedger)
    .leftJoin(paymentOrders, eq(paymentOrders.id, creditLedger.paymentOrderId))
    .where(eq(creditLedger.businessId, businessId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(limit);
}

/** Every payment order of this user, newest first. */
export async function listPurchases(db: Db, businessId: string, limit = 200) {
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
    .where(eq(paymentOrders.businessId, businessId))
    .orderBy(desc(paymentOrders.createdAt))
    .limit(limit);
}

/** The sum of the ledger, which must always equal the balance. */
export async function ledgerSum(db: Db, businessId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` })
    .from(creditLedger)
    .where(eq(creditLedger.businessId, businessId));
  return Number(row?.total ?? 0);
}
