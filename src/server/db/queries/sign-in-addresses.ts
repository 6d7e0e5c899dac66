import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../client";
import { signInAddresses, user } from "../schema";

/** Whether the account with this e-mail signed in with its password from `ip` since `since`. */
export async function isFamiliarSignInAddress(
  db: Db,
  email: string,
  ip: string,
  since: Date,
): Promise<boolean> {
  const rows = await db
    .select({ ip: signInAddresses.ip })
    .from(signInAddresses)
    .innerJoin(user, eq(user.id, signInAddresses.userId))
    .where(and(eq(user.email, email), eq(signInAddresses.ip, ip), gt(signInAddresses.lastSignedInAt, since)))
    .limit(1);
  return rows.length > 0;
}

export async function rememberSignInAddress(db: Db, userId: string, ip: string): Promise<void> {
  const now = new Date();
  await db
    .insert(signInAddresses)
    .values({ userId, ip, lastSignedInAt: now })
    .onConflictDoUpdate({
      target: [signInAddresses.userId, signInAddresses.ip],
      set: { lastSignedInAt: sql`excluded.last_signed_in_at` },
    });
}
