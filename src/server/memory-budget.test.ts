import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
// @ts-expect-error plain JavaScript without types
import { SERVER_MALLOC_TUNABLES, SERVER_NODE_ARGS } from "../../scripts/server-node-args.mjs";
import { PROJECT_ROOT } from "./paths";
import { createMigratedPostgresDatabase } from "./testing/harness";
import { buildServerIfStale, SERVER_BUNDLE } from "./testing/processes";
import { seedPgliteDataDir } from "./testing/templates";
import { TEST_DATABASE_URL, testProcessEnv } from "./testing/test-config";

// The memory budget of issue 29: the compiled server, started as `npm start` starts it, idle after
// start and one request, must stay within its budget: on PostgreSQL 2x a bare Fastify + pg server
// (the goal itself: it measured 1.66x, and 1.66 + 20 % is 2; decision 0095), on the embedded
// database PGlite alone (default settings) + 100 MB, plus 20 %. The yardsticks are measured here, on
// this machine, next to the server. bench/memory.ts prints the same figures.

const require = createRequire(import.meta.url);
const NODE = path.join(PROJECT_ROOT, "node_modules/.bin/node");
/** The compiled server as `npm test` builds it before the tests (built here when it is stale). */
const OUT = path.dirname(SERVER_BUNDLE);
const METRICS_TOKEN = "memory-budget-token-0123456789";
// The PostgreSQL budget runs wherever PostgreSQL does (docs/decisions/0053-api-per-request.md).
const PG_BUDGET = Boolean(TEST_DATABASE_URL);

function rssMb(pid: number): number {
  return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}

async function until(check: () => Promise<boolean>, what: string, ms = 240_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Time after the process is idle before its RSS is read. */
const SETTLE_MS = 10_000;

/**
 * The RSS once it has stopped moving: five readings a second apart within 2 % of each other. PGlite
 * compiles its WebAssembly again in the background after it answers (optimised code for what runs
 * often), and while it does its RSS is 400-500 MB above where it comes to rest (measured: 313 ->
 * 796 -> 313 MB within 2 s on a quiet machine); on a loaded machine that lasts longer than the
 * settling time, and a reading taken inside it measured the compiler, not the server at rest.
 */
async function settledRss(pid: number): Promise<number> {
  const readings: number[] = [];
  const deadline = Date.now() + 120_000;
  for (;;) {
    readings.push(rssMb(pid));
    const last = readings.slice(-5);
    const steady = last.length === 5 && Math.max(...last) <= Math.min(...last) * 1.02;
    if (steady || Date.now() > deadline) return last.at(-1)!;
    await new Promise((r) => setTimeout(r, 1000));
  }
}

let port = 3_900 + Math.floor(Math.random() * 90);

/** Runs `args` until `ready` answers, then `idle` (the process's own sign of rest); its RSS then. */
async function idleRss(
  args: string[],
  env: Record<string, string>,
  ready: (origin: string) => Promise<boolean>,
  idle: (origin: string) => Promise<boolean> = async () => true,
): Promise<number> {
  port++;
  const origin = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(NODE, args, {
    cwd: PROJECT_ROOT,
    env: { ...testProcessEnv(), ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await until(() => ready(origin), `${args.at(-1)} to answer`);
    await until(() => idle(origin), `${args.at(-1)} to be idle`);
    // V8 hands the pages a collection freed back to the system a few seconds later (6 s here).
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    return await settledRss(child.pid!);
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const ok = (url: string) => fetch(url).then((r) => r.ok);

/**
 * Bahi answers /api/ready (a PDF thread has started), then its idle PDF threads have ended and it
 * has run its collection once quiet (idle-collection.ts; probes and scrapes do not count as work).
 */
async function bahiIdle(env: Record<string, string>): Promise<number> {
  return idleRss(
    [...SERVER_NODE_ARGS, path.join(OUT, "main.mjs")],
    {
      ...env,
      // What `npm start` adds to the environment (glibc's malloc setting).
      GLIBC_TUNABLES: SERVER_MALLOC_TUNABLES,
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      METRICS_TOKEN,
      PDF_IDLE_SECONDS: "0.5",
      AUTH_SECRET: randomBytes(32).toString("hex"),
    },
    (origin) => ok(`${origin}/api/ready`),
    async (origin) => {
      const metrics = await fetch(`${origin}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      }).then((r) => r.text());
      return /^bahi_pdf_threads 0$/m.test(metrics) && /^bahi_idle_collections_total [1-9]/m.test(metrics);
    },
  );
}

let scratch: string;

beforeAll(async () => {
  buildServerIfStale();
  scratch = mkdtempSync(path.join(tmpdir(), "bahi-memory-budget-"));
}, 120_000);

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
});

// The two budgets run side by side: most of each is waiting for a process to settle.
describe.concurrent("idle memory budget (compiled server)", () => {
  it("on the embedded database stays within PGlite alone + 100 MB, plus 20 %", async () => {
    // The yardstick: PGlite opened on an existing folder with its default settings.
    const pgliteDir = path.join(scratch, "pglite-alone");
    mkdirSync(pgliteDir);
    const alone = path.join(scratch, "pglite-alone.mjs");
    writeFileSync(
      alone,
      `import { createServer } from "node:http";
import { PGlite } from ${JSON.stringify(require.resolve("@electric-sql/pglite"))};
const db = new PGlite(${JSON.stringify(pgliteDir)});
await db.waitReady;
createServer(async (_q, res) => res.end(JSON.stringify((await db.query("select 1 as one")).rows))).listen(Number(process.env.PORT), "127.0.0.1");
`,
    );
    const dataDir = path.join(scratch, "bahi-data");
    // The yardstick and Bahi side by side (each process's own RSS is read; most is waiting).
    const [pgliteAlone, bahi] = await Promise.all([
      (async () => {
        await idleRss([alone], {}, (origin) => ok(origin)); // creates the folder
        return idleRss([alone], {}, (origin) => ok(origin));
      })(),
      (async () => {
        // The database a first start would have made (a copy of the migrated template).
        await seedPgliteDataDir(dataDir);
        return bahiIdle({ DATA_DIR: dataDir });
      })(),
    ]);
    const budget = (pgliteAlone + 100) * 1.2;
    console.log(
      `memory budget, embedded: Bahi idle ${Math.round(bahi)} MB, PGlite alone ${Math.round(pgliteAlone)} MB, budget ${Math.round(budget)} MB`,
    );
    expect(
      bahi,
      `idle RSS ${Math.round(bahi)} MB, PGlite alone ${Math.round(pgliteAlone)} MB`,
    ).toBeLessThanOrEqual(budget);
  }, 300_000);

  it.runIf(PG_BUDGET)(
    "on PostgreSQL (WEB_CONCURRENCY=1) stays within 2x a bare Fastify + pg server",
    async () => {
      const bareFile = path.join(scratch, "bare.mjs");
      writeFileSync(
        bareFile,
        `import Fastify from ${JSON.stringify(require.resolve("fastify"))};
import pg from ${JSON.stringify(require.resolve("pg"))};
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get("/q", async () => (await pool.query("select 1 as one")).rows[0]);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`,
      );
      const bare = await idleRss([bareFile], { DATABASE_URL: TEST_DATABASE_URL! }, (origin) =>
        ok(`${origin}/q`),
      );
      // The database a first start would have made (a copy of the migrated template), as on PGlite:
      // this is about the idle server, not its first start. Dropped in the background (0069).
      const database = await createMigratedPostgresDatabase("bahi_memory");
      try {
        const bahi = await bahiIdle({
          DATABASE_URL: database.url,
          WEB_CONCURRENCY: "1",
          DATA_DIR: path.join(scratch, "bahi-pg-data"),
        });
        console.log(
          `memory budget, PostgreSQL: Bahi idle ${Math.round(bahi)} MB, bare server ${Math.round(bare)} MB, budget ${Math.round(2 * bare)} MB`,
        );
        expect(
          bahi,
          `idle RSS ${Math.round(bahi)} MB, bare server ${Math.round(bare)} MB`,
        ).toBeLessThanOrEqual(2 * bare);
      } finally {
        await database.drop();
      }
    },
    300_000,
  );
});
