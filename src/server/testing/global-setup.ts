import { dropThisRunsDatabases } from "./database-drops";
import { pgliteTemplateFolder, postgresTemplateName } from "./templates";
import { TEST_DATABASE_URL, TEST_RUN } from "./test-config";

/**
 * Vitest's global setup: makes the migrated template databases (templates.ts: PGlite's as a tarball
 * and as a data folder) once, before the test files start, so that two files starting together do
 * not both make the PGlite one, and no test's timeout includes the making. Importing test-config
 * sets this run's id (BAHI_TEST_RUN) in the environment the test workers inherit; the teardown drops
 * the PostgreSQL databases the run left (database-drops.ts).
 */
export default async function setup() {
  await Promise.all([pgliteTemplateFolder(), TEST_DATABASE_URL ? postgresTemplateName() : undefined]);
  return async () => {
    if (TEST_DATABASE_URL) await dropThisRunsDatabases(TEST_RUN);
  };
}
