import { z } from "zod";
import {
  addDays,
  daysInMonth,
  formatPageDate,
  isValidIsoDate,
  startOfDayInTimeZone,
  todayInTimeZone,
} from "./dates";
import { DomainError } from "./errors";
import { isoDate } from "./iso-date";
import { DEFAULT_TIME_ZONE } from "./settings";

// Recurring invoice profiles (docs/decisions/0031). Every period's date is worked out from the
// START date and the period's index, never from the previous period, so nothing drifts: a profile
// starting 31 Jan gives 31 Jan, 28 Feb, 31 Mar, 30 Apr. Dates are "YYYY-MM-DD" in the user's time
// zone and all arithmetic is UTC calendar arithmetic on them, never local-time Date maths.

export const RECURRING_LIMITS = { maxEvery: 99, maxCount: 999 } as const;

const every = z.number().int().min(1).max(RECURRING_LIMITS.maxEvery);

/**
 * How often a profile makes an invoice. Weeks keep the start date's weekday. Months count from
 * the start date's month; `day: "start"` keeps the start date's day of the month (the month's
 * last day when it is shorter), `day: "last"` takes the last day of every month.
 */
export const recurrenceRuleSchema = z.discriminatedUnion("unit", [
  z.object({ unit: z.literal("week"), every }).strict(),
  z.object({ unit: z.literal("month"), every, day: z.enum(["start", "last"]) }).strict(),
]);
export type RecurrenceRule = z.infer<typeof recurrenceRuleSchema>;

/** The frequencies offered by name; "every N weeks/months" are rules with another `every`. */
export const RECURRENCE_PRESETS = {
  weekly: { unit: "week", every: 1 },
  monthly: { unit: "month", every: 1, day: "start" },
  monthly_last_day: { unit: "month", every: 1, day: "last" },
  quarterly: { unit: "month", every: 3, day: "start" },
  half_yearly: { unit: "month", every: 6, day: "start" },
  yearly: { unit: "month", every: 12, day: "start" },
} as const satisfies Record<string, RecurrenceRule>;
export type RecurrencePreset = keyof typeof RECURRENCE_PRESETS;

export function ruleForPreset(preset: RecurrencePreset): RecurrenceRule {
  return { ...RECURRENCE_PRESETS[preset] };
}

/** "Weekly", "Every 2 weeks", "Monthly", "Quarterly", "Every 2 months on the last day", ... */
export function describeRule(rule: RecurrenceRule): string {
  if (rule.unit === "week") return rule.every === 1 ? "Weekly" : `Every ${rule.every} weeks`;
  const named: Record<number, string> = { 1: "Monthly", 3: "Quarterly", 6: "Half-yearly", 12: "Yearly" };
  const base = named[rule.every] ?? `Every ${rule.every} months`;
  return rule.day === "last" ? `${base} on the last day` : base;
}

/** When a profile stops: never, after N invoices made, or on a date (inclusive). */
export const recurrenceEndSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("never") }).strict(),
  z
    .object({ type: z.literal("after"), count: z.number().int().min(1).max(RECURRING_LIMITS.maxCount) })
    .strict(),
  z.object({ type: z.literal("on"), date: isoDate }).strict(),
]);
export type RecurrenceEnd = z.infer<typeof recurrenceEndSchema>;

export const recurringScheduleSchema = z
  .object({ rule: recurrenceRuleSchema, startDate: isoDate, end: recurrenceEndSchema })
  .strict()
  .superRefine((s, ctx) => {
    if (s.end.type !== "on" || !isValidIsoDate(s.startDate) || !isValidIsoDate(s.end.date)) return;
    const first = periodDate(s.rule, s.startDate, 0);
    if (s.end.date < first) {
      ctx.addIssue({
        code: "custom",
        path: ["end", "date"],
        message: `The end date cannot be before the first invoice date (${formatPageDate(first)}).`,
      });
    }
  });
export type RecurringSchedule = z.infer<typeof recurringScheduleSchema>;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/**
 * The date of period `index` (0 is the first). For a month rule with `day: "start"` this is
 * the start date itself; with `day: "last"` it is the last day of the start date's month.
 */
export function periodDate(rule: RecurrenceRule, startDate: string, index: number): string {
  if (!isValidIsoDate(startDate)) throw new DomainError("INVALID_DATE", `Invalid date: ${startDate}`);
  if (!Number.isSafeInteger(index) || index < 0) {
    throw new DomainError("INVALID_PERIOD", `Invalid period index: ${index}`);
  }
  if (rule.unit === "week") return addDays(startDate, 7 * rule.every * index);
  const [y, m, d] = startDate.split("-").map(Number);
  const months = m - 1 + rule.every * index;
  const year = y + Math.floor(months / 12);
  const month = (months % 12) + 1;
  if (!Number.isSafeInteger(year) || year > 9999) throw new DomainError("INVALID_DATE", "Date out of range.");
  const last = daysInMonth(year, month);
  return `${pad(year, 4)}-${pad(month)}-${pad(rule.day === "last" ? last : Math.min(d, last))}`;
}

export interface Period {
  index: number;
  date: string;
}

/** Period `index` if the schedule's end date allows it (ignores "after N"); null past the end. */
function periodWithinEnd(s: RecurringSchedule, index: number): Period | null {
  let date: string;
  try {
    date = periodDate(s.rule, s.startDate, index);
  } catch (error) {
    if (error instanceof DomainError && error.code === "INVALID_DATE") return null; // past year 9999
    throw error;
  }
  return s.end.type === "on" && date > s.end.date ? null : { index, date };
}

/**
 * The periods dated on or before `untilDate`, in order, as the schedule alone sets them: the end
 * date, and "after N" taken as the first N (pauses, which skip periods, are not known here).
 */
export function periodsUntil(s: RecurringSchedule, untilDate: string): Period[] {
  const periods: Period[] = [];
  for (let index = 0; ; index++) {
    if (s.end.type === "after" && index >= s.end.count) break;
    const period = periodWithinEnd(s, index);
    if (!period || period.date > untilDate) break;
    periods.push(period);
  }
  return periods;
}

/** A pause: periods due from `pausedAt` until before `resumedAt` (null: still paused) are skipped. */
export interface RecurringPause {
  pausedAt: Date;
  resumedAt: Date | null;
}

/**
 * What the server stores beside the schedule. `nextIndex` is the first period not yet handled
 * (created or skipped); `createdCount` the invoices made, which "after N" counts; `pauses` in
 * order, only the last one open. Pauses ending before the last handled period may be dropped.
 */
export interface RecurringState {
  nextIndex: number;
  createdCount: number;
  pauses: RecurringPause[];
}

export const NEW_RECURRING_STATE: RecurringState = { nextIndex: 0, createdCount: 0, pauses: [] };

export const recurringStateSchema = z
  .object({
    nextIndex: z.number().int().min(0),
    createdCount: z.number().int().min(0),
    pauses: z.array(z.object({ pausedAt: z.coerce.date(), resumedAt: z.coerce.date().nullable() })),
  })
  .superRefine((s, ctx) => {
    if (s.createdCount > s.nextIndex) {
      ctx.addIssue({ code: "custom", path: ["createdCount"], message: "More invoices than periods." });
    }
    let previousEnd = Number.NEGATIVE_INFINITY;
    s.pauses.forEach((p, i) => {
      const from = p.pausedAt.getTime();
      const until = p.resumedAt?.getTime() ?? Number.POSITIVE_INFINITY;
      const open = p.resumedAt === null && i !== s.pauses.length - 1;
      if (from < previousEnd || until < from || open) {
        ctx.addIssue({ code: "custom", path: ["pauses", i], message: "Pauses must be in order." });
      }
      previousEnd = until;
    });
  });

export interface RecurringProfile {
  schedule: RecurringSchedule;
  state: RecurringState;
}

export type RecurringStatus = "active" | "paused" | "finished";

export const RECURRING_STATUS_LABELS: Record<RecurringStatus, string> = {
  active: "Active",
  paused: "Paused",
  finished: "Finished",
};

export function isPaused(state: RecurringState): boolean {
  return state.pauses.at(-1)?.resumedAt === null;
}

/** The next period to handle, or null when none is left (end date passed or N invoices made). */
export function nextPeriod({ schedule, state }: RecurringProfile): Period | null {
  if (schedule.end.type === "after" && state.createdCount >= schedule.end.count) return null;
  return periodWithinEnd(schedule, state.nextIndex);
}

export function isFinished(profile: RecurringProfile): boolean {
  return nextPeriod(profile) === null;
}

export function recurringStatus(profile: RecurringProfile): RecurringStatus {
  if (isFinished(profile)) return "finished";
  return isPaused(profile.state) ? "paused" : "active";
}

export function pauseProfile(state: RecurringState, at: Date): RecurringState {
  const last = state.pauses.at(-1);
  if (last && last.resumedAt === null)
    throw new DomainError("ALREADY_PAUSED", "The profile is already paused.");
  if (last?.resumedAt && at < last.resumedAt) {
    throw new DomainError("INVALID_DATE", "A pause cannot start before the last resume.");
  }
  return { ...state, pauses: [...state.pauses, { pausedAt: at, resumedAt: null }] };
}

export function resumeProfile(state: RecurringState, at: Date): RecurringState {
  const last = state.pauses.at(-1);
  if (!last || last.resumedAt !== null) throw new DomainError("NOT_PAUSED", "The profile is not paused.");
  if (at < last.pausedAt) throw new DomainError("INVALID_DATE", "A profile cannot resume before its pause.");
  return { ...state, pauses: [...state.pauses.slice(0, -1), { pausedAt: last.pausedAt, resumedAt: at }] };
}

export interface DuePeriod extends Period {
  /** "create": make the invoice; "skip": record that the period fell while the profile was paused. */
  action: "create" | "skip";
}

/**
 * The periods due at instant `now` and not yet handled, in order, each once. A period falls due
 * at the start (midnight) of its date in `timeZone`. It is skipped when that instant lies in a
 * pause: pausedAt <= instant < resumedAt (or the pause is still open). Everything else due is
 * created, however long ago it fell (catch-up after downtime), until the end date or until the
 * profile has made N invoices. Handle the list in order with `markHandled`.
 */
export function duePeriods(
  { schedule, state }: RecurringProfile,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): DuePeriod[] {
  const today = todayInTimeZone(now, timeZone);
  const due: DuePeriod[] = [];
  let created = state.createdCount;
  for (let index = state.nextIndex; ; index++) {
    if (schedule.end.type === "after" && created >= schedule.end.count) break;
    const period = periodWithinEnd(schedule, index);
    if (!period || period.date > today) break;
    const skip = state.pauses.length > 0 && fellInPause(period.date, state.pauses, timeZone);
    due.push({ ...period, action: skip ? "skip" : "create" });
    if (!skip) created++;
  }
  return due;
}

function fellInPause(date: string, pauses: readonly RecurringPause[], timeZone: string): boolean {
  const dueAt = startOfDayInTimeZone(date, timeZone).getTime();
  return pauses.some(
    (p) => p.pausedAt.getTime() <= dueAt && (p.resumedAt === null || dueAt < p.resumedAt.getTime()),
  );
}

/** The state after handling `period`, which must be the next one (periods are handled in order). */
export function markHandled(state: RecurringState, period: DuePeriod): RecurringState {
  if (period.index !== state.nextIndex) {
    throw new DomainError("INVALID_PERIOD", `Period ${period.index} is not the next (${state.nextIndex}).`);
  }
  return {
    ...state,
    nextIndex: state.nextIndex + 1,
    createdCount: state.createdCount + (period.action === "create" ? 1 : 0),
  };
}

/**
 * For a profile about to be saved with a start date in the past: the invoices that would be
 * created at once (the periods already due at `now`), and the sentence confirming it.
 */
export function pastPeriodsOnCreate(
  schedule: RecurringSchedule,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): { count: number; dates: string[]; message: string | null } {
  const dates = duePeriods({ schedule, state: NEW_RECURRING_STATE }, now, timeZone).map((p) => p.date);
  return { count: dates.length, dates, message: pastPeriodsMessage(dates) };
}

/** "3 invoices will be created now, dated 31 Aug 2026, 30 Sep 2026 and 31 Oct 2026." */
export function pastPeriodsMessage(dates: readonly string[]): string | null {
  if (dates.length === 0) return null;
  const shown = dates.map(formatPageDate);
  if (shown.length === 1) return `1 invoice will be created now, dated ${shown[0]}.`;
  const list =
    shown.length <= 5
      ? `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`
      : `from ${shown[0]} to ${shown.at(-1)}`;
  return `${shown.length} invoices will be created now, dated ${list}.`;
}

/** An invoice made for a period is dated on the period; its due date follows `dueDays` later. */
export function invoiceDatesForPeriod(
  date: string,
  dueDays: number | null,
): { invoiceDate: string; dueDate: string | null } {
  if (dueDays !== null && (!Number.isSafeInteger(dueDays) || dueDays < 0)) {
    throw new DomainError("INVALID_DUE_DAYS", `Invalid number of days until due: ${dueDays}`);
  }
  return { invoiceDate: date, dueDate: dueDays === null ? null : addDays(date, dueDays) };
}
