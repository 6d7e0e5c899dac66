import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A timestamptz as PostgreSQL writes it in a session whose time zone is UTC: 2026-11-27 11:30:41.123456+00. */
const UTC_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,6})?\+00$/;

/**
 * A timestamp as the API writes it (Date's toISOString: milliseconds, UTC), from PostgreSQL's text
 * without making a Date and formatting it again: a list page did that for every row (decision 0070).
 * Cut from the text at fixed places, not from a match's groups: those made a list page allocate
 * as much for its 40 timestamps as for its whole JSON answer (decision 0073).
 * Text in another zone, or anything else, goes through Date as Drizzle reads it.
 */
export function isoTimestamp(value: unknown): string {
  if (typeof value === "string" && UTC_TIMESTAMP.test(value)) {
    // 2026-11-27 11:30:41+00 (22 characters), or with 1 to 6 digits of a second after a dot.
    const n = value.length;
    if (n >= 26) return `${value.slice(0, 10)}T${value.slice(11, 23)}Z`;
    return `${value.slice(0, 10)}T${value.slice(11, n - 3)}${n === 22 ? ".000" : "00".slice(n - 24)}Z`;
  }
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

/** A timestamptz column read as the API's ISO text (isoTimestamp), for a list's `columns`. */
export const isoTimestampOf = (column: PgColumn) => sql<string>`${column}`.mapWith(isoTimestamp);
