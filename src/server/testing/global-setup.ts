import { pgliteTemplate, postgresTemplateName } from "./templates";
import { TEST_DATABASE_URL } from "./test-config";

/**
 * Vitest's global setup: makes the migrated template databases (templates.ts) once, before the test
 * files start, so that two files starting together do not both make the PGlite one, and no test's
 * timeout includes the making.
 */
export default async function setup() {
  await Promise.all([pgliteTemplate(), TEST_DATABASE_URL ? postgresTemplateName() : undefined]);
}
