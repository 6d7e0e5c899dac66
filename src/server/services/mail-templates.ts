import { DEFAULT_MAIL_TEMPLATES, type MailTemplates } from "#domain/send";
import type { Db } from "../db/client";
import { findMailTemplates, saveMailTemplates } from "../db/queries/mail-templates";

// Settings → E-mail templates: the user's own subject and message for sending an invoice and for
// payment reminders. A text equal to Bahi's default is kept as null, so a later, better default
// reaches everyone who never changed it.

export async function readMailTemplates(db: Db, businessId: string): Promise<MailTemplates> {
  const row = await findMailTemplates(db, businessId);
  return {
    sendSubject: row?.sendSubject ?? DEFAULT_MAIL_TEMPLATES.sendSubject,
    sendMessage: row?.sendMessage ?? DEFAULT_MAIL_TEMPLATES.sendMessage,
    reminderSubject: row?.reminderSubject ?? DEFAULT_MAIL_TEMPLATES.reminderSubject,
    reminderMessage: row?.reminderMessage ?? DEFAULT_MAIL_TEMPLATES.reminderMessage,
  };
}

export async function updateMailTemplates(
  db: Db,
  businessId: string,
  input: MailTemplates,
): Promise<MailTemplates> {
  const own = (key: keyof MailTemplates) => (input[key] === DEFAULT_MAIL_TEMPLATES[key] ? null : input[key]);
  await saveMailTemplates(db, businessId, {
    sendSubject: own("sendSubject"),
    sendMessage: own("sendMessage"),
    reminderSubject: own("reminderSubject"),
    reminderMessage: own("reminderMessage"),
  });
  return readMailTemplates(db, businessId);
}
