import { randomBytes } from "node:crypto";

/** The test environment, read once: PostgreSQL for the database tests when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/**
 * This test run's id (8 hex digits), in the names of the PostgreSQL databases it makes: set by
 * Vitest's global setup for the whole run, so its teardown finds the run's databases.
 */
process.env.BAHI_TEST_RUN ||= randomBytes(4).toString("hex");
export const TEST_RUN: string = process.env.BAHI_TEST_RUN;

/** Where the slowest-files reporter writes every test file's wall time and CPU as JSON, if set. */
export const TEST_FILE_TIMES: string | undefined = process.env.TEST_FILE_TIMES || undefined;

/** The PATH the tests started with (a test puts a stand-in program in front of it with vi.stubEnv). */
export const TEST_PATH: string = process.env.PATH ?? "";

/** A copy of the test process's environment, for the server processes that tests start. */
export function testProcessEnv(): NodeJS.ProcessEnv {
  return { ...process.env };
}
