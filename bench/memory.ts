// Where the server's memory goes, part by part, and the idle-RSS goals of issue 29 against their
// yardsticks measured in the same run: the compiled server idle after start and one request, on
// PostgreSQL (WEB_CONCURRENCY=1) beside a bare Fastify + pg server answering one query, and on the
// embedded database beside PGlite alone opened on an empty folder.
// Each part is loaded in a fresh Node process of its own (the bundled Node 24) and measured as
// the growth of its RSS (process.memoryUsage(), after a full GC); the server itself reports its
// own main heap, external and array-buffer bytes from a preload (on SIGUSR2).
// Run: npm run build && npx tsx bench/memory.ts
//   BENCH_DIST=<another checkout>/dist  measures that build's server too (before and after, one run)
//   BENCH_HEAP_SNAPSHOT=<dir>           writes a heap snapshot of each idle server into <dir>
//   BENCH_PARTS=0                       skips the per-part table
//   BENCH_MALLOC=0                      runs Bahi without the malloc setting `npm start` gives it
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os, { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

const ROOT = path.resolve(import.meta.dirname, "..");
const NODE = path.join(ROOT, "node_modules/.bin/node");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DISTS = [
  ...(process.env.BENCH_DIST ? [["other build", path.resolve(process.env.BENCH_DIST)]] : []),
  ["this build", path.join(ROOT, "dist")],
] as [string, string][];
/** Extra Node arguments for Bahi's server (e.g. BENCH_NODE_ARGS="--max-semi-space-size=2"). */
const OVERRIDE_ARGS = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean);
/** What `npm start` of that checkout runs the server with (before issue 29: source maps only). */
async function bahiArgs(dist: string): Promise<string[]> {
  if (OVERRIDE_ARGS) return OVERRIDE_ARGS;
  const file = path.join(dist, "../scripts/server-node-args.mjs");
  if (!existsSync(file)) return ["--enable-source-maps"];
  return (await import(file)).SERVER_NODE_ARGS;
}
/** A build whose PDF threads never end when idle (before PDF_IDLE_SECONDS): nothing to wait for. */
function threadsStay(dist: string): Record<string, string> {
  const server = path.join(dist, "server");
  const code = readdirSync(server)
    .filter((f) => f.endsWith(".mjs"))
    .some((f) => readFileSync(path.join(server, f), "utf8").includes("PDF_IDLE_SECONDS"));
  return code ? {} : { BENCH_THREADS_STAY: "1" };
}
/** The environment variables `npm start` of that checkout adds (glibc's malloc setting, 0095). */
async function bahiEnv(dist: string): Promise<Record<string, string>> {
  const file = path.join(dist, "../scripts/server-node-args.mjs");
  const { serverEnv: withMalloc } = existsSync(file) ? await import(file) : {};
  if (typeof withMalloc !== "function" || process.env.BENCH_MALLOC === "0") return {};
  const { GLIBC_TUNABLES } = withMalloc({ GLIBC_TUNABLES: process.env.GLIBC_TUNABLES });
  return GLIBC_TUNABLES ? { GLIBC_TUNABLES } : {};
}
const HEAP_DIR = process.env.BENCH_HEAP_SNAPSHOT ? path.resolve(process.env.BENCH_HEAP_SNAPSHOT) : null;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** VmRSS and VmHWM (the peak) of a process, in MB. */
function procMemory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// ---------------------------------------------------------------------------------------------
// 1. The parts, each in a process of its own.

const PROBE_HEAD = `
const settle = async () => { for (let i = 0; i < 3; i++) { globalThis.gc(); await new Promise((r) => setTimeout(r, 50)); } };
await settle();
const before = process.memoryUsage();
`;
const PROBE_TAIL = `
await settle();
const after = process.memoryUsage();
process.stdout.write("\\n@@memory@@" + JSON.stringify({ before, after }));
process.exit(0);
`;

async function probe(
  code: string,
  cwd = ROOT,
): Promise<{ before: NodeJS.MemoryUsage; after: NodeJS.MemoryUsage }> {
  const dir = mkdtempSync(path.join(ROOT, "node_modules/.bench-memory-"));
  const file = path.join(dir, "probe.mjs");
  writeFileSync(file, PROBE_HEAD + code + PROBE_TAIL);
  try {
    const out = execFileSync(NODE, ["--expose-gc", file], { cwd, encoding: "utf8", env: process.env });
    // A part may print on its own (a package's notice): the figures follow the marker.
    return JSON.parse(out.slice(out.lastIndexOf("@@memory@@") + "@@memory@@".length));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const FONT_PATHS = `
import { createRequire } from "node:module";
const require = createRequire(${JSON.stringify(path.join(ROOT, "package.json"))});
const dir = (pkg) => require.resolve(pkg + "/package.json").replace(/package\\.json$/, "");
const expo = (pkg, file) => ["400Regular", "700Bold"].map((w) => dir("@expo-google-fonts/" + pkg) + w + "/" + file + "_" + w + ".ttf");
const fontFiles = [
  ...expo("roboto", "Roboto"), ...expo("noto-sans-devanagari", "NotoSansDevanagari"),
  ...expo("noto-sans-tamil", "NotoSansTamil"), ...expo("noto-sans", "NotoSans"),
  dir("dejavu-fonts-ttf") + "ttf/DejaVuSans.ttf", dir("dejavu-fonts-ttf") + "ttf/DejaVuSans-Bold.ttf",
];
`;

const PARTS: [string, string][] = [
  ["bare Node (the baseline every part is added to)", ""],
  [
    "server code: app.ts's whole import graph (no database, nothing started)",
    `await import(${JSON.stringify(path.join(ROOT, "dist/server/app-graph.mjs"))}).catch(() => {});`,
  ],
  [
    "jsdom + DOMPurify (SVG cleaning; now loaded on the first SVG logo)",
    `const { JSDOM } = await import("jsdom"); const p = (await import("dompurify")).default;
     globalThis.keep = p(new JSDOM("").window);`,
  ],
  [
    "saxes (a lighter XML parser, for comparison: not used)",
    `const { SaxesParser } = await import("saxes"); globalThis.keep = new SaxesParser({ xmlns: true });`,
  ],
  [
    "sharp (loaded, one 400x200 PNG made)",
    `const sharp = (await import("sharp")).default;
     globalThis.keep = await sharp({ create: { width: 400, height: 200, channels: 4, background: "#fff" } }).png().toBuffer();`,
  ],
  [
    "common-password list (49,233 words in a Set)",
    `const { dictionary } = await import("@zxcvbn-ts/language-common");
     globalThis.keep = new Set(dictionary["passwords-common"]);`,
  ],
  [
    "font files of one thread: Roboto + fallbacks, bytes only",
    `${FONT_PATHS} const { readFileSync } = await import("node:fs"); globalThis.keep = fontFiles.map((f) => readFileSync(f));`,
  ],
  [
    "fonts parsed by fontkit (one thread's set)",
    `${FONT_PATHS} const { readFileSync } = await import("node:fs");
     const fontkit = createRequire(require.resolve("pdfkit"))("fontkit");
     globalThis.keep = fontFiles.map((f) => fontkit.create(readFileSync(f)));`,
  ],
  [
    "one PDF thread (dist/server/worker.mjs, warm)",
    `const { Worker } = await import("node:worker_threads");
     const w = new Worker(${JSON.stringify(path.join(ROOT, "dist/server/worker.mjs"))});
     await new Promise((r) => w.on("message", (m) => m.ready && r()));
     globalThis.keep = w;`,
  ],
  [
    "PGlite opened on an existing empty folder (with pg_trgm, as Bahi opens it)",
    `const { PGlite } = await import("@electric-sql/pglite"); const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
     const db = new PGlite(process.env.PGLITE_DIR, { extensions: { pg_trgm } }); await db.waitReady; await db.query("select 1");
     globalThis.keep = db;`,
  ],
  [
    "pg (node-postgres) pool, one query",
    `const pg = (await import("pg")).default; const pool = new pg.Pool({ connectionString: ${JSON.stringify(ADMIN_URL)} });
     await pool.query("select 1"); globalThis.keep = pool;`,
  ],
];

async function partsTable() {
  const pgliteDir = mkdtempSync(path.join(tmpdir(), "bahi-mem-pglite-"));
  // Create the folder first (initdb), so the part measured is an open, as a running server's is.
  execFileSync(
    NODE,
    [
      "--input-type=module",
      "-e",
      `const { PGlite } = await import("@electric-sql/pglite"); const db = new PGlite(process.env.PGLITE_DIR); await db.waitReady; await db.close();`,
    ],
    { cwd: ROOT, env: { ...process.env, PGLITE_DIR: pgliteDir } },
  );
  process.env.PGLITE_DIR = pgliteDir;
  const rows = [];
  for (const [part, code] of PARTS) {
    const { before, after } = await probe(code);
    rows.push({
      part,
      "RSS MB": part.startsWith("bare") ? mb(after.rss) : mb(after.rss - before.rss),
      "heap MB": mb(after.heapUsed - (part.startsWith("bare") ? 0 : before.heapUsed)),
      "external MB": mb(after.external - (part.startsWith("bare") ? 0 : before.external)),
      "array buffers MB": mb(after.arrayBuffers - (part.startsWith("bare") ? 0 : before.arrayBuffers)),
    });
  }
  rmSync(pgliteDir, { recursive: true, force: true });
  console.log(`\nParts, each in its own process (RSS added to a bare Node; load average ${load()})`);
  console.table(rows);
}

// ---------------------------------------------------------------------------------------------
// 2. Whole servers idle after start and one request.

/** Preload for the measured server: on SIGUSR2 it writes its own memory to $BENCH_MEMORY_OUT. */
const PRELOAD = `
import { renameSync, writeFileSync } from "node:fs";
import v8 from "node:v8";
process.on("SIGUSR2", () => {
  globalThis.gc?.();
  const out = { usage: process.memoryUsage(), spaces: v8.getHeapSpaceStatistics() };
  writeFileSync(process.env.BENCH_MEMORY_OUT + ".tmp", JSON.stringify(out));
  if (process.env.BENCH_HEAP_SNAPSHOT_FILE) v8.writeHeapSnapshot(process.env.BENCH_HEAP_SNAPSHOT_FILE);
  renameSync(process.env.BENCH_MEMORY_OUT + ".tmp", process.env.BENCH_MEMORY_OUT);
});
`;

interface Idle {
  rss: number;
  peak: number;
  heap?: number;
  external?: number;
  arrayBuffers?: number;
}

async function waitHttp(url: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${url}`);
}

/**
 * Bahi's metrics say that no PDF thread is running (the one started at start has ended) and, in a
 * build that has it, that its collection once quiet has run (scrapes do not count as work).
 */
async function pdfThreadsEnded(port: number, token: string, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    }).then((r) => r.text());
    // A build that collects once quiet (src/server/idle-collection.ts) has done so too.
    const collected =
      !metrics.includes("bahi_idle_collections_total") || /^bahi_idle_collections_total [1-9]/m.test(metrics);
    if (/^bahi_pdf_threads 0$/m.test(metrics) && collected) return;
    await sleep(100);
  }
  throw new Error("timed out waiting for the PDF threads to end");
}

/** Starts `args` with `env`, GETs `request` once, waits `settleMs`, and reads its memory. */
async function idleProcess(
  args: string[],
  env: Record<string, string>,
  port: number,
  request: string,
  settleMs: number,
  snapshotName?: string,
): Promise<Idle> {
  const tmp = mkdtempSync(path.join(tmpdir(), "bahi-mem-"));
  const preload = path.join(tmp, "preload.mjs");
  writeFileSync(preload, PRELOAD);
  const out = path.join(tmp, "memory.json");
  const child = spawn(NODE, ["--expose-gc", "--import", preload, ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      BENCH_MEMORY_OUT: out,
      ...(HEAP_DIR && snapshotName
        ? { BENCH_HEAP_SNAPSHOT_FILE: path.join(HEAP_DIR, `${snapshotName}.heapsnapshot`) }
        : {}),
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    await waitHttp(`http://127.0.0.1:${port}${request}`);
    // Bahi starts one PDF thread once it listens and lets it end when idle (PDF_IDLE_SECONDS): on a
    // busy machine its start alone can take longer than the settling time, so wait for its end.
    // A build from before threads ended when idle (the issue's own "before") keeps its thread.
    if (env.METRICS_TOKEN && !env.BENCH_THREADS_STAY) await pdfThreadsEnded(port, env.METRICS_TOKEN);
    await sleep(settleMs);
    const { rss, peak } = procMemory(child.pid!);
    child.kill("SIGUSR2");
    for (let i = 0; i < 600 && !existsSync(out); i++) await sleep(100);
    await sleep(100);
    const own = existsSync(out) ? JSON.parse(readFileSync(out, "utf8")) : null;
    return {
      rss,
      peak,
      heap: own && mb(own.usage.heapUsed),
      external: own && mb(own.usage.external),
      arrayBuffers: own && mb(own.usage.arrayBuffers),
    };
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(tmp, { recursive: true, force: true });
  }
}

const BARE_SERVER = `
import Fastify from "fastify";
import pg from "pg";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get("/q", async () => (await pool.query("select 1 as one")).rows[0]);
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
`;

const BARE_PGLITE = `
import { createServer } from "node:http";
import { PGlite } from "@electric-sql/pglite";
const db = new PGlite(process.env.PGLITE_DIR);
await db.waitReady;
createServer(async (_req, res) => res.end(JSON.stringify((await db.query("select 1 as one")).rows[0]))).listen(Number(process.env.PORT), "127.0.0.1");
`;

/** Lets the bench read Bahi's /metrics (its PDF thread count). */
const METRICS_TOKEN = "bench-memory-metrics-token-0123456789";

/**
 * Settling time once idle (for Bahi: its PDF thread ended, its collection once quiet run): V8
 * hands the freed pages back to the system a few seconds after a collection.
 */
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 10_000);

/** What both idle servers run with: production, quiet logs, a PDF thread that ends after 1 s. */
const serverEnv = (dataDir: string) => ({
  DATA_DIR: dataDir,
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  NODE_ENV: "production",
  PDF_IDLE_SECONDS: "1",
  METRICS_TOKEN,
});

async function bahiOnPostgres(dist: string, port: number, snapshot: string): Promise<Idle> {
  const name = `bahi_mem_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-mem-data-"));
  try {
    return await idleProcess(
      [...(await bahiArgs(dist)), path.join(dist, "server/main.mjs")],
      {
        ...serverEnv(dataDir),
        ...(await bahiEnv(dist)),
        ...threadsStay(dist),
        DATABASE_URL: ADMIN_URL.replace(/\/[^/]*$/, `/${name}`),
        WEB_CONCURRENCY: "1",
      },
      port,
      "/api/ready",
      SETTLE_MS,
      snapshot,
    );
  } finally {
    await admin.query(`drop database ${name} with (force)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function bahiOnPglite(dist: string, port: number, snapshot: string): Promise<Idle> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-mem-data-"));
  const env = { ...serverEnv(dataDir), ...(await bahiEnv(dist)), ...threadsStay(dist) };
  try {
    // The first start creates the database (initdb in-process); a running server has been
    // restarted since, so the idle figure is a second start's.
    const args = [...(await bahiArgs(dist)), path.join(dist, "server/main.mjs")];
    const first = await idleProcess(args, env, port, "/api/ready", 0);
    const second = await idleProcess(args, env, port, "/api/ready", SETTLE_MS, snapshot);
    return { ...second, peak: Math.max(second.peak, first.peak) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function barePostgres(port: number): Promise<Idle> {
  const tmp = mkdtempSync(path.join(ROOT, "node_modules/.bench-memory-"));
  writeFileSync(path.join(tmp, "bare.mjs"), BARE_SERVER);
  try {
    return await idleProcess(
      [path.join(tmp, "bare.mjs")],
      { DATABASE_URL: ADMIN_URL },
      port,
      "/q",
      SETTLE_MS,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

async function barePglite(port: number): Promise<Idle> {
  const tmp = mkdtempSync(path.join(ROOT, "node_modules/.bench-memory-"));
  writeFileSync(path.join(tmp, "bare.mjs"), BARE_PGLITE);
  const dir = mkdtempSync(path.join(tmpdir(), "bahi-mem-pglite-"));
  try {
    await idleProcess([path.join(tmp, "bare.mjs")], { PGLITE_DIR: dir }, port, "/", 0);
    return await idleProcess([path.join(tmp, "bare.mjs")], { PGLITE_DIR: dir }, port, "/", SETTLE_MS);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const [, dist] of DISTS)
  if (!existsSync(path.join(dist, "server/main.mjs")))
    throw new Error(`Build first: no ${dist}/server/main.mjs`);

console.log(
  `Node ${execFileSync(NODE, ["--version"], { encoding: "utf8" }).trim()}, ${os.availableParallelism()} CPUs`,
);
if (process.env.BENCH_PARTS !== "0") {
  // The server's import graph without starting it: main.mjs minus its last call.
  const main = readFileSync(path.join(ROOT, "dist/server/main.mjs"), "utf8").replace(
    /\nmain\(\)\.catch[\s\S]*$/,
    "\n",
  );
  writeFileSync(path.join(ROOT, "dist/server/app-graph.mjs"), main);
  try {
    await partsTable();
  } finally {
    rmSync(path.join(ROOT, "dist/server/app-graph.mjs"), { force: true });
  }
}

const PORT = Number(process.env.BENCH_PORT ?? 3961);
const rows: Record<string, string | number | null>[] = [];
const row = (what: string, idle: Idle) =>
  rows.push({
    what,
    "RSS MB": Math.round(idle.rss),
    "peak MB": Math.round(idle.peak),
    "main heap MB": idle.heap ?? null,
    "external MB": idle.external ?? null,
    "array buffers MB": idle.arrayBuffers ?? null,
    "load avg": load(),
  });

const bare = await barePostgres(PORT);
row("bare Fastify + pg, one query", bare);
const pgliteAlone = await barePglite(PORT);
row("PGlite alone on an empty folder", pgliteAlone);
const goals: [string, boolean][] = [];
for (const [label, dist] of DISTS) {
  const onPg = await bahiOnPostgres(dist, PORT, `${label.replace(" ", "-")}-postgres`);
  row(`Bahi (${label}), PostgreSQL, WEB_CONCURRENCY=1`, onPg);
  const onPglite = await bahiOnPglite(dist, PORT, `${label.replace(" ", "-")}-pglite`);
  row(`Bahi (${label}), embedded database`, onPglite);
  goals.push(
    [
      `${label}: idle RSS on PostgreSQL <= 2x the bare server (${Math.round(onPg.rss)} <= ${Math.round(2 * bare.rss)} MB)`,
      onPg.rss <= 2 * bare.rss,
    ],
    [
      `${label}: idle RSS embedded <= PGlite alone + 100 MB (${Math.round(onPglite.rss)} <= ${Math.round(pgliteAlone.rss + 100)} MB)`,
      onPglite.rss <= pgliteAlone.rss + 100,
    ],
  );
}
console.log(`\nIdle after start and one request, ${SETTLE_MS} ms settled (PDF_IDLE_SECONDS=1)`);
console.table(rows);
console.log("\nGoals (issue 29):");
for (const [goal, met] of goals) console.log(`  ${met ? "MET " : "MISS"} ${goal}`);
if (HEAP_DIR) console.log(`\nHeap snapshots in ${HEAP_DIR}: ${readdirSync(HEAP_DIR).join(", ")}`);
