import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client";
import { invoiceEvents } from "../schema";

// The activity list of an invoice. Written in the transaction of the change it tells of.

export type InvoiceEventRow = typeof invoiceEvents.$inferSelect;

export async function insertInvoiceEvent(
  db: Db,
  e: { id: string; userId: string; invoiceId: string; kind: string; detail: Record<string, unknown> },
): Promise<void> {
  await db.insert(invoiceEvents).values(e);
}

/** A view, unless one was noted in the last hour (a client reloading is one visit). */
export async function insertViewEvent(
  db: Db,
  e: { id: string; userId: string; invoiceId: string },
): Promise<void> {
  await db.execute(sql`
    insert into ${invoiceEvents} (id, user_id, invoice_id, kind, detail)
    select ${e.id}, ${e.userId}, ${e.invoiceId}, 'viewed', '{}'::jsonb
    where not exists (
      select 1 from ${invoiceEvents}
      where invoice_id = ${e.invoiceId} and kind = 'viewed' and created_at > now() - interval '1 hour')`);
}

export async function listInvoiceEvents(
  db: Db,
  userId: string,
  invoiceId: string,
): Promise<InvoiceEventRow[]> {
  return db
    .select()
    .from(invoiceEvents)
    .where(and(eq(invoiceEvents.invoiceId, invoiceId), eq(invoiceEvents.userId, userId)))
    .orderBy(desc(invoiceEvents.createdAt))
    .limit(200);
}
