// Dashboard speed on PostgreSQL, through the real app listening on loopback.
//   npx tsx bench/dashboard.ts            (BENCH_DATABASE_URL to use another server)
// Creates its own database and one user with 10,000 invoices, times single GET /api/dashboard
// requests, then runs autocannon in its own process at 50 connections for 10 s, then grows to
// 50,000 invoices and times single requests again. Paid invoices have their payment, three due
// invoices in ten a part payment. The database is dropped at the end.
// Goals: 10,000 invoices, 50 connections: at least 500 req/s, p95 < 100 ms;
// 50,000 invoices, one request: < 20 ms.
import { execFile } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { addDays } from "#domain/dates";
import { buildInvoiceDocument, invoiceInputSchema } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { type Database, openDatabase } from "#server/db/client";
import { columnsOf } from "#server/db/queries/invoices";
import { invoices } from "#server/db/schema";
import type { Mailer, MailMessage } from "#server/services/mail";

const ROOT = path.resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

class LinkMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

function summarise(label: string, samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label}: n=${s.length}, p50 ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, max ${ms(s[s.length - 1])}`,
  );
}

/** Invoices over the last 1000 days: 10% draft, 30% due (most overdue), 55% paid, 5% cancelled. */
function documentFor(i: number, today: string) {
  const invoiceDate = addDays(today, -Math.floor(Math.random() * 1000));
  const r = Math.random();
  const status: StoredStatus = r < 0.1 ? "draft" : r < 0.4 ? "due" : r < 0.95 ? "paid" : "cancelled";
  const input = invoiceInputSchema.parse({
    invoiceNumber: `B-${String(i).padStart(6, "0")}`,
    status,
    invoiceDate,
    dueDate: addDays(invoiceDate, 30),
    paymentDate: status === "paid" ? addDays(invoiceDate, 10) : null,
    currency: Math.random() < 0.95 ? "INR" : "USD",
    client: { name: `Client ${i % 200}` },
    items: [
      { id: "l1", name: "Basmati Rice 5kg", quantity: "2", rate: String(50 + (i % 400)), taxPercent: "5" },
    ],
  });
  return buildInvoiceDocument(input, {
    name: "Bahi Bench Stores",
    email: "owner@example.com",
    address: "",
    phone: "",
    gstin: "",
    logoImageId: null,
    signatureImageId: null,
    upiQrImageId: null,
  });
}

async function fill(database: Database, businessId: string, from: number, to: number, today: string) {
  for (let start = from; start < to; start += 500) {
    const rows = [];
    for (let i = start; i < Math.min(to, start + 500); i++) {
      rows.push({ id: randomUUID(), businessId, ...columnsOf(documentFor(i, today)) });
    }
    await database.db.insert(invoices).values(rows);
  }
  // Payments: a paid invoice received its total, three due invoices in ten half of theirs.
  await database.db.execute(sql`with part as (
      update invoices set amount_paid_minor = total_minor / 2
      where business_id = ${businessId} and status = 'due' and amount_paid_minor = 0 and total_minor > 1
        and right(invoice_number, 1) in ('0', '3', '6')
      returning id, total_minor / 2 as paid, invoice_date)
    insert into invoice_payments (id, business_id, invoice_id, amount_minor, paid_on, method, source)
    select gen_random_uuid()::text, ${businessId}, id, paid, invoice_date + 5, 'cash', 'manual' from part`);
  const payments = await import("#server/db/queries/invoice-payments");
  await payments.recordPaidInvoicesPayments(database.db, businessId);
  await database.db.execute(sql`vacuum analyze invoice_payments`);
  // Rows written directly: rebuild the dashboard's totals as an import does (when this tree has them).
  const totals = await import("#server/db/queries/invoice-totals").catch(() => null);
  if (totals) {
    await totals.rebuildInvoiceTotals(database.db, businessId);
    await database.db.execute(sql`vacuum analyze invoice_month_totals`);
  }
  await database.db.execute(sql`vacuum analyze invoices`);
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

    const dashboard = async () => {
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/dashboard`, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`dashboard ${res.status}: ${body.slice(0, 200)}`);
      return performance.now() - t0;
    };
    const single = async (label: string) => {
      for (let i = 0; i < 10; i++) await dashboard();
      const samples: number[] = [];
      for (let i = 0; i < 100; i++) samples.push(await dashboard());
      summarise(label, samples);
    };
    // Asynchronous: the server answers from this very process.
    const cannon = async (seconds: number, route = "/api/dashboard") =>
      JSON.parse(
        (
          await promisify(execFile)(
            process.execPath,
            [
              path.join(ROOT, "node_modules/autocannon/autocannon.js"),
              "-j",
              "-c",
              String(CONNECTIONS),
              "-d",
              String(seconds),
              "-H",
              `cookie=${cookie}`,
              `${origin}${route}`,
            ],
            { maxBuffer: 64 * 1024 * 1024 },
          )
        ).stdout,
      ) as {
        requests: { average: number };
        latency: { p50: number; p90: number; p97_5: number; p99: number };
        non2xx: number;
        errors: number;
      };

    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${cpus().length} CPUs`,
    );
    await fill(database, me.id, 0, 10_000, today);
    await single("GET /api/dashboard, 10,000 invoices, one client");
    // The ceiling on this machine: the session check and one small query.
    const base = await cannon(5, "/api/credits");
    console.log(
      `baseline GET /api/credits, autocannon ${CONNECTIONS} connections 5 s: ` +
        `${Math.round(base.requests.average)} req/s, p97.5 ${base.latency.p97_5} ms`,
    );
    await cannon(3); // warm up
    const r = await cannon(SECONDS);
    console.log(
      `GET /api/dashboard, 10,000 invoices, autocannon ${CONNECTIONS} connections ${SECONDS} s: ` +
        `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p90 ${r.latency.p90} ms, ` +
        `p97.5 ${r.latency.p97_5} ms, p99 ${r.latency.p99} ms, errors ${r.non2xx + r.errors}`,
    );
    await fill(database, me.id, 10_000, 50_000, today);
    await single("GET /api/dashboard, 50,000 invoices, one client");
    console.log(
      `load average at end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
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
