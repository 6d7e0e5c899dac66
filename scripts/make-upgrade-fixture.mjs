// Makes tests/fixtures/upgrade/<release>/: databases written by an EARLIER release of Bahi, so that
// src/server/db/upgrade.test.ts can check that today's code migrates them without losing a row.
// It drives that release's own code (its buildApp, API routes and migrations), never today's:
//
//   git clone -q . /tmp/bahi-prev && git -C /tmp/bahi-prev checkout -q v0.2.0 && (cd /tmp/bahi-prev && npm ci)
//   cd /tmp/bahi-prev && node_modules/.bin/node --import tsx \
//     "$OLDPWD/scripts/make-upgrade-fixture.mjs" "$OLDPWD/tests/fixtures/upgrade/v0.2.0"
//
// One folder per release (tests/fixtures/upgrade/README.md); upgrade.test.ts tests every one.
// It makes every kind of record that release has: settings with images, clients, products, stock
// adjustments, invoices in every status, a credit purchase and a PDF download, and, where the
// release has them, quotes, credit notes, recurring profiles, payments received, reminders sent,
// e-mails through pg-boss jobs and API keys.
//
// PostgreSQL must answer at postgres://postgres@127.0.0.1:5432 (or ADMIN_DATABASE_URL); pg_dump
// and tar with xz must be on the PATH.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const outDir = path.resolve(process.argv[2] ?? "tests/fixtures/upgrade/unreleased");
const release = process.cwd();
const adminUrl = process.env.ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const from = (file) => import(pathToFileURL(path.join(release, file)).href);

const { buildApp } = await from("src/server/app.ts");
const { loadConfig } = await from("src/server/config.ts");
const { openDatabase } = await from("src/server/db/client.ts");
const { MemoryMailer, signUpAndSignIn, post, send, get } = await from("src/server/testing/harness.ts");
const { DEFAULT_SETTINGS } = await from("src/domain/settings.ts");
const { default: sharp } = await import("sharp");
const { default: pino } = await import("pino");
const { default: pg } = await import("pg");
const { sql } = await import("drizzle-orm");

const releaseCommit = execFileSync("git", ["rev-parse", "HEAD"], { cwd: release }).toString().trim();
const png = (w, h, color) =>
  sharp({ create: { width: w, height: h, channels: 3, background: color } })
    .png()
    .toBuffer();

function must(res, status, what) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Two users with everything a user can own, made through the release's API. */
async function seed(t) {
  const users = [];
  for (const [n, name] of [
    [1, "Asha Rao"],
    [2, "Bala Krishnan"],
  ]) {
    const s = await signUpAndSignIn(t, `upgrade-${n}@example.com`, "kesari-chai-42", name);
    const me = must(await get(t.app, "/api/profile", s.cookie), 200, "profile");
    const logo = await png(40, 40, n === 1 ? "#2DD4BF" : "#1E3A8A");
    const logoId = must(
      await post(t.app, "/api/images", { kind: "logo", data: logo.toString("base64") }, s.cookie),
      201,
      "logo",
    ).id;
    const sig = await png(60, 20, "#000000");
    const sigId = must(
      await post(t.app, "/api/images", { kind: "signature", data: sig.toString("base64") }, s.cookie),
      201,
      "signature",
    ).id;
    must(
      await send(
        t.app,
        "PUT",
        "/api/settings",
        {
          ...DEFAULT_SETTINGS,
          companyName: `${name} Traders`,
          companyAddress: "12 MG Road, Pune",
          companyLogo: logoId,
          signatureImage: sigId,
          includeSignature: true,
          defaultNotes: "Thank you for your business.",
        },
        s.cookie,
      ),
      200,
      "settings",
    );
    const clientIds = [];
    for (const c of [
      { name: "Kiran Stores", email: "kiran@example.com", billingAddress: { city: "Pune", state: "MH" } },
      { name: "Meera Textiles", gstin: "27AAPFU0939F1ZV", company: "Meera Textiles LLP" },
      { name: "Walk-in customer" },
    ]) {
      clientIds.push(must(await post(t.app, "/api/clients", c, s.cookie), 201, "client").id);
    }
    const productIds = [];
    for (const p of [
      {
        name: "Tea 1 kg",
        hsnSac: "0902",
        rate: "450",
        costPrice: "300",
        availableQuantity: "40",
        defaultTaxPercent: "5",
      },
      { name: "Basmati Rice 5 kg", rate: "620.50", availableQuantity: "12.5", lowStockLevel: "5" },
      { name: "Delivery", kind: "service", rate: "50" },
    ]) {
      productIds.push(must(await post(t.app, "/api/products", p, s.cookie), 201, "product").id);
    }
    must(
      await post(
        t.app,
        `/api/products/${productIds[0]}/stock-adjustments`,
        { change: "-2", note: "Damaged in transit" },
        s.cookie,
      ),
      201,
      "stock adjustment",
    );
    const invoiceIds = [];
    for (const [i, status] of ["draft", "due", "paid", "due", "cancelled"].entries()) {
      const body = {
        invoiceNumber: `INV-${n}-${String(i + 1).padStart(3, "0")}`,
        status,
        invoiceDate: `2026-0${i + 1}-10`,
        dueDate: `2026-0${i + 1}-25`,
        paymentDate: status === "paid" ? `2026-0${i + 1}-20` : null,
        currency: "INR",
        clientId: clientIds[i % 3],
        client:
          i % 3 === 0
            ? { name: "Kiran Stores", email: "kiran@example.com" }
            : { name: ["Kiran Stores", "Meera Textiles", "Walk-in customer"][i % 3] },
        items: [
          {
            id: "l1",
            productId: productIds[0],
            name: "Tea 1 kg",
            quantity: String(i + 1),
            rate: "450",
            taxPercent: "5",
          },
          {
            id: "l2",
            productId: productIds[1],
            name: "Basmati Rice 5 kg",
            quantity: "1.5",
            rate: "620.50",
            discountPercent: "10",
          },
          { id: "l3", productId: productIds[2], name: "Delivery", quantity: "1", rate: "50" },
        ],
        notes: "Goods once sold will not be taken back.",
      };
      invoiceIds.push(must(await post(t.app, "/api/invoices", body, s.cookie), 201, "invoice").invoice.id);
    }
    // A product renamed after it was sold: its lines still point at it.
    must(
      await send(t.app, "PATCH", `/api/products/${productIds[0]}`, { name: "Assam Tea 1 kg" }, s.cookie),
      200,
      "rename",
    );
    // A purchase of credits (test-mode Checkout) and a PDF download that spends one.
    const order = must(
      await post(t.app, "/api/functions/create-razorpay-order", { planId: "plan_100_credits" }, s.cookie),
      200,
      "order",
    );
    const paid = must(
      await post(t.app, "/api/functions/test-checkout/pay", { order_id: order.order_id }, s.cookie),
      200,
      "test pay",
    );
    must(await post(t.app, "/api/functions/verify-razorpay-payment", paid, s.cookie), 200, "verify");
    // Later releases take a PDF download (it costs a credit) as a POST only.
    const pdfUrl = `/api/invoices/${invoiceIds[1]}/pdf`;
    const pdf = t.app.hasRoute({ method: "POST", url: "/api/invoices/:id/pdf" })
      ? await post(t.app, pdfUrl, {}, s.cookie)
      : await get(t.app, pdfUrl, s.cookie);
    if (pdf.statusCode !== 200) throw new Error(`pdf: ${pdf.statusCode} ${pdf.body}`);
    await laterRecords(t, s, invoiceIds, clientIds);
    const exported = await get(t.app, "/api/export", s.cookie);
    if (exported.statusCode !== 200) throw new Error(`export: ${exported.statusCode}`);
    users.push({ id: me.id, email: s.email, export: exported.json(), cookie: s.cookie });
  }
  return users;
}

/** Records of the features after the first fixture's release (quotes, notes, recurring, ...). */
async function laterRecords(t, s, invoiceIds, clientIds) {
  const has = (method, path) => t.app.hasRoute({ method, url: path });
  if (has("POST", "/api/quotes")) {
    const quote = (n, over) => ({
      quoteNumber: null,
      quoteDate: `2026-0${n}-01`,
      validUntil: `2026-0${n}-28`,
      currency: "INR",
      clientId: clientIds[0],
      client: { name: "Kiran Stores", email: "kiran@example.com" },
      items: [
        {
          id: "l1",
          name: "Teak chair",
          quantity: "4",
          rate: "2499.50",
          discountPercent: "5",
          taxPercent: "18",
        },
        { id: "l2", name: "Delivery", quantity: "1", rate: "350" },
      ],
      notes: "Delivery within a week of the order.",
      ...over,
    });
    const sent = must(await post(t.app, "/api/quotes", quote(3), s.cookie), 201, "quote");
    must(await post(t.app, "/api/quotes", quote(4, { validUntil: null }), s.cookie), 201, "quote 2");
    const sentId = sent.quote?.id ?? sent.id;
    must(
      await post(
        t.app,
        `/api/quotes/${sentId}/send`,
        { to: ["kiran@example.com"], subject: "Our quote", message: "Please find our quote." },
        s.cookie,
      ),
      200,
      "quote send",
    );
  }
  if (has("POST", "/api/invoices/:id/send")) {
    must(
      await post(
        t.app,
        `/api/invoices/${invoiceIds[1]}/send`,
        { to: ["kiran@example.com"], subject: "Invoice", message: "Please pay by the due date." },
        s.cookie,
      ),
      200,
      "invoice send",
    );
  }
  if (has("POST", "/api/invoices/:id/payments")) {
    must(
      await post(
        t.app,
        `/api/invoices/${invoiceIds[3]}/payments`,
        { amountMinor: 10_000, paidOn: "2026-04-12", method: "upi", reference: "UTR4412" },
        s.cookie,
      ),
      201,
      "payment",
    );
  }
  if (has("POST", "/api/credit-notes")) {
    must(
      await post(
        t.app,
        "/api/credit-notes",
        {
          invoiceId: invoiceIds[1],
          kind: "credit",
          noteDate: "2026-02-15",
          reason: "sales_return",
          lines: [{ originalLineId: "l1", quantity: "1" }],
        },
        s.cookie,
      ),
      201,
      "credit note",
    );
  }
  if (has("POST", "/api/invoices/:id/recurring")) {
    must(
      await post(
        t.app,
        `/api/invoices/${invoiceIds[1]}/recurring`,
        {
          schedule: {
            rule: { unit: "month", every: 1, day: "start" },
            startDate: "2030-01-01",
            end: { type: "never" },
          },
          action: "issue",
          attachPdf: false,
          dueDays: 15,
        },
        s.cookie,
      ),
      201,
      "recurring profile",
    );
  }
  if (has("PUT", "/api/settings/reminders")) {
    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 3 };
    must(await send(t.app, "PUT", "/api/settings/reminders", schedule, s.cookie), 200, "reminders");
  }
  if (has("POST", "/api/api-keys")) {
    const key = must(
      await post(t.app, "/api/api-keys", { name: "Sheets", scope: "read" }, s.cookie),
      201,
      "key",
    );
    const used = await t.app.inject({
      method: "GET",
      url: "/api/invoices",
      headers: { authorization: `Bearer ${key.key}` },
    });
    if (used.statusCode !== 200) throw new Error(`api key use: ${used.statusCode}`);
  }
}

/**
 * Sends the reminders due on INV-n-004's due date (25 April 2026, noon in India) with the
 * release's own service, so reminder records exist too; e-mails queued by the sends above stay as
 * pg-boss jobs.
 */
async function sendReminders(t) {
  if (!existsSync(path.join(release, "src/server/services/reminders.ts"))) return;
  const { sendDueReminders } = await from("src/server/services/reminders.ts");
  const sent = await sendDueReminders(
    { db: t.database.db, mailer: t.mailer, publicUrl: t.config.publicUrl },
    new Date("2026-04-25T06:30:00Z"),
  );
  if (!sent) throw new Error("no reminder was due: the fixture would not hold one");
}

async function snapshot(db) {
  // Bahi's tables by name, pg-boss's (its jobs and schedules) as "pgboss.<table>".
  const tables = (
    await db.execute(
      sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE' order by 1, 2`,
    )
  ).rows.map((r) => (r.table_schema === "public" ? r.table_name : `${r.table_schema}.${r.table_name}`));
  const rowCounts = {};
  for (const table of tables) {
    const quoted = table
      .split(".")
      .map((part) => `"${part}"`)
      .join(".");
    const r = await db.execute(sql.raw(`select count(*)::int as n from ${quoted}`));
    rowCounts[table] = r.rows[0].n;
  }
  const images = {};
  for (const r of (await db.execute(sql`select id, bytes from images order by id`)).rows) {
    images[r.id] = createHash("sha256").update(Buffer.from(r.bytes)).digest("hex");
  }
  return { rowCounts, images };
}

async function make(kind) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "bahi-fixture-"));
  let databaseUrl;
  const dbName = "bahi_upgrade_fixture";
  if (kind === "postgres") {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    databaseUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  const config = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://localhost:3000",
    AUTH_SECRET: "upgrade-fixture-secret-0123456789abcdef",
    NODE_ENV: "test",
  });
  const mailer = new MemoryMailer();
  const pdfRenderer = {
    render: async () => Buffer.from("%PDF-1.4 fixture"),
    warm: async () => {},
    close: async () => {},
  };
  const built = await buildApp({ config, database, logger: pino({ level: "silent" }), mailer, pdfRenderer });
  await built.app.ready();
  const users = await seed({ ...built, mailer, config, database });
  await sendReminders({ ...built, mailer, config, database });
  // The exports after the reminders: a reminder sent is part of an invoice's history.
  for (const user of users) {
    user.export = must(await get(built.app, "/api/export", user.cookie), 200, "export");
    delete user.cookie;
  }
  const snap = await snapshot(database.db);
  await built.app.close();
  await database.close();
  if (kind === "pglite") {
    // xz finds the template databases' copies of each other: 1 MB where gzip makes 5 MB.
    execFileSync("tar", ["-cJf", path.join(outDir, "pglite-db.tar.xz"), "-C", dataDir, "db"], {
      env: { ...process.env, XZ_OPT: "-9e" },
    });
  } else {
    const sqlText = execFileSync("pg_dump", ["--inserts", "--no-owner", "--no-privileges", databaseUrl], {
      maxBuffer: 64 * 1024 * 1024,
    }).toString();
    writeFileSync(path.join(outDir, "postgres.sql"), sqlText);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
  return { users, ...snap };
}

mkdirSync(outDir, { recursive: true });
const expected = { release: releaseCommit, pglite: await make("pglite"), postgres: await make("postgres") };
writeFileSync(path.join(outDir, "expected.json"), `${JSON.stringify(expected, null, 1)}\n`);
console.log(`Wrote the upgrade fixture of release ${releaseCommit} to ${outDir}`);
