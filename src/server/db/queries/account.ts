import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { account, session, user } from "../schema";

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

/** The id of the account with this (lower-cased) e-mail, if there is one. */
export async function userIdByEmail(db: Db, email: string): Promise<string | undefined> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row?.id;
}

const sessionUser = preparedPerDb((db) =>
  db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(session.userId, user.id))
    .where(and(eq(session.token, sql.placeholder("token")), gt(session.expiresAt, sql.placeholder("now"))))
    .prepare("session_user"),
);

/** The account behind a session token that has not expired by `now`, with the session's end. */
export async function findSessionUser(db: Db, token: string, now: Date) {
  // A placeholder's value reaches the driver as it is: the instant as ISO text, as the column would send it.
  const [row] = await sessionUser(db).execute({ token, now: now.toISOString() });
  return row;
}
