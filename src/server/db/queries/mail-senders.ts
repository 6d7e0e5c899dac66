import { eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { businesses, businessMembers, user } from "../schema";

/** The person who answers for a business: its first owner (decision 0072). */
export const firstOwnerOf = (businessId: unknown) => sql`(
  select ${businessMembers.userId} from ${businessMembers}
  where ${businessMembers.businessId} = ${businessId} and ${businessMembers.role} = 'owner'
  order by ${businessMembers.createdAt}, ${businessMembers.userId} limit 1)`;

/**
 * What the mail limits and the sender's line need of a business: its owner's age and address, a
 * purchase of the business, its name (mails name the business).
 */
export async function findMailSender(db: Db, businessId: string) {
  const [row] = await db
    .select({
      ownerId: user.id,
      createdAt: user.createdAt,
      email: user.email,
      name: businesses.name,
      hasBoughtCredits: sql<boolean>`exists (select 1 from credit_ledger where credit_ledger.business_id = ${businesses.id} and credit_ledger.reason = 'purchase')`,
    })
    .from(businesses)
    .innerJoin(user, eq(user.id, firstOwnerOf(businesses.id)))
    .where(eq(businesses.id, businessId));
  return row;
}
