/** The test environment, read once: PostgreSQL for the database tests when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL: string | undefined = process.env.TEST_DATABASE_URL || undefined;

/** MEMORY_BUDGET_PG=1: memory-budget.test.ts also holds the PostgreSQL budget (not met yet). */
/** The PATH the tests started with (a test puts a stand-in program in front of it with vi.stubEnv). */
export const TEST_PATH: string = process.env.PATH ?? "";
export const MEMORY_BUDGET_PG = process.env.MEMORY_BUDGET_PG === "1";

/** A copy of the test process's environment, for the server processes that tests start. */
export function testProcessEnv(): NodeJS.ProcessEnv {
  return { ...process.env };
}
