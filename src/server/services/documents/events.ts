import { randomUUID } from "node:crypto";
import type { DocumentKind, DocumentRef } from "#domain/document-kinds";
import type { Db } from "#server/db/client";
import { insertDocumentEvent, insertViewEvent, listDocumentEvents } from "#server/db/queries/document-events";
import { DOCUMENT_KIND_CONFIG } from "./kinds";

// A document's activity list (issue 11 part 5): every status change, payment, send, view of its
// public page and report, recorded in the transaction of the change itself; one module for every
// kind, each kind's events kept where its configuration says.

export type InvoiceEventKind =
  | "created"
  | "status_changed"
  | "payment_recorded"
  | "payment_changed"
  | "payment_deleted"
  | "send_failed"
  | "recurring_created"
  | "recurring_not_sent"
  | "link_created"
  | "link_renewed"
  | "sent"
  | "viewed"
  | "payment_reported"
  | "report_confirmed"
  | "report_dismissed"
  | "reminder_sent"
  | "reminder_not_sent"
  | "note_issued";

/**
 * A quote's, proforma's or challan's events (a challan is issued, returned or cancelled; it is
 * reopened, back to issued, when the invoice it was converted into is cancelled).
 */
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
  | "cancelled"
  | "reopened";

/** The events a kind of document can have. */
type EventKindOf<K extends DocumentKind> = K extends "invoice" ? InvoiceEventKind : QuoteEventKind;

/** Whether the kind keeps an activity list (a statement does not: its documents keep theirs). */
const keepsEvents = (kind: DocumentKind) => DOCUMENT_KIND_CONFIG[kind].events !== null;

function tableOf(kind: DocumentKind) {
  const table = DOCUMENT_KIND_CONFIG[kind].events;
  if (!table) throw new Error(`A ${kind} keeps no activity list.`);
  return table;
}

export async function recordEvent<K extends DocumentKind>(
  db: Db,
  e: {
    businessId: string;
    document: { kind: K; id: string };
    kind: EventKindOf<K>;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  if (!keepsEvents(e.document.kind)) return;
  await insertDocumentEvent(db, tableOf(e.document.kind), {
    id: randomUUID(),
    businessId: e.businessId,
    documentId: e.document.id,
    kind: e.kind,
    detail: e.detail ?? {},
  });
}

/** A view of the public page (one an hour counts). */
export async function recordView(db: Db, e: { businessId: string; document: DocumentRef }): Promise<void> {
  if (!keepsEvents(e.document.kind)) return;
  await insertViewEvent(db, tableOf(e.document.kind), {
    id: randomUUID(),
    businessId: e.businessId,
    documentId: e.document.id,
  });
}

export async function documentActivity(db: Db, businessId: string, document: DocumentRef) {
  return (await listDocumentEvents(db, tableOf(document.kind), businessId, document.id)).map((e) => ({
    id: e.id,
    kind: e.kind,
    detail: e.detail as Record<string, unknown>,
    at: e.createdAt.toISOString(),
  }));
}
