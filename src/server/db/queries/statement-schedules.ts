import { and, asc, eq, ne } from "drizzle-orm";
import type { Db } from "../client";
import { clients, statementRuns, statementSchedules } from "../schema";

// The monthly statements' switch per business and the months sent per client (decision 0081).

export async function readStatementSchedule(db: Db, businessId: string) {
  const [row] = await db
    .select({ enabled: statementSchedules.enabled, enabledAt: statementSchedules.enabledAt })
    .from(statementSchedules)
    .where(eq(statementSchedules.businessId, businessId));
  return row ?? { enabled: false, enabledAt: null };
}

/** Switches them on or off; `enabledAt` moves only when they are switched on from off. */
export async function saveStatementSchedule(db: Db, businessId: string, enabled: boolean, at: Date) {
  const before = await readStatementSchedule(db, businessId);
  const enabledAt = enabled ? (before.enabled ? before.enabledAt : at) : before.enabledAt;
  await db
    .insert(statementSchedules)
    .values({ businessId, enabled, enabledAt, updatedAt: at })
    .onConflictDoUpdate({
      target: statementSchedules.businessId,
      set: { enabled, enabledAt, updatedAt: at },
    });
  return { enabled, enabledAt };
}

export async function enabledStatementSchedules(db: Db) {
  return db
    .select({
      businessId: statementSchedules.businessId,
      enabledAt: statementSchedules.enabledAt,
      doneMonth: statementSchedules.doneMonth,
    })
    .from(statementSchedules)
    .where(eq(statementSchedules.enabled, true));
}

/** Every client's statement of the month went out (or was not due): the job skips the month. */
export async function markStatementMonthDone(db: Db, businessId: string, month: string) {
  await db
    .update(statementSchedules)
    .set({ doneMonth: month })
    .where(eq(statementSchedules.businessId, businessId));
}

/** The business's clients that have an e-mail address. */
export async function clientsWithEmail(db: Db, businessId: string) {
  return db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(eq(clients.businessId, businessId), ne(clients.email, "")))
    .orderBy(asc(clients.id));
}

/** Claims the client's month; false when it was already sent (or is being sent elsewhere). */
export async function claimStatementRun(db: Db, r: { businessId: string; clientId: string; month: string }) {
  const rows = await db
    .insert(statementRuns)
    .values(r)
    .onConflictDoNothing()
    .returning({ month: statementRuns.month });
  return rows.length === 1;
}

/** Gives the month back (its mail could not be queued), so the next run tries again. */
export async function releaseStatementRun(db: Db, r: { clientId: string; month: string }) {
  await db
    .delete(statementRuns)
    .where(and(eq(statementRuns.clientId, r.clientId), eq(statementRuns.month, r.month)));
}
