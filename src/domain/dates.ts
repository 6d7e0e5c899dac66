import { DomainError } from "./errors";

// Dates that belong to a business day ("today", a due date) are plain "YYYY-MM-DD" strings in
// the user's time zone, so they compare as strings and never shift when a server in UTC reads them.

export interface ZonedDateTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone,
        hourCycle: "h23",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
      });
    } catch {
      throw new DomainError("INVALID_TIME_ZONE", `Unknown time zone: ${timeZone}`, "timeZone");
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function isValidTimeZone(tz: string): boolean {
  if (typeof tz !== "string" || tz.trim() === "" || tz !== tz.trim()) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock date and time at `now` in an IANA time zone. */
export function zonedDateTime(now: Date, timeZone: string): ZonedDateTime {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) {
    throw new DomainError("INVALID_DATE", "Invalid date.");
  }
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    // Some engines once printed midnight as 24 even with h23.
    hour: parts.hour % 24,
    minute: parts.minute,
    second: parts.second,
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

export function todayInTimeZone(now: Date, timeZone: string): string {
  const { year, month, day } = zonedDateTime(now, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written "YYYY-MM-DD" (so "2025-02-29" is not). */
export function isValidIsoDate(s: string): boolean {
  const match = typeof s === "string" ? ISO_DATE.exec(s) : null;
  if (!match) return false;
  const [, y, m, d] = match.map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function addDays(isoDate: string, days: number): string {
  if (!isValidIsoDate(isoDate)) throw new DomainError("INVALID_DATE", `Invalid date: ${isoDate}`);
  if (!Number.isSafeInteger(days)) throw new DomainError("INVALID_DATE", `Invalid number of days: ${days}`);
  const [y, m, d] = isoDate.split("-").map(Number);
  const result = new Date(Date.UTC(y, m - 1, d + days));
  const year = result.getUTCFullYear();
  if (Number.isNaN(year) || year < 1 || year > 9999) {
    throw new DomainError("INVALID_DATE", "Date out of range.");
  }
  return `${pad(year, 4)}-${pad(result.getUTCMonth() + 1)}-${pad(result.getUTCDate())}`;
}

/** How many days a month has (month 1-12), by the proleptic Gregorian calendar. */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isSafeInteger(year) || !Number.isSafeInteger(month) || month < 1 || month > 12) {
    throw new DomainError("INVALID_DATE", `Invalid month: ${year}-${month}`);
  }
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** The wall clock of `t` read as if it were UTC, minus `t`: the zone's offset at `t`, in ms. */
function offsetAt(t: number, timeZone: string): number {
  const z = zonedDateTime(new Date(t), timeZone);
  const wall = new Date(0);
  wall.setUTCFullYear(z.year, z.month - 1, z.day);
  wall.setUTCHours(z.hour, z.minute, z.second, 0);
  return wall.getTime() - (t - (((t % 1000) + 1000) % 1000));
}

/**
 * The instant a date begins in a time zone: its midnight, or, where a clock change skips
 * midnight, the first instant that reads as that date (the next date's start if the zone skipped
 * the whole day). `todayInTimeZone(now, tz) >= isoDate` holds exactly from this instant on.
 */
export function startOfDayInTimeZone(isoDate: string, timeZone: string): Date {
  if (!isValidIsoDate(isoDate)) throw new DomainError("INVALID_DATE", `Invalid date: ${isoDate}`);
  const [y, m, d] = isoDate.split("-").map(Number);
  const wallMidnight = new Date(0);
  wallMidnight.setUTCFullYear(y, m - 1, d);
  const target = wallMidnight.getTime();
  const reached = (t: number) => todayInTimeZone(new Date(t), timeZone) >= isoDate;
  // Midnight on the wall clock, minus the offset there: right unless the offset changes near it.
  let t = target - offsetAt(target, timeZone);
  t = target - offsetAt(t, timeZone);
  if (reached(t) && !reached(t - 1)) return new Date(t);
  // A clock change near midnight: search the second the date begins (offsets stay within ±26 h).
  let lo = target - 27 * 3_600_000; // not reached
  let hi = target + 27 * 3_600_000; // reached
  while (hi - lo > 1000) {
    const mid = lo + Math.floor((hi - lo) / 2000) * 1000;
    if (reached(mid)) hi = mid;
    else lo = mid;
  }
  return new Date(hi);
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-21" -> "21 Nov 2026": how invoices, e-mails and lists print a date. */
export function formatPageDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!match) return iso;
  return `${Number(match[3])} ${MONTHS[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}
