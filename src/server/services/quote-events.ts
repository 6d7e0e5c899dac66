import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { insertQuoteEvent, insertQuoteViewEvent, listQuoteEvents } from "../db/queries/quotes";

// A quote's (proforma's, challan's) activity list: created, sent, links, views, the client's
// answer, a challan's issue, return or cancellation, conversion.

export type QuoteEventKind =
  | "created"
  | "marked_sent"
  | "sent"
  | "send_failed"
  | "link_created"
  | "link_renewed"
  | "viewed"
  | "accepted"
  | "declined"
  | "converted"
  | "issued"
  | "returned"
  | "cancelled";

export async function recordQuoteEvent(
  db: Db,
  e: { userId: string; quoteId: string; kind: QuoteEventKind; detail?: Record<string, unknown> },
): Promise<void> {
  await insertQuoteEvent(db, { id: randomUUID(), ...e, detail: e.detail ?? {} });
}

export async function recordQuoteView(db: Db, e: { userId: string; quoteId: string }): Promise<void> {
  await insertQuoteViewEvent(db, { id: randomUUID(), ...e });
}

export async function quoteActivity(db: Db, userId: string, quoteId: string) {
  return (await listQuoteEvents(db, userId, quoteId)).map((e) => ({
    id: e.id,
    kind: e.kind,
    detail: e.detail as Record<string, unknown>,
    at: e.createdAt.toISOString(),
  }));
}
