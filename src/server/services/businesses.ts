import { randomUUID } from "node:crypto";
import { cleanBusinessName, firstBusinessName } from "#domain/businesses";
import type { Db } from "../db/client";
import {
  findMyBusiness,
  insertBusiness,
  listMyBusinesses,
  type MyBusiness,
  renameOwnedBusiness,
  setSessionBusiness,
} from "../db/queries/businesses";
import { openBalance } from "../db/queries/credits";
import { AppError, notFound, orNotFound } from "../errors";
import { ensureSignupCredits, grantSignupCreditsIn } from "./credits";

// Businesses (issue 31 phase 1, decision 0072): a person's first business is made with the account
// and has the account's id (as migration 0022 made them for existing accounts), so its data keeps
// the ids it always had; more are made here, each empty and with 0 credits.

/** A new account's first business, its owner membership and its sign-up credits, in one transaction. */
export async function startFirstBusiness(db: Db, account: { id: string; email: string; name?: string }) {
  await db.transaction(async (tx) => {
    await insertBusiness(tx, { id: account.id, name: firstBusinessName(account), ownerId: account.id });
    await grantSignupCreditsIn(tx, { businessId: account.id, email: account.email });
  });
}

/**
 * At sign-in: a person with no business at all (their sign-up's failed half) gets their first one
 * now; a first business that missed its sign-up credits gets them (as before businesses).
 */
export async function ensureFirstBusiness(db: Db, account: { id: string; email: string; name?: string }) {
  const mine = await listMyBusinesses(db, account.id);
  if (mine.length === 0) await startFirstBusiness(db, account);
  else if (mine.some((b) => b.id === account.id)) await ensureSignupCredits(db, account.id);
}

/** A person's businesses, oldest first. */
export function readMyBusinesses(db: Db, userId: string): Promise<MyBusiness[]> {
  return listMyBusinesses(db, userId);
}

/** A new business owned by the person: empty, 0 credits (the sign-up credits come once per person). */
export async function createBusiness(db: Db, p: { userId: string; name: string }): Promise<MyBusiness> {
  const id = randomUUID();
  const name = cleanBusinessName(p.name);
  await db.transaction(async (tx) => {
    await insertBusiness(tx, { id, name, ownerId: p.userId });
    await openBalance(tx, id);
  });
  const made = orNotFound(await findMyBusiness(db, { userId: p.userId, businessId: id }), "Business");
  return made;
}

/** Renames a business; only an owner may (another person's business: 404, as if it did not exist). */
export async function renameBusiness(
  db: Db,
  p: { userId: string; businessId: string; name: string },
): Promise<MyBusiness> {
  const found = orNotFound(await findMyBusiness(db, p), "Business");
  if (found.role !== "owner") {
    throw new AppError("role_forbidden", `Only an owner can rename the business; you are its ${found.role}.`);
  }
  await renameOwnedBusiness(db, { ...p, name: cleanBusinessName(p.name) });
  return { ...found, name: cleanBusinessName(p.name) };
}

/** Makes one of the person's businesses the session's current one. */
export async function switchBusiness(
  db: Db,
  p: { userId: string; sessionId: string | null; businessId: string },
): Promise<MyBusiness> {
  const found = orNotFound(await findMyBusiness(db, p), "Business");
  if (!p.sessionId) {
    throw new AppError("bad_request", "An API key always works in its own business: it cannot switch.");
  }
  if (!(await setSessionBusiness(db, { ...p, sessionId: p.sessionId }))) throw notFound("Business");
  return found;
}
