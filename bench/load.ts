// Load and soak: the compiled server (dist/server) on a private PostgreSQL instance, 100 connections
// for 2 minutes from autocannon in its own process (bench/load-generator.mjs) on a mix of lists,
// creates and PDF downloads, a signed webhook every few seconds, and a PostgreSQL restart in the
// middle. Prints requests/s, p95, errors outside and during the restart window, whether the server
// survived, and its memory before, at peak and after.
// Run: npm run build && npx tsx bench/load.ts   (BENCH_SECONDS=120 by default; needs PostgreSQL's
// server binaries, as Debian's postgresql package installs them, and root or the postgres user.)
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { privatePostgres, rssMb, signUpConfirmed, waitFor } from "./support";

const ROOT = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const PG_PORT = 5499;
const PORT = 3998;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WEBHOOK_SECRET = "bench-webhook-secret";

const pg = privatePostgres(PG_PORT, "bahi-load", "-c max_connections=100");

/** The server's own figure for the JavaScript heap in use, from /metrics. */
async function heapUsedMb(): Promise<number> {
  const res = await fetch(`${ORIGIN}/metrics`, { headers: { authorization: "Bearer bench-metrics-token" } });
  const text = await res.text();
  return Number(/^bahi_nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? Number.NaN) / 1024 / 1024;
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

const signUp = (dataDir: string) => signUpConfirmed(ORIGIN, dataDir, "load@example.com", "Load");

function psql(sql: string) {
  execFileSync("psql", [
    "-h",
    "127.0.0.1",
    "-p",
    String(PG_PORT),
    "-U",
    "postgres",
    "-d",
    "bahi",
    "-qAtc",
    sql,
  ]);
}

async function main() {
  if (!existsSync(path.join(ROOT, "dist/server/main.mjs"))) throw new Error("Build first: npm run build");
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
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-load-data-"));
  const server = spawn(process.execPath, [path.join(ROOT, "dist/server/main.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: ORIGIN,
      DATA_DIR: dataDir,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${PG_PORT}/bahi`,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      LOG_LEVEL: "warn",
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      AUTH_REQUESTS_PER_IP: "10000",
      METRICS_TOKEN: "bench-metrics-token",
      // One process, so the memory figures below are the whole server's (bench/processes.ts compares 1 and 2).
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let serverExited: number | null | undefined;
  server.on("exit", (code) => {
    serverExited = code;
  });
  let stderr = "";
  server.stderr.on("data", (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  try {
    await waitFor(async () => (await fetch(`${ORIGIN}/api/health`)).ok, "the server").catch((error) => {
      console.error(stderr);
      throw error;
    });
    const cookie = await signUp(dataDir);
    const clientIds: string[] = [];
    for (let i = 0; i < 200; i++) {
      const body = {
        name: `Client ${i}`,
        email: `c${i}@example.com`,
        phone: `98${String(i).padStart(8, "0")}`,
      };
      clientIds.push((await api("POST", "/api/clients", cookie, body)).id);
    }
    const invoiceIds: string[] = [];
    for (let i = 0; i < 100; i++) {
      const body = {
        invoiceNumber: `LOAD-${i}`,
        status: "due",
        invoiceDate: "2026-11-01",
        dueDate: "2026-11-30",
        currency: "INR",
        client: { name: `Client ${i}` },
        items: Array.from({ length: 5 }, (_, k) => ({
          id: `l${k}`,
          name: `Item ${k}`,
          quantity: "2",
          rate: "1250.50",
        })),
      };
      invoiceIds.push((await api("POST", "/api/invoices", cookie, body)).invoice.id);
    }
    // Enough credits that PDF downloads never run out during the run.
    psql(
      `update user_credits set credits = credits + 1000000;
       insert into credit_ledger (id, business_id, delta, reason, created_at)
       select gen_random_uuid()::text, business_id, 1000000, 'purchase', now() from user_credits;`,
    );

    const rss = { before: rssMb(server.pid!), peak: 0, after: 0 };
    const heap = { before: await heapUsedMb(), after: 0 };
    const rssTrend: number[] = [];
    const trend = setInterval(
      () => {
        if (serverExited === undefined) rssTrend.push(Math.round(rssMb(server.pid!)));
      },
      (SECONDS * 1000) / 8,
    );
    const sampler = setInterval(() => {
      if (serverExited === undefined) rss.peak = Math.max(rss.peak, rssMb(server.pid!));
    }, 500);
    const invoiceBody = {
      invoiceNumber: "LOAD-NEW-{{uuid}}",
      status: "draft",
      invoiceDate: "2026-11-02",
      dueDate: "2026-12-02",
      currency: "INR",
      client: { name: "Walk-in {{uuid}}" },
      items: [{ id: "l1", name: "Consulting", quantity: "1", rate: "999.99" }],
    };
    const mix = [
      { method: "GET", path: "/api/clients?page=3", weight: 3 },
      { method: "GET", path: "/api/products?page=1", weight: 1 },
      { method: "GET", path: "/api/invoices?page=2", weight: 3 },
      { method: "GET", path: `/api/invoices/${invoiceIds[7]}`, weight: 1 },
      { method: "GET", path: "/api/dashboard", weight: 1 },
      { method: "POST", path: "/api/clients", weight: 1, body: { name: "New client {{uuid}}" } },
      { method: "POST", path: "/api/invoices", weight: 1, body: invoiceBody },
    ];
    const pdfPath = process.env.BENCH_PDF_PATH ?? `/api/invoices/${invoiceIds[3]}/pdf`;
    console.log(
      `node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          " ",
        )}; ${CONNECTIONS} connections (+2 for PDFs) for ${SECONDS} s; PostgreSQL restart at ${Math.round(SECONDS / 2)} s`,
    );
    const generator = spawn(
      process.execPath,
      [
        path.join(ROOT, "bench/load-generator.mjs"),
        JSON.stringify({
          url: ORIGIN,
          cookie,
          origin: ORIGIN,
          connections: CONNECTIONS,
          seconds: SECONDS,
          mix,
          pdf: { connections: 2, path: pdfPath, method: process.env.BENCH_PDF_METHOD ?? "POST" },
          webhook: { everyMs: 3000, secret: WEBHOOK_SECRET },
        }),
      ],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    let output = "";
    generator.stdout.on("data", (d) => {
      output += d;
    });
    const generatorDone = new Promise<void>((resolve) => generator.on("exit", () => resolve()));
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, (SECONDS / 2) * 1000));
    const restartFrom = (Date.now() - t0) / 1000;
    pg.restart();
    await waitFor(async () => (await fetch(`${ORIGIN}/api/health`)).ok, "health after the restart");
    const restartTo = (Date.now() - t0) / 1000;
    await generatorDone;
    clearInterval(sampler);
    clearInterval(trend);
    await new Promise((r) => setTimeout(r, 10_000));
    const alive = serverExited === undefined && (await fetch(`${ORIGIN}/api/health`)).ok;
    rss.after = alive ? rssMb(server.pid!) : 0;
    heap.after = alive ? await heapUsedMb() : 0;

    const result = JSON.parse(output) as {
      requests: number;
      p50: number;
      p95: number;
      p99: number;
      mainRps: number;
      pdfRps: number;
      webhooks: { sent: number; failed: number };
      buckets: Record<string, Record<string, number>>;
    };
    // The restart window: from a second before the restart began to 5 s after health came back.
    const inWindow = (second: number) => second >= restartFrom - 1 && second <= restartTo + 5;
    const outside: Record<string, number> = {};
    const during: Record<string, number> = {};
    let outsideTotal = 0;
    for (const [second, statuses] of Object.entries(result.buckets)) {
      const target = inWindow(Number(second)) ? during : outside;
      for (const [status, count] of Object.entries(statuses)) {
        target[status] = (target[status] ?? 0) + count;
        if (target === outside) outsideTotal += count;
      }
    }
    const isError = (status: string) => status === "error" || Number(status) >= 400;
    const errorSeconds = Object.entries(result.buckets)
      .filter(([second, statuses]) => !inWindow(Number(second)) && Object.keys(statuses).some(isError))
      .map(([second, statuses]) => `${second}s ${JSON.stringify(statuses)}`);
    const outsideErrors = Object.entries(outside)
      .filter(([s]) => isError(s))
      .reduce((n, [, c]) => n + c, 0);
    const duringNon503 = Object.entries(during)
      .filter(([s]) => isError(s) && s !== "503")
      .reduce((n, [, c]) => n + c, 0);
    const f = (n: number) => n.toFixed(1);
    console.log(`requests: ${result.requests} in ${SECONDS} s = ${f(result.requests / SECONDS)} req/s`);
    console.log(`latency: p50 ${f(result.p50)} ms, p95 ${f(result.p95)} ms, p99 ${f(result.p99)} ms`);
    console.log(
      `PDF downloads: ${f(result.pdfRps)}/s; webhooks sent ${result.webhooks.sent}, 5xx or failed ${result.webhooks.failed}`,
    );
    console.log(`restart window: ${f(restartFrom)} s to ${f(restartTo)} s (+5 s)`);
    console.log(
      `outside the window: ${JSON.stringify(outside)}; error rate ${((100 * outsideErrors) / Math.max(1, outsideTotal)).toFixed(3)} % (goal 0)`,
    );
    if (errorSeconds.length > 0)
      console.log(`seconds with errors outside the window: ${errorSeconds.join("; ")}`);
    console.log(
      `during the window: ${JSON.stringify(during)}; errors other than 503: ${duringNon503} (goal 0)`,
    );
    console.log(`server still running afterwards: ${alive ? "yes" : `NO (exit ${serverExited})`}`);
    console.log(
      `server RSS: before ${f(rss.before)} MB, peak ${f(rss.peak)} MB, after ${f(rss.after)} MB (10 s after the load)`,
    );
    console.log(`server RSS every ${SECONDS / 8} s under load: ${rssTrend.join(", ")} MB`);
    console.log(`JavaScript heap in use: before ${f(heap.before)} MB, after ${f(heap.after)} MB`);
    if (!alive) console.log(stderr);
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1000));
    server.kill("SIGKILL");
    pg.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
