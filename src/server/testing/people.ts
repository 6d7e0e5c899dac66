import type { Db } from "../db/client";
import { businesses, businessMembers, user } from "../db/schema";

/**
 * A person made straight in the database, with their first business (same id, as sign-up and
 * migration 0022 make it) and its owner membership: for tests and benchmarks that write rows
 * without the API.
 */
export async function insertPersonWithBusiness(db: Db, person: typeof user.$inferInsert): Promise<void> {
  await db.insert(user).values(person);
  await db.insert(businesses).values({ id: person.id, name: person.name || person.email });
  await db.insert(businessMembers).values({ businessId: person.id, userId: person.id, role: "owner" });
}
