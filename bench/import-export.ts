// Import and export of a large data file on PostgreSQL, through the real app (app.inject).
//   npx tsx bench/import-export.ts            (BENCH_DATABASE_URL to use another server)
// Creates its own database, builds a file with 5,000 invoices, 2,000 clients and 1,000 products,
// imports it (POST /api/import), exports it (GET /api/export), and drops the database.
// Goals: import < 5 s, export < 5 s, peak RSS < 300 MB.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { buildApp } from "#server/app";
import { loadConfig } from "#server/config";
import { openDatabase } from "#server/db/client";
import type { Mailer, MailMessage } from "#server/services/mail";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const ORIGIN = "http://localhost:3000";
const COUNTS = { invoices: 5_000, clients: 2_000, products: 1_000 };

class LinkMailer implements Mailer {
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;

function buildFile() {
  const clients = Array.from({ length: COUNTS.clients }, (_, i) => ({
    id: randomUUID(),
    name: `Client ${i}`,
    company: `Company ${i} Pvt Ltd`,
    email: `client${i}@example.com`,
    phone: "+91 98765 43210",
    gstin: "",
    billing_address: {
      line1: `${i} MG Road`,
      line2: "",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
    },
    shipping_address: null,
    notes: "",
  }));
  const products = Array.from({ length: COUNTS.products }, (_, i) => ({
    name: `Product ${i}`,
    kind: "product",
    hsn_sac: "0902",
    unit: "kg",
    rate: `${100 + (i % 900)}.50`,
    cost_price: `${80 + (i % 700)}.00`,
    available_quantity: "500.000",
    low_stock_level: "10.000",
    default_tax_percent: "18.00",
    default_discount_percent: "0.00",
  }));
  const invoices = Array.from({ length: COUNTS.invoices }, (_, i) => {
    const client = clients[i % clients.length]!;
    const day = String(1 + (i % 28)).padStart(2, "0");
    const month = String(1 + (i % 12)).padStart(2, "0");
    return {
      invoiceNumber: `INV/2025-26/${String(i + 1).padStart(5, "0")}`,
      status: i % 3 === 0 ? "paid" : "due",
      invoiceDate: `2025-${month}-${day}`,
      dueDate: `2026-${month}-${day}`,
      paymentDate: i % 3 === 0 ? `2026-${month}-${day}` : null,
      currency: "INR",
      clientId: client.id,
      client: {
        name: client.name,
        company: client.company,
        email: client.email,
        billingAddress: client.billing_address,
      },
      items: Array.from({ length: 3 }, (_, k) => ({
        id: `l${k}`,
        productId: null,
        name: `Product ${(i + k) % COUNTS.products}`,
        hsnSac: "0902",
        unit: "kg",
        quantity: String(1 + k),
        rate: `${100 + ((i + k) % 900)}.50`,
        discountPercent: "0",
        taxPercent: "18",
      })),
      notes: "Thank you for your business.",
      terms: DEFAULT_SETTINGS.defaultTerms,
      company: {
        name: "Kesari Traders",
        email: "",
        address: "Pune",
        phone: "",
        gstin: "",
        logoImageId: null,
        signatureImageId: null,
        upiQrImageId: null,
      },
    };
  });
  return {
    invoices,
    clients,
    settings: { ...DEFAULT_SETTINGS, companyName: "Kesari Traders" },
    productServices: products,
  };
}

async function main() {
  const name = `bahi_bench_io_${Date.now()}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  const config = loadConfig({
    DATA_DIR: mkdtempSync(path.join(tmpdir(), "bahi-bench-")),
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    NODE_ENV: "test",
  });
  const mailer = new LinkMailer();
  const { app } = await buildApp({ config, database, logger: pino({ level: "silent" }), mailer });
  await app.ready();
  try {
    const email = "bench@example.com";
    const password = "kesari-chai-42";
    const headers = { origin: ORIGIN, "content-type": "application/json" };
    await app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers,
      payload: { email, password, name: "Bench" },
    });
    const link = new URL(mailer.sent.at(-1)!.text.match(/https?:\/\/\S+/)![0]);
    await app.inject({ method: "GET", url: link.pathname + link.search });
    const signIn = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers,
      payload: { email, password },
    });
    const cookie = [signIn.headers["set-cookie"]]
      .flat()
      .map((c) => String(c).split(";")[0])
      .join("; ");

    const text = JSON.stringify(buildFile());
    console.log(
      `file: ${(text.length / 1024 / 1024).toFixed(1)} MB, ${COUNTS.invoices} invoices, ${COUNTS.clients} clients, ${COUNTS.products} products`,
    );
    const baseRss = process.memoryUsage().rss;
    peakRss = baseRss;

    let t0 = performance.now();
    const imported = await app.inject({
      method: "POST",
      url: "/api/import",
      headers: { ...headers, cookie },
      payload: text,
    });
    const importMs = performance.now() - t0;
    if (imported.statusCode !== 200)
      throw new Error(`import failed: ${imported.statusCode} ${imported.body.slice(0, 500)}`);

    t0 = performance.now();
    const exported = await app.inject({ method: "GET", url: "/api/export", headers: { cookie } });
    const exportMs = performance.now() - t0;
    if (exported.statusCode !== 200) throw new Error(`export failed: ${exported.statusCode}`);
    const back = exported.json();

    console.log(
      `import: ${(importMs / 1000).toFixed(2)} s (goal < 5 s) ${JSON.stringify(imported.json().imported)}`,
    );
    console.log(
      `export: ${(exportMs / 1000).toFixed(2)} s (goal < 5 s), ${(exported.body.length / 1024 / 1024).toFixed(1)} MB, ${back.invoices.length} invoices`,
    );
    console.log(
      `peak RSS: ${mb(peakRss)} (goal < 300 MB; ${mb(baseRss)} before the import, file text held in memory)`,
    );
    console.log(`maxRSS (OS): ${mb(process.resourceUsage().maxRSS * 1024)}`);
  } finally {
    clearInterval(sampler);
    await app.close();
    await database.close();
    const again = new pg.Client({ connectionString: ADMIN_URL });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  }
}

await main();
