import { createHash, randomBytes } from "node:crypto";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { openDatabase } from "../db/client";
import { PGLITE_EXTENSIONS, pgliteInFolder } from "../db/pglite-folder";
import { MIGRATIONS_DIR, PROJECT_ROOT } from "../paths";
import { TEST_DATABASE_URL } from "./test-config";

/**
 * Migrated databases that each test file copies instead of migrating its own (issue 29): a fresh
 * PGlite runs initdb and every migration (seconds of CPU per file), a copy of a dumped data folder
 * does neither; on PostgreSQL, CREATE DATABASE ... TEMPLATE copies files instead of replaying the
 * migrations. Both are named by a hash of the migrations (and PGlite's version), so a changed
 * migration makes a new template instead of serving a stale one; the migrations still run on every
 * copy (a no-op on a current one).
 */

let key: string | undefined;

function templateKey(): string {
  if (key) return key;
  const hash = createHash("sha256");
  const pglite = JSON.parse(
    readFileSync(path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/package.json"), "utf8"),
  ) as { version: string };
  hash.update(pglite.version);
  for (const folder of [MIGRATIONS_DIR, path.join(MIGRATIONS_DIR, "meta")]) {
    for (const name of readdirSync(folder).sort()) {
      if (!/\.(sql|json)$/.test(name)) continue;
      hash.update(name).update(readFileSync(path.join(folder, name)));
    }
  }
  key = hash.digest("hex").slice(0, 16);
  return key;
}

const TEMPLATE_DIR = path.join(tmpdir(), "bahi-test-templates");

/** Where the migrated PGlite data folder of today's migrations is kept (made by `pgliteTemplate`). */
export function pgliteTemplatePath(): string {
  return path.join(TEMPLATE_DIR, `pglite-${templateKey()}.tar`);
}

let pgliteDump: Promise<Blob> | undefined;

/**
 * A migrated PGlite data folder (dumpDataDir's tarball), made once per set of migrations and kept
 * in the temporary folder: read from there, or made and written there (whole or not at all, so
 * several processes making it at once each leave a complete file).
 */
export function pgliteTemplate(): Promise<Blob> {
  pgliteDump ??= (async () => {
    const file = pgliteTemplatePath();
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      // Not made yet: made below.
    }
    const client = new PGlite({ extensions: PGLITE_EXTENSIONS });
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
      const dump = await client.dumpDataDir("none");
      mkdirSync(TEMPLATE_DIR, { recursive: true });
      const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await client.close();
    }
  })();
  pgliteDump.catch(() => {
    pgliteDump = undefined;
  });
  return pgliteDump;
}

let compiled: Promise<Required<Pick<PGliteOptions, "pgliteWasmModule" | "fsBundle">>> | undefined;

/**
 * PGlite's WASM program compiled once per test process, and its file bundle read once: each new
 * PGlite compiles and reads them again otherwise (0.15-0.2 CPU-s of the ~0.9 an in-memory test
 * database costs to open, measured with /tmp probes of 8 opens each; decision 0069).
 */
export function pgliteCompiled() {
  compiled ??= (async () => {
    const dist = path.join(PROJECT_ROOT, "node_modules/@electric-sql/pglite/dist");
    const [pgliteWasmModule, fsBundle] = await Promise.all([
      readFile(path.join(dist, "pglite.wasm")).then((bytes) => WebAssembly.compile(bytes)),
      readFile(path.join(dist, "pglite.data")).then((bytes) => new Blob([bytes])),
    ]);
    return { pgliteWasmModule, fsBundle };
  })();
  return compiled;
}

let pgliteFolder: Promise<string> | undefined;

/**
 * The migrated PGlite template unpacked into a data folder (as Bahi keeps it, private files
 * included), made once per set of migrations beside the tarball: `seedPgliteDataDir` copies it.
 */
export function pgliteTemplateFolder(): Promise<string> {
  pgliteFolder ??= (async () => {
    const folder = pgliteTemplatePath().replace(/\.tar$/, ".db");
    if (existsSync(folder)) return folder;
    const partial = `${folder}.${process.pid}.${randomBytes(4).toString("hex")}`;
    try {
      const client = pgliteInFolder(partial, { loadDataDir: await pgliteTemplate() });
      await client.waitReady;
      await client.close();
      renameSync(partial, folder);
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      // Another process put its copy in place first: that one serves.
      if (!existsSync(folder)) throw error;
    }
    return folder;
  })();
  pgliteFolder.catch(() => {
    pgliteFolder = undefined;
  });
  return pgliteFolder;
}

/**
 * Gives `dataDir` an embedded database already migrated, as a first start would have left it: a
 * copy of a folder instead of initdb and every migration in the process that opens it (about 5 s of
 * CPU each). For tests that start Bahi on a data folder without testing that first start itself.
 */
export async function seedPgliteDataDir(dataDir: string): Promise<void> {
  cpSync(await pgliteTemplateFolder(), path.join(dataDir, "db"), { recursive: true });
}

async function adminQuery<T extends pg.QueryResultRow>(
  statements: (client: pg.Client) => Promise<T[] | undefined>,
): Promise<T[] | undefined> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return await statements(client);
  } finally {
    await client.end();
  }
}

let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a migrated PostgreSQL database on TEST_DATABASE_URL's server to copy test databases
 * from, made once per set of migrations (under an advisory lock, so that processes starting
 * together make it once). It is kept for later runs, and nobody connects to it once made, which
 * CREATE DATABASE ... TEMPLATE requires.
 */
export function postgresTemplateName(): Promise<string> {
  postgresTemplate ??= adminQuery(async (admin) => {
    const name = `bahi_tpl_${templateKey()}`;
    await admin.query("select pg_advisory_lock(727402)");
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return;
      const building = `${name}_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${building}`);
      await admin.query(`alter database ${building} set synchronous_commit = off`);
      try {
        const url = new URL(TEST_DATABASE_URL!);
        url.pathname = `/${building}`;
        const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
        await database.close();
        // Renamed once complete, so a half-migrated template is never copied. PostgreSQL waits
        // (up to 5 s) for the migration's connections to be gone.
        await admin.query(`alter database ${building} rename to ${name}`);
      } catch (error) {
        await admin.query(`drop database if exists ${building} with (force)`);
        throw error;
      }
    } finally {
      await admin.query("select pg_advisory_unlock(727402)");
    }
    return undefined;
  }).then(() => `bahi_tpl_${templateKey()}`);
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}
