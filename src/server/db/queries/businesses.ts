import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { BusinessRole } from "#domain/businesses";
import type { Db } from "../client";
import { businesses, businessMembers, session } from "../schema";
import { insertIfAbsent } from "./owned";

// Businesses and their members (decision 0072). Every query names the person asking, so a business
// is only ever read or changed through a membership of theirs.

export interface MyBusiness {
  id: string;
  name: string;
  role: BusinessRole;
  createdAt: Date;
}

/** A business with its first owner, in one transaction's worth of statements (pass `tx`). */
export async function insertBusiness(
  tx: Db,
  p: { id: string; name: string; ownerId: string },
): Promise<boolean> {
  if (!(await insertIfAbsent(tx, businesses, { id: p.id, name: p.name }))) return false;
  await tx.insert(businessMembers).values({ businessId: p.id, userId: p.ownerId, role: "owner" });
  return true;
}

/** A person's businesses with their role in each: the select both lookups below share. */
function myBusinesses(db: Db) {
  return db
    .select({
      id: businesses.id,
      name: businesses.name,
      role: businessMembers.role,
      createdAt: businesses.createdAt,
    })
    .from(businessMembers)
    .innerJoin(businesses, eq(businesses.id, businessMembers.businessId));
}

/** The person's businesses, oldest membership first (the first one is where a new session starts). */
export async function listMyBusinesses(db: Db, userId: string): Promise<MyBusiness[]> {
  return myBusinesses(db)
    .where(eq(businessMembers.userId, userId))
    .orderBy(asc(businessMembers.createdAt), asc(businessMembers.businessId));
}

/** One of the person's businesses, or undefined when they are not a member of it. */
export async function findMyBusiness(
  db: Db,
  p: { userId: string; businessId: string },
): Promise<MyBusiness | undefined> {
  const [row] = await myBusinesses(db).where(
    and(eq(businessMembers.userId, p.userId), eq(businessMembers.businessId, p.businessId)),
  );
  return row;
}

/** The person is a member of the business (in `role`, when one is named), checked in the statement itself. */
function isMember(userId: string, businessId: string | PgColumn, role?: BusinessRole): SQL {
  const member = and(
    eq(businessMembers.businessId, businessId),
    eq(businessMembers.userId, userId),
    role ? eq(businessMembers.role, role) : undefined,
  );
  return sql`exists (select 1 from ${businessMembers} where ${member})`;
}

/** Renames a business the person owns; false when it is not theirs to rename. */
export async function renameOwnedBusiness(
  db: Db,
  p: { userId: string; businessId: string; name: string },
): Promise<boolean> {
  const rows = await db
    .update(businesses)
    .set({ name: p.name, updatedAt: new Date() })
    .where(and(eq(businesses.id, p.businessId), isMember(p.userId, businesses.id, "owner")))
    .returning({ id: businesses.id });
  return rows.length > 0;
}

/** Makes a business the session's current one, when the session's person is a member of it. */
export async function setSessionBusiness(
  db: Db,
  p: { sessionId: string; userId: string; businessId: string },
): Promise<boolean> {
  const rows = await db
    .update(session)
    .set({ businessId: p.businessId })
    .where(and(eq(session.id, p.sessionId), eq(session.userId, p.userId), isMember(p.userId, p.businessId)))
    .returning({ id: session.id });
  return rows.length > 0;
}
