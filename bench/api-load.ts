// API speed under load: the compiled server (dist/server) on a fresh private PostgreSQL instance,
// two users with 10,000 clients, 10,000 products and 10,000 invoices each (seeded with SQL, then
// ANALYZE), and autocannon in its own process (bench/load-generator.mjs) at 50 connections with the
// session cookie and `Accept-Encoding: gzip, br`, one endpoint at a time. Prints requests/s, p50,
// p95, p99 and errors per endpoint, and the server's RSS before and after.
// Run: npm run build && npx tsx bench/api-load.ts
//   The page endpoints ask pages 1, 2, 10, 100 and 400 as the web app does, through the cursor of the page
//   before (after=), and once more by number ("by number" rows).
//   BENCH_SECONDS (10), BENCH_WARMUP (2 s of unmeasured load on each endpoint first), BENCH_CONNECTIONS (50), WEB_CONCURRENCY (1), BENCH_ONLY=health,clients (a subset),
//   BENCH_DIST=<another checkout>/dist runs that build instead (before/after in one session, e.g. a
//   `git worktree` of the previous commit, built there),
//   BENCH_COMPARE=<another build>/dist starts that build's server too, on the same database, and measures
//   its clients page beside this build's in every round, each going first in turn (before/after/floor interleaved);
//   BENCH_COMPARE_NODE_ARGS="..." gives that server other Node arguments (the same build twice, two settings),
//   BENCH_FLOOR=1 also measures the bare floor (bench/floor-server.mjs) on the same database and pages:
//   the clients page by cursor, a page by number, the overdue page and the search, each as the least
//   a bare server must do for it,
//   BENCH_ROUNDS=N (with BENCH_FLOOR) measures the clients page and the floor's N times in turn, for
//   the goal rows' medians on a machine whose load changes from one row to the next,
//   BENCH_PG_SOCKET=1 connects the server to PostgreSQL through its Unix-domain socket instead of TCP,
//   BENCH_HOLD=1 keeps the seeded server and database up until Ctrl-C (for EXPLAIN ANALYZE by hand),
//   BENCH_PG_STATS=1 prints PostgreSQL's
//   costliest statements (pg_stat_statements), BENCH_CPU_PROF=<dir> runs the server (and the floor) under
//   `node --cpu-prof` and summarises each profile by self time and by package, over the samples taken
//   while the clients page (and its floor) were measured,
//   BENCH_NODE_ARGS="..." runs Bahi's server with these Node arguments instead of the ones `npm start`
//   of that build passes (scripts/server-node-args.mjs).
// With the clients page and its floor measured, it ends with the goal rows of issue 29 (MET/MISS):
// server CPU per list request <= 300 µs (user + system time of the server's processes over the
// requests served, beside the floor's), and the clients page's req/s >= 0.85 x the floor's in the
// run; and PostgreSQL's CPU per request for both. Beside them, not a goal: the floor's server answering
// Bahi's own JSON for the page (every field of the contract's client, the total, the pager), so what
// the answer's width costs shows apart from what Bahi's server adds (decision 0117). Every row gives the server's CPU per request and, of
// it, its JavaScript thread's (what a CPU profile samples); after the goal rows, the server's other
// threads (V8's collector and compiler, libuv's pool) by name, µs a request, each round (decision 0101).
// Needs PostgreSQL's server binaries (Debian's postgresql package) and root or the postgres user.
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { SourceMap } from "node:module";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { privatePostgres, rssMb, signUpConfirmed, waitFor } from "./support";

const ROOT = path.resolve(import.meta.dirname, "..");
/** The build under test; the server finds its migrations and web app from the project folder above it. */
const DIST = path.resolve(process.env.BENCH_DIST ?? path.join(ROOT, "dist"));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Unmeasured load on each endpoint first: the JIT and PostgreSQL's plan caches settle. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const CPU_PROF = process.env.BENCH_CPU_PROF;
/** With BENCH_FLOOR: how many times the clients page and the floor's are measured, in turn (the goal rows take the medians). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
/** BENCH_COMPARE=<another build>/dist: that build's clients page is measured too, before this one's in each round. */
const COMPARE_DIST = process.env.BENCH_COMPARE && path.resolve(process.env.BENCH_COMPARE);
const COMPARE_PAGE = "clients page (compare build)";
/** The floor's row that the clients page is held against. */
const FLOOR_PAGE = "floor: bare clients page (E2)";
/** The same bare server answering Bahi's JSON for the page, field for field (not a goal: decision 0117). */
const FLOOR_WIDE_PAGE = "floor: bare clients page, Bahi's answer";
/** Issue 29's goal rows for a list request: server CPU per request, and req/s against the floor's. */
const GOAL_CPU_US = 300;
const GOAL_FLOOR_RATIO = 0.85;
/** BENCH_ONLY=health,clients: the endpoints (and floors) whose names start so. */
const ONLY = process.env.BENCH_ONLY?.split(",");
/** Broad ("Anand": a quarter), clustered ("Traders 42": 220 in runs of numbers), by number, broad. */
const SEARCH_TERMS = ["Anand", "Traders 42", "A-0012", "Deepak"];
const PG_PORT = 5497;
const PORT = 3997;
const ORIGIN = `http://127.0.0.1:${PORT}`;

const pg = privatePostgres(PG_PORT, "bahi-api-load", "-c shared_preload_libraries=pg_stat_statements");

/**
 * The fields of /proc/<pid>/stat after the process's name ("<pid>/task/<tid>" for a thread): [0] state,
 * [1] parent pid, [7] minor faults, [11] and [12] user and system time in clock ticks; undefined once
 * it is gone.
 */
function statFields(pid: number | string): string[] | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  } catch {
    return undefined; // gone meanwhile
  }
}
/** CPU seconds (user + system) from stat's fields (clock ticks, USER_HZ 100). */
const cpuOf = (fields: string[]) => (Number(fields[11]) + Number(fields[12])) / 100;

/** CPU seconds a process (or one of its threads, "<pid>/task/<tid>") has used so far. */
function cpuSeconds(pid: number | string): number {
  const fields = statFields(pid);
  return fields ? cpuOf(fields) : 0;
}

/** The processes whose parent is `parent`, each with its stat fields. */
function childrenOf(parent: number): [number, string[]][] {
  const found: [number, string[]][] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (fields && Number(fields[1]) === parent) found.push([Number(entry), fields]);
  }
  return found;
}

/** A process and its children (the cluster's workers when WEB_CONCURRENCY > 1). */
const withChildren = (pid: number) => [pid, ...childrenOf(pid).map(([child]) => child)];
const serverCpuSeconds = (pid: number) => withChildren(pid).reduce((sum, p) => sum + cpuSeconds(p), 0);

/**
 * Minor page faults a process has taken so far (stat's minflt). On a machine whose page faults trap
 * to the hypervisor they cost the server more than its JavaScript does; a list request's come from
 * the scavenger promoting rows into fresh old-space pages (decision 0119).
 */
const minorFaults = (pid: number) => Number(statFields(pid)?.[7] ?? 0);
const serverFaults = (pid: number) => withChildren(pid).reduce((sum, p) => sum + minorFaults(p), 0);
/**
 * CPU seconds by thread name (/proc/<pid>/task/<tid>/comm: "V8 DefaultWorke", "libuv-worker"...).
 * The JavaScript thread (the one whose id is the process's) is "JS thread": the rest of a process's
 * time is V8's helper threads (parallel scavenges, concurrent marking, the optimising compiler) and
 * libuv's pool, which a CPU profile does not show.
 */
function cpuByThreadName(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const p of withChildren(pid)) {
    let tids: string[] = [];
    try {
      tids = readdirSync(`/proc/${p}/task`);
    } catch {
      continue; // gone meanwhile
    }
    for (const tid of tids) {
      let name = "?";
      try {
        name = readFileSync(`/proc/${p}/task/${tid}/comm`, "utf8").trim();
      } catch {
        continue;
      }
      if (tid === String(p)) name = "JS thread";
      byName.set(name, (byName.get(name) ?? 0) + cpuSeconds(`${p}/task/${tid}`));
    }
  }
  return byName;
}

const serverRssMb = (pid: number) => withChildren(pid).reduce((sum, p) => sum + rssMb(p), 0);

/** CPU seconds of PostgreSQL's processes (the postmaster and every backend it started), by pid. */
function pgCpuByPid(): Map<number, number> {
  const postmaster = Number(readFileSync(path.join(pg.dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const byPid = new Map([[postmaster, cpuSeconds(postmaster)]]);
  for (const [backend, fields] of childrenOf(postmaster)) byPid.set(backend, cpuOf(fields));
  return byPid;
}

/**
 * PostgreSQL's CPU seconds since `before`: over the processes alive now (a backend that closed
 * meanwhile, an idle pool's, takes its time with it and would make the difference negative).
 */
function pgCpuSince(before: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of pgCpuByPid()) total += seconds - (before.get(pid) ?? 0);
  return total;
}

function psql(sql: string): string {
  return execFileSync(
    "psql",
    [
      "-h",
      "127.0.0.1",
      "-p",
      String(PG_PORT),
      "-U",
      "postgres",
      "-d",
      "bahi",
      "-v",
      "ON_ERROR_STOP=1",
      "-qAt",
    ],
    { input: sql, encoding: "utf8" },
  ).trim();
}

async function api(method: string, url: string, cookie: string, body?: unknown) {
  const res = await fetch(`${ORIGIN}${url}`, {
    method,
    headers: { cookie, origin: ORIGIN, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

const signUp = (dataDir: string, email: string) =>
  signUpConfirmed(ORIGIN, dataDir, email, email.split("@")[0]!);

/** ROWS clients, products and invoices for one user; the invoices copy one made through the API. */
async function seed(cookie: string, prefix: string) {
  const template = await api("POST", "/api/invoices", cookie, {
    invoiceNumber: `${prefix}-TEMPLATE`,
    status: "due",
    invoiceDate: "2026-10-01",
    dueDate: "2026-10-31",
    currency: "INR",
    client: { name: "Template Traders", email: "accounts@example.com" },
    items: [
      { id: "l1", name: "Basmati Rice 5kg", quantity: "2", rate: "650.50", taxPercent: "5" },
      { id: "l2", name: "Toor Dal 1kg", quantity: "3", rate: "180", taxPercent: "5" },
      { id: "l3", name: "Delivery", quantity: "1", rate: "120", taxPercent: "18" },
    ],
    notes: "Thank you for your business.",
  });
  const id = template.invoice.id as string;
  psql(`
    with u as (select business_id from invoices where id = '${id}')
    insert into clients (id, business_id, name, email, phone, gstin, billing_address)
    select gen_random_uuid()::text, u.business_id,
      (array['Anand','Bharat','Chandra','Deepak','Eshwar','Ganesh','Hari','Indra'])[1 + g % 8] || ' ' ||
      (array['Traders','Foods','Textiles','Exports','Steels'])[1 + g % 5] || ' ' || g,
      'c' || g || '@example.com', '98' || lpad(g::text, 8, '0'), '',
      jsonb_build_object('city', 'Pune', 'line1', g || ' MG Road')
    from u, generate_series(1, ${ROWS}) g;
    with u as (select business_id from invoices where id = '${id}')
    insert into product_services (id, business_id, name, kind, hsn_sac, unit, rate, default_tax_percent)
    select gen_random_uuid()::text, u.business_id,
      (array['Rice','Dal','Atta','Sugar','Tea','Oil','Ghee'])[1 + g % 7] || ' ' || g, 'product', '1006', 'kg',
      (50 + g % 900)::numeric, 5
    from u, generate_series(1, ${ROWS}) g;
    insert into invoices (id, business_id, invoice_number, client_id, client_name, total_minor, currency, status,
      invoice_date, due_date, payment_date, invoice_data)
    select gen_random_uuid()::text, t.business_id, '${prefix}-' || lpad(g::text, 6, '0'), t.client_id,
      (array['Anand','Bharat','Chandra','Deepak'])[1 + g % 4] || ' Traders ' || (g % 500), t.total_minor + g,
      t.currency, s.status, d.invoice_date, d.invoice_date + 30,
      case when s.status = 'paid' then d.invoice_date + 10 end,
      t.invoice_data || jsonb_build_object('invoiceNumber', '${prefix}-' || lpad(g::text, 6, '0'),
        'status', s.status, 'invoiceDate', d.invoice_date::text, 'dueDate', (d.invoice_date + 30)::text)
    from invoices t, generate_series(1, ${ROWS}) g,
      lateral (select (date '2026-11-20' - (g % 1000))::date as invoice_date) d,
      lateral (select (array['draft','due','due','paid','paid','paid','paid','cancelled'])[1 + g % 8] as status) s
    where t.id = '${id}';
  `);
  return id;
}

/**
 * The dashboard's totals (docs/decisions/0013-dashboard-totals.md) for the invoices seeded with SQL,
 * which bypassed the service that keeps them: the backfill of migration 0004, for every user.
 */
function rebuildTotals() {
  psql(`
    delete from invoice_month_totals;
    insert into invoice_month_totals (business_id, month, currency, status, due_month, count, total_minor)
    select business_id, date_trunc('month', invoice_date)::date, currency, status,
      case when status = 'due' and due_date is not null
        then date_trunc('month', due_date)::date else 'infinity'::date end,
      count(*)::int, sum(total_minor)::bigint
    from invoices
    group by 1, 2, 3, 4, 5;
    delete from invoice_due_balances;
    insert into invoice_due_balances (business_id, currency, due_date, count, balance_minor)
    select business_id, currency, coalesce(due_date, 'infinity'::date), count(*)::int,
      sum(total_minor - amount_paid_minor)::bigint
    from invoices where status = 'due'
    group by 1, 2, 3;
  `);
}

/** The requests of one row, each sent in proportion to its weight. */
type Mix = { method: string; path: string; weight: number; body?: unknown }[];

interface Result {
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  buckets: Record<string, Record<string, number>>;
}

function load(cookie: string, mix: Mix, url = ORIGIN, seconds = SECONDS) {
  const generator = spawn(
    process.execPath,
    [
      path.join(ROOT, "bench/load-generator.mjs"),
      JSON.stringify({
        url,
        cookie,
        origin: ORIGIN,
        connections: CONNECTIONS,
        seconds,
        mix,
        pdf: null,
        webhook: null,
      }),
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  generator.stdout.on("data", (d) => {
    output += d;
  });
  return new Promise<Result>((resolve, reject) =>
    generator.on("exit", (code) =>
      code === 0 ? resolve(JSON.parse(output) as Result) : reject(new Error(`load generator exit ${code}`)),
    ),
  );
}

/**
 * Top self-time functions of a .cpuprofile (V8's format: nodes with hitCount, samples), and the
 * same samples by package (node_modules/<package>, Node's own modules, the build's code), as shares
 * of the busy samples (idle left out), so a profile of Bahi reads against the floor's.
 */
function summariseProfile(dir: string, pid: number, row: string) {
  // CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the main thread (others are PDF workers).
  const file = readdirSync(dir).find((f) => f.includes(`.${pid}.0.`) && f.endsWith(".cpuprofile"));
  if (!file) return console.log(`no .cpuprofile in ${dir}`);
  const profile = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
    nodes: { id: number; callFrame: CallFrame }[];
    samples: number[];
    startTime: number;
    timeDeltas: number[];
  };
  // Only the samples taken while `row` was measured: not the start, the seeding or the other rows.
  // V8 stamps samples in µs of the same monotonic clock as process.hrtime.
  const windows = measured.get(row)?.map((m) => m.window);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const byPart = new Map<string, number>();
  let busy = 0;
  let at = profile.startTime;
  for (const [i, sample] of profile.samples.entries()) {
    at += profile.timeDeltas[i] ?? 0;
    if (windows && !windows.some(([from, to]) => at >= from && at <= to)) continue;
    const frame = byId.get(sample)?.callFrame;
    if (!frame || frame.functionName === "(idle)") continue;
    busy++;
    const { source, line } = originalSource(frame);
    const where = source.replace(/^.*node_modules\//, "").replace(/^file:\/\/.*\/dist\//, "dist/");
    const key = `${frame.functionName || "(anonymous)"} ${where}${where ? `:${line + 1}` : ""}`;
    self.set(key, (self.get(key) ?? 0) + 1);
    const pkg =
      /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source)?.[1] ??
      (frame.url.startsWith("node:") ? `node:${frame.url.slice(5).split("/")[0]}` : undefined) ??
      (frame.url ? "the code itself" : `native: ${frame.functionName || "(anonymous)"}`);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + 1);
    const part = partOf(pkg, frame.functionName);
    byPart.set(part, (byPart.get(part) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>, n: number) =>
    [...counts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, count]) => `  ${((100 * count) / busy).toFixed(1).padStart(5)} %  ${key}`)
      .join("\n");
  console.log(
    `\ncpu profile ${path.join(dir, file)}: ${busy} busy samples ${windows ? `while "${row}" was measured` : `of ${profile.samples.length}`}`,
  );
  console.log(`top self time:\n${top(self, 15)}\nby package:\n${top(byPackage, 15)}`);
  // The parts as CPU per request: each part's share of the busy samples times the row's CPU per request.
  const cpuUs = median(measured.get(row)?.map((m) => m.serverUs) ?? []);
  if (windows)
    console.log(
      `by part, µs of the ${Math.round(cpuUs)} µs per request:\n${[...byPart]
        .sort((a, b) => b[1] - a[1])
        .map(
          ([part, n]) =>
            `  ${String(Math.round((cpuUs * n) / busy)).padStart(4)} µs  ${((100 * n) / busy).toFixed(1).padStart(5)} %  ${part}`,
        )
        .join("\n")}`,
    );
}

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };

const sourceMaps = new Map<string, SourceMap | undefined>();

/**
 * A frame's file before the build: the server's chunks carry the packages compiled into them
 * (decision 0124), so a frame in `dist/server/chunk-*.mjs` is read through the chunk's source map to
 * the `node_modules/<package>/...` file it came from. Frames without a map keep their URL.
 */
function originalSource(frame: CallFrame): { source: string; line: number } {
  const asIs = { source: frame.url, line: frame.lineNumber };
  if (!frame.url.startsWith("file://") || !frame.url.includes("/dist/")) return asIs;
  if (!sourceMaps.has(frame.url)) {
    const mapFile = `${new URL(frame.url).pathname}.map`;
    sourceMaps.set(
      frame.url,
      existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, "utf8"))) : undefined,
    );
  }
  const entry = sourceMaps.get(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !("originalSource" in entry)) return asIs;
  // drizzle-orm's published maps name `../src/...` from its package folder: `node_modules/src/...`.
  const source = entry.originalSource
    .replace(/^(\.\.\/)+/, "")
    .replace(/^node_modules\/src\//, "node_modules/drizzle-orm/src/");
  return { source, line: entry.originalLine };
}

/** Where a sample's time went, in the words of decision 0053's table (from its package or native frame). */
function partOf(pkg: string, fn: string): string {
  if (fn === "(garbage collector)") return "garbage collection";
  if (/^(writeUtf8String|writev|writeString|writeBuffer|writeLatin1String)$/.test(fn))
    return "socket writes (the answer, PostgreSQL)";
  if (fn === "utf8Slice" || pkg === "node:buffer")
    return "socket reads decoded (requests, PostgreSQL's rows)";
  if (pkg.startsWith("node:")) return "Node's HTTP, streams, timers, events";
  if (
    /^(fastify|@fastify\/.*|find-my-way|light-my-request|avvio|fast-.*|toad-cache|secure-json-parse)$/.test(
      pkg,
    )
  )
    return "Fastify (routing, hooks, serialisation)";
  if (/^(pg|pg-protocol|pg-pool|pg-types|postgres-.*)$/.test(pkg)) return "node-postgres";
  if (pkg === "drizzle-orm") return "drizzle-orm";
  if (pkg === "pino" || pkg === "sonic-boom") return "pino (the log line)";
  if (pkg === "prom-client") return "prom-client (metrics)";
  if (pkg === "zod") return "zod (the query's contract)";
  if (pkg === "the code itself") return "the server's own code";
  return pkg.startsWith("native:") ? "other native (microtasks, regular expressions, V8)" : `other: ${pkg}`;
}

/** The pages a page row asks (through cursors, as the web app does, or by number). */
const PAGES = [1, 2, 10, 100, 400];

/** The pages asked by number (a link or a reload): the index walks to the offset. */
const numberedMix = (base: string): Mix =>
  PAGES.map((p) => ({ method: "GET", path: `${base}page=${p}`, weight: 1 }));

/** The bench's four terms, each a request of the mix, on a search path (`base` ends in `search=`). */
const searchMix = (base: string): Mix =>
  SEARCH_TERMS.map((q) => ({ method: "GET", path: `${base}${encodeURIComponent(q)}`, weight: 1 }));

/**
 * One row of the table: `mix` against `url` after the warm-up, with the CPU the server (`pid` and
 * its workers) and PostgreSQL spent on it per request.
 */
async function measureRow(name: string, mix: Mix, cookie: string, url: string, pid: number) {
  if (WARMUP_SECONDS > 0) await load(cookie, mix, url, WARMUP_SECONDS);
  const server0 = serverCpuSeconds(pid);
  const faults0 = serverFaults(pid);
  const threads0 = cpuByThreadName(pid);
  const pg0 = pgCpuByPid();
  const from = microseconds();
  const r = await load(cookie, mix, url);
  const window: [number, number] = [from, microseconds()];
  const threads1 = cpuByThreadName(pid);
  const faults = (serverFaults(pid) - faults0) / r.requests;
  const sinceStart = (thread: string) => (threads1.get(thread) ?? 0) - (threads0.get(thread) ?? 0);
  const cpu = [serverCpuSeconds(pid) - server0, pgCpuSince(pg0), sinceStart("JS thread")];
  const perRequest = (i: number) => `${Math.round((cpu[i]! * 1e6) / r.requests)} µs`;
  let errors = 0;
  for (const statuses of Object.values(r.buckets))
    for (const [status, n] of Object.entries(statuses))
      if (status === "error" || Number(status) >= 400) errors += n;
  console.log(
    `| ${name} | ${Math.round(r.requests / SECONDS)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ` +
      `${r.p99.toFixed(1)} | ${errors} | ${perRequest(0)} | ${perRequest(2)} | ${perRequest(1)} |`,
  );
  // The server's threads other than the JavaScript one, µs a request each (a profile shows none of them).
  const helpers = [...threads1.keys()]
    .filter((thread) => thread !== "JS thread")
    .map((thread) => [thread, (sinceStart(thread) * 1e6) / r.requests] as const)
    .filter(([, us]) => us >= 1)
    .sort((a, b) => b[1] - a[1]);
  const row = {
    helpers: [
      ...helpers.map(([thread, us]) => `${thread} ${Math.round(us)}`),
      `page faults ${faults.toFixed(2)}`,
    ].join(", "),
    perSecond: r.requests / SECONDS,
    serverUs: (cpu[0]! * 1e6) / r.requests,
    postgresUs: (cpu[1]! * 1e6) / r.requests,
    window,
  };
  measured.set(name, [...(measured.get(name) ?? []), row]);
  return row;
}

/** The monotonic clock in µs, as V8 stamps a CPU profile's samples. */
const microseconds = () => Number(process.hrtime.bigint() / 1000n);

type Measured = {
  perSecond: number;
  serverUs: number;
  postgresUs: number;
  window: [number, number];
  /** CPU of the server's threads other than the JavaScript one, by name, µs a request. */
  helpers: string;
};
/** Every row measured in this run, by name, each round of it (for the goal rows and the profiles). */
const measured = new Map<string, Measured[]>();

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * Issue 29's rows for a list request, from the clients page and its floor measured in this run: with
 * BENCH_ROUNDS, the median of the rounds, and the req/s ratio as the median of each round's own
 * (the two measured back to back, seconds apart, under the same load from other processes).
 */
function printGoals() {
  const page = measured.get("clients page");
  const floor = measured.get(FLOOR_PAGE);
  if (!page) return;
  const verdict = (met: boolean) => (met ? "MET" : "MISS");
  const us = (n: number | undefined) => (n === undefined ? "-" : `${Math.round(n)} µs`);
  const of = (rows: Measured[] | undefined, key: "serverUs" | "postgresUs" | "perSecond") =>
    rows && median(rows.map((r) => r[key]));
  /** The median of each round's req/s over the same round's `base` (measured seconds apart). */
  const perSecondOver = (rows: Measured[], base: Measured[]) =>
    median(rows.map((r, i) => r.perSecond / (base[i] ?? base[0]!).perSecond));
  const rounds = page.length > 1 ? `, median of ${page.length} rounds` : "";
  console.log(
    `\n| goal (issue 29), load average ${loadavg()[0]!.toFixed(1)}${rounds} | Bahi | floor, same run | goal | |`,
  );
  console.log("|---|---|---|---|---|");
  const serverUs = of(page, "serverUs")!;
  console.log(
    `| server CPU per list request (clients page) | ${us(serverUs)} | ${us(of(floor, "serverUs"))} | ` +
      `<= ${GOAL_CPU_US} µs | ${verdict(serverUs <= GOAL_CPU_US)} |`,
  );
  if (floor) {
    const ratio = perSecondOver(page, floor);
    console.log(
      `| clients page req/s against the floor's | ${Math.round(of(page, "perSecond")!)} | ${Math.round(of(floor, "perSecond")!)} | ` +
        `>= ${GOAL_FLOOR_RATIO}x | ${ratio.toFixed(2)}x ${verdict(ratio >= GOAL_FLOOR_RATIO)} |`,
    );
  }
  // Not a goal row: the floor's server answering Bahi's own JSON (every field of the contract's
  // client, the total, the pager), so the part of the gap that is the answer's width shows apart.
  const wide = measured.get(FLOOR_WIDE_PAGE);
  if (wide) {
    const ratio = perSecondOver(page, wide);
    console.log(
      `| clients page req/s against a bare server answering the same JSON (${us(of(wide, "serverUs"))} a request) | ` +
        `${Math.round(of(page, "perSecond")!)} | ${Math.round(of(wide, "perSecond")!)} | | ${ratio.toFixed(2)}x |`,
    );
  }
  // The same two rows for the compare build (BENCH_COMPARE), measured in the same rounds.
  const other = measured.get(COMPARE_PAGE);
  if (other) {
    const otherUs = of(other, "serverUs")!;
    const ratio = floor && perSecondOver(other, floor);
    console.log(
      `| compare build: server CPU per list request; req/s against the floor's | ${us(otherUs)} ${verdict(otherUs <= GOAL_CPU_US)}; ` +
        `${Math.round(of(other, "perSecond")!)} req/s | | | ${ratio === undefined ? "-" : `${ratio.toFixed(2)}x ${verdict(ratio >= GOAL_FLOOR_RATIO)}`} |`,
    );
    // Each round's own ratio of the two builds (they are measured back to back).
    const perRound = page.map((r, i) => (other[i] ? r.serverUs / other[i]!.serverUs : Number.NaN));
    console.log(
      `| this build's server CPU over the compare build's, per round | ${perRound.map((x) => x.toFixed(2)).join(", ")} | | | median ${median(perRound).toFixed(2)}x |`,
    );
  }
  // Not a goal row: what PostgreSQL spends on the same request (the page, its kept total, the session).
  console.log(
    `| PostgreSQL CPU per list request (clients page) | ${us(of(page, "postgresUs"))} | ${us(of(floor, "postgresUs"))} | | |`,
  );
  // Where the server's CPU beyond its JavaScript thread went, each round (V8's collector and compiler threads, libuv's pool).
  console.log(
    "\nserver threads other than the JavaScript one, µs a request, and the server's minor page faults a request, each round:",
  );
  for (const [name, rows] of [
    ["clients page", page],
    [COMPARE_PAGE, other],
    [FLOOR_PAGE, floor],
    [FLOOR_WIDE_PAGE, wide],
  ] as const)
    if (rows) console.log(`  ${name}: ${rows.map((r) => r.helpers).join(" | ")}`);
}

/**
 * The bare floor (bench/floor-server.mjs: Fastify, node-postgres, cached session, prepared
 * statements, no compression, headers, log or total) on the same database, for comparison: the
 * clients page through cursors as Bahi's rows ask it (E2), and the same bare server for a page by
 * number, the overdue page and the search (what each of those must walk in PostgreSQL, and no more).
 */
async function measureFloor(cookie: string, pageAgain: () => Promise<unknown>) {
  const port = PORT + 1;
  const floorProf = CPU_PROF && path.join(CPU_PROF, "floor");
  const floor = spawn(
    process.execPath,
    [
      ...(floorProf ? ["--cpu-prof", `--cpu-prof-dir=${floorProf}`] : []),
      path.join(ROOT, "bench/floor-server.mjs"),
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/bahi`,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const exited = new Promise((resolve) => floor.on("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  /** The cursors to pages 2... of a floor list, following nextCursor as Bahi's rows do. */
  const cursorsTo = async (base: string) => {
    const pages = new Map<number, string>();
    let after = "";
    for (let n = 1; n < 400; n++) {
      const answer = (await (await fetch(`${url}${base}after=${after}`, { headers: { cookie } })).json()) as {
        nextCursor: string | null;
      };
      if (!answer.nextCursor) break;
      after = answer.nextCursor;
      pages.set(n + 1, after);
    }
    return pages;
  };
  const cursorMix = async (base: string) => {
    const pages = await cursorsTo(base);
    // Pages beyond the list's end are left out: Bahi answers them from its kept total, walking nothing.
    return PAGES.filter((p) => p === 1 || pages.has(p)).map((p) => ({
      method: "GET",
      path: `${base}${p > 1 ? `after=${pages.get(p)}` : ""}`,
      weight: 1,
    }));
  };
  try {
    await waitFor(
      async () => (await fetch(`${url}/floor/clients`, { headers: { cookie } })).ok,
      "the floor server",
    );
    const floors: [string, Mix][] = [
      [FLOOR_PAGE, await cursorMix("/floor/clients?")],
      [FLOOR_WIDE_PAGE, await cursorMix("/floor/clients?wide=1&")],
      ["floor: bare clients page by number", numberedMix("/floor/clients?")],
      ["floor: bare invoices overdue", await cursorMix("/floor/invoices?status=overdue&")],
      ["floor: bare invoices search", searchMix("/floor/invoices?search=")],
    ];
    for (const [name, mix] of floors) {
      if (ONLY && !ONLY.some((o) => name.slice("floor: bare ".length).startsWith(o))) continue;
      await measureRow(name, mix, cookie, url, floor.pid!);
    }
    // The goal rows' pair again, back to back: Bahi's clients page, then the floor's.
    if (measured.has("clients page") && measured.has(FLOOR_PAGE))
      for (let round = 2; round <= ROUNDS; round++) {
        await pageAgain();
        await measureRow(FLOOR_PAGE, floors[0]![1], cookie, url, floor.pid!);
        await measureRow(FLOOR_WIDE_PAGE, floors[1]![1], cookie, url, floor.pid!);
      }
  } finally {
    floor.kill("SIGTERM");
    await exited; // its profile is written on the way out
  }
  if (floorProf) summariseProfile(floorProf, floor.pid!, FLOOR_PAGE);
}

/** The Node arguments `npm start` of the build under test passes (BENCH_NODE_ARGS overrides them). */
async function serverNodeArgs(dist = DIST): Promise<string[]> {
  if (process.env.BENCH_NODE_ARGS !== undefined)
    return process.env.BENCH_NODE_ARGS.split(" ").filter(Boolean);
  const file = path.join(dist, "../scripts/server-node-args.mjs");
  return existsSync(file) ? (await import(file)).SERVER_NODE_ARGS : ["--enable-source-maps"];
}

/** The environment `npm start` of the build under test runs the server with (glibc's malloc setting). */
async function serverProcessEnv(dist = DIST): Promise<NodeJS.ProcessEnv> {
  const file = path.join(dist, "../scripts/server-node-args.mjs");
  const { serverEnv } = existsSync(file) ? await import(file) : {};
  return typeof serverEnv === "function" ? serverEnv(process.env) : process.env;
}

/** One of Bahi's servers: the build in `dist` on `port`, on the bench's database, with its own data folder. */
async function startServer(
  dist: string,
  port: number,
  authSecret: string,
  profileDir?: string,
  givenNodeArgs?: string,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-api-load-data-"));
  const origin = `http://127.0.0.1:${port}`;
  const nodeArgs = givenNodeArgs?.split(" ").filter(Boolean) ?? (await serverNodeArgs(dist));
  // BENCH_SERVER_LOG=<file>: the server's stdout there (with BENCH_NODE_ARGS="... --trace-gc", its collections).
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : undefined;
  const server = spawn(
    process.execPath,
    [
      ...nodeArgs,
      ...(profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : []),
      path.join(dist, "server/main.mjs"),
    ],
    {
      cwd: path.dirname(dist),
      env: {
        ...(await serverProcessEnv(dist)),
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: origin,
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.BENCH_PG_SOCKET
          ? `postgres://postgres@localhost:${PG_PORT}/bahi?host=${encodeURIComponent(pg.socketDir)}`
          : `postgres://postgres@127.0.0.1:${PG_PORT}/bahi`,
        AUTH_SECRET: authSecret,
        AUTH_REQUESTS_PER_IP: "10000",
        WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
      },
      stdio: ["ignore", log ?? "ignore", "pipe"],
    },
  );
  if (log !== undefined) closeSync(log); // the server has its own copy
  let stderr = "";
  server.stderr!.on("data", (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise((r) => server.on("exit", r));
  // A loaded machine (load average 30 on 2 cores) has taken longer than 30 s to start it.
  await waitFor(async () => (await fetch(`${origin}/api/health`)).ok, `the server (${dist})`, 120_000).catch(
    (error) => {
      console.error(stderr);
      server.kill("SIGKILL");
      throw error;
    },
  );
  return {
    pid: server.pid!,
    origin,
    dataDir,
    nodeArgs,
    async stop() {
      server.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      server.kill("SIGKILL");
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function main() {
  if (!existsSync(path.join(DIST, "server/main.mjs")))
    throw new Error(`Build first: npm run build (${DIST})`);
  pg.start();
  execFileSync("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(PG_PORT),
    "-U",
    "postgres",
    "-qc",
    "create database bahi",
  ]);
  if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });
  const authSecret = randomBytes(32).toString("hex");
  let server = await startServer(DIST, PORT, authSecret, CPU_PROF).catch((error) => {
    pg.stop();
    throw error;
  });
  const { dataDir, nodeArgs } = server;
  /** BENCH_COMPARE: another build's server on the same database, its clients page measured beside this one's. */
  let compare: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    const cookie = await signUp(dataDir, "load@example.com");
    const other = await signUp(dataDir, "other@example.com");
    const t0 = Date.now();
    const invoiceId = await seed(cookie, "A");
    await seed(other, "B");
    rebuildTotals();
    psql("vacuum analyze; create extension pg_stat_statements; select pg_stat_statements_reset();");
    // Planning time too, per statement: a statement planned on every execution shows it here.
    if (process.env.BENCH_PG_STATS)
      psql("alter system set pg_stat_statements.track_planning = on; select pg_reload_conf();");
    console.log(`seeded 2 users x ${ROWS} clients, products and invoices in ${Date.now() - t0} ms`);
    if (process.env.BENCH_HOLD) {
      // For EXPLAIN ANALYZE by hand on the seeded database: wait until interrupted.
      console.log(`holding: psql -h 127.0.0.1 -p ${PG_PORT} -U postgres bahi; cookie ${cookie}; Ctrl-C ends`);
      await new Promise((resolve) => process.once("SIGINT", resolve));
      return;
    }

    // As the web app asks them: pages 2, 10, 100 and 400 reached by Next, each through the cursor the
    // page before it answered (keyset, decision 0039); a page beyond the list's end by its number.
    const cursorsTo = async (base: string) => {
      const found = new Map<number, string>();
      let after: string | undefined;
      for (let n = 1; n < Math.max(...PAGES); n++) {
        const answer = await api("GET", `${base}page=${n}${after ? `&after=${after}` : ""}`, cookie);
        if (!answer.nextCursor) break;
        after = encodeURIComponent(answer.nextCursor);
        found.set(n + 1, after);
      }
      return found;
    };
    const pageMix = async (base: string) => {
      const cursors = await cursorsTo(base);
      return PAGES.map((p) => ({
        method: "GET",
        path: `${base}page=${p}${cursors.has(p) ? `&after=${cursors.get(p)}` : ""}`,
        weight: 1,
      }));
    };
    const invoiceBody = {
      invoiceNumber: "LOAD-NEW-{{uuid}}",
      status: "draft",
      invoiceDate: "2026-11-02",
      dueDate: "2026-12-02",
      currency: "INR",
      client: { name: "Walk-in {{uuid}}" },
      items: [{ id: "l1", name: "Consulting", quantity: "1", rate: "999.99" }],
    };
    const endpoints: [string, Mix][] = [
      ["health", [{ method: "GET", path: "/api/health", weight: 1 }]],
      ["clients page", await pageMix("/api/clients?")],
      ["products page", await pageMix("/api/products?")],
      ["invoices page", await pageMix("/api/invoices?")],
      ["invoices search", searchMix("/api/invoices?search=")],
      ["invoices overdue", await pageMix("/api/invoices?status=overdue&")],
      ["dashboard", [{ method: "GET", path: "/api/dashboard", weight: 1 }]],
      ["invoice by id", [{ method: "GET", path: `/api/invoices/${invoiceId}`, weight: 1 }]],
      ["clients page by number", numberedMix("/api/clients?")],
      ["invoices page by number", numberedMix("/api/invoices?")],
      [
        "create-invoice mix (1 create : 2 list : 2 get)",
        [
          { method: "POST", path: "/api/invoices", weight: 1, body: invoiceBody },
          { method: "GET", path: "/api/invoices?page=1", weight: 2 },
          { method: "GET", path: `/api/invoices/${invoiceId}`, weight: 2 },
        ],
      ],
    ];
    if (COMPARE_DIST) {
      // Both servers start afresh now, after the sign-ups, the seeding and the cursor walks: a main
      // server that had served those lost every round to the compare server, whichever build it
      // ran (decision 0073).
      await server.stop();
      server = await startServer(DIST, PORT, authSecret, CPU_PROF);
      compare = await startServer(
        COMPARE_DIST,
        PORT + 2,
        authSecret,
        CPU_PROF && path.join(CPU_PROF, "compare"),
        process.env.BENCH_COMPARE_NODE_ARGS,
      );
      console.log(`compare build ${COMPARE_DIST}: node ${compare.nodeArgs.join(" ")}`);
    }
    const rssBefore = serverRssMb(server.pid);
    // What the server spends with no request at all (timers, the job queue's polls): at a few hundred
    // requests a second on a loaded machine it is a visible part of the CPU per request.
    const idle0 = serverCpuSeconds(server.pid);
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    const idleMsPerSecond = ((serverCpuSeconds(server.pid) - idle0) * 1000) / 5;
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}; WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY ?? "1"}; ${CONNECTIONS} connections, ` +
        `${SECONDS} s per endpoint${CPU_PROF ? "; under --cpu-prof" : ""}; build ${DIST}; ` +
        `node ${nodeArgs.join(" ") || "(no arguments)"}; server idle: ${idleMsPerSecond.toFixed(1)} ms CPU a second`,
    );
    // CPU per request tells changes apart on a shared machine better than requests/s do.
    console.log(
      "| endpoint | req/s | p50 ms | p95 ms | p99 ms | errors | server CPU/req | of it the JS thread | PostgreSQL CPU/req |",
    );
    console.log("|---|---|---|---|---|---|---|---|---|");
    const clientsPage = endpoints.find(([name]) => name === "clients page")![1];
    /** The clients page of the compare build (BENCH_COMPARE), then this build's: a pair, seconds apart. */
    // The two take turns at going first: the second of a pair meets, for one, the first one's
    // quiet collection (idle-collection.ts) a few seconds after its load ends.
    let pairs = 0;
    const pages = async () => {
      const other = async () => {
        if (compare) await measureRow(COMPARE_PAGE, clientsPage, cookie, compare.origin, compare.pid);
      };
      const mine = () => measureRow("clients page", clientsPage, cookie, ORIGIN, server.pid);
      if (pairs++ % 2 === 0) {
        await other();
        await mine();
      } else {
        await mine();
        await other();
      }
    };
    for (const [name, mix] of endpoints) {
      if (ONLY && !ONLY.some((o) => name.startsWith(o))) continue;
      if (name === "clients page") await pages();
      else await measureRow(name, mix, cookie, ORIGIN, server.pid);
    }
    if (process.env.BENCH_FLOOR) await measureFloor(cookie, pages);
    printGoals();
    // When each row was measured (µs of the profiles' clock), to read the profiles further by hand.
    if (CPU_PROF)
      writeFileSync(
        path.join(CPU_PROF, "windows.json"),
        JSON.stringify(
          Object.fromEntries([...measured].map(([name, rows]) => [name, rows.map((r) => r.window)])),
        ),
      );
    if (process.env.BENCH_PG_STATS) {
      console.log(
        "\nPostgreSQL statements by total time (calls, plans, ms total, ms mean planning, ms mean execution, query):",
      );
      console.log(
        psql(`select calls, plans, round(total_plan_time + total_exec_time), round(mean_plan_time::numeric, 3),
            round(mean_exec_time::numeric, 3), left(regexp_replace(query, '\\s+', ' ', 'g'), 200)
          from pg_stat_statements order by total_plan_time + total_exec_time desc limit 15`),
      );
    }
    console.log(
      `server RSS: before ${rssBefore.toFixed(1)} MB, after ${serverRssMb(server.pid).toFixed(1)} MB`,
    );
  } finally {
    await compare?.stop();
    await server.stop();
    pg.stop();
  }
  if (CPU_PROF) summariseProfile(CPU_PROF, server.pid, "clients page");
  if (CPU_PROF && compare) summariseProfile(path.join(CPU_PROF, "compare"), compare.pid, COMPARE_PAGE);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
