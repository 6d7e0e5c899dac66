import { and, eq, gt, sql } from "drizzle-orm";
import type { BusinessRole } from "#domain/businesses";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { account, businessMembers, session, user } from "../schema";

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

/** The account's id, e-mail and name. */
export async function findPerson(db: Db, userId: string) {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(user.id, userId));
  return row;
}

/** The id of the account with this (lower-cased) e-mail, if there is one. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

/**
 * The session's business (decision 0072): the one it switched to while the person is still a
 * member of it, else the person's first business (oldest membership). Read with the session in
 * the same statement, so a removed membership stops at once.
 */
const currentMembership = sql`lateral (
  select ${businessMembers.businessId} as business_id, ${businessMembers.role} as role
  from ${businessMembers}
  where ${businessMembers.userId} = ${user.id}
  order by (${businessMembers.businessId} = ${session.businessId}) is true desc,
    ${businessMembers.createdAt}, ${businessMembers.businessId}
  limit 1
) as m`;

const sessionUser = preparedPerDb((db) =>
  db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      expiresAt: session.expiresAt,
      sessionId: session.id,
      businessId: sql<string | null>`m.business_id`,
      role: sql<BusinessRole | null>`m.role`,
    })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .leftJoin(currentMembership, sql`true`)
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql.placeholder("now"))))
    .prepare("session_user"),
);

/** The account behind a session token that has not expired by `now`, with the session's end. */
export async function findSessionUser(db: Db, token: string, now: Date) {
  // A placeholder's value reaches the driver as it is: the instant as ISO text, as the column would send it.
  const [row] = await sessionUser(db).execute({ token, now: now.toISOString() });
  return row;
}
