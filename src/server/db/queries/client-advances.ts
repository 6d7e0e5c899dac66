import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clientAdvances, clients, invoicePayments } from "../schema";

// Client advances (decision 0092). Every function names the owner in its WHERE clause.

export type AdvanceRow = typeof clientAdvances.$inferSelect;
export type NewAdvance = typeof clientAdvances.$inferInsert;

/** Sums of the payments applied from each of these advances, by advance id. */
export async function appliedByAdvance(
  db: Db,
  businessId: string,
  ids: string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      advanceId: invoicePayments.advanceId,
      applied: sql<string>`sum(${invoicePayments.amountMinor})`,
    })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.businessId, businessId), inArray(invoicePayments.advanceId, ids)))
    .groupBy(invoicePayments.advanceId);
  return new Map(rows.map((r) => [r.advanceId!, Number(r.applied)]));
}

export async function findClientName(db: Db, businessId: string, clientId: string) {
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId)));
  return row;
}

/** The client's advances (of one currency when given), oldest first. */
export function listAdvances(db: Db, businessId: string, clientId: string, currency?: string) {
  return db
    .select()
    .from(clientAdvances)
    .where(
      and(
        eq(clientAdvances.businessId, businessId),
        eq(clientAdvances.clientId, clientId),
        currency ? eq(clientAdvances.currency, currency) : undefined,
      ),
    )
    .orderBy(asc(clientAdvances.receivedOn), asc(clientAdvances.createdAt));
}

export async function insertAdvance(tx: Db, row: NewAdvance): Promise<AdvanceRow> {
  const [inserted] = await tx.insert(clientAdvances).values(row).returning();
  return inserted!;
}

/** The advance, locked until the transaction ends. */
export async function findAdvanceForUpdate(tx: Db, businessId: string, advanceId: string) {
  const [row] = await tx
    .select()
    .from(clientAdvances)
    .where(and(eq(clientAdvances.id, advanceId), eq(clientAdvances.businessId, businessId)))
    .for("update");
  return row;
}

export async function deleteAdvanceRow(tx: Db, businessId: string, advanceId: string): Promise<void> {
  await tx
    .delete(clientAdvances)
    .where(and(eq(clientAdvances.id, advanceId), eq(clientAdvances.businessId, businessId)));
}
