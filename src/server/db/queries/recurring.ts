import { and, asc, desc, eq, getTableColumns, isNotNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoices, recurringProfiles, recurringRuns } from "../schema";
import {
  deleteOwnedRow,
  type FindOwned,
  findOwnedRow,
  insertIfAbsent,
  insertRow,
  rowsOfBusiness,
  updateOwnedRow,
} from "./owned";

// Recurring profiles and the periods they handled. Every function names the owner, except the
// job's scan for due profiles, which reads every user's.

export type RecurringProfileRow = typeof recurringProfiles.$inferSelect;
export type NewRecurringProfile = typeof recurringProfiles.$inferInsert;
export type RecurringRunRow = typeof recurringRuns.$inferSelect;

export function insertRecurringProfile(db: Db, row: NewRecurringProfile): Promise<RecurringProfileRow> {
  return insertRow(db, recurringProfiles, row);
}

export function listRecurringProfiles(db: Db, businessId: string): Promise<RecurringProfileRow[]> {
  return rowsOfBusiness(db, recurringProfiles, businessId, [desc(recurringProfiles.createdAt)]);
}

export const findRecurringProfile: FindOwned<RecurringProfileRow | undefined> = (db, businessId, id, opts) =>
  findOwnedRow(db, recurringProfiles, businessId, id, opts);

export function updateRecurringProfile(
  db: Db,
  businessId: string,
  id: string,
  fields: Partial<Omit<RecurringProfileRow, "id" | "businessId" | "createdAt">>,
): Promise<RecurringProfileRow | undefined> {
  return updateOwnedRow(db, recurringProfiles, businessId, id, { ...fields, updatedAt: new Date() });
}

export function deleteRecurringProfile(db: Db, businessId: string, id: string): Promise<boolean> {
  return deleteOwnedRow(db, recurringProfiles, businessId, id);
}

/**
 * Profiles that may have a period due by `latestDate` (a day past UTC's today covers every time
 * zone), with their owners: the job checks each against the owner's own today.
 */
export async function profilesDueBy(
  db: Db,
  latestDate: string,
): Promise<{ id: string; businessId: string }[]> {
  return db
    .select({ id: recurringProfiles.id, businessId: recurringProfiles.businessId })
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
export function claimRecurringRun(db: Db, run: typeof recurringRuns.$inferInsert): Promise<boolean> {
  return insertIfAbsent(db, recurringRuns, run);
}

export async function listRecurringRuns(
  db: Db,
  businessId: string,
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
    .leftJoin(invoices, and(eq(invoices.id, recurringRuns.invoiceId), eq(invoices.businessId, businessId)))
    .where(and(eq(recurringRuns.profileId, profileId), eq(recurringRuns.businessId, businessId)))
    .orderBy(asc(recurringRuns.periodIndex));
}

/** How many runs each of the user's profiles has, for the list. */
export async function countRuns(db: Db, businessId: string) {
  return db
    .select({
      profileId: recurringRuns.profileId,
      created: sql<number>`count(*) filter (where outcome = 'created')`.mapWith(Number),
    })
    .from(recurringRuns)
    .where(eq(recurringRuns.businessId, businessId))
    .groupBy(recurringRuns.profileId);
}

/** Marks the invoice as made by the profile, and the period's run with the invoice. */
export async function linkInvoiceToProfile(
  tx: Db,
  p: { businessId: string; invoiceId: string; invoiceNumber: string; profileId: string; periodIndex: number },
): Promise<void> {
  await tx
    .update(invoices)
    .set({ recurringProfileId: p.profileId })
    .where(and(eq(invoices.id, p.invoiceId), eq(invoices.businessId, p.businessId)));
  await tx
    .update(recurringRuns)
    .set({ invoiceId: p.invoiceId, invoiceNumber: p.invoiceNumber })
    .where(and(eq(recurringRuns.profileId, p.profileId), eq(recurringRuns.periodIndex, p.periodIndex)));
}
