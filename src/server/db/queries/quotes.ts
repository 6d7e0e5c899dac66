import { and, desc, eq, gte, isNotNull, lt, lte, ne, or, type SQL, sql } from "drizzle-orm";
import type { PageCount } from "#contract/common";
import type { ChallanReason, PreInvoiceKind, PreInvoiceStatus } from "#domain/document-kinds";
import type { InvoiceDocument } from "#domain/invoice";
import type { QuoteStatus, QuoteStoredStatus } from "#domain/quotes";
import type { Db } from "../client";
import { invoices, quotes } from "../schema";
import { deleteOwnedRow, type FindOwned, findOwnedRow } from "./owned";
import { containsPattern, type PageParams, pageOf } from "./paging";

// Quote, proforma and challan rows (one table, a kind per row: #domain/document-kinds); their
// activity is document-events.ts, their number series are document-numbers.ts. Every function takes the owner's id and
// filters by it, except the public page's lookup by token (the token alone is the key). A read by
// id names the kind, so a quote's route never reaches a challan. None touches the dashboard's
// totals or payments; stock moves for challans are the service's, through db/queries/stock.

/** A challan's consignee when the goods go to someone other than the client. */
export interface Consignee {
  name: string;
  gstin: string;
  address: string;
  stateCode: string;
}

export type PreInvoiceRow = typeof quotes.$inferSelect & {
  quoteData: InvoiceDocument;
  status: PreInvoiceStatus;
  kind: PreInvoiceKind;
  consignee: Consignee | null;
};
export type QuoteRow = PreInvoiceRow & { status: QuoteStoredStatus };
export type QuoteSummaryRow = Omit<PreInvoiceRow, "quoteData">;

/** The columns only some kinds have (a challan's reason and consignee). */
export interface KindColumns {
  challanReason: ChallanReason | null;
  consignee: Consignee | null;
}

/** The columns are copies of the document's fields, for lists. */
export function quoteColumnsOf(document: InvoiceDocument) {
  return {
    quoteNumber: document.invoiceNumber,
    clientId: document.clientId,
    clientName: document.clientName,
    totalMinor: document.totals.totalMinor,
    currency: document.currency,
    quoteDate: document.invoiceDate,
    validUntil: document.dueDate,
    quoteData: document,
  };
}

/** The user's document of `kind` with this id (locked for the transaction with `forUpdate`). */
export async function findKindDocument(
  db: Db,
  businessId: string,
  kind: PreInvoiceKind,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PreInvoiceRow | null> {
  const row = await findOwnedRow(db, quotes, businessId, id, { ...opts, also: eq(quotes.kind, kind) });
  return (row as PreInvoiceRow | undefined) ?? null;
}

export const findQuote: FindOwned<QuoteRow | null> = async (db, businessId, id, opts) =>
  (await findKindDocument(db, businessId, "quote", id, opts)) as QuoteRow | null;

export async function insertQuote(
  tx: Db,
  businessId: string,
  id: string,
  document: InvoiceDocument,
  kind: PreInvoiceKind = "quote",
  extra: KindColumns = { challanReason: null, consignee: null },
): Promise<PreInvoiceRow> {
  const [row] = await tx
    .insert(quotes)
    .values({ id, businessId, kind, status: "draft", ...quoteColumnsOf(document), ...extra })
    .returning();
  return row as PreInvoiceRow;
}

export async function updateQuoteDocument(
  tx: Db,
  businessId: string,
  id: string,
  document: InvoiceDocument,
  extra: KindColumns = { challanReason: null, consignee: null },
): Promise<PreInvoiceRow> {
  const [row] = await tx
    .update(quotes)
    .set({ ...quoteColumnsOf(document), ...extra, updatedAt: new Date() })
    .where(and(eq(quotes.id, id), eq(quotes.businessId, businessId)))
    .returning();
  return row as PreInvoiceRow;
}

/** Moves a document from one stored status to another: undefined when it is no longer in `from`. */
export async function changeQuoteStatus<R extends PreInvoiceRow = QuoteRow>(
  tx: Db,
  businessId: string,
  id: string,
  from: PreInvoiceStatus[],
  fields: Partial<typeof quotes.$inferInsert> & { status: R["status"] },
): Promise<R | undefined> {
  const [row] = await tx
    .update(quotes)
    .set({ ...fields, updatedAt: new Date() })
    .where(
      and(
        eq(quotes.id, id),
        eq(quotes.businessId, businessId),
        or(...from.map((status) => eq(quotes.status, status))),
      ),
    )
    .returning();
  return row as R | undefined;
}

export async function deleteQuoteRow(
  tx: Db,
  businessId: string,
  id: string,
  kind: PreInvoiceKind = "quote",
): Promise<boolean> {
  const deleted = await deleteOwnedRow(tx, quotes, businessId, id, eq(quotes.kind, kind));
  await tx
    .update(invoices)
    .set({ quoteId: null })
    .where(and(eq(invoices.businessId, businessId), eq(invoices.quoteId, id)));
  return deleted;
}

// ---- the public link ----

export async function findQuoteByPublicToken(db: Db, token: string): Promise<PreInvoiceRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.publicToken, token));
  return row as PreInvoiceRow | undefined;
}

/** Gives the quote this token (a new one revokes the old); undefined when it is not the user's. */
export async function setQuoteToken(db: Db, businessId: string, id: string, token: string, at: Date) {
  const [row] = await db
    .update(quotes)
    .set({ publicToken: token, publicTokenCreatedAt: at })
    .where(and(eq(quotes.id, id), eq(quotes.businessId, businessId)))
    .returning({ status: quotes.status, token: quotes.publicToken });
  return row;
}

// ---- the converted invoice ----

export async function linkInvoiceToQuote(tx: Db, businessId: string, invoiceId: string, quoteId: string) {
  await tx
    .update(invoices)
    .set({ quoteId })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)));
}

export async function invoiceNumberOf(db: Db, businessId: string, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)));
  return row?.invoiceNumber ?? null;
}

/** The quote an invoice came from; null when none; undefined when the invoice is not the user's. */
export async function sourceQuoteOf(db: Db, businessId: string, invoiceId: string) {
  const [row] = await db
    .select({
      quoteId: quotes.id,
      quoteNumber: quotes.quoteNumber,
      kind: quotes.kind,
      invoiceId: invoices.id,
    })
    .from(invoices)
    .leftJoin(quotes, and(eq(quotes.id, invoices.quoteId), eq(quotes.businessId, businessId)))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)));
  if (!row) return undefined;
  return row.quoteId && row.quoteNumber && row.kind === "quote"
    ? { id: row.quoteId, quoteNumber: row.quoteNumber }
    : null;
}

/**
 * The delivery challans converted into this invoice, back to "issued" and unlinked from it (its
 * cancelling releases them: decision 0067). Answers the challans released.
 */
export async function releaseConvertedChallans(
  tx: Db,
  businessId: string,
  invoiceId: string,
): Promise<PreInvoiceRow[]> {
  const rows = await tx
    .update(quotes)
    .set({ status: "issued", convertedInvoiceId: null, convertedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(quotes.businessId, businessId),
        eq(quotes.kind, "challan"),
        eq(quotes.status, "converted"),
        eq(quotes.convertedInvoiceId, invoiceId),
      ),
    )
    .returning();
  return rows as PreInvoiceRow[];
}

/**
 * Whether the invoice was made from delivery challans that its cancelling released (decision
 * 0067): its first challan no longer names it as the invoice it was converted into.
 */
export async function challansReleasedFrom(db: Db, businessId: string, invoiceId: string): Promise<boolean> {
  const [source] = await db
    .select({ kind: quotes.kind, convertedInvoiceId: quotes.convertedInvoiceId })
    .from(invoices)
    .innerJoin(quotes, and(eq(quotes.id, invoices.quoteId), eq(quotes.businessId, businessId)))
    .where(and(eq(invoices.businessId, businessId), eq(invoices.id, invoiceId)));
  return source?.kind === "challan" && source.convertedInvoiceId !== invoiceId;
}

/** Every quote, proforma or challan converted into this invoice (several challans make one). */
export async function sourceDocumentsOf(db: Db, businessId: string, invoiceId: string) {
  return db
    .select({ id: quotes.id, kind: quotes.kind, number: quotes.quoteNumber })
    .from(quotes)
    .where(and(eq(quotes.businessId, businessId), eq(quotes.convertedInvoiceId, invoiceId)))
    .orderBy(quotes.quoteNumber);
}

// ---- the list ----

export interface QuoteFilter {
  status?: QuoteStatus | PreInvoiceStatus;
  search?: string;
}

const summaryColumns = (() => {
  const { quoteData: _, ...rest } = {
    id: quotes.id,
    businessId: quotes.businessId,
    kind: quotes.kind,
    quoteNumber: quotes.quoteNumber,
    clientId: quotes.clientId,
    clientName: quotes.clientName,
    totalMinor: quotes.totalMinor,
    currency: quotes.currency,
    status: quotes.status,
    quoteDate: quotes.quoteDate,
    validUntil: quotes.validUntil,
    publicToken: quotes.publicToken,
    publicTokenCreatedAt: quotes.publicTokenCreatedAt,
    sentAt: quotes.sentAt,
    answeredAt: quotes.answeredAt,
    answerName: quotes.answerName,
    answerComment: quotes.answerComment,
    answerIp: quotes.answerIp,
    convertedInvoiceId: quotes.convertedInvoiceId,
    convertedAt: quotes.convertedAt,
    challanReason: quotes.challanReason,
    consignee: quotes.consignee,
    returnedAt: quotes.returnedAt,
    cancelledAt: quotes.cancelledAt,
    createdAt: quotes.createdAt,
    updatedAt: quotes.updatedAt,
    quoteData: quotes.quoteData,
  };
  return rest;
})();

/** A shown status as SQL: expired is sent with its valid-until day before `today` (never stored). */
function statusIs(status: QuoteStatus | PreInvoiceStatus, today: string, value: string): SQL {
  switch (status) {
    case "expired":
      return and(eq(quotes.status, "sent"), isNotNull(quotes.validUntil), lt(quotes.validUntil, today))!;
    case "sent":
      return and(
        eq(quotes.status, "sent"),
        or(sql`${quotes.validUntil} is null`, gte(quotes.validUntil, today)),
      )!;
    default:
      return eq(quotes.status, value as PreInvoiceStatus);
  }
}

/** One page of the user's documents of `kind`, newest first, with how many match (paging.ts). */
export async function listQuotes(
  db: Db,
  businessId: string,
  params: QuoteFilter & PageParams & { today: string; kind?: PreInvoiceKind },
): Promise<{ rows: QuoteSummaryRow[] } & PageCount> {
  const kind = params.kind ?? "quote";
  const search = params.search?.trim();
  // Only a quote expires: a sent proforma stays sent after its valid-until date.
  const statusShape =
    kind === "quote" && ["sent", "expired"].includes(params.status ?? "")
      ? params.status
      : Boolean(params.status);
  const key = `quotes:${statusShape}:${Boolean(search)}`;
  const v = sql.placeholder as (name: string) => unknown as (name: string) => string;
  return pageOf<QuoteSummaryRow>(
    db,
    key,
    () => {
      const conditions: SQL[] = [
        eq(quotes.businessId, v("businessId")),
        eq(quotes.kind, v("kind") as PreInvoiceKind),
      ];
      if (params.status) {
        conditions.push(
          kind === "quote"
            ? statusIs(params.status, v("today"), v("status"))
            : eq(quotes.status, v("status") as PreInvoiceStatus),
        );
      }
      if (search) {
        conditions.push(
          or(
            sql`${quotes.quoteNumber} ilike ${v("pattern")}`,
            sql`${quotes.clientName} ilike ${v("pattern")}`,
          )!,
        );
      }
      return {
        table: quotes,
        columns: summaryColumns,
        where: and(...conditions)!,
        order: [desc(quotes.quoteDate), desc(quotes.createdAt), desc(quotes.id)],
      };
    },
    {
      businessId,
      kind,
      today: params.today,
      status: params.status,
      pattern: search ? containsPattern(search) : undefined,
    },
    params,
    Boolean(search),
  );
}

/** The delivery challans dated from..to that were issued (drafts never count), for GSTR-1 Table 13. */
export async function listIssuedChallansBetween(
  db: Db,
  businessId: string,
  range: { from: string; to: string },
) {
  return db
    .select({
      number: quotes.quoteNumber,
      date: quotes.quoteDate,
      reason: quotes.challanReason,
      status: quotes.status,
      /** The GSTIN it was made under (its company snapshot); null when made unregistered. */
      gstin: sql<string | null>`${quotes.quoteData}->'company'->'gst'->>'gstin'`,
    })
    .from(quotes)
    .where(
      and(
        eq(quotes.businessId, businessId),
        eq(quotes.kind, "challan"),
        ne(quotes.status, "draft"),
        gte(quotes.quoteDate, range.from),
        lte(quotes.quoteDate, range.to),
      ),
    );
}
