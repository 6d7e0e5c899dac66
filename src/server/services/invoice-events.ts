import { randomUUID } from "node:crypto";
import type { Db } from "../db/client";
import { insertInvoiceEvent, insertViewEvent, listInvoiceEvents } from "../db/queries/invoice-events";

// An invoice's activity list (issue 11 part 5): every status change, payment, send, view of its
// public page and report, recorded in the transaction of the change itself.

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

export async function recordInvoiceEvent(
  db: Db,
  e: { userId: string; invoiceId: string; kind: InvoiceEventKind; detail?: Record<string, unknown> },
): Promise<void> {
  await insertInvoiceEvent(db, { id: randomUUID(), ...e, detail: e.detail ?? {} });
}

export async function recordViewEvent(db: Db, e: { userId: string; invoiceId: string }): Promise<void> {
  await insertViewEvent(db, { id: randomUUID(), ...e });
}

export async function invoiceActivity(db: Db, userId: string, invoiceId: string) {
  return (await listInvoiceEvents(db, userId, invoiceId)).map((e) => ({
    id: e.id,
    kind: e.kind,
    detail: e.detail as Record<string, unknown>,
    at: e.createdAt.toISOString(),
  }));
}
