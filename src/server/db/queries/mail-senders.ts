import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { user } from "../schema";

/** What the mail limits and the sender's line need of an account: its age, a purchase, its address. */
export async function findMailSender(db: Db, businessId: string) {
  const [row] = await db
    .select({
      createdAt: user.createdAt,
      email: user.email,
      name: user.name,
      hasBoughtCredits: sql<boolean>`exists (select 1 from credit_ledger where credit_ledger.business_id = ${user.id} and credit_ledger.reason = 'purchase')`,
    })
    .from(user)
    .where(eq(user.id, businessId));
  return row;
}
