import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { InvoiceDocument } from "#domain/invoice";
import type { Db } from "../client";
import { invoiceReminders, invoices, reminderSettings, userSettings } from "../schema";
import { findUserRow, insertIfAbsent, saveUserRow } from "./owned";

// Payment reminders: each user's schedule, the invoices that may need one, and the claim that
// lets one server alone send each (invoice, point).

export type ReminderSettingsRow = typeof reminderSettings.$inferSelect;

export function findReminderSettings(db: Db, businessId: string): Promise<ReminderSettingsRow | undefined> {
  return findUserRow(db, reminderSettings, businessId);
}

export function saveReminderSettings(
  db: Db,
  businessId: string,
  fields: Omit<ReminderSettingsRow, "businessId" | "updatedAt">,
): Promise<ReminderSettingsRow> {
  return saveUserRow(db, reminderSettings, businessId, fields);
}

export async function setInvoiceRemindersOff(db: Db, businessId: string, invoiceId: string, off: boolean) {
  const [row] = await db
    .update(invoices)
    .set({ remindersOff: off })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.businessId, businessId)))
    .returning({ remindersOff: invoices.remindersOff });
  return row;
}

/** Users who switched reminders on, with their schedule and time zone. */
export async function usersWithReminders(db: Db) {
  return db
    .select({
      settings: reminderSettings,
      timeZone: sql<string | null>`${userSettings.settingsData}->>'timeZone'`,
    })
    .from(reminderSettings)
    .leftJoin(userSettings, eq(userSettings.businessId, reminderSettings.businessId))
    .where(eq(reminderSettings.enabled, true));
}

/** The user's issued, unpaid invoices with a due date in [from, to] and reminders not stopped. */
export async function invoicesToRemind(db: Db, businessId: string, from: string, to: string) {
  const rows = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      currency: invoices.currency,
      totalMinor: invoices.totalMinor,
      amountPaidMinor: invoices.amountPaidMinor,
      dueDate: invoices.dueDate,
      publicToken: invoices.publicToken,
      invoiceData: invoices.invoiceData,
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, businessId),
        eq(invoices.status, "due"),
        eq(invoices.remindersOff, false),
        isNotNull(invoices.dueDate),
        sql`${invoices.dueDate} between ${from}::date and ${to}::date`,
      ),
    );
  const ids = rows.map((r) => r.id);
  const sent = ids.length
    ? await db
        .select({ invoiceId: invoiceReminders.invoiceId, point: invoiceReminders.point })
        .from(invoiceReminders)
        .where(inArray(invoiceReminders.invoiceId, ids))
    : [];
  return rows.map((r) => ({
    ...r,
    invoiceData: r.invoiceData as InvoiceDocument,
    sent: sent.filter((s) => s.invoiceId === r.id).map((s) => s.point),
  }));
}

/** Claims (invoice, point) for this server: true for exactly one caller. */
export async function claimReminder(db: Db, p: { businessId: string; invoiceId: string; point: string }) {
  return insertIfAbsent(db, invoiceReminders, p);
}

/** Gives a claim back when its mail could not be sent, so the next run tries again. */
export async function releaseReminder(db: Db, p: { invoiceId: string; point: string }) {
  await db
    .delete(invoiceReminders)
    .where(and(eq(invoiceReminders.invoiceId, p.invoiceId), eq(invoiceReminders.point, p.point)));
}
