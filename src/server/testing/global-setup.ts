import { pgliteTemplateFolder, postgresTemplateName } from "./templates";
import { TEST_DATABASE_URL } from "./test-config";

/**
 * Vitest's global setup: makes the migrated template databases (templates.ts: PGlite's as a tarball
 * and as a data folder) once, before the test files start, so that two files starting together do
 * not both make the PGlite one, and no test's timeout includes the making.
 */
export default async function setup() {
  await Promise.all([pgliteTemplateFolder(), TEST_DATABASE_URL ? postgresTemplateName() : undefined]);
}
