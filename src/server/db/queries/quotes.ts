import { and, desc, eq, gte, isNotNull, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { PageCount } from "#contract/common";
import type { InvoiceDocument } from "#domain/invoice";
import {
  parseSequentialQuoteNumber,
  type QuoteStatus,
  type QuoteStoredStatus,
  sequentialQuoteNumber,
} from "#domain/quotes";
import { type Db, queryRows } from "../client";
import { invoices, quoteSequences, quotes } from "../schema";
import { type PageParams, pageOf } from "./paging";

// Quote rows, their number series and their activity. Every function takes the owner's id and
// filters by it, except the public page's lookup by token (the token alone is the key).
// Quotes never touch the dashboard's totals, stock or payments.

export type QuoteRow = typeof quotes.$inferSelect & { quoteData: InvoiceDocument; status: QuoteStoredStatus };
export type QuoteSummaryRow = Omit<QuoteRow, "quoteData">;

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

export async function findQuote(
  db: Db,
  userId: string,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<QuoteRow | null> {
  const query = db
    .select()
    .from(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)));
  const [row] = await (opts.forUpdate ? query.for("update") : query);
  return (row as QuoteRow | undefined) ?? null;
}

export async function insertQuote(
  tx: Db,
  userId: string,
  id: string,
  document: InvoiceDocument,
): Promise<QuoteRow> {
  const [row] = await tx
    .insert(quotes)
    .values({ id, userId, status: "draft", ...quoteColumnsOf(document) })
    .returning();
  return row as QuoteRow;
}

export async function updateQuoteDocument(
  tx: Db,
  userId: string,
  id: string,
  document: InvoiceDocument,
): Promise<QuoteRow> {
  const [row] = await tx
    .update(quotes)
    .set({ ...quoteColumnsOf(document), updatedAt: new Date() })
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
    .returning();
  return row as QuoteRow;
}

/** Moves a quote from one stored status to another: undefined when it is no longer in `from`. */
export async function changeQuoteStatus(
  tx: Db,
  userId: string,
  id: string,
  from: QuoteStoredStatus[],
  fields: Partial<typeof quotes.$inferInsert> & { status: QuoteStoredStatus },
): Promise<QuoteRow | undefined> {
  const [row] = await tx
    .update(quotes)
    .set({ ...fields, updatedAt: new Date() })
    .where(
      and(
        eq(quotes.id, id),
        eq(quotes.userId, userId),
        or(...from.map((status) => eq(quotes.status, status))),
      ),
    )
    .returning();
  return row as QuoteRow | undefined;
}

export async function deleteQuoteRow(tx: Db, userId: string, id: string): Promise<boolean> {
  const rows = await tx
    .delete(quotes)
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
    .returning({ id: quotes.id });
  await tx
    .update(invoices)
    .set({ quoteId: null })
    .where(and(eq(invoices.userId, userId), eq(invoices.quoteId, id)));
  return rows.length === 1;
}

// ---- the public link ----

export async function findQuoteByPublicToken(db: Db, token: string): Promise<QuoteRow | undefined> {
  const [row] = await db.select().from(quotes).where(eq(quotes.publicToken, token));
  return row as QuoteRow | undefined;
}

/** Gives the quote this token (a new one revokes the old); undefined when it is not the user's. */
export async function setQuoteToken(db: Db, userId: string, id: string, token: string, at: Date) {
  const [row] = await db
    .update(quotes)
    .set({ publicToken: token, publicTokenCreatedAt: at })
    .where(and(eq(quotes.id, id), eq(quotes.userId, userId)))
    .returning({ token: quotes.publicToken });
  return row;
}

// ---- the converted invoice ----

export async function linkInvoiceToQuote(tx: Db, userId: string, invoiceId: string, quoteId: string) {
  await tx
    .update(invoices)
    .set({ quoteId })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
}

export async function invoiceNumberOf(db: Db, userId: string, invoiceId: string): Promise<string | null> {
  const [row] = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  return row?.invoiceNumber ?? null;
}

/** The quote an invoice came from; null when none; undefined when the invoice is not the user's. */
export async function sourceQuoteOf(db: Db, userId: string, invoiceId: string) {
  const [row] = await db
    .select({ quoteId: quotes.id, quoteNumber: quotes.quoteNumber, invoiceId: invoices.id })
    .from(invoices)
    .leftJoin(quotes, and(eq(quotes.id, invoices.quoteId), eq(quotes.userId, userId)))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
  if (!row) return undefined;
  return row.quoteId && row.quoteNumber ? { id: row.quoteId, quoteNumber: row.quoteNumber } : null;
}

// ---- the series: QT/2026-27/0001, as invoice-numbers.ts does for invoices ----

async function highestUsed(db: Db, userId: string, financialYear: string): Promise<number> {
  const rows = await db
    .select({ quoteNumber: quotes.quoteNumber })
    .from(quotes)
    .where(and(eq(quotes.userId, userId), like(quotes.quoteNumber, `QT/${financialYear}/%`)));
  let highest = 0;
  for (const row of rows) {
    const parsed = parseSequentialQuoteNumber(row.quoteNumber);
    if (parsed && parsed.financialYear === financialYear) highest = Math.max(highest, parsed.sequence);
  }
  return highest;
}

/** Takes the next number of the year's series in the create's transaction (the upsert locks it). */
export async function allocateQuoteNumber(tx: Db, userId: string, financialYear: string): Promise<string> {
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into ${quoteSequences} (user_id, financial_year, last_value)
        values (${userId}, ${financialYear}, 1)
        on conflict (user_id, financial_year)
        do update set last_value = ${quoteSequences}.last_value + 1
        returning last_value`,
  );
  let value = Number(row.last_value);
  if (value === 1) {
    const highest = await highestUsed(tx, userId, financialYear);
    if (highest >= 1) {
      value = highest + 1;
      await tx
        .update(quoteSequences)
        .set({ lastValue: value })
        .where(and(eq(quoteSequences.userId, userId), eq(quoteSequences.financialYear, financialYear)));
    }
  }
  return sequentialQuoteNumber(financialYear, value);
}

/** A number of the series typed by hand moves the counter past it. */
export async function reserveTypedQuoteNumber(tx: Db, userId: string, quoteNumber: string) {
  const parsed = parseSequentialQuoteNumber(quoteNumber);
  if (!parsed) return;
  await tx
    .insert(quoteSequences)
    .values({ userId, financialYear: parsed.financialYear, lastValue: parsed.sequence })
    .onConflictDoUpdate({
      target: [quoteSequences.userId, quoteSequences.financialYear],
      set: { lastValue: sql`greatest(${quoteSequences.lastValue}, excluded.last_value)` },
    });
}

export async function peekQuoteNumber(db: Db, userId: string, financialYear: string): Promise<string> {
  const [row] = await db
    .select({ lastValue: quoteSequences.lastValue })
    .from(quoteSequences)
    .where(and(eq(quoteSequences.userId, userId), eq(quoteSequences.financialYear, financialYear)));
  const last = row ? row.lastValue : await highestUsed(db, userId, financialYear);
  return sequentialQuoteNumber(financialYear, last + 1);
}

// ---- the list ----

export interface QuoteFilter {
  status?: QuoteStatus;
  search?: string;
}

const summaryColumns = (() => {
  const { quoteData: _, ...rest } = {
    id: quotes.id,
    userId: quotes.userId,
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
    createdAt: quotes.createdAt,
    updatedAt: quotes.updatedAt,
    quoteData: quotes.quoteData,
  };
  return rest;
})();

/** A shown status as SQL: expired is sent with its valid-until day before `today` (never stored). */
function statusIs(status: QuoteStatus, today: string, value: string): SQL {
  switch (status) {
    case "expired":
      return and(eq(quotes.status, "sent"), isNotNull(quotes.validUntil), lt(quotes.validUntil, today))!;
    case "sent":
      return and(
        eq(quotes.status, "sent"),
        or(sql`${quotes.validUntil} is null`, gte(quotes.validUntil, today)),
      )!;
    default:
      return eq(quotes.status, value as QuoteStoredStatus);
  }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page of the user's quotes, newest first, with how many match (paging.ts). */
export async function listQuotes(
  db: Db,
  userId: string,
  params: QuoteFilter & PageParams & { today: string },
): Promise<{ rows: QuoteSummaryRow[] } & PageCount> {
  const search = params.search?.trim();
  const statusShape = ["sent", "expired"].includes(params.status ?? "")
    ? params.status
    : Boolean(params.status);
  const key = `quotes:${statusShape}:${Boolean(search)}`;
  const v = sql.placeholder as (name: string) => unknown as (name: string) => string;
  return pageOf<QuoteSummaryRow>(
    db,
    key,
    () => {
      const conditions: SQL[] = [eq(quotes.userId, v("userId"))];
      if (params.status) conditions.push(statusIs(params.status, v("today"), v("status")));
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
      userId,
      today: params.today,
      status: params.status,
      pattern: search ? `%${escapeLike(search)}%` : undefined,
    },
    params,
    Boolean(search),
  );
}
