// Lists under load: one user with 10,000 clients and 10,000 products on PostgreSQL, the real app
// listening on a loopback port, 50 concurrent connections reading GET /api/clients and then
// GET /api/products (random pages, with the session cookie) for ~10 s each.
// Run: npx tsx bench/lists.ts   (needs PostgreSQL; BENCH_DATABASE_URL overrides the admin URL)
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import pino from "pino";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { openDatabase } from "#server/db/client";
import { clients, productServices } from "#server/db/schema";
import { cookiesFrom, MemoryMailer } from "#server/testing/harness";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ROWS = 10_000;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_SIZE = 20;
const MAX_REQUESTS_PER_WORKER = 200_000; // a bound, so a fast server cannot loop forever
const ORIGIN = "http://127.0.0.1:3999";

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function hammer(label: string, urlFor: () => string, cookie: string) {
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const worker = async () => {
    for (let i = 0; i < MAX_REQUESTS_PER_WORKER && performance.now() < deadline; i++) {
      const started = performance.now();
      try {
        const res = await fetch(urlFor(), { headers: { cookie } });
        await res.arrayBuffer();
        if (res.status !== 200) errors++;
      } catch {
        errors++;
      }
      latencies.push(performance.now() - started);
    }
  };
  const began = performance.now();
  const cpuBefore = process.cpuUsage();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - began) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const f = (ms: number) => `${ms.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(16)} ${String(latencies.length).padStart(6)} req  ${(latencies.length / elapsed).toFixed(0).padStart(5)} req/s  ` +
      `p50 ${f(percentile(latencies, 50))}  p95 ${f(percentile(latencies, 95))}  p99 ${f(percentile(latencies, 99))}  errors ${errors}  ` +
      `(node CPU, server + load loop: ${((cpu.user + cpu.system) / 1000 / latencies.length).toFixed(2)} ms/req)`,
  );
  return percentile(latencies, 95);
}

async function main() {
  const dbName = `bahi_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-bench-"));
  await admin(`create database ${dbName}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir });
  const mailer = new MemoryMailer();
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: randomBytes(32).toString("hex"),
    NODE_ENV: "production",
  });
  const { app } = await buildApp({ config, database, logger: pino({ level: "silent" }), mailer });
  try {
    // One confirmed, signed-in user.
    const email = "bench@example.com";
    const password = "kesari-chai-42";
    const headers = { origin: ORIGIN };
    await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers,
      payload: { email, password, name: "Bench" },
    });
    const link = new URL(mailer.lastLink(email));
    await app.inject({ method: "GET", url: link.pathname + link.search });
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers,
      payload: { email, password },
    });
    const cookie = cookiesFrom(signIn);
    const me = (await app.inject({ method: "GET", url: "/api/profile", headers: { cookie } })).json() as {
      id: string;
    };

    const seedStart = performance.now();
    const now = Date.now();
    for (let from = 0; from < ROWS; from += 1000) {
      const batch = Array.from({ length: 1000 }, (_, k) => from + k);
      await database.db.insert(clients).values(
        batch.map((i) => ({
          id: randomUUID(),
          businessId: me.id,
          name: `Client ${randomBytes(3).toString("hex")} ${i}`,
          company: i % 3 === 0 ? `Company ${i} Pvt Ltd` : "",
          email: `client${i}@example.com`,
          phone: `98${String(i).padStart(8, "0")}`,
          billingAddress: {
            line1: `${i} MG Road`,
            line2: "",
            city: "Pune",
            state: "Maharashtra",
            postalCode: "411001",
            country: "India",
          },
          createdAt: new Date(now - i * 60_000),
        })),
      );
      await database.db.insert(productServices).values(
        batch.map((i) => ({
          id: randomUUID(),
          businessId: me.id,
          name: `Item ${randomBytes(3).toString("hex")} ${i}`,
          kind: i % 10 === 0 ? ("service" as const) : ("product" as const),
          hsnSac: String(1000 + (i % 9000)),
          rate: `${(i % 5000) + 10}.50`,
          costPrice: `${(i % 4000) + 5}.25`,
          availableQuantity: i % 10 === 0 ? null : String(i % 50),
          lowStockLevel: i % 10 === 0 ? null : "5",
          createdAt: new Date(now - i * 60_000),
        })),
      );
    }
    await pg_analyze(url.toString());
    console.log(
      `seeded ${ROWS} clients and ${ROWS} products in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
    );

    const address = await app.listen({ host: "127.0.0.1", port: 0 });
    const pages = ROWS / PAGE_SIZE;
    const page = () => 1 + Math.floor(Math.random() * pages);
    const sorts = ["name", "newest"];
    const sort = () => sorts[Math.floor(Math.random() * sorts.length)];
    // Warm the connection pool and the JIT before measuring.
    await Promise.all(
      Array.from({ length: CONNECTIONS }, () =>
        fetch(`${address}/api/clients`, { headers: { cookie } }).then((r) => r.arrayBuffer()),
      ),
    );
    console.log(
      `load average before: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each, random pages of ${PAGE_SIZE}, node ${process.version}`,
    );
    const p95Clients = await hammer(
      "GET /api/clients",
      () => `${address}/api/clients?sort=${sort()}&page=${page()}&pageSize=${PAGE_SIZE}`,
      cookie,
    );
    const p95Products = await hammer(
      "GET /api/products",
      () => `${address}/api/products?sort=${sort()}&page=${page()}&pageSize=${PAGE_SIZE}`,
      cookie,
    );
    const goal = 30;
    console.log(
      `goal p95 < ${goal} ms: clients ${p95Clients < goal ? "met" : "missed"}, products ${p95Products < goal ? "met" : "missed"}`,
    );
  } finally {
    await app.close();
    await database.close();
    await admin(`drop database if exists ${dbName} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function pg_analyze(connectionString: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  await client.query("analyze");
  await client.end();
}

await main();
