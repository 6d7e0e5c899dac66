import type { Db } from "../client";
import { mailTemplates } from "../schema";
import { findUserRow, saveUserRow } from "./owned";

export type MailTemplatesRow = typeof mailTemplates.$inferSelect;

export function findMailTemplates(db: Db, businessId: string): Promise<MailTemplatesRow | undefined> {
  return findUserRow(db, mailTemplates, businessId);
}

export function saveMailTemplates(
  db: Db,
  businessId: string,
  fields: Pick<MailTemplatesRow, "sendSubject" | "sendMessage" | "reminderSubject" | "reminderMessage">,
): Promise<MailTemplatesRow> {
  return saveUserRow(db, mailTemplates, businessId, fields);
}
