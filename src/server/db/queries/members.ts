import { and, asc, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { BusinessRole } from "#domain/businesses";
import type { Db } from "../client";
import { businesses, businessInvitations, businessMembers, user } from "../schema";
import { findOwnedRow, insertIfAbsent, insertRow, updateOwnedRow } from "./owned";

// Members and invitations of a business (decision 0076). Every query names the business; the
// route's role check has already said the person asking may.

export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  role: BusinessRole;
  joinedAt: Date;
}

/** A business's members with their names: the select both lookups below share. */
function members(db: Db) {
  return db
    .select({
      userId: businessMembers.userId,
      name: user.name,
      email: user.email,
      role: businessMembers.role,
      joinedAt: businessMembers.createdAt,
    })
    .from(businessMembers)
    .innerJoin(user, eq(user.id, businessMembers.userId));
}

/** The condition naming one member of one business. */
function memberIs(p: { businessId: string; userId: string }) {
  return and(eq(businessMembers.businessId, p.businessId), eq(businessMembers.userId, p.userId));
}

export async function listMembers(db: Db, businessId: string): Promise<MemberRow[]> {
  return members(db)
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.userId));
}

/**
 * Locks the business for a change of its members and answers how many owners it has: concurrent
 * changes (two owners demoting each other) take turns, so one of them always sees the other's.
 */
export async function lockOwners(tx: Db, businessId: string): Promise<number> {
  await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for("update");
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(businessMembers)
    .where(and(eq(businessMembers.businessId, businessId), eq(businessMembers.role, "owner")));
  return row?.n ?? 0;
}

export async function findMember(
  db: Db,
  p: { businessId: string; userId: string },
): Promise<MemberRow | undefined> {
  const [row] = await members(db).where(memberIs(p));
  return row;
}

export async function setMemberRole(
  tx: Db,
  p: { businessId: string; userId: string; role: BusinessRole },
): Promise<void> {
  await tx.update(businessMembers).set({ role: p.role }).where(memberIs(p));
}

export async function deleteMember(tx: Db, p: { businessId: string; userId: string }): Promise<void> {
  await tx.delete(businessMembers).where(memberIs(p));
}

/** A new member; false when the person is one already. */
export function insertMember(
  tx: Db,
  p: { businessId: string; userId: string; role: BusinessRole },
): Promise<boolean> {
  return insertIfAbsent(tx, businessMembers, p);
}

export type InvitationRow = typeof businessInvitations.$inferSelect;

/** An invitation neither accepted nor revoked (it may still have expired). */
const invitationOpen = () =>
  and(isNull(businessInvitations.acceptedAt), isNull(businessInvitations.revokedAt));

export function insertInvitation(
  db: Db,
  row: typeof businessInvitations.$inferInsert,
): Promise<InvitationRow> {
  return insertRow(db, businessInvitations, row);
}

/** Invitations neither accepted nor revoked (pending, or expired unused), newest first. */
export async function listOpenInvitations(db: Db, businessId: string): Promise<InvitationRow[]> {
  return db
    .select()
    .from(businessInvitations)
    .where(and(eq(businessInvitations.businessId, businessId), invitationOpen()))
    .orderBy(desc(businessInvitations.createdAt));
}

/**
 * Revokes an invitation not yet accepted; the row as it is after, and whether this call revoked it
 * (undefined: not the business's).
 */
export async function revokeInvitation(
  db: Db,
  p: { businessId: string; id: string; at: Date },
): Promise<{ row: InvitationRow; revokedNow: boolean } | undefined> {
  const mine = and(eq(businessInvitations.id, p.id), eq(businessInvitations.businessId, p.businessId));
  const [row] = await db
    .update(businessInvitations)
    .set({ revokedAt: p.at })
    .where(and(mine, invitationOpen()))
    .returning();
  if (row) return { row, revokedNow: true };
  const [existing] = await db.select().from(businessInvitations).where(mine);
  return existing && { row: existing, revokedNow: false };
}

export function findInvitation(
  db: Db,
  p: { businessId: string; id: string },
): Promise<InvitationRow | undefined> {
  return findOwnedRow(db, businessInvitations, p.businessId, p.id);
}

/**
 * Gives an invitation not yet accepted nor revoked a new token and seven more days, in one
 * statement: the old token stops working at once. Undefined: not the business's, or closed.
 */
export function renewInvitation(
  db: Db,
  p: { businessId: string; id: string; tokenHash: string; expiresAt: Date },
): Promise<InvitationRow | undefined> {
  const fields = { tokenHash: p.tokenHash, expiresAt: p.expiresAt };
  return updateOwnedRow(db, businessInvitations, p.businessId, p.id, fields, invitationOpen());
}

export async function findInvitationByToken(
  db: Db,
  tokenHash: string,
): Promise<(InvitationRow & { businessName: string }) | undefined> {
  const [row] = await db
    .select({ invitation: businessInvitations, businessName: businesses.name })
    .from(businessInvitations)
    .innerJoin(businesses, eq(businesses.id, businessInvitations.businessId))
    .where(eq(businessInvitations.tokenHash, tokenHash));
  return row ? { ...row.invitation, businessName: row.businessName } : undefined;
}

/**
 * Marks a pending invitation accepted by `userId`, in one statement: of two concurrent accepts
 * only one gets the row back. Undefined when it was used, revoked or has expired.
 */
export async function claimInvitation(
  tx: Db,
  p: { tokenHash: string; userId: string; at: Date },
): Promise<InvitationRow | undefined> {
  const [row] = await tx
    .update(businessInvitations)
    .set({ acceptedAt: p.at, acceptedBy: p.userId })
    .where(
      and(
        eq(businessInvitations.tokenHash, p.tokenHash),
        invitationOpen(),
        gt(businessInvitations.expiresAt, p.at),
      ),
    )
    .returning();
  return row;
}
