import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoiceEvents, quoteEvents } from "../schema";

// The activity list of a document, one query for every kind: an invoice's events live in
// invoice_events, a quote's (and every kind kept in the quotes table) in quote_events. Written in
// the transaction of the change each tells of.

/** The table a kind's events are kept in (services/documents/kinds.ts says which). */
export type EventTable = "invoice_events" | "quote_events";

const TABLES = {
  invoice_events: { table: invoiceEvents, key: invoiceEvents.invoiceId, column: "invoice_id" },
  quote_events: { table: quoteEvents, key: quoteEvents.quoteId, column: "quote_id" },
} as const;

export interface EventRow {
  id: string;
  kind: string;
  detail: unknown;
  createdAt: Date;
}

export async function insertDocumentEvent(
  db: Db,
  where: EventTable,
  e: { id: string; businessId: string; documentId: string; kind: string; detail: Record<string, unknown> },
): Promise<void> {
  const { documentId, ...rest } = e;
  if (where === "invoice_events") await db.insert(invoiceEvents).values({ ...rest, invoiceId: documentId });
  else await db.insert(quoteEvents).values({ ...rest, quoteId: documentId });
}

/** A view, unless one was noted in the last hour (a client reloading is one visit). */
export async function insertViewEvent(
  db: Db,
  where: EventTable,
  e: { id: string; businessId: string; documentId: string },
): Promise<void> {
  const { table, column } = TABLES[where];
  await db.execute(sql`
    insert into ${table} (id, business_id, ${sql.identifier(column)}, kind, detail)
    select ${e.id}, ${e.businessId}, ${e.documentId}, 'viewed', '{}'::jsonb
    where not exists (
      select 1 from ${table}
      where ${sql.identifier(column)} = ${e.documentId} and kind = 'viewed'
        and created_at > now() - interval '1 hour')`);
}

export async function listDocumentEvents(
  db: Db,
  where: EventTable,
  businessId: string,
  documentId: string,
): Promise<EventRow[]> {
  const { table, key } = TABLES[where];
  return db
    .select({ id: table.id, kind: table.kind, detail: table.detail, createdAt: table.createdAt })
    .from(table)
    .where(and(eq(key, documentId), eq(table.businessId, businessId)))
    .orderBy(desc(table.createdAt))
    .limit(200);
}
