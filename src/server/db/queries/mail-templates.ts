import type { Db } from "../client";
import { mailTemplates } from "../schema";
import { findUserRow, saveUserRow } from "./owned";

export type MailTemplatesRow = typeof mailTemplates.$inferSelect;

export function findMailTemplates(db: Db, userId: string): Promise<MailTemplatesRow | undefined> {
  return findUserRow(db, mailTemplates, userId);
}

export function saveMailTemplates(
  db: Db,
  userId: string,
  fields: Pick<MailTemplatesRow, "sendSubject" | "sendMessage" | "reminderSubject" | "reminderMessage">,
): Promise<MailTemplatesRow> {
  return saveUserRow(db, mailTemplates, userId, fields);
}
