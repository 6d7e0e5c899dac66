import { and, asc, between, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import type { Db } from "../client";
import { clientAdvances, clients, invoicePayments } from "../schema";
import { deleteOwnedRow, findOwnedRow, ownedRowIs, rowsOfBusiness } from "./owned";

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
    .select({
      id: clients.id,
      name: clients.name,
      gstin: clients.gstin,
      billingAddress: clients.billingAddress,
      shippingAddress: clients.shippingAddress,
    })
    .from(clients)
    .where(ownedRowIs(clients, businessId, clientId));
  return row;
}

/** The client's advances (of one currency when given), oldest first. */
export function listAdvances(db: Db, businessId: string, clientId: string, currency?: string) {
  const ofClient = and(
    eq(clientAdvances.clientId, clientId),
    currency ? eq(clientAdvances.currency, currency) : undefined,
  );
  const oldestFirst = [asc(clientAdvances.receivedOn), asc(clientAdvances.createdAt)];
  return rowsOfBusiness(db, clientAdvances, businessId, oldestFirst, ofClient);
}

export async function insertAdvance(tx: Db, row: NewAdvance): Promise<AdvanceRow> {
  const [inserted] = await tx.insert(clientAdvances).values(row).returning();
  return inserted!;
}

/** The advance, locked until the transaction ends. */
export function findAdvanceForUpdate(tx: Db, businessId: string, advanceId: string) {
  return findOwnedRow(tx, clientAdvances, businessId, advanceId, { forUpdate: true });
}

export async function deleteAdvanceRow(tx: Db, businessId: string, advanceId: string): Promise<void> {
  await deleteOwnedRow(tx, clientAdvances, businessId, advanceId);
}

/**
 * GSTR-1 of a month (decision 0098): the business's advances for services received in it or applied
 * to an invoice in it, each with its payments of the month (date and amount).
 */
export async function advancesForGstr1(db: Db, businessId: string, range: { from: string; to: string }) {
  const payments = await db
    .select({
      advanceId: invoicePayments.advanceId,
      paidOn: invoicePayments.paidOn,
      amountMinor: invoicePayments.amountMinor,
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.businessId, businessId),
        isNotNull(invoicePayments.advanceId),
        between(invoicePayments.paidOn, range.from, range.to),
      ),
    );
  const appliedIds = [...new Set(payments.map((p) => p.advanceId!))];
  const receivedInMonth = between(clientAdvances.receivedOn, range.from, range.to);
  const advances = await db
    .select()
    .from(clientAdvances)
    .where(
      and(
        eq(clientAdvances.businessId, businessId),
        isNotNull(clientAdvances.gstRatePercent),
        appliedIds.length > 0 ? or(receivedInMonth, inArray(clientAdvances.id, appliedIds)) : receivedInMonth,
      ),
    )
    .orderBy(asc(clientAdvances.receivedOn), asc(clientAdvances.createdAt));
  return advances.map((advance) => ({
    advance,
    applied: payments
      .filter((p) => p.advanceId === advance.id)
      .map((p) => ({ date: p.paidOn, amountMinor: Number(p.amountMinor) })),
  }));
}
