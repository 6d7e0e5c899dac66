import { addDays } from "./dates";

// Payment reminders (issue 11 part 6; DECISIONS §10 "polite and few"): e-mails for an unpaid,
// issued invoice at points fixed by its due date. "At most M" counts every reminder of the
// invoice, before and after the due date. A point missed while the server was down is sent once
// on the next run, if the invoice is still unpaid; older missed points are not sent on top of it.

export interface ReminderSchedule {
  /** Days before the due date (0: none). */
  daysBefore: number;
  onDueDate: boolean;
  /** Every N days after the due date while overdue (0: none). */
  everyDaysAfter: number;
  /** At most this many reminders per invoice. */
  maxReminders: number;
}

export const DEFAULT_REMINDER_SCHEDULE: ReminderSchedule = {
  daysBefore: 3,
  onDueDate: true,
  everyDaysAfter: 7,
  maxReminders: 4,
};

/** Reminders go out from this hour of the day in the user's time zone (docs/decisions/0028). */
export const REMINDER_HOUR = 10;

/**
 * The dates (YYYY-MM-DD) the schedule sets for an invoice due on `dueDate`, in order, at most
 * `maxReminders` of them (the points after the due date repeat until the limit).
 */
export function reminderPoints(dueDate: string, s: ReminderSchedule): string[] {
  const points: string[] = [];
  if (s.daysBefore > 0) points.push(addDays(dueDate, -s.daysBefore));
  if (s.onDueDate) points.push(dueDate);
  for (let n = 1; s.everyDaysAfter > 0 && points.length < s.maxReminders; n++) {
    points.push(addDays(dueDate, n * s.everyDaysAfter));
  }
  return points.slice(0, Math.max(0, s.maxReminders));
}

/**
 * The point to send now, if any: the latest point on or before `today` that has not been sent,
 * once the reminder hour has come on that day; none when the invoice already had its maximum.
 */
export function reminderDue(
  dueDate: string,
  s: ReminderSchedule,
  p: { today: string; hour: number; sent: readonly string[] },
): string | null {
  if (p.sent.length >= s.maxReminders) return null;
  const reached = reminderPoints(dueDate, s).filter(
    (d) => d < p.today || (d === p.today && p.hour >= REMINDER_HOUR),
  );
  const latest = reached.at(-1);
  if (!latest || p.sent.includes(latest)) return null;
  // A later point already sent means this one was passed by: never send back in time.
  if (p.sent.some((d) => d > latest)) return null;
  return latest;
}
