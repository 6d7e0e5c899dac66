import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { buildInvoiceDocument, type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import { CLEAR_MESSAGES } from "#domain/messages";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { recordPaidInvoicesPayments } from "../db/queries/invoice-payments";
import {
  clients,
  creditLedger,
  images,
  invoices,
  productServices,
  stockMovements,
  userCredits,
  userSettings,
} from "../db/schema";
import { describeEachDb, testAppForSuite } from "../testing/harness";

type ExportFile = {
  invoices: Array<Record<string, unknown>>;
  clients: Array<Record<string, unknown>>;
  settings: Record<string, unknown>;
  productServices: Array<Record<string, unknown>>;
};

describeEachDb("export, import and clear API", (kind) => {
  const t = testAppForSuite(kind);

  /** A user with a logo, settings, two clients, two products (one with stock moves) and three invoices. */
  async function seed() {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const { db } = t.database;
    const logo = await sharp({ create: { width: 30, height: 30, channels: 3, background: "#2DD4BF" } })
      .png()
      .toBuffer();
    const up = await t.post("/api/images", { kind: "logo", data: logo.toString("base64") }, s.cookie);
    const logoId = up.json().id as string;
    const sig = await sharp({ create: { width: 60, height: 20, channels: 3, background: "#000000" } })
      .jpeg()
      .toBuffer();
    const sigId = (
      await t.post("/api/images", { kind: "signature", data: sig.toString("base64") }, s.cookie)
    ).json().id;
    await t.putSettings(
      {
        companyName: "Kesari Traders",
        companyLogo: logoId,
        signatureImage: sigId,
        includeSignature: true,
        defaultCurrency: "INR",
        includeBankDetails: true,
        bankDetails: { accountHolderName: "Kesari Traders LLP", bankName: "SBI", accountNumber: "1234" },
      },
      s.cookie,
    );
    const clientIds = [randomUUID(), randomUUID()];
    await db.insert(clients).values([
      {
        id: clientIds[0]!,
        businessId,
        name: "Asha Rao",
        email: "asha@example.com",
        billingAddress: {
          line1: "1 MG Road",
          line2: "",
          city: "Pune",
          state: "MH",
          postalCode: "411001",
          country: "India",
        },
      },
      {
        id: clientIds[1]!,
        businessId,
        name: "Bala Stores",
        gstin: "27AAPFU0939F1ZV",
        billingAddress: { line1: "", line2: "", city: "", state: "", postalCode: "", country: "" },
      },
    ]);
    const productIds = [randomUUID(), randomUUID()];
    await db.insert(productServices).values([
      {
        id: productIds[0]!,
        businessId,
        name: "Tea 1 kg",
        hsnSac: "0902",
        rate: "450.00",
        costPrice: "300.00",
        availableQuantity: "8.000",
        defaultTaxPercent: "5.00",
      },
      { id: productIds[1]!, businessId, name: "Delivery", kind: "service", rate: "50.00" },
    ]);
    await db.insert(stockMovements).values({
      id: randomUUID(),
      businessId,
      productId: productIds[0]!,
      change: "-2.000",
      quantityAfter: "8.000",
      reason: "invoice_issued",
    });
    const inputs: InvoiceInput[] = [1, 2, 3].map((n) =>
      invoiceInputSchema.parse({
        invoiceNumber: `INV-0${n}012026-101010`,
        status: n === 1 ? "paid" : "due",
        invoiceDate: `2026-01-0${n}`,
        dueDate: `2026-01-3${n === 1 ? 0 : 1}`,
        paymentDate: n === 1 ? "2026-01-05" : null,
        currency: "INR",
        clientId: clientIds[n % 2]!,
        client: { name: n % 2 ? "Bala Stores" : "Asha Rao" },
        items: [
          {
            id: "l1",
            productId: productIds[0]!,
            name: "Tea 1 kg",
            quantity: "2",
            rate: "450",
            taxPercent: "5",
          },
          { id: "l2", productId: productIds[1]!, name: "Delivery", quantity: "1", rate: "50.5" },
        ],
      }),
    );
    for (const input of inputs) {
      const doc = buildInvoiceDocument(input, {
        name: "Kesari Traders",
        email: "",
        address: "",
        phone: "",
        gstin: "",
        logoImageId: logoId,
        signatureImageId: sigId,
        upiQrImageId: null,
      });
      await db.insert(invoices).values({
        id: randomUUID(),
        businessId,
        invoiceNumber: doc.invoiceNumber,
        clientId: doc.clientId,
        clientName: doc.clientName,
        totalMinor: doc.totals.totalMinor,
        currency: doc.currency,
        status: doc.status,
        invoiceDate: doc.invoiceDate,
        dueDate: doc.dueDate,
        paymentDate: doc.paymentDate,
        invoiceData: doc,
      });
    }
    // The paid one received its total, as marking it paid (or migration 0007) records it.
    await recordPaidInvoicesPayments(db, businessId);
    return { ...s, businessId, logoId, productIds, clientIds };
  }

  const exportOf = async (cookie: string) => {
    const res = await t.get("/api/export", cookie);
    expect(res.statusCode).toBe(200);
    return { res, file: res.json() as ExportFile };
  };
  const importFile = (file: unknown, cookie: string) => t.post("/api/import", file, cookie);

  it("exports the spec's four sections, as a named file, with images inline", async () => {
    const s = await seed();
    const { res, file } = await exportOf(s.cookie);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="invoice_app_data_\d{4}-\d{2}-\d{2}\.json"$/,
    );
    // The spec's four, then Bahi's own sections (decisions 0031 and 0037).
    expect(Object.keys(file)).toEqual([
      "invoices",
      "clients",
      "settings",
      "productServices",
      "quotes",
      "creditNotes",
      "recurringProfiles",
      "statements",
      "clientAdvances",
    ]);
    expect(file.invoices).toHaveLength(3);
    expect(file.invoices[0]).toMatchObject({
      invoiceNumber: "INV-01012026-101010",
      clientName: "Bala Stores",
      totalAmount: "995.50",
    });
    expect(file.clients).toHaveLength(2);
    expect(file.clients[0]).not.toHaveProperty("business_id");
    expect(file.clients[0]).not.toHaveProperty("businessId");
    // Products carry their id (unlike the spec's file) so invoice lines re-link after a rename.
    expect(file.productServices[0]).toMatchObject({ id: s.productIds[1] });
    expect(file.productServices[0]).not.toHaveProperty("business_id");
    expect(file.productServices[0]).toMatchObject({ name: "Delivery" });
    expect(file.settings.companyLogo).toMatch(/^data:image\/png;base64,/);
    expect(file.settings.signatureImage).toMatch(/^data:image\/jpeg;base64,/);
    expect(file.settings.companyName).toBe("Kesari Traders");
    expect(file.settings.bankDetails).toMatchObject({ accountHolderName: "Kesari Traders LLP" });
  });

  it("export -> clear -> import -> export gives the same file", async () => {
    const s = await seed();
    const first = await exportOf(s.cookie);
    const cleared = await t.post("/api/functions/clear-user-data", { businessId: "ignored" }, s.cookie);
    expect(cleared.statusCode).toBe(200);
    const empty = await exportOf(s.cookie);
    expect(empty.file.invoices).toEqual([]);
    const counts = async () =>
      Object.fromEntries(
        (
          (await t.get("/api/dashboard", s.cookie)).json().statusBreakdown as {
            status: string;
            count: number;
          }[]
        )
          .filter((b) => b.count > 0)
          .map((b) => [b.status, b.count]),
      );
    expect(await counts()).toEqual({});
    expect(empty.file.settings.companyLogo).toBeNull();

    const imported = await importFile(first.file, s.cookie);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toEqual({
      imported: {
        invoices: 3,
        clients: 2,
        productServices: 2,
        quotes: 0,
        creditNotes: 0,
        recurringProfiles: 0,
        statements: 0,
        linksNotKept: 0,
      },
    });
    // The dashboard's totals are rebuilt with the import: one paid, two due in January (overdue).
    expect(await counts()).toEqual({ paid: 1, overdue: 2 });
    const second = await exportOf(s.cookie);
    expect(second.res.body).toBe(first.res.body);

    // The links survive: invoices point at the restored clients, products and logo.
    const logo = await t.get(`/api/images/${s.logoId}`, s.cookie);
    expect(logo.statusCode).toBe(200);
    const products = await t.database.db
      .select({ id: productServices.id })
      .from(productServices)
      .where(eq(productServices.businessId, s.businessId));
    expect(products.map((p) => p.id).sort()).toEqual([...s.productIds].sort());
  });

  it("an import with one bad record in the middle changes nothing and names the record", async () => {
    const s = await seed();
    const before = await exportOf(s.cookie);
    const file = structuredClone(before.file);
    file.clients.push({ name: "Fine Client" }, { name: "", email: "not-an-email" }, { name: "Also fine" });
    const bad = await importFile({ ...file, clients: [...file.clients] }, s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(
      /^Client import error at index 3: name: Name is required\.; email: Enter a valid e-mail address\.$/,
    );
    expect((await exportOf(s.cookie)).res.body).toBe(before.res.body);

    const badInvoice = structuredClone(before.file);
    (badInvoice.invoices[1] as { items: Array<{ rate: string }> }).items[0]!.rate = "abc";
    const res2 = await importFile(badInvoice, s.cookie);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().error.message).toMatch(/^Invoice import error at index 1: items\.0\.rate/);

    const badProduct = structuredClone(before.file);
    badProduct.productServices[1]!.rate = "-3";
    const res3 = await importFile(badProduct, s.cookie);
    expect(res3.json().error.message).toBe(
      "Product/Service import error at index 1: rate: Rate cannot be negative.",
    );

    const dup = structuredClone(before.file);
    dup.invoices[2]!.invoiceNumber = dup.invoices[0]!.invoiceNumber;
    const res4 = await importFile(dup, s.cookie);
    expect(res4.json().error.message).toMatch(
      /^Invoice import error at index 2: invoiceNumber: INV-01012026-101010 is also used/,
    );
    expect((await exportOf(s.cookie)).res.body).toBe(before.res.body);
  });

  it("refuses a file without the four sections, with the spec's message", async () => {
    const s = await seed();
    for (const body of [
      { invoices: [], clients: [], settings: {} },
      [],
      { invoices: {}, clients: [], settings: {}, productServices: [] },
    ]) {
      const res = await importFile(body, s.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe("Invalid file format. Missing required data sections.");
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/import",
      payload: "{not json",
      headers: { origin: "http://localhost:3000", cookie: s.cookie, "content-type": "application/json" },
    });
    expect(notJson.json().error.message).toBe("Invalid file format. Missing required data sections.");
    expect((await t.get("/api/settings", s.cookie)).json().companyName).toBe("Kesari Traders");
  });

  it("drops unknown fields and __proto__ keys, and refuses deep nesting", async () => {
    const s = await t.signUpAndSignIn();
    const raw = `{"invoices":[],"productServices":[{"name":"Pen","rate":"10","__proto__":{"admin":true},"extra":1}],
      "clients":[{"name":"Zed","constructor":{"prototype":{"x":1}}}],"settings":{"companyName":"Proto","__proto__":{"polluted":true},"defaultTaxPercent":5}}`;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/import",
      payload: raw,
      headers: { origin: "http://localhost:3000", cookie: s.cookie, "content-type": "application/json" },
    });
    expect(res.json()).toEqual({
      imported: {
        invoices: 0,
        clients: 1,
        productServices: 1,
        quotes: 0,
        creditNotes: 0,
        recurringProfiles: 0,
        statements: 0,
        linksNotKept: 0,
      },
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const { file } = await exportOf(s.cookie);
    expect(file.settings.companyName).toBe("Proto");
    expect(file.settings).not.toHaveProperty("defaultTaxPercent");
    expect(file.productServices[0]).not.toHaveProperty("extra");
    let deep: unknown = {};
    for (let i = 0; i < 100; i++) deep = { a: deep };
    const nested = await importFile(
      { invoices: [], clients: [], productServices: [], settings: { deep } },
      s.cookie,
    );
    expect(nested.statusCode).toBe(400);
  });

  it("turns settings data URLs into the user's own images, checked by their bytes", async () => {
    const s = await t.signUpAndSignIn();
    const qr = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const file = {
      invoices: [],
      clients: [],
      productServices: [],
      settings: { upiQrCodeImage: `data:image/gif;base64,${qr.toString("base64")}`, includeUpiQrCode: true },
    };
    expect((await importFile(file, s.cookie)).statusCode).toBe(200);
    const settings = (await t.get("/api/settings", s.cookie)).json();
    expect(settings.upiQrCodeImage).toMatch(/^img_/);
    expect((await t.get(`/api/images/${settings.upiQrCodeImage}`, s.cookie)).headers["content-type"]).toBe(
      "image/png",
    );

    const svgQr = {
      ...file,
      settings: {
        upiQrCodeImage: `data:image/png;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64")}`,
      },
    };
    const refused = await importFile(svgQr, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(
      "Settings import error: upiQrCodeImage: This file is not a PNG or JPEG image.",
    );
  });

  it("clear keeps the account, the credits and the ledger, and removes everything else", async () => {
    const s = await seed();
    const { db } = t.database;
    const creditsBefore = (await t.get("/api/credits", s.cookie)).json().credits;
    const ledgerBefore = await db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.businessId, s.businessId));
    expect(ledgerBefore.length).toBeGreaterThan(0);
    const other = await seed();

    const res = await t.post("/api/functions/clear-user-data", {}, s.cookie);
    expect(res.json()).toEqual({ success: true });
    for (const table of [invoices, clients, productServices, stockMovements, images]) {
      expect(await db.select().from(table).where(eq(table.businessId, s.businessId))).toEqual([]);
    }
    expect(await db.select().from(userSettings).where(eq(userSettings.businessId, s.businessId))).toEqual([]);
    expect((await t.get("/api/credits", s.cookie)).json().credits).toBe(creditsBefore);
    expect(await db.select().from(creditLedger).where(eq(creditLedger.businessId, s.businessId))).toEqual(
      ledgerBefore,
    );
    expect(await db.select().from(userCredits).where(eq(userCredits.businessId, s.businessId))).toHaveLength(
      1,
    );
    expect((await t.get("/api/profile", s.cookie)).statusCode).toBe(200);
    // The other user's data is untouched.
    expect(await db.select().from(invoices).where(eq(invoices.businessId, other.businessId))).toHaveLength(3);
    expect((await t.get("/api/settings", s.cookie)).json()).toEqual({ ...DEFAULT_SETTINGS });
  });

  it("answers 503 timed_out with the spec's message when clearing runs past the time limit, and clears nothing", async () => {
    const s = await seed();
    const { db } = t.database;
    // The database cancels the clear's delete of clients as statement_timeout does (SQLSTATE
    // 57014, through the driver and Drizzle); db/faults.test.ts makes a real timeout on PostgreSQL.
    await db.execute(
      sql.raw(`create function test_statement_timeout() returns trigger language plpgsql as $$
        begin raise exception 'canceling statement due to statement timeout' using errcode = 'query_canceled'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger test_statement_timeout before delete on clients for each row
        when (old.business_id = '${s.businessId}') execute function test_statement_timeout()`),
    );
    try {
      const res = await t.post("/api/functions/clear-user-data", {}, s.cookie);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toEqual({ code: "timed_out", message: CLEAR_MESSAGES.timedOut });
    } finally {
      await db.execute(sql.raw("drop trigger test_statement_timeout on clients"));
      await db.execute(sql.raw("drop function test_statement_timeout()"));
    }
    expect(await db.select().from(invoices).where(eq(invoices.businessId, s.businessId))).toHaveLength(3);
    expect(await db.select().from(clients).where(eq(clients.businessId, s.businessId))).toHaveLength(2);
  });

  it("keeps an invoice line's product after the product was renamed, so cancelling returns the stock", async () => {
    const s = await t.signUpAndSignIn();
    const created = await t.post(
      "/api/products",
      { name: "Tea 1 kg", kind: "product", rate: "450", availableQuantity: "10" },
      s.cookie,
    );
    expect(created.statusCode).toBe(201);
    const productId = created.json().id as string;
    const invoice = await t.post(
      "/api/invoices",
      {
        invoiceNumber: "INV-RENAME-1",
        status: "due",
        invoiceDate: "2026-02-01",
        dueDate: "2026-02-28",
        currency: "INR",
        client: { name: "Asha Rao" },
        items: [{ id: "l1", productId, name: "Tea 1 kg", quantity: "3", rate: "450" }],
      },
      s.cookie,
    );
    expect(invoice.statusCode).toBe(201);
    const renamed = await t.send("PATCH", `/api/products/${productId}`, { name: "Assam Tea 1 kg" }, s.cookie);
    expect(renamed.statusCode).toBe(200);

    const first = await exportOf(s.cookie);
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    expect((await importFile(first.file, s.cookie)).statusCode).toBe(200);
    const second = await exportOf(s.cookie);
    expect(second.res.body).toBe(first.res.body);
    const line = (second.file.invoices[0] as { items: Array<{ productId: string | null }> }).items[0]!;
    expect(line.productId).toBe(productId);

    const stock = async () => (await t.get(`/api/products/${productId}`, s.cookie)).json().availableQuantity;
    expect(await stock()).toBe("7");
    const [row] = await t.database.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.invoiceNumber, "INV-RENAME-1"));
    const cancelled = await t.post(`/api/invoices/${row!.id}/status`, { status: "cancelled" }, s.cookie);
    expect(cancelled.statusCode).toBe(200);
    expect(await stock()).toBe("10");
  });

  it("still re-links lines by product name in a file without product ids", async () => {
    const s = await seed();
    const { file } = await exportOf(s.cookie);
    const old = structuredClone(file);
    for (const p of old.productServices) delete p.id;
    expect((await importFile(old, s.cookie)).statusCode).toBe(200);
    const products = await t.database.db
      .select({ id: productServices.id })
      .from(productServices)
      .where(eq(productServices.businessId, s.businessId));
    expect(products.map((p) => p.id).sort()).toEqual([...s.productIds].sort());
    expect((await exportOf(s.cookie)).file).toEqual(file);
  });

  it("refuses all three to a visitor", async () => {
    expect((await t.get("/api/export")).statusCode).toBe(401);
    expect(
      (await t.post("/api/import", { invoices: [], clients: [], settings: {}, productServices: [] }))
        .statusCode,
    ).toBe(401);
    expect((await t.post("/api/functions/clear-user-data", {})).statusCode).toBe(401);
  });
});
