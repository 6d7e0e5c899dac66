import { addDays, todayInTimeZone, zonedDateTime } from "#domain/dates";
import { DEFAULT_REMINDER_SCHEDULE, type ReminderSchedule, reminderDue } from "#domain/reminders";
import { renderReminderTemplate, sendValues } from "#domain/send";
import { DEFAULT_TIME_ZONE } from "#domain/settings";
import { displayStatus, invoiceBalanceDueMinor } from "#domain/status";
import * as clock from "../clock";
import type { Db } from "../db/client";
import {
  claimReminder,
  findReminderSettings,
  invoicesToRemind,
  type ReminderSettingsRow,
  releaseReminder,
  saveReminderSettings,
  setInvoiceRemindersOff,
  usersWithReminders,
} from "../db/queries/reminders";
import { AppError, orNotFound } from "../errors";
import { MailLimitError, prepareBusinessMail } from "./business-mail";
import { recordEvent } from "./documents/events";
import { shareDocumentLink } from "./documents/share-link";
import type { MailOutbox } from "./mail-jobs";
import { readMailTemplates } from "./mail-templates";

// Payment reminders (issue 11 part 6; docs/decisions/0028-reminders.md): a scheduled job finds,
// for each user who switched them on, the unpaid invoices whose schedule point has come in the
// user's time zone, claims (invoice, point) in the database, so one server alone sends it, and
// e-mails the client the invoice's link. A mail that fails gives its claim back for the next run.

export interface ReminderAnswer extends ReminderSchedule {
  enabled: boolean;
}

const scheduleOf = (row: ReminderSettingsRow | undefined): ReminderAnswer =>
  row
    ? {
        enabled: row.enabled,
        daysBefore: row.daysBefore,
        onDueDate: row.onDueDate,
        everyDaysAfter: row.everyDaysAfter,
        maxReminders: row.maxReminders,
      }
    : { enabled: false, ...DEFAULT_REMINDER_SCHEDULE };

export async function readReminderSettings(db: Db, businessId: string): Promise<ReminderAnswer> {
  return scheduleOf(await findReminderSettings(db, businessId));
}

export async function updateReminderSettings(
  db: Db,
  businessId: string,
  input: ReminderAnswer,
): Promise<ReminderAnswer> {
  return scheduleOf(await saveReminderSettings(db, businessId, input));
}

/** Stops (or allows again) the reminders of one of the user's invoices. */
export async function switchInvoiceReminders(db: Db, businessId: string, invoiceId: string, off: boolean) {
  const row = orNotFound(await setInvoiceRemindersOff(db, businessId, invoiceId, off), "Invoice");
  return row;
}

/** Sends every reminder due at `now`; answers how many went out. */
export async function sendDueReminders(
  deps: {
    db: Db;
    mailer: MailOutbox;
    publicUrl: string;
    /** Where a reminder held back by the account's mail limit, or refused for its address, is told. */
    log?: { warn(detail: object, message: string): void };
  },
  now = clock.now(),
) {
  const { db } = deps;
  let sent = 0;
  let deferred = 0;
  const failed: unknown[] = [];
  users: for (const { settings, timeZone } of await usersWithReminders(db)) {
    const zone = timeZone || DEFAULT_TIME_ZONE;
    const today = todayInTimeZone(now, zone);
    const hour = zonedDateTime(now, zone).hour;
    const schedule = scheduleOf(settings);
    const templates = await readMailTemplates(db, settings.businessId);
    // Points run from daysBefore ahead of the due date to (max) steps after it.
    const from = addDays(today, -(schedule.everyDaysAfter * schedule.maxReminders + 1));
    const to = addDays(today, schedule.daysBefore);
    for (const invoice of await invoicesToRemind(db, settings.businessId, from, to)) {
      const point = reminderDue(invoice.dueDate!, schedule, { today, hour, sent: invoice.sent });
      const email = invoice.invoiceData.client.email;
      if (!point || !email) continue;
      const claim = { businessId: settings.businessId, invoiceId: invoice.id, point };
      if (!(await claimReminder(db, claim))) continue;
      let mail: Awaited<ReturnType<typeof prepareBusinessMail>>;
      try {
        mail = await prepareBusinessMail(
          db,
          deps.mailer.limits,
          settings.businessId,
          { to: [email], cc: [] },
          invoice.invoiceData.company,
          "the client's e-mail on the invoice",
        );
      } catch (error) {
        if (error instanceof MailLimitError) {
          // Over the account's mail limit: held back, not lost. The claim goes back, so a run
          // after the window opens sends it; the user's other reminders wait with it.
          await releaseReminder(db, claim);
          deferred++;
          deps.log?.warn(
            {
              businessId: settings.businessId,
              invoiceId: invoice.id,
              point,
              retryAfterSeconds: error.retryAfterSeconds,
            },
            "reminder held back by the account's mail limit",
          );
          continue users;
        }
        if (!(error instanceof AppError) || error.code !== "validation_failed") throw error;
        // An address that is not one address (saved before addresses were checked): this point
        // is not sent, and the invoice's activity says why, once.
        await recordEvent(db, {
          businessId: settings.businessId,
          document: { kind: "invoice", id: invoice.id },
          kind: "reminder_not_sent",
          detail: { point, reason: error.message },
        });
        deps.log?.warn(
          { businessId: settings.businessId, invoiceId: invoice.id, point },
          "reminder not sent: bad address",
        );
        continue;
      }
      try {
        const link = (
          await shareDocumentLink(db, deps.publicUrl, settings.businessId, {
            kind: "invoice",
            id: invoice.id,
          })
        ).url!;
        const paid = Number(invoice.amountPaidMinor);
        const balance = invoiceBalanceDueMinor("due", Number(invoice.totalMinor), paid);
        // The reminder's words follow the badge the invoice shows today (#domain/status).
        const overdue = displayStatus("due", invoice.dueDate, today, paid) === "overdue";
        const values = sendValues({
          clientName: invoice.invoiceData.client.name,
          number: invoice.invoiceNumber,
          amountMinor: balance,
          currency: invoice.currency,
          dueDate: invoice.dueDate,
          link,
          businessName: invoice.invoiceData.company.name,
        });
        await deps.mailer.send(
          {
            to: email,
            subject: renderReminderTemplate(templates.reminderSubject, values, overdue),
            text: renderReminderTemplate(templates.reminderMessage, values, overdue),
            onBehalfOf: mail.sender,
          },
          // Never delivered after every retry: the point is freed, so the next run sends it.
          {
            businessId: settings.businessId,
            document: { kind: "invoice", id: invoice.id },
            reminderPoint: point,
          },
        );
      } catch (error) {
        // Given back: the next run sends it. The other invoices still get theirs now.
        await releaseReminder(db, claim);
        await mail.release();
        failed.push(error);
        continue;
      }
      await recordEvent(db, {
        businessId: settings.businessId,
        document: { kind: "invoice", id: invoice.id },
        kind: "reminder_sent",
        detail: { to: [email], point },
      });
      sent++;
    }
  }
  if (failed.length) {
    throw new Error(`${failed.length} reminder(s) could not be sent: ${(failed[0] as Error).message}`);
  }
  return { sent, deferred };
}
