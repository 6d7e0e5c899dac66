import { randomBytes } from "node:crypto";
import pg from "pg";
import { TEST_DATABASE_URL, TEST_RUN } from "./test-config";

/**
 * Test databases on PostgreSQL are dropped behind the tests' back (issue 29). DROP DATABASE waits
 * for a checkpoint (PostgreSQL 15 forces one for every drop), 1-4 s on a busy machine, and each test
 * app's close waited for it: on ~150 databases a run, minutes of a test lane spent waiting on the
 * disk. A drop is now queued and the test goes on; the queue drops one database after another, and
 * Vitest's global teardown drops whatever this run left (the worker may end with drops still queued).
 * The names carry the run's id, so the sweep touches this run's databases only.
 */

/** `<prefix>_<run>_<time>_<random>`: a new database's name, marked as this run's. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${TEST_RUN}_${Date.now()}_${randomBytes(4).toString("hex")}`;
}

/** Runs SQL statements on TEST_DATABASE_URL's server through one short connection. */
export async function adminStatements(...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}

let queue: Promise<void> = Promise.resolve();

/** Queues the drop of database `name`; a failed drop is left to the run's sweep. */
export function dropDatabaseLater(name: string): void {
  queue = queue.then(() => adminStatements(`drop database if exists ${name} with (force)`).catch(() => {}));
}

/** Drops the databases this run made and has not dropped yet (Vitest's global teardown). */
export async function dropThisRunsDatabases(run: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [`%\\_${run}\\_%`],
    );
    for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
  } finally {
    await client.end();
  }
}
