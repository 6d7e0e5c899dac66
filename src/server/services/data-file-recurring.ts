import { type ImportedRecurringProfile, recurringProfileRecordSchema } from "#contract/data-file-documents";
import { nextPeriod, type RecurringProfile, recurringStatus } from "#domain/recurring";
import { notInFile, parsedRecords, type ReadSection, readDocument } from "./data-file-documents";

// The file's `recurringProfiles` (docs/decisions/0031-recurring-schedule.md, addendum "In the
// export file"): schedule, state (pauses included) and the periods already handled, so the job
// goes on from the same next period and never makes one twice.

export const readRecurringRecords: ReadSection<ImportedRecurringProfile> = (raw, invoices, fail) => {
  const profiles: ImportedRecurringProfile[] = [];
  for (const { index, record, problems } of parsedRecords(raw, recurringProfileRecordSchema, fail)) {
    let sourceInvoice: number | null = null;
    if (record.sourceInvoiceNumber) {
      sourceInvoice = invoices.find(record.sourceInvoiceNumber, record.sourceInvoiceDate) ?? null;
      if (sourceInvoice === null)
        problems.push(
          notInFile("sourceInvoiceNumber", record.sourceInvoiceNumber, invoices, record.sourceInvoiceDate),
        );
    }
    // What the job would store for this schedule and state (a stopped profile is finished).
    const profile: RecurringProfile = { schedule: record.schedule, state: record.state };
    const status = record.stoppedAt ? "finished" : recurringStatus(profile);
    const nextDate = record.stoppedAt ? null : (nextPeriod(profile)?.date ?? null);
    if (record.status !== status) problems.push(`status: Must be ${status} for this schedule and state.`);
    if (record.nextDate !== nextDate)
      problems.push(`nextDate: Must be ${nextDate ?? "null"} for this schedule and state.`);
    const periods = new Set<number>();
    for (const [n, run] of record.runs.entries()) {
      if (run.periodIndex >= record.state.nextIndex || periods.has(run.periodIndex))
        problems.push(
          `runs.${n}.periodIndex: Must be a period handled once, before ${record.state.nextIndex}.`,
        );
      periods.add(run.periodIndex);
    }
    const { document, problems: documentProblems } = readDocument(record.document, {});
    problems.push(...documentProblems);
    if (problems.length > 0 || !document) {
      fail(index, problems);
      continue;
    }
    // An invoice made by the profile and deleted since is not in the file, nor is a number two of its
    // invoices share named without its date: the run keeps its number, unlinked.
    const inFile = (number: string | null, date?: string) =>
      number ? (invoices.find(number, date) ?? null) : null;
    profiles.push({
      ...document,
      record,
      sourceInvoice,
      lastInvoice: inFile(record.lastInvoiceNumber, record.lastInvoiceDate),
      runInvoices: record.runs.map((run) => inFile(run.invoiceNumber, run.invoiceDate)),
    });
  }
  return profiles;
};
