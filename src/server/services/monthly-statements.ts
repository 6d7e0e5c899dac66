import { todayInTimeZone } from "#domain/dates";
import { DEFAULT_STATEMENT_MESSAGE, DEFAULT_STATEMENT_SUBJECT, previousMonth } from "#domain/statements";
import { now } from "../clock";
import type { Db } from "../db/client";
import { readSettings } from "../db/queries/settings";
import {
  claimStatementRun,
  clientsWithEmail,
  enabledStatementSchedules,
  markStatementMonthDone,
  releaseStatementRun,
  saveStatementSchedule,
} from "../db/queries/statement-schedules";
import type { SendDeps } from "./documents/send";
import { recordSettingsChanged } from "./settings-activity";
import { sendStatement } from "./statement-send";
import { readClientStatement } from "./statements";

// The monthly statement (decision 0081): once a business switches it on, each client with an
// e-mail address who owes something at the end of the last month (in the business's time zone and
// currency) is sent that month's statement with its link (no PDF: a PDF costs a credit). Each
// client's month is claimed first (statement_runs), so it goes out once however many servers run
// the job and however often; a month missed while the server was down goes out on the next run.
// A month that ended before the switch was turned on is not sent.

export async function sendMonthlyStatements(deps: SendDeps, at = now()): Promise<number> {
  const { db } = deps;
  let sent = 0;
  const failed: unknown[] = [];
  for (const schedule of await enabledStatementSchedules(db)) {
    const settings = await readSettings(db, schedule.businessId);
    const period = previousMonth(todayInTimeZone(at, settings.timeZone));
    if (!schedule.enabledAt || todayInTimeZone(schedule.enabledAt, settings.timeZone) > period.to) continue;
    if (schedule.doneMonth === period.from) continue;
    const failedBefore = failed.length;
    for (const client of await clientsWithEmail(db, schedule.businessId)) {
      const run = { businessId: schedule.businessId, clientId: client.id, month: period.from };
      let claimed = false;
      try {
        const view = await readClientStatement(db, schedule.businessId, client.id, period);
        if (view.statement.activity.closingMinor <= 0) continue;
        claimed = await claimStatementRun(db, run);
        if (!claimed) continue;
        await sendStatement(
          deps,
          schedule.businessId,
          client.id,
          { ...period, currency: view.currency },
          {
            to: [client.email],
            cc: [],
            subject: DEFAULT_STATEMENT_SUBJECT,
            message: DEFAULT_STATEMENT_MESSAGE,
            attachPdf: false,
          },
        );
        sent++;
      } catch (error) {
        if (claimed) await releaseStatementRun(db, run);
        failed.push(error);
      }
    }
    if (failed.length === failedBefore) await markStatementMonthDone(db, schedule.businessId, period.from);
  }
  if (failed.length) {
    throw new Error(`${failed.length} monthly statement(s) not sent: ${(failed[0] as Error).message}`);
  }
  return sent;
}

/** Switches the monthly statements on or off, in the activity log as a change of settings. */
export function switchMonthlyStatements(db: Db, businessId: string, enabled: boolean) {
  return db.transaction(async (tx) => {
    const schedule = await saveStatementSchedule(tx, businessId, enabled, now());
    await recordSettingsChanged(tx, businessId, ["monthlyStatements"]);
    return schedule;
  });
}
