import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoicePayments, invoices } from "../schema";
import { insertRow, ofInvoice, rowsOfInvoice } from "./owned";

// Payments received against invoices. Every function names the owner in its WHERE clause.

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type NewInvoicePayment = typeof invoicePayments.$inferInsert;

export function listInvoicePayments(
  db: Db,
  businessId: string,
  invoiceId: string,
): Promise<InvoicePaymentRow[]> {
  return rowsOfInvoice(db, invoicePayments, { businessId, invoiceId }, [
    asc(invoicePayments.paidOn),
    asc(invoicePayments.createdAt),
  ]);
}

/** This payment of this invoice of this user. */
const onePayment = (p: { businessId: string; invoiceId: string; id: string }) =>
  and(
    eq(invoicePayments.id, p.id),
    eq(invoicePayments.invoiceId, p.invoiceId),
    eq(invoicePayments.businessId, p.businessId),
  );

export function insertInvoicePayment(tx: Db, payment: NewInvoicePayment): Promise<InvoicePaymentRow> {
  return insertRow(tx, invoicePayments, payment);
}

export async function updateInvoicePayment(
  tx: Db,
  p: { businessId: string; invoiceId: string; id: string },
  fields: Partial<
    Pick<
      InvoicePaymentRow,
      | "amountMinor"
      | "paidOn"
      | "method"
      | "reference"
      | "note"
      | "tdsMinor"
      | "tdsSection"
      | "tdsRateBp"
      | "tdsSeenIn26as"
      | "inrCreditedMinor"
      | "realisationRef"
    >
  >,
): Promise<InvoicePaymentRow | undefined> {
  const [row] = await tx
    .update(invoicePayments)
    .set({ ...fields, updatedAt: new Date() })
    .where(onePayment(p))
    .returning();
  return row;
}

export async function deleteInvoicePayment(
  tx: Db,
  p: { businessId: string; invoiceId: string; id: string },
): Promise<InvoicePaymentRow | undefined> {
  const [row] = await tx.delete(invoicePayments).where(onePayment(p)).returning();
  return row;
}

/** Removes the payments that marking the invoice paid made (reopening it takes them back). */
export async function deleteStatusPayments(tx: Db, businessId: string, invoiceId: string): Promise<void> {
  await tx
    .delete(invoicePayments)
    .where(ofInvoice(invoicePayments, { businessId, invoiceId }, eq(invoicePayments.source, "status")));
}

/** Received per currency in [from, to] (payment dates), for the dashboard; credit notes are not money received. */
export async function receivedBetween(
  db: Db,
  businessId: string,
  from: string,
  to: string,
): Promise<{ currency: string; amountMinor: number }[]> {
  return db
    .select({
      currency: invoices.currency,
      amountMinor: sql<number>`sum(${invoicePayments.amountMinor})`.mapWith(Number),
    })
    .from(invoicePayments)
    .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
    .where(
      and(
        eq(invoicePayments.businessId, businessId),
        // A credit note lowers the balance but brings no money in (decision 0037).
        ne(invoicePayments.source, "credit_note"),
        gte(invoicePayments.paidOn, from),
        lte(invoicePayments.paidOn, to),
      ),
    )
    .groupBy(invoices.currency);
}

/**
 * Imported invoices that are paid and came without payments (files made before the export carried
 * them) received their total on their payment date (or invoice date): one payment each, as
 * marking them paid would have made.
 */
export async function recordPaidInvoicesPayments(tx: Db, businessId: string): Promise<void> {
  await tx.execute(sql`
    insert into ${invoicePayments} (id, business_id, invoice_id, amount_minor, paid_on, method, note, source)
    select gen_random_uuid()::text, business_id, id, total_minor, coalesce(payment_date, invoice_date), 'other',
      'Marked as paid', 'status'
    from ${invoices}
    where business_id = ${businessId} and status = 'paid' and total_minor > 0 and amount_paid_minor = 0`);
  await tx.execute(sql`
    update ${invoices} set amount_paid_minor = total_minor
    where business_id = ${businessId} and status = 'paid' and total_minor > 0 and amount_paid_minor = 0`);
}
