import type { Db } from "./db/client";
import { readTestClock, saveTestClock } from "./db/queries/test-clock";

// The one clock Bahi's business rules read (today's date for the dashboard and new invoices,
// reminders, recurring invoices, public views): the system's, unless the server was started with
// TEST_CLOCK=1 (refused in production, see config.ts) and a test set it with POST /api/test/clock.
// A set clock stands still at that instant until it is set again, so a test sees exactly the
// days it chose. Security timers (sessions, rate limits, sign-in links) keep the real time.

let setInstant: Date | null = null;

/** Now, on Bahi's clock. */
export function now(): Date {
  return setInstant ? new Date(setInstant) : new Date();
}

/** Sets the clock for this process and keeps it in the database (a restart reads it back). */
export async function setTestClock(db: Db, instant: Date): Promise<void> {
  await saveTestClock(db, instant);
  setInstant = instant;
}

/** Reads the kept instant at start (TEST_CLOCK=1 only): the clock is where the last test left it. */
export async function loadTestClock(db: Db): Promise<void> {
  setInstant = await readTestClock(db);
}

/** Back to the system's clock in this process (test isolation); the kept instant stays. */
export function resetClock(): void {
  setInstant = null;
}
