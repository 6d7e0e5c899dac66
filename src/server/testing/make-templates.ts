// `npx tsx src/server/testing/make-templates.ts <folder>`: makes the migrated template databases
// (templates.ts) before the test lanes start (scripts/test.mjs), and gives <folder> a migrated
// embedded database (<folder>/db) for the browser tests' servers to start on: a copy instead of
// initdb and every migration in each of them (decision 0069).
import { mkdirSync } from "node:fs";
import { postgresTemplateName, seedPgliteDataDir } from "./templates";
import { TEST_DATABASE_URL } from "./test-config";

const folder = process.argv[2];
if (!folder) throw new Error("usage: make-templates.ts <folder for the seeded data folder>");
mkdirSync(folder, { recursive: true });
await Promise.all([seedPgliteDataDir(folder), TEST_DATABASE_URL ? postgresTemplateName() : undefined]);
