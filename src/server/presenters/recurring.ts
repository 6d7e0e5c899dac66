import { describeRule, type RecurringSchedule } from "#domain/recurring";
import type { RecurringProfileRow, RecurringRunRow } from "../db/queries/recurring";

// Recurring profiles as the API shows them (src/contract/recurring.ts).

export function presentRecurringProfile(row: RecurringProfileRow, invoicesMade: number) {
  const schedule = row.schedule as RecurringSchedule;
  return {
    id: row.id,
    sourceInvoiceId: row.sourceInvoiceId,
    clientName: row.clientName,
    currency: row.currency,
    totalMinor: Number(row.totalMinor),
    schedule,
    frequency: describeRule(schedule.rule),
    action: row.action,
    attachPdf: row.attachPdf,
    dueDays: row.dueDays,
    status: row.status,
    nextDate: row.nextDate,
    lastInvoiceId: row.lastInvoiceId,
    invoicesMade,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentRecurringRun(run: RecurringRunRow) {
  return {
    periodIndex: run.periodIndex,
    periodDate: run.periodDate,
    outcome: run.outcome,
    invoiceId: run.invoiceId,
    invoiceNumber: run.invoiceNumber,
  };
}
