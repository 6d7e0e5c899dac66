import { and, asc, desc, eq, gte, lte, type SQL, sql } from "drizzle-orm";
import type { PageCount } from "#contract/common";
import { INVOICE_SORTS } from "#contract/invoices";
import { gstNumberKeyOf } from "#domain/gst-invoice-checks";
import type { InvoiceDocument } from "#domain/invoice";
import type { DisplayStatus, StoredStatus } from "#domain/status";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { clients, invoiceDueBalances, invoiceMonthTotals, invoices } from "../schema";
import { clientDetailColumns } from "./clients";
import { applyInvoiceTotals, type InvoiceContribution } from "./invoice-totals";
import { type FindOwned, ownedValuesAmong } from "./owned";
import { containsPattern, type PageParams, type PageShape, pageOf, unseenPlaceholder } from "./paging";
import {
  displayStatusWhere,
  dueBalanceStatusColumns,
  invoiceStatusColumns,
  isWholeStoredStatus,
  storedStatusesShowing,
} from "./status";

// Invoice rows. Every function takes the owner's id and filters by it in the WHERE clause.
// Every write keeps the dashboard's totals (./invoice-totals.ts) in the same transaction.

export interface InvoiceSummaryRow {
  id: string;
  invoiceNumber: string;
  status: StoredStatus;
  clientId: string | null;
  clientName: string;
  currency: string;
  totalMinor: number;
  invoiceDate: string;
  dueDate: string | null;
  paymentDate: string | null;
  /** What its payments add up to (invoice_payments). */
  amountPaidMinor: number;
  /** Payments the client reported that wait for the owner to confirm or dismiss. */
  openReports: number;
  createdAt: Date;
  updatedAt: Date;
}

export interface InvoiceRow extends InvoiceSummaryRow {
  invoiceData: InvoiceDocument;
}

/** The stored document with the status columns, which every list and figure goes by. */
export function storedInvoiceDocument(row: InvoiceRow): InvoiceDocument & { status: InvoiceRow["status"] } {
  return { ...row.invoiceData, status: row.status, paymentDate: row.paymentDate };
}

export const summaryColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  status: invoices.status,
  clientId: invoices.clientId,
  clientName: invoices.clientName,
  currency: invoices.currency,
  totalMinor: invoices.totalMinor,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  paymentDate: invoices.paymentDate,
  amountPaidMinor: invoices.amountPaidMinor,
  openReports: invoices.openReports,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
};

export const fullColumns = { ...summaryColumns, invoiceData: invoices.invoiceData };

/** What an invoice adds to the dashboard's totals. */
const contributionColumns = {
  currency: invoices.currency,
  status: invoices.status,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  totalMinor: invoices.totalMinor,
  amountPaidMinor: invoices.amountPaidMinor,
};

/** The columns are copies of the document's fields, for lists and reports. */
export function columnsOf(document: InvoiceDocument) {
  return {
    invoiceNumber: document.invoiceNumber,
    clientId: document.clientId,
    clientName: document.clientName,
    totalMinor: document.totals.totalMinor,
    currency: document.currency,
    status: document.status,
    invoiceDate: document.invoiceDate,
    dueDate: document.dueDate,
    paymentDate: document.paymentDate,
    numberKey: gstNumberKeyOf(document),
    invoiceData: document,
    inrTotalMinor: document.inrTotals?.totalMinor ?? null,
  };
}

export const findInvoice: FindOwned<InvoiceRow | null> = async (db, businessId, id, opts = {}) => {
  // Locking the row makes concurrent changes of one invoice take turns, so each sees the stock
  // the other left behind.
  const [row] = await (opts.forUpdate ? invoiceByIdForUpdate : invoiceById)(db).execute({ id, businessId });
  return (row as InvoiceRow | undefined) ?? null;
};

const invoiceByIdQuery = (db: Db) =>
  db
    .select(fullColumns)
    .from(invoices)
    .where(
      and(eq(invoices.id, sql.placeholder("id")), eq(invoices.businessId, sql.placeholder("businessId"))),
    );
const invoiceById = preparedPerDb((db) => invoiceByIdQuery(db).prepare("invoice_by_id"));
const invoiceByIdForUpdate = preparedPerDb((db) =>
  invoiceByIdQuery(db).for("update").prepare("invoice_by_id_for_update"),
);

export async function insertInvoice(
  tx: Db,
  businessId: string,
  id: string,
  document: InvoiceDocument,
  amountPaidMinor = 0,
): Promise<InvoiceRow> {
  const [row] = await tx
    .insert(invoices)
    .values({ id, businessId, ...columnsOf(document), amountPaidMinor })
    .returning(fullColumns);
  await applyInvoiceTotals(tx, businessId, null, row as InvoiceRow);
  return row as InvoiceRow;
}

export async function updateInvoiceRow(
  tx: Db,
  businessId: string,
  id: string,
  document: InvoiceDocument,
  amountPaidMinor?: number,
): Promise<InvoiceRow> {
  const [before] = await tx
    .select(contributionColumns)
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.businessId, businessId)))
    .for("update");
  const [row] = await tx
    .update(invoices)
    .set({
      ...columnsOf(document),
      ...(amountPaidMinor === undefined ? {} : { amountPaidMinor }),
      updatedAt: new Date(),
    })
    .where(and(eq(invoices.id, id), eq(invoices.businessId, businessId)))
    .returning(fullColumns);
  if (row) await applyInvoiceTotals(tx, businessId, before as InvoiceContribution, row as InvoiceRow);
  return row as InvoiceRow;
}

export async function deleteInvoiceRow(tx: Db, businessId: string, id: string): Promise<void> {
  const [before] = await tx
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.businessId, businessId)))
    .returning(contributionColumns);
  if (before) await applyInvoiceTotals(tx, businessId, before as InvoiceContribution, null);
}

/** Which of these invoice numbers this user already has (to pick a free one). */
export function usedInvoiceNumbers(db: Db, businessId: string, numbers: string[]): Promise<Set<string>> {
  return ownedValuesAmong(db, invoices, invoices.invoiceNumber, businessId, numbers);
}

export async function findOwnClient(db: Db, businessId: string, clientId: string) {
  const [row] = await db
    .select(clientDetailColumns)
    .from(clients)
    .where(and(eq(clients.id, clientId), eq(clients.businessId, businessId)));
  return row ?? null;
}

// ---- lists ----

export { INVOICE_SORTS };
export type InvoiceSort = (typeof INVOICE_SORTS)[number];

export interface InvoiceFilter {
  status?: DisplayStatus;
  search?: string;
  from?: string;
  to?: string;
}

/**
 * A display status as SQL, from the status rule's table (#domain/status, ./status.ts). Values
 * may be placeholders (the list's prepared statements) or plain values; the statuses that are one
 * stored status whole (draft, paid, cancelled) compare the stored status with `value`, so they
 * share one statement.
 */
export function displayStatusIs(status: DisplayStatus, today: string, value: string = status): SQL {
  return displayStatusWhere(
    status,
    today,
    invoiceStatusColumns,
    isWholeStoredStatus(status) ? value : undefined,
  );
}

/** The values of a list's filters, by the names its prepared statements give their placeholders. */
function filterValues(businessId: string, filter: InvoiceFilter, today: string): Record<string, unknown> {
  const search = filter.search?.trim();
  return {
    businessId,
    today,
    status: filter.status,
    from: filter.from,
    to: filter.to,
    pattern: search ? containsPattern(search) : undefined,
  };
}

/**
 * The list's filters as SQL; `value` gives each named value, as itself or as a placeholder (the
 * list's prepared statements).
 */
function whereOf(filter: InvoiceFilter, value: (name: string) => unknown): SQL {
  const v = value as (name: string) => string;
  const conditions: SQL[] = [eq(invoices.businessId, v("businessId"))];
  if (filter.status) conditions.push(displayStatusIs(filter.status, v("today"), v("status")));
  if (filter.from) conditions.push(gte(invoices.invoiceDate, v("from")));
  if (filter.to) conditions.push(lte(invoices.invoiceDate, v("to")));
  // The number or the client's name contains the term, ignoring case: one LIKE on the search key
  // (both, lower-cased by PostgreSQL) with the pattern lower-cased by the same lower().
  if (filter.search?.trim()) conditions.push(sql`${invoices.searchKey} like lower(${v("pattern")})`);
  return and(...conditions)!;
}

function orderOf(sort: InvoiceSort): SQL[] {
  switch (sort) {
    case "date_asc":
      return [asc(invoices.invoiceDate), asc(invoices.createdAt), asc(invoices.id)];
    case "number_asc":
      return [asc(invoices.invoiceNumber)];
    case "number_desc":
      return [desc(invoices.invoiceNumber)];
    case "amount_desc":
      return [desc(invoices.totalMinor), desc(invoices.invoiceDate), desc(invoices.id)];
    case "amount_asc":
      return [asc(invoices.totalMinor), asc(invoices.invoiceDate), asc(invoices.id)];
    case "due_asc":
      return [sql`${invoices.dueDate} asc nulls last`, asc(invoices.invoiceDate), asc(invoices.id)];
    default:
      return [desc(invoices.invoiceDate), desc(invoices.createdAt), desc(invoices.id)];
  }
}

/**
 * How many invoices show a display status, as kept in the same transaction as every invoice
 * change (invoice-totals.ts), with the list's placeholders: the statuses of due invoices from the
 * due balances (per due date, 'infinity' for none, and paid > 0) read by the status rule's SQL,
 * draft, paid and cancelled from the month totals.
 */
function keptStatusTotal(status: DisplayStatus): SQL | undefined {
  const businessId = sql.placeholder("businessId");
  const stored = storedStatusesShowing(status);
  if (stored.length === 1 && stored[0] === "due") {
    return sql`select sum(${invoiceDueBalances.count}) from ${invoiceDueBalances} where ${invoiceDueBalances.businessId} = ${businessId} and ${displayStatusWhere(status, sql`${sql.placeholder("today")}::date`, dueBalanceStatusColumns)}`;
  }
  if (!isWholeStoredStatus(status)) return undefined;
  return sql`select sum(${invoiceMonthTotals.count}) from ${invoiceMonthTotals} where ${invoiceMonthTotals.businessId} = ${businessId} and ${invoiceMonthTotals.status} = ${sql.placeholder("status")}`;
}

/** The orders by date page by cursor too (paging.ts); the others by number only. */
function keysetOf(sort: InvoiceSort): PageShape["keyset"] {
  if (sort !== "date_desc" && sort !== "date_asc") return undefined;
  return {
    direction: sort === "date_asc" ? "asc" : "desc",
    keys: [
      { sql: invoices.invoiceDate, type: "date" },
      { sql: invoices.createdAt, type: "timestamptz" },
      { sql: invoices.id, type: "text" },
    ],
  };
}

/**
 * One page of the user's invoices and how many match (counted up to COUNT_LIMIT): one prepared
 * statement per sort and set of filters (paging.ts). The deferred join walks only the index
 * (invoices_business_date_idx holds the default order), then reads only the page's rows.
 */
export async function listInvoices(
  db: Db,
  businessId: string,
  params: InvoiceFilter & PageParams & { sort: InvoiceSort; today: string },
): Promise<{ rows: InvoiceSummaryRow[]; nextCursor: string | null } & PageCount> {
  const search = Boolean(params.search?.trim());
  // Due, overdue and partly paid (the invoices awaiting payment) each have SQL of their own; the
  // other statuses (one stored status whole) compare one value.
  const awaitingPayment = params.status !== undefined && !isWholeStoredStatus(params.status);
  const statusShape = awaitingPayment ? params.status : Boolean(params.status);
  const statusOnly = Boolean(params.status) && !search && !params.from && !params.to;
  // The invoices awaiting payment, alone: their own index (invoices_business_due_idx) walks them and
  // nothing else whatever the user and day, so the statement is planned once (decision 0042).
  // Draft, paid and cancelled stay planned per request: a generic plan would walk every invoice
  // for a user with few of them.
  const plannedOnce = statusOnly && awaitingPayment;
  const key = `invoices:${params.sort}:${statusShape}:${Boolean(params.from)}:${Boolean(params.to)}:${search}`;
  return pageOf<InvoiceSummaryRow>(
    db,
    key,
    () => ({
      table: invoices,
      columns: summaryColumns,
      // Planned once, the user and the day are hidden from the planner: seeing a user with many
      // invoices, or today's date against the due dates, made each request's own plan look cheaper.
      where: whereOf(
        params,
        plannedOnce ? (name) => unseenPlaceholder(name, name === "today" ? "date" : "text") : sql.placeholder,
      ),
      order: orderOf(params.sort),
      keyset: keysetOf(params.sort),
      countedIn: params.status || search || params.from || params.to ? undefined : "invoices",
      keptTotal: statusOnly ? keptStatusTotal(params.status!) : undefined,
      plannedOnce,
      // In date order the overdue page is the walk's first rows; in another it would read them all.
      readStraight: plannedOnce && params.status === "overdue" && keysetOf(params.sort) !== undefined,
    }),
    filterValues(businessId, params, params.today),
    params,
    search,
  );
}

export interface InvoiceExportRow extends InvoiceSummaryRow {
  subtotalMinor: number;
  discountMinor: number;
  taxMinor: number;
  roundOffMinor: number;
}

/** Every matching invoice with the totals an accountant needs, in the list's order. */
export async function listInvoicesForExport(
  db: Db,
  businessId: string,
  params: InvoiceFilter & { sort: InvoiceSort; today: string },
): Promise<InvoiceExportRow[]> {
  const total = (field: string) =>
    sql<number>`coalesce((${invoices.invoiceData}->'totals'->>${field})::bigint, 0)`.mapWith(Number);
  const values = filterValues(businessId, params, params.today);
  const rows = await db
    .select({
      ...summaryColumns,
      subtotalMinor: total("subtotalMinor"),
      discountMinor: total("discountMinor"),
      taxMinor: total("taxMinor"),
      roundOffMinor: total("roundOffMinor"),
    })
    .from(invoices)
    .where(whereOf(params, (name) => values[name]))
    .orderBy(...orderOf(params.sort));
  return rows as InvoiceExportRow[];
}
