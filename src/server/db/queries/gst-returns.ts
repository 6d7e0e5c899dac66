import { and, asc, eq, gte, lte, ne, sql } from "drizzle-orm";
import { DRAFT_NUMBER_PATTERN } from "#domain/document-number";
import type { InvoiceDocument } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import type { Db } from "../client";
import { invoices } from "../schema";

// What the GST returns read: a month's issued invoices of one user, by invoice date. The WHERE
// (user, date range) walks invoices_business_date_idx; drafts are not issued and never read, nor is a
// draft cancelled before it was issued (still on its provisional number: decision 0056).

export interface ReturnInvoiceRow {
  id: string;
  invoiceNumber: string;
  status: StoredStatus;
  invoiceDate: string;
  currency: string;
  invoiceData: InvoiceDocument;
}

/** The user's issued (and cancelled) invoices dated from `from` to `to`, both "YYYY-MM-DD", oldest first. */
export async function listIssuedInvoicesBetween(
  db: Db,
  businessId: string,
  range: { from: string; to: string },
): Promise<ReturnInvoiceRow[]> {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      status: invoices.status,
      invoiceDate: invoices.invoiceDate,
      currency: invoices.currency,
      invoiceData: invoices.invoiceData,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, businessId),
        gte(invoices.invoiceDate, range.from),
        lte(invoices.invoiceDate, range.to),
        ne(invoices.status, "draft"),
        sql`${invoices.invoiceNumber} !~ ${DRAFT_NUMBER_PATTERN}`,
      ),
    )
    .orderBy(asc(invoices.invoiceDate), asc(invoices.invoiceNumber));
  return rows as ReturnInvoiceRow[];
}
