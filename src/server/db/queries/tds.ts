import { and, asc, eq, gt, gte, lte, sql } from "drizzle-orm";
import type { TdsLine } from "#domain/tds";
import type { Db } from "../client";
import { clients, invoicePayments, invoices } from "../schema";

// TDS deducted by clients (decision 0088). Every function names the business in its WHERE clause.

/** A report line as stored: the PAN is read from the GSTIN by the service. */
export type TdsPaymentRow = Omit<TdsLine, "pan"> & {
  /** The saved client's GSTIN, else the one the invoice printed. */
  gstin: string;
};

/** The business's payments with TDS dated in [from, to], oldest first. */
export function tdsPayments(db: Db, businessId: string, from: string, to: string): Promise<TdsPaymentRow[]> {
  return db
    .select({
      paymentId: invoicePayments.id,
      invoiceId: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      clientId: invoices.clientId,
      clientName: invoices.clientName,
      gstin: sql<string>`coalesce(nullif(${clients.gstin}, ''), ${invoices.invoiceData}->'client'->>'gstin', '')`,
      paidOn: invoicePayments.paidOn,
      amountMinor: invoicePayments.amountMinor,
      tdsMinor: invoicePayments.tdsMinor,
      tdsSection: invoicePayments.tdsSection,
      tdsRateBp: invoicePayments.tdsRateBp,
      seenIn26as: invoicePayments.tdsSeenIn26as,
    })
    .from(invoicePayments)
    .innerJoin(
      invoices,
      and(eq(invoices.id, invoicePayments.invoiceId), eq(invoices.businessId, invoicePayments.businessId)),
    )
    .leftJoin(clients, and(eq(clients.id, invoices.clientId), eq(clients.businessId, invoices.businessId)))
    .where(
      and(
        eq(invoicePayments.businessId, businessId),
        gt(invoicePayments.tdsMinor, 0),
        gte(invoicePayments.paidOn, from),
        lte(invoicePayments.paidOn, to),
      ),
    )
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt), asc(invoicePayments.id));
}

/** TDS not yet ticked as seen in Form 26AS, all dates: the dashboard's "TDS receivable". */
export async function tdsReceivable(
  db: Db,
  businessId: string,
): Promise<{ amountMinor: number; count: number }> {
  const [row] = await db
    .select({
      amountMinor: sql<number>`coalesce(sum(${invoicePayments.tdsMinor}), 0)`.mapWith(Number),
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.businessId, businessId),
        gt(invoicePayments.tdsMinor, 0),
        eq(invoicePayments.tdsSeenIn26as, false),
      ),
    );
  return row ?? { amountMinor: 0, count: 0 };
}

/** Ticks (or unticks) "seen in 26AS" on the business's payment with TDS; undefined when there is none. */
export async function markTdsSeen(
  db: Db,
  businessId: string,
  paymentId: string,
  seen: boolean,
): Promise<{ id: string; invoiceId: string; invoiceNumber: string; tdsMinor: number } | undefined> {
  const [row] = await db
    .update(invoicePayments)
    .set({ tdsSeenIn26as: seen, updatedAt: new Date() })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.businessId, businessId),
        gt(invoicePayments.tdsMinor, 0),
      ),
    )
    .returning({
      id: invoicePayments.id,
      invoiceId: invoicePayments.invoiceId,
      tdsMinor: invoicePayments.tdsMinor,
    });
  if (!row) return undefined;
  const [invoice] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.id, row.invoiceId), eq(invoices.businessId, businessId)));
  return { ...row, invoiceNumber: invoice?.invoiceNumber ?? "" };
}
