/** The test environment, read once: PostgreSQL for the database tests when TEST_DATABASE_URL is set. */
export const TEST_DATABASE_URL: string | undefined = process.env.TEST_DATABASE_URL || undefined;
