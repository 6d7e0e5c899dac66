import { randomUUID } from "node:crypto";
import { addDays } from "#domain/dates";
import { DomainError } from "#domain/errors";
import type { InvoiceDocument } from "#domain/invoice";
import {
  duePeriods,
  invoiceDatesForPeriod,
  markHandled,
  NEW_RECURRING_STATE,
  nextPeriod,
  pastPeriodsOnCreate,
  pauseProfile,
  type RecurringProfile,
  type RecurringSchedule,
  type RecurringState,
  recurringStateSchema,
  recurringStatus,
  resumeProfile,
} from "#domain/recurring";
import { DEFAULT_MAIL_TEMPLATES } from "#domain/send";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findInvoice } from "../db/queries/invoices";
import {
  claimRecurringRun,
  countRuns,
  deleteRecurringProfile,
  findRecurringProfile,
  insertRecurringProfile,
  linkInvoiceToProfile,
  listRecurringProfiles,
  listRecurringRuns,
  profilesDueBy,
  type RecurringProfileRow,
  updateRecurringProfile,
} from "../db/queries/recurring";
import { readSettings } from "../db/queries/settings";
import { AppError, notFound, orNotFound } from "../errors";
import type { RenderQueue } from "../pdf/render-queue";
import { recordEvent } from "./documents/events";
import { sendDocument } from "./documents/send";
import { createInvoiceFromDocument } from "./invoices";
import type { MailOutbox } from "./mail-jobs";
import { readMailTemplates } from "./mail-templates";

// Recurring invoices (issue 16 part 1; docs/decisions/0031-recurring-schedule.md): a profile keeps
// a copy of the invoice it repeats and a schedule; a scheduled job makes each period's invoice on
// the period's dates, in order, once. Each period is claimed in recurring_runs (primary key
// profile + period) in the transaction that creates the invoice and moves the profile on, with the
// profile's row locked, so two servers never make the same period twice.

export type RecurringAction = "draft" | "issue" | "send";

export interface RecurringInput {
  schedule: RecurringSchedule;
  action: RecurringAction;
  attachPdf: boolean;
  dueDays: number | null;
}

const profileOf = (row: RecurringProfileRow): RecurringProfile => ({
  schedule: row.schedule as RecurringSchedule,
  state: recurringStateSchema.parse(row.state) as RecurringState,
});

/** The status, next date and state columns for a profile's new state. */
function stateColumns(schedule: RecurringSchedule, state: RecurringState, stopped: boolean) {
  const profile = { schedule, state };
  return {
    state,
    status: stopped ? ("finished" as const) : recurringStatus(profile),
    nextDate: stopped ? null : (nextPeriod(profile)?.date ?? null),
  };
}

const timeZoneOf = async (db: Db, businessId: string) => (await readSettings(db, businessId)).timeZone;

/**
 * Makes a profile from one of the user's invoices. A start date in the past makes every period
 * already due at once: unless `confirmPast`, the answer is a 409 naming how many and their dates.
 */
export async function createRecurringProfile(
  db: Db,
  businessId: string,
  invoiceId: string,
  input: RecurringInput & { confirmPast: boolean },
) {
  const invoice = orNotFound(await findInvoice(db, businessId, invoiceId), "Invoice");
  if (invoice.status === "cancelled") {
    throw new AppError("validation_failed", "A cancelled invoice cannot be made recurring.");
  }
  const timeZone = await timeZoneOf(db, businessId);
  const past = pastPeriodsOnCreate(input.schedule, now(), timeZone);
  if (past.count > 0 && !input.confirmPast) {
    throw new AppError("confirmation_needed", past.message!, { dates: past.dates.join(",") });
  }
  const row = await insertRecurringProfile(db, {
    id: randomUUID(),
    businessId,
    sourceInvoiceId: invoice.id,
    clientName: invoice.clientName,
    currency: invoice.currency,
    totalMinor: Number(invoice.totalMinor),
    document: invoice.invoiceData,
    schedule: input.schedule,
    action: input.action,
    attachPdf: input.attachPdf,
    dueDays: input.dueDays,
    ...stateColumns(input.schedule, NEW_RECURRING_STATE, false),
  });
  return row;
}

export async function readRecurringProfiles(db: Db, businessId: string) {
  const [rows, counts] = await Promise.all([
    listRecurringProfiles(db, businessId),
    countRuns(db, businessId),
  ]);
  const made = new Map(counts.map((c) => [c.profileId, c.created]));
  return rows.map((row) => ({ row, invoicesMade: made.get(row.id) ?? 0 }));
}

export async function readRecurringProfile(db: Db, businessId: string, id: string) {
  const row = orNotFound(await findRecurringProfile(db, businessId, id), "Recurring profile");
  return { row, runs: await listRecurringRuns(db, businessId, id) };
}

/** Pause, resume or stop (for good); or change what future periods do. */
export async function changeRecurringProfile(
  db: Db,
  businessId: string,
  id: string,
  change:
    | { kind: "pause" }
    | { kind: "resume" }
    | { kind: "stop" }
    | {
        kind: "edit";
        action: RecurringAction;
        attachPdf: boolean;
        dueDays: number | null;
        end: RecurringSchedule["end"];
      },
) {
  return db.transaction(async (tx) => {
    const row = await findRecurringProfile(tx, businessId, id, { forUpdate: true });
    if (!row) throw notFound("Recurring profile");
    if (row.stoppedAt) throw new AppError("validation_failed", "This recurring profile was stopped.");
    const { schedule, state } = profileOf(row);
    try {
      if (change.kind === "pause" || change.kind === "resume") {
        const next = (change.kind === "pause" ? pauseProfile : resumeProfile)(state, now());
        return updateRecurringProfile(tx, businessId, id, stateColumns(schedule, next, false));
      }
      if (change.kind === "stop") {
        return updateRecurringProfile(tx, businessId, id, {
          ...stateColumns(schedule, state, true),
          stoppedAt: now(),
        });
      }
      const next = { ...schedule, end: change.end };
      return updateRecurringProfile(tx, businessId, id, {
        schedule: next,
        action: change.action,
        attachPdf: change.attachPdf,
        dueDays: change.dueDays,
        ...stateColumns(next, state, false),
      });
    } catch (error) {
      if (error instanceof DomainError) throw new AppError("validation_failed", error.message);
      throw error;
    }
  });
}

export async function removeRecurringProfile(db: Db, businessId: string, id: string): Promise<void> {
  if (!(await deleteRecurringProfile(db, businessId, id))) throw notFound("Recurring profile");
}

export interface RecurringDeps {
  db: Db;
  queue: RenderQueue;
  outbox: MailOutbox;
  publicUrl: string;
}

/**
 * Makes every period due at `at` for every profile, in order, each once (catch-up after downtime
 * included); answers how many invoices were made. A profile whose period fails is left at that
 * period for the next run; the others go on.
 */
export async function runDueRecurring(deps: RecurringDeps, at = now()): Promise<number> {
  const latest = addDays(at.toISOString().slice(0, 10), 1);
  let made = 0;
  const failed: unknown[] = [];
  for (const { id, businessId } of await profilesDueBy(deps.db, latest)) {
    try {
      made += await runProfile(deps, businessId, id, at);
    } catch (error) {
      failed.push(error);
    }
  }
  if (failed.length) {
    throw new Error(`${failed.length} recurring profile(s) failed: ${(failed[0] as Error).message}`);
  }
  return made;
}

/** Makes the periods of one profile due now (a new profile whose start date is in the past). */
export function runRecurringProfileNow(deps: RecurringDeps, businessId: string, id: string): Promise<number> {
  return runProfile(deps, businessId, id, now());
}

async function runProfile(deps: RecurringDeps, businessId: string, id: string, at: Date): Promise<number> {
  const { db } = deps;
  const timeZone = await timeZoneOf(db, businessId);
  let made = 0;
  for (;;) {
    // One period per transaction: claimed, created and the profile moved on together.
    const outcome = await db.transaction(async (tx) => {
      const row = await findRecurringProfile(tx, businessId, id, { forUpdate: true });
      if (!row || row.stoppedAt) return null;
      const profile = profileOf(row);
      const [period] = duePeriods(profile, at, timeZone);
      if (!period) return null;
      if (
        !(await claimRecurringRun(tx, {
          profileId: id,
          periodIndex: period.index,
          businessId,
          periodDate: period.date,
          outcome: period.action === "create" ? "created" : "skipped",
        }))
      ) {
        return null; // another server handled it (its transaction moved the state on too)
      }
      let invoice: { id: string; invoiceNumber: string } | null = null;
      if (period.action === "create") {
        const dates = invoiceDatesForPeriod(period.date, row.dueDays);
        const created = await createInvoiceFromDocument(tx, businessId, row.document as InvoiceDocument, {
          ...dates,
          status: row.action === "draft" ? "draft" : "due",
        });
        invoice = { id: created.id, invoiceNumber: created.invoiceNumber };
        await linkInvoiceToProfile(tx, {
          businessId,
          invoiceId: created.id,
          invoiceNumber: created.invoiceNumber,
          profileId: id,
          periodIndex: period.index,
        });
        await recordEvent(tx, {
          businessId,
          document: { kind: "invoice", id: created.id },
          kind: "recurring_created",
          detail: { profileId: id, periodDate: period.date },
        });
      }
      const state = markHandled(profile.state, period);
      await updateRecurringProfile(tx, businessId, id, {
        ...stateColumns(profile.schedule, state, false),
        ...(invoice ? { lastInvoiceId: invoice.id } : {}),
      });
      return { invoice, action: row.action, attachPdf: row.attachPdf };
    });
    if (!outcome) return made;
    if (outcome.invoice) {
      made++;
      if (outcome.action === "send") await sendMade(deps, businessId, outcome.invoice.id, outcome.attachPdf);
    }
  }
}

/**
 * E-mails a made invoice to its client from the user's send template. With the PDF asked for, it
 * costs a credit like any send; at zero credits the link goes alone and the activity says so.
 */
async function sendMade(deps: RecurringDeps, businessId: string, invoiceId: string, attachPdf: boolean) {
  const invoice = await findInvoice(deps.db, businessId, invoiceId);
  if (!invoice) return;
  const email = invoice.invoiceData.client.email;
  if (!email) {
    await recordEvent(deps.db, {
      businessId,
      document: { kind: "invoice", id: invoiceId },
      kind: "recurring_not_sent",
      detail: { reason: "The client has no e-mail address." },
    });
    return;
  }
  const templates = await readMailTemplates(deps.db, businessId).catch(() => DEFAULT_MAIL_TEMPLATES);
  // The templates go as they are: the send fills their placeholders from the invoice.
  const send = (withPdf: boolean) =>
    sendDocument(
      { db: deps.db, queue: deps.queue, mailer: deps.outbox, publicUrl: deps.publicUrl },
      businessId,
      { kind: "invoice", id: invoiceId },
      {
        to: [email],
        cc: [],
        subject: templates.sendSubject,
        message: templates.sendMessage,
        attachPdf: withPdf,
      },
    );
  try {
    await send(attachPdf);
  } catch (error) {
    // The client's address is not one address, or the account is over its mail limit: the
    // invoice stands, is not e-mailed, and its activity says why (decision 0044).
    if (
      error instanceof AppError &&
      (error.code === "validation_failed" || error.code === "too_many_requests")
    ) {
      await recordEvent(deps.db, {
        businessId,
        document: { kind: "invoice", id: invoiceId },
        kind: "recurring_not_sent",
        detail: { reason: error.message },
      });
      return;
    }
    if (!(error instanceof AppError) || error.code !== "payment_required") throw error;
    await send(false);
    await recordEvent(deps.db, {
      businessId,
      document: { kind: "invoice", id: invoiceId },
      kind: "recurring_not_sent",
      detail: { reason: "No credits left for the PDF: the link was sent alone." },
    });
  }
}
