import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoices, paymentReports } from "../schema";
import { fullColumns, type InvoiceRow } from "./invoices";
import { insertRow, ownedRowIs, rowsOfInvoice } from "./owned";

// The public invoice page (/i/<token>) and the clients' "I have paid" reports.

export type PaymentReportRow = typeof paymentReports.$inferSelect;

const publicColumns = { ...fullColumns, businessId: invoices.businessId };

export type PublicInvoiceRow = InvoiceRow & { businessId: string };

/** The invoice a public link names (the token alone: whoever holds the link may see it). */
export async function findInvoiceByPublicToken(db: Db, token: string): Promise<PublicInvoiceRow | undefined> {
  const [row] = await db.select(publicColumns).from(invoices).where(eq(invoices.publicToken, token));
  return row as PublicInvoiceRow | undefined;
}

/** What the business reads of an invoice's public link (read, and answered when a new token is set). */
const publicLinkColumns = {
  status: invoices.status,
  token: invoices.publicToken,
  views: invoices.publicViews,
  firstViewedAt: invoices.publicFirstViewedAt,
  remindersOff: invoices.remindersOff,
};

export async function readPublicLink(
  db: Db,
  businessId: string,
  invoiceId: string,
  opts: { forUpdate?: boolean } = {},
) {
  const query = db
    .select(publicLinkColumns)
    .from(invoices)
    .where(ownedRowIs(invoices, businessId, invoiceId));
  const [row] = await (opts.forUpdate ? query.for("update") : query);
  return row;
}

/** Gives the invoice this token (a new one revokes the old); undefined when it is not the user's. */
export async function setPublicToken(db: Db, businessId: string, invoiceId: string, token: string) {
  const [row] = await db
    .update(invoices)
    .set({ publicToken: token })
    .where(ownedRowIs(invoices, businessId, invoiceId))
    .returning(publicLinkColumns);
  return row;
}

/** One more view; the first one is dated. */
export async function countPublicView(db: Db, invoiceId: string, at: Date): Promise<void> {
  await db
    .update(invoices)
    .set({
      publicViews: sql`${invoices.publicViews} + 1`,
      publicFirstViewedAt: sql`coalesce(${invoices.publicFirstViewedAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(invoices.id, invoiceId));
}

/**
 * Keeps the report and counts it on its invoice (the list's "payment reported" marker), together,
 * unless the invoice already has `max` reports since `since`: undefined then. The invoice's row is
 * locked first, so concurrent reports take turns and each counts the ones before it.
 */
export async function insertPaymentReport(
  db: Db,
  report: typeof paymentReports.$inferInsert,
  limit: { max: number; since: Date },
): Promise<PaymentReportRow | undefined> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.id, report.invoiceId), eq(invoices.businessId, report.businessId)))
      .for("no key update");
    const [counted] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(paymentReports)
      .where(
        and(eq(paymentReports.invoiceId, report.invoiceId), gte(paymentReports.reportedAt, limit.since)),
      );
    if ((counted?.n ?? 0) >= limit.max) return undefined;
    const row = await insertRow(tx, paymentReports, report);
    await tx
      .update(invoices)
      .set({ openReports: sql`${invoices.openReports} + 1` })
      .where(and(eq(invoices.id, report.invoiceId), eq(invoices.businessId, report.businessId)));
    return row;
  });
}

export function listPaymentReports(
  db: Db,
  businessId: string,
  invoiceId: string,
): Promise<PaymentReportRow[]> {
  return rowsOfInvoice(db, paymentReports, { businessId, invoiceId }, [desc(paymentReports.reportedAt)]);
}

/** Confirms or dismisses an open report of the user's invoice; undefined when there is none. */
export async function resolvePaymentReport(
  tx: Db,
  p: { businessId: string; invoiceId: string; id: string; status: "confirmed" | "dismissed" },
): Promise<PaymentReportRow | undefined> {
  const [row] = await tx
    .update(paymentReports)
    .set({ status: p.status, resolvedAt: new Date() })
    .where(
      and(
        eq(paymentReports.id, p.id),
        eq(paymentReports.invoiceId, p.invoiceId),
        eq(paymentReports.businessId, p.businessId),
        eq(paymentReports.status, "open"),
      ),
    )
    .returning();
  if (row) {
    await tx
      .update(invoices)
      .set({ openReports: sql`greatest(${invoices.openReports} - 1, 0)` })
      .where(and(eq(invoices.id, p.invoiceId), eq(invoices.businessId, p.businessId)));
  }
  return row;
}
