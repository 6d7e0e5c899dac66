// Invoice list and dashboard latency on PostgreSQL, through the real app listening on loopback.
//   npx tsx bench/invoices.ts            (BENCH_DATABASE_URL to use another server)
// Creates its own database, fills one user with 10,000 invoices, runs 50 concurrent clients on
// GET /api/invoices for ~10 s, then grows to 50,000 invoices and times GET /api/dashboard.
// The database is dropped at the end. Goals: list p95 < 30 ms, dashboard < 100 ms.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { addDays } from "#domain/dates";
import { buildInvoiceDocument, type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { type Database, openDatabase } from "#server/db/client";
import { rebuildInvoiceTotals } from "#server/db/queries/invoice-totals";
import { columnsOf } from "#server/db/queries/invoices";
import { invoices } from "#server/db/schema";
import type { Mailer, MailMessage } from "#server/services/mail";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 50;
const LOAD_SECONDS = 10;

class LinkMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

function summarise(label: string, samples: number[], seconds?: number) {
  const sorted = [...samples].sort((a, b) => a - b);
  const rate = seconds ? `, ${(samples.length / seconds).toFixed(0)} req/s` : "";
  console.log(
    `${label}: n=${samples.length}, p50 ${ms(percentile(sorted, 50))}, p95 ${ms(percentile(sorted, 95))}, ` +
      `p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted[sorted.length - 1])}${rate}`,
  );
}

const CLIENTS = Array.from(
  { length: 200 },
  (_, i) => `Client ${i} ${["Traders", "Foods", "Textiles", "Exports"][i % 4]}`,
);

function pick<T>(list: readonly T[], r: number): T {
  return list[Math.floor(r * list.length) % list.length];
}

/** A realistic stored document: three lines, a client, company details. */
function documentFor(i: number, today: string) {
  const invoiceDate = addDays(today, -Math.floor(Math.random() * 1000));
  const r = Math.random();
  const status: StoredStatus = r < 0.1 ? "draft" : r < 0.4 ? "due" : r < 0.95 ? "paid" : "cancelled";
  const input: InvoiceInput = invoiceInputSchema.parse({
    invoiceNumber: `B-${String(i).padStart(6, "0")}`,
    status,
    invoiceDate,
    dueDate: addDays(invoiceDate, 30),
    paymentDate: status === "paid" ? addDays(invoiceDate, 10) : null,
    currency: Math.random() < 0.95 ? "INR" : "USD",
    client: {
      name: pick(CLIENTS, Math.random()),
      email: "accounts@example.com",
      billingAddress: { city: "Pune" },
    },
    items: [
      { id: "l1", name: "Basmati Rice 5kg", quantity: "2", rate: "650.50", taxPercent: "5" },
      { id: "l2", name: "Toor Dal 1kg", quantity: "3", rate: "180", discountPercent: "2.5", taxPercent: "5" },
      { id: "l3", name: "Delivery", quantity: "1", rate: String(50 + (i % 400)), taxPercent: "18" },
    ],
    notes: "Thank you for your business.",
  });
  return buildInvoiceDocument(input, {
    name: "Bahi Bench Stores",
    email: "owner@example.com",
    address: "12 MG Road, Pune 411001",
    phone: "020 5555 1234",
    gstin: "27AAPFU0939F1ZV",
    logoImageId: null,
    signatureImageId: null,
    upiQrImageId: null,
  });
}

async function fill(database: Database, businessId: string, from: number, to: number, today: string) {
  const batch = 500;
  for (let start = from; start < to; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + batch); i++) {
      rows.push({ id: randomUUID(), businessId, ...columnsOf(documentFor(i, today)) });
    }
    await database.db.insert(invoices).values(rows);
  }
  // Rows written directly, so the dashboard's totals are rebuilt as an import does.
  await rebuildInvoiceTotals(database.db, businessId);
  // Autovacuum would get here on its own; without it counts cannot use index-only scans.
  await database.db.execute(sql`vacuum analyze invoices`);
  await database.db.execute(sql`vacuum analyze invoice_month_totals`);
}

async function main() {
  const name = `bahi_bench_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;

  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  const mailer = new LinkMailer();
  let closeApp = async () => {};
  try {
    const port = 3900 + Math.floor(Math.random() * 90);
    const origin = `http://127.0.0.1:${port}`;
    const config = loadConfig({
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-bench-")),
      PUBLIC_URL: origin,
      AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
      NODE_ENV: "production",
      LOG_LEVEL: "silent",
    });
    const { app } = await buildApp({ config, database, logger: pino({ level: "silent" }), mailer });
    await app.listen({ port, host: "127.0.0.1" });
    closeApp = () => app.close();

    // One real account, signed in through the API.
    const email = `bench-${randomBytes(3).toString("hex")}@example.com`;
    const password = "bench-Passw0rd-42";
    const headers = { "content-type": "application/json", origin };
    await fetch(`${origin}/api/auth/sign-up/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password, name: "Bench" }),
    });
    const link = mailer.sent.at(-1)?.text.match(/https?:\/\/\S+/)?.[0];
    if (!link) throw new Error("no confirmation mail");
    await fetch(link, { redirect: "manual" });
    const signIn = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email, password }),
    });
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const me = await (await fetch(`${origin}/api/profile`, { headers: { cookie } })).json();
    const today = new Date().toISOString().slice(0, 10);

    let started = Date.now();
    await fill(database, me.id, 0, 10_000, today);
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    console.log(`filled 10,000 invoices in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    const list = async (query: string) => {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/invoices${query}`, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`list ${res.status}: ${body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 100; i++) await list(""); // warm up
    const single: number[] = [];
    for (let i = 0; i < 200; i++) single.push(await list(""));
    summarise("GET /api/invoices, 10,000 invoices, one client", single);

    // Baselines under the same load: the framework alone, and the session check plus one query.
    for (const [url, needsCookie] of [
      ["/api/health", false],
      ["/api/credits", true],
    ] as const) {
      const base: number[] = [];
      const stop = Date.now() + 3000;
      const t0 = Date.now();
      await Promise.all(
        Array.from({ length: CONNECTIONS }, async () => {
          while (Date.now() < stop) {
            const t1 = performance.now();
            const res = await fetch(`${origin}${url}`, { headers: needsCookie ? { cookie } : {} });
            await res.text();
            base.push(performance.now() - t1);
          }
        }),
      );
      summarise(`baseline GET ${url}, ${CONNECTIONS} connections`, base, (Date.now() - t0) / 1000);
    }

    const samples: number[] = [];
    const end = Date.now() + LOAD_SECONDS * 1000;
    started = Date.now();
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, c) => {
        // Mostly the first page as the list opens, sometimes a later page or a status filter.
        for (let n = 0; Date.now() < end; n++) {
          const query =
            n % 5 === 0
              ? `?page=${1 + (n % 7)}`
              : n % 7 === 0
                ? "?status=overdue"
                : c % 3 === 0
                  ? "?sort=amount_desc"
                  : "";
          samples.push(await list(query));
        }
      }),
    );
    summarise(
      `GET /api/invoices, 10,000 invoices, ${CONNECTIONS} connections`,
      samples,
      (Date.now() - started) / 1000,
    );

    started = Date.now();
    await fill(database, me.id, 10_000, 50_000, today);
    console.log(`filled to 50,000 invoices in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const dashboard = async () => {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/dashboard`, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`dashboard ${res.status}: ${body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    for (let i = 0; i < 5; i++) await dashboard();
    const one: number[] = [];
    for (let i = 0; i < 50; i++) one.push(await dashboard());
    summarise("GET /api/dashboard, 50,000 invoices, one client", one);
  } finally {
    await closeApp();
    await database.close();
    await new Promise((resolve) => setTimeout(resolve, 500)); // let the pool's sockets close first
    const again = new pg.Client({ connectionString: ADMIN_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
