import { and, asc, desc, eq, getTableColumns, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoices, recurringProfiles, recurringRuns } from "../schema";
import { deleteOwnedRow, findOwnedRow } from "./owned";

// Recurring profiles and the periods they handled. Every function names the owner, except the
// job's scan for due profiles, which reads every user's.

export type RecurringProfileRow = typeof recurringProfiles.$inferSelect;
export type NewRecurringProfile = typeof recurringProfiles.$inferInsert;
export type RecurringRunRow = typeof recurringRuns.$inferSelect;

export async function insertRecurringProfile(db: Db, row: NewRecurringProfile): Promise<RecurringProfileRow> {
  const [saved] = await db.insert(recurringProfiles).values(row).returning();
  return saved!;
}

export async function listRecurringProfiles(db: Db, userId: string): Promise<RecurringProfileRow[]> {
  return db
    .select()
    .from(recurringProfiles)
    .where(eq(recurringProfiles.userId, userId))
    .orderBy(desc(recurringProfiles.createdAt));
}

export async function findRecurringProfile(
  db: Db,
  userId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<RecurringProfileRow | undefined> {
  return findOwnedRow(db, recurringProfiles, userId, id, opts);
}

export async function updateRecurringProfile(
  db: Db,
  userId: string,
  id: string,
  fields: Partial<Omit<RecurringProfileRow, "id" | "userId" | "createdAt">>,
): Promise<RecurringProfileRow | undefined> {
  const [row] = await db
    .update(recurringProfiles)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(recurringProfiles.id, id), eq(recurringProfiles.userId, userId)))
    .returning();
  return row;
}

export function deleteRecurringProfile(db: Db, userId: string, id: string): Promise<boolean> {
  return deleteOwnedRow(db, recurringProfiles, userId, id);
}

/**
 * Profiles that may have a period due by `latestDate` (a day past UTC's today covers every time
 * zone), with their owners: the job checks each against the owner's own today.
 */
export async function profilesDueBy(db: Db, latestDate: string): Promise<{ id: string; userId: string }[]> {
  return db
    .select({ id: recurringProfiles.id, userId: recurringProfiles.userId })
    .from(recurringProfiles)
    .where(
      and(
        ne(recurringProfiles.status, "finished"),
        isNotNull(recurringProfiles.nextDate),
        lte(recurringProfiles.nextDate, latestDate),
      ),
    )
    .orderBy(asc(recurringProfiles.nextDate));
}

/** Claims a period: false when it was already handled (by this or another server). */
export async function claimRecurringRun(db: Db, run: typeof recurringRuns.$inferInsert): Promise<boolean> {
  const rows = await db
    .insert(recurringRuns)
    .values(run)
    .onConflictDoNothing()
    .returning({ i: recurringRuns.periodIndex });
  return rows.length === 1;
}

export async function listRecurringRuns(
  db: Db,
  userId: string,
  profileId: string,
): Promise<RecurringRunRow[]> {
  // The invoice's number as it is now: a draft made by a run takes its series number when it is
  // issued (decision 0056). A deleted invoice's run keeps the number it was made with.
  return db
    .select({
      ...getTableColumns(recurringRuns),
      invoiceNumber: sql<string | null>`coalesce(${invoices.invoiceNumber}, ${recurringRuns.invoiceNumber})`,
    })
    .from(recurringRuns)
    .leftJoin(invoices, and(eq(invoices.id, recurringRuns.invoiceId), eq(invoices.userId, userId)))
    .where(and(eq(recurringRuns.profileId, profileId), eq(recurringRuns.userId, userId)))
    .orderBy(asc(recurringRuns.periodIndex));
}

/** How many runs each of the user's profiles has, for the list. */
export async function countRuns(db: Db, userId: string) {
  return db
    .select({
      profileId: recurringRuns.profileId,
      created: sql<number>`count(*) filter (where outcome = 'created')`.mapWith(Number),
    })
    .from(recurringRuns)
    .where(eq(recurringRuns.userId, userId))
    .groupBy(recurringRuns.profileId);
}

/** Marks the invoice as made by the profile, and the period's run with the invoice. */
export async function linkInvoiceToProfile(
  tx: Db,
  p: { userId: string; invoiceId: string; invoiceNumber: string; profileId: string; periodIndex: number },
): Promise<void> {
  await tx
    .update(invoices)
    .set({ recurringProfileId: p.profileId })
    .where(and(eq(invoices.id, p.invoiceId), eq(invoices.userId, p.userId)));
  await tx
    .update(recurringRuns)
    .set({ invoiceId: p.invoiceId, invoiceNumber: p.invoiceNumber })
    .where(and(eq(recurringRuns.profileId, p.profileId), eq(recurringRuns.periodIndex, p.periodIndex)));
}
