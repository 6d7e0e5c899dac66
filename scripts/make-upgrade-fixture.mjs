// Makes tests/fixtures/upgrade/: databases written by an EARLIER release of Bahi, so that
// src/server/db/upgrade.test.ts can check that today's code migrates them without losing a row.
// It drives that release's own code (its buildApp, API routes and migrations), never today's:
//
//   git worktree add /tmp/bahi-prev 8537432 && (cd /tmp/bahi-prev && npm install)
//   cd /tmp/bahi-prev && npx tsx /work/main/scripts/make-upgrade-fixture.mjs /work/main/tests/fixtures/upgrade
//
// PostgreSQL must answer at postgres://postgres@127.0.0.1:5432 (or ADMIN_DATABASE_URL); pg_dump
// and tar with xz must be on the PATH.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

const outDir = path.resolve(process.argv[2] ?? "tests/fixtures/upgrade");
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
        client: { name: ["Kiran Stores", "Meera Textiles", "Walk-in customer"][i % 3] },
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
    const pdf = await get(t.app, `/api/invoices/${invoiceIds[1]}/pdf`, s.cookie);
    if (pdf.statusCode !== 200) throw new Error(`pdf: ${pdf.statusCode} ${pdf.body}`);
    const exported = await get(t.app, "/api/export", s.cookie);
    if (exported.statusCode !== 200) throw new Error(`export: ${exported.statusCode}`);
    users.push({ id: me.id, email: s.email, export: exported.json() });
  }
  return users;
}

async function snapshot(db) {
  const tables = (
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows.map((r) => r.table_name);
  const rowCounts = {};
  for (const table of tables) {
    const r = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
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
