import { DOWNLOAD_COST, NEW_USER_CREDITS } from "#domain/credits";
import type { Db } from "../db/client";
import {
  addPurchaseCredits,
  addSignupCredits,
  claimSignupGrant,
  type DownloadLedgerEntry,
  findAccountEmail,
  findBalance,
  getCreditBalance,
  listLedger,
  listPurchases,
  openBalance,
  returnDownloadCredits,
  takeDownloadCredits,
} from "../db/queries/credits";

// The credits module: the only code that changes a balance or writes a ledger row (sign-up grant,
// purchase, download, refund), each change with its ledger row in one transaction, so the ledger
// always sums to the balance. Reading the balance never writes.

/** Whose credit, and which document's PDF it pays for (decision 0057). */
export type DownloadEntry = Omit<DownloadLedgerEntry, "cost">;

/** The balance; 0 for an account that has no balance row yet. Never writes. */
export function readCreditBalance(db: Db, businessId: string) {
  return getCreditBalance(db, businessId);
}

/** The ledger (newest first) and every purchase order, for the credits page. Never writes. */
export async function readCreditHistory(db: Db, businessId: string) {
  const [entries, purchases] = await Promise.all([listLedger(db, businessId), listPurchases(db, businessId)]);
  return { entries, purchases };
}

/**
 * Gives a new account its sign-up credits exactly once per mailbox: a mailbox that had them before
 * (an account deleted and made again) starts at 0. The partial unique index on the ledger makes a
 * second grant to one account a no-op; mailbox, balance and ledger change in one transaction.
 */
export async function grantSignupCredits(db: Db, account: { id: string; email: string }): Promise<void> {
  await db.transaction((tx) => grantSignupCreditsIn(tx, { businessId: account.id, email: account.email }));
}

/**
 * The sign-up grant inside the caller's transaction: to the person's first business (whose id is
 * the person's), once per mailbox (decision 0072: per person, never per business).
 */
export async function grantSignupCreditsIn(tx: Db, p: { businessId: string; email: string }): Promise<void> {
  if (await claimSignupGrant(tx, p.email)) {
    await addSignupCredits(tx, p.businessId, NEW_USER_CREDITS);
  } else {
    await openBalance(tx, p.businessId);
  }
}

/** Before an account is deleted: its mailbox keeps the note that it had its sign-up credits. */
export async function rememberSignupGrant(db: Db, email: string): Promise<void> {
  await claimSignupGrant(db, email);
}

/**
 * An account without a balance row (made before the sign-up grant existed, or whose grant failed
 * at sign-up) gets its sign-up credits now. Called where the account acts: at sign-in and before a
 * download, never by a read. Concurrent calls grant once (the mailbox's row decides).
 */
export async function ensureSignupCredits(db: Db, businessId: string): Promise<void> {
  if (await findBalance(db, businessId)) return;
  const email = await findAccountEmail(db, businessId);
  if (email) await grantSignupCredits(db, { id: businessId, email });
}

/**
 * Reserves one download credit with its ledger row, in one transaction. Concurrent downloads queue
 * on the balance row's lock and each re-checks the balance, so exactly as many succeed as there
 * were credits. Answers the balance left, or null when there was no credit.
 */
export async function debitDownloadCredit(db: Db, entry: DownloadEntry): Promise<number | null> {
  return db.transaction((tx) => takeDownloadCredits(tx, { ...entry, cost: DOWNLOAD_COST }));
}

/** Gives back a credit reserved for a PDF that could not be made (+1 "download_refund"). */
export async function refundDownloadCredit(db: Db, entry: DownloadEntry): Promise<void> {
  await db.transaction((tx) => returnDownloadCredits(tx, { ...entry, cost: DOWNLOAD_COST }));
}

/**
 * Adds a paid order's credits inside the caller's transaction, the one that marks the order paid,
 * so an order is paid exactly when its credits are in the balance.
 */
export async function creditPurchase(
  tx: Db,
  order: { id: string; businessId: string; credits: number },
): Promise<void> {
  await addPurchaseCredits(tx, {
    businessId: order.businessId,
    credits: order.credits,
    paymentOrderId: order.id,
  });
}
