import { sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** A timestamptz as PostgreSQL writes it in a session whose time zone is UTC: 2026-11-27 11:30:41.123456+00. */
const UTC_TIMESTAMP = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamp as the API writes it (Date's toISOString: milliseconds, UTC), from PostgreSQL's text
 * without making a Date and formatting it again: a list page did that for every row (decision 0070).
 * Text in another zone, or anything else, goes through Date as Drizzle reads it.
 */
export function isoTimestamp(value: unknown): string {
  if (typeof value === "string") {
    const utc = UTC_TIMESTAMP.exec(value);
    if (utc) return `${utc[1]}T${utc[2]}.${`${utc[3] ?? ""}000`.slice(0, 3)}Z`;
  }
  return (value instanceof Date ? value : new Date(value as string)).toISOString();
}

/** A timestamptz column read as the API's ISO text (isoTimestamp), for a list's `columns`. */
export const isoTimestampOf = (column: PgColumn) => sql<string>`${column}`.mapWith(isoTimestamp);
