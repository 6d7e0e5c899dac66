import { randomUUID } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { DOWNLOAD_COST } from "#domain/credits";
import type { Db } from "../client";
import { creditLedger, userCredits } from "../schema";

/**
 * Reserves one download credit before the PDF is rendered, with its ledger row, in one transaction.
 * The conditional UPDATE is the whole guard: concurrent downloads queue on the row lock and each
 * re-checks `credits >= 1`, so the balance never goes below zero and exactly as many downloads
 * succeed as there were credits. Answers the balance left, or null when there was no credit.
 * A render that then fails gives the credit back with `refundDownloadCredit`.
 */
export async function debitDownloadCredit(
  db: Db,
  params: { userId: string; invoiceId: string; invoiceNumber: string },
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(userCredits)
      .set({ credits: sql`${userCredits.credits} - ${DOWNLOAD_COST}`, lastUpdatedAt: new Date() })
      .where(and(eq(userCredits.userId, params.userId), gte(userCredits.credits, DOWNLOAD_COST)))
      .returning({ credits: userCredits.credits });
    if (!row) return null;
    await tx.insert(creditLedger).values({
      id: randomUUID(),
      userId: params.userId,
      delta: -DOWNLOAD_COST,
      reason: "download",
      invoiceId: params.invoiceId,
      invoiceNumber: params.invoiceNumber,
    });
    return row.credits;
  });
}

/**
 * Gives back a credit reserved for a PDF that could not be made: a compensating ledger row
 * (+1, "download_refund") and the balance, in one transaction, so the ledger still sums to it.
 */
export async function refundDownloadCredit(
  db: Db,
  params: { userId: string; invoiceId: string; invoiceNumber: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(userCredits)
      .set({ credits: sql`${userCredits.credits} + ${DOWNLOAD_COST}`, lastUpdatedAt: new Date() })
      .where(eq(userCredits.userId, params.userId));
    await tx.insert(creditLedger).values({
      id: randomUUID(),
      userId: params.userId,
      delta: DOWNLOAD_COST,
      reason: "download_refund",
      invoiceId: params.invoiceId,
      invoiceNumber: params.invoiceNumber,
    });
  });
}
