import { eq } from "drizzle-orm";
import { API_ROUTES } from "#contract";
import { acceptsApiKey } from "#contract/api-keys";
import { todayInTimeZone } from "#domain/dates";
import { businesses, businessMembers, clients } from "../db/schema";
import { describeEachDb, type Method, type Session, type TestApp, testAppForSuite } from "../testing/harness";
import {
  quoteRequest as baseQuoteRequest,
  creditNoteRequest,
  invoiceRequest,
  monthlyOn,
} from "../testing/invoice-request";

// Issue 31 phase 1 (decision 0072): a business owns the data; a person has several and works in one
// at a time. Another business's ids are 404 on every route, the same person's other business too.

describeEachDb("businesses", (kind) => {
  const t = testAppForSuite(kind);

  const list = async (s: Session) => (await t.get("/api/businesses", s.cookie)).json().businesses;
  async function create(s: Session, name: string) {
    const res = await t.post("/api/businesses", { name }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; name: string; role: string; current: boolean };
  }
  async function switchTo(s: Session, id: string) {
    const res = await t.post(`/api/businesses/${id}/switch`, {}, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }
  /** Any method, from the app's own origin, as the holder of `cookie`. */
  const call = (method: Method, url: string, body: unknown, cookie: string) =>
    method === "GET"
      ? t.get(url, cookie)
      : method === "POST"
        ? t.post(url, body, cookie)
        : t.send(method, url, body, cookie);
  const credits = async (s: Session) => (await t.get("/api/credits", s.cookie)).json().credits;
  const clientNames = async (s: Session) =>
    (await t.get("/api/clients", s.cookie)).json().items.map((c: { name: string }) => c.name);

  it("a new account's first business has its id and name; a second starts empty with 0 credits; switching back shows the first's", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const me = await t.userIdOf(s.cookie);
    const [first] = await list(s);
    expect(first).toMatchObject({ id: me, name: "Asha Rao", role: "owner", current: true });
    expect(await credits(s)).toBe(25);
    expect((await t.post("/api/clients", { name: "Meera Stores" }, s.cookie)).statusCode).toBe(201);

    const second = await create(s, "  Rao   Exports  ");
    expect(second).toMatchObject({ name: "Rao Exports", role: "owner", current: false });
    // Made, not entered: the session still works in the first one.
    expect(await clientNames(s)).toEqual(["Meera Stores"]);
    expect(await switchTo(s, second.id)).toMatchObject({ id: second.id, current: true });
    expect((await list(s)).map((b: { name: string; current: boolean }) => [b.name, b.current])).toEqual([
      ["Asha Rao", false],
      ["Rao Exports", true],
    ]);
    expect(await clientNames(s)).toEqual([]);
    expect(await credits(s)).toBe(0);
    expect((await t.get("/api/credits/ledger", s.cookie)).json().entries).toEqual([]);
    expect((await t.get("/api/invoices", s.cookie)).json().items).toEqual([]);
    // Its own data, settings and series.
    expect((await t.post("/api/clients", { name: "Export Buyer" }, s.cookie)).statusCode).toBe(201);
    const settings = (await t.get("/api/settings", s.cookie)).json();
    expect(settings.companyName).toBe("");
    const invoice = await t.post("/api/invoices?autoNumber=1", invoiceRequest("X"), s.cookie);
    expect(invoice.statusCode, invoice.body).toBe(201);
    // A PDF costs the current business's credits: it has none.
    const pdf = await t.post(`/api/invoices/${invoice.json().invoice.id}/pdf`, {}, s.cookie);
    expect(pdf.statusCode).toBe(402);

    await switchTo(s, me);
    expect(await clientNames(s)).toEqual(["Meera Stores"]);
    expect(await credits(s)).toBe(25);
    expect((await t.get("/api/invoices", s.cookie)).json().items).toEqual([]);
    // A new session starts in the first business.
    const again = await t.post("/api/auth/sign-in/email", { email: s.email, password: s.password });
    expect(again.statusCode).toBe(200);
    expect((await t.get("/api/clients", s.cookie)).statusCode).toBe(200);
  }, 60_000);

  it("renames only one's own business and switches only into one's own; names are checked", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const bId = await t.userIdOf(b.cookie);
    const aId = await t.userIdOf(a.cookie);
    const renamed = await t.send("PATCH", `/api/businesses/${aId}`, { name: "Kesari Traders" }, a.cookie);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: aId, name: "Kesari Traders", current: true });
    expect((await list(a))[0].name).toBe("Kesari Traders");
    for (const [method, url, body] of [
      ["PATCH", `/api/businesses/${bId}`, { name: "Mine now" }],
      ["POST", `/api/businesses/${bId}/switch`, {}],
      ["POST", "/api/businesses/no-such-business/switch", {}],
    ] as const) {
      const res = await call(method, url, body, a.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await list(b))[0].name).not.toBe("Mine now");
    const blank = await t.post("/api/businesses", { name: "   " }, a.cookie);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.fields.name).toBe("Name is required.");
    const long = await t.send("PATCH", `/api/businesses/${aId}`, { name: "x".repeat(121) }, a.cookie);
    expect(long.statusCode).toBe(400);
    // An API key works in its own business only: it cannot list, make or switch businesses.
    const key = (await t.post("/api/api-keys", { name: "k", scope: "read_write" }, a.cookie)).json().key;
    expect((await t.withKey("GET", "/api/businesses", key)).statusCode).toBe(401);
    expect((await t.withKey("POST", `/api/businesses/${aId}/switch`, key, {})).statusCode).toBe(403);
    expect((await t.get("/api/businesses")).statusCode).toBe(401);
  });

  it("an API key of one business sees nothing of the same person's other business, and the other way round", async () => {
    const s = await t.signUpAndSignIn();
    const first = await t.userIdOf(s.cookie);
    expect((await t.post("/api/clients", { name: "First's client" }, s.cookie)).statusCode).toBe(201);
    const firstKey = (await t.post("/api/api-keys", { name: "A", scope: "read_write" }, s.cookie)).json().key;
    const second = await create(s, "Second");
    await switchTo(s, second.id);
    expect((await t.get("/api/api-keys", s.cookie)).json().keys).toEqual([]);
    const secondKey = (await t.post("/api/api-keys", { name: "B", scope: "read_write" }, s.cookie)).json()
      .key;
    expect((await t.post("/api/clients", { name: "Second's client" }, s.cookie)).statusCode).toBe(201);
    const namesBy = async (key: string) =>
      (await t.withKey("GET", "/api/clients", key)).json().items.map((c: { name: string }) => c.name);
    expect(await namesBy(firstKey)).toEqual(["First's client"]);
    expect(await namesBy(secondKey)).toEqual(["Second's client"]);
    // Whatever the session switches to, a key stays in its business.
    await switchTo(s, first);
    expect(await namesBy(secondKey)).toEqual(["Second's client"]);
    const made = await t.withKey("POST", "/api/clients", secondKey, { name: "Via key" });
    expect(made.statusCode).toBe(201);
    const [row] = await t.database.db.select().from(clients).where(eq(clients.id, made.json().id));
    expect(row!.businessId).toBe(second.id);
    expect(await clientNames(s)).toEqual(["First's client"]);
  });

  it("the first business's ids are 404 on every route while the same person works in another, by session and by key", async () => {
    const s = await t.signUpAndSignIn();
    const today = todayInTimeZone(new Date(), "Asia/Kolkata");
    const json = async (res: ReturnType<TestApp["post"]>, status = 201) => {
      const r = await res;
      expect(r.statusCode, r.body).toBe(status);
      return r.json();
    };
    // Business A (the first): one of every kind of record.
    const client = await json(t.post("/api/clients", { name: "Asha" }, s.cookie));
    const product = await json(
      t.post("/api/products", { name: "Kettle", rate: "100", availableQuantity: 10 }, s.cookie),
    );
    const invoice = (
      await json(
        t.post(
          "/api/invoices",
          invoiceRequest("A-1", {
            invoiceDate: today,
            dueDate: null,
            items: [{ id: "a", productId: product.id, name: "Kettle", quantity: "4", rate: "100" }],
          }),
          s.cookie,
        ),
      )
    ).invoice;
    const payment = (
      await json(
        t.post(
          `/api/invoices/${invoice.id}/payments`,
          // With TDS, so its 26AS tick is a record of A's (decision 0088).
          { amountMinor: 100, paidOn: today, method: "cash", tdsMinor: 100, tdsSection: "194C" },
          s.cookie,
        ),
      )
    ).payments[0];
    const note = (
      await json(
        t.post(
          "/api/credit-notes",
          creditNoteRequest(invoice.id, today, [{ originalLineId: "a", quantity: "1" }]),
          s.cookie,
        ),
      )
    ).note;
    const source = (await json(t.post("/api/invoices", invoiceRequest("A-2"), s.cookie))).invoice;
    const monthly = { ...monthlyOn("2099-01-01"), action: "draft" };
    const profile = await json(t.post(`/api/invoices/${source.id}/recurring`, monthly, s.cookie));
    const docRequest = (extra: Record<string, unknown>) => ({
      number: null,
      date: "2026-05-01",
      currency: "INR",
      client: { name: "Meera Stores" },
      items: [{ id: "l1", name: "Teak chair", quantity: "1", rate: "10" }],
      ...extra,
    });
    const quoteRequest = baseQuoteRequest({
      items: [{ id: "l1", name: "Teak chair", quantity: "1", rate: "10" }],
    });
    const quote = (await json(t.post("/api/quotes", quoteRequest, s.cookie))).quote;
    const proforma = (
      await json(t.post("/api/proforma-invoices", docRequest({ validUntil: "2026-05-31" }), s.cookie))
    ).document;
    const challan = (
      await json(t.post("/api/delivery-challans", docRequest({ reason: "job_work" }), s.cookie))
    ).document;
    const aKey = (await json(t.post("/api/api-keys", { name: "A", scope: "read" }, s.cookie))).id;
    const invitation = await json(
      t.post("/api/members/invitations", { email: "staff-a@example.com", role: "staff" }, s.cookie),
    );
    const report = "00000000-0000-4000-8000-000000000000";
    // A bank statement line (decision 0083): one credit of an SBI statement, left in review.
    const statement = [
      "Account Number\t:\t00000012345678901",
      "",
      "Txn Date\tValue Date\tDescription\tRef No./Cheque No.\tDebit\tCredit\tBalance",
      "12 May 2026\t12 May 2026\tBY CLEARING SOMEONE\t\t\t999.00\t999.00",
    ].join("\n");
    await json(t.post("/api/bank-statements/import", { fileName: "a.tsv", text: statement }, s.cookie));
    const bankLine = (await json(t.get("/api/bank-statements/lines", s.cookie), 200)).items[0];
    // A client advance (decision 0092).
    const advanceBody = { amountMinor: 100, receivedOn: today, method: "cash" };
    const advance = (await json(t.post(`/api/clients/${client.id}/advances`, advanceBody, s.cookie)))
      .advances[0];

    // Business B (the same person's second), current.
    const second = await create(s, "Second");
    await switchTo(s, second.id);
    const bKey = (await json(t.post("/api/api-keys", { name: "B", scope: "read_write" }, s.cookie))).key;
    const mail = { to: ["x@example.com"], subject: "s", message: "m", attachPdf: false };
    const ids: Record<string, string> = {
      "/api/members/invitations": invitation.id,
      "/api/clients": client.id,
      "/api/products": product.id,
      "/api/invoices": invoice.id,
      "/api/credit-notes": note.id,
      "/api/recurring": profile.id,
      "/api/quotes": quote.id,
      "/api/proforma-invoices": proforma.id,
      "/api/delivery-challans": challan.id,
      "/api/api-keys": aKey,
      "/api/images": "a".repeat(30),
      // A statement of account is asked for by its client's id (decision 0081).
      "/api/statements": client.id,
      "/api/bank-statements/lines": bankLine.id,
      "/api/reports/tds/payments": payment.id,
    };
    const bodies: Record<string, unknown> = {
      "PATCH /api/clients/:id": { notes: "n" },
      "PATCH /api/products/:id": { name: "Pen" },
      "POST /api/products/:id/stock-adjustments": { change: 2, note: "Count" },
      "PUT /api/invoices/:id": invoiceRequest("A-1"),
      "POST /api/invoices/:id/status": { status: "cancelled" },
      "POST /api/invoices/:id/payments": { amountMinor: 100, paidOn: today, method: "cash" },
      "PUT /api/invoices/:id/payments/:paymentId": { amountMinor: 100, paidOn: today, method: "cash" },
      "POST /api/invoices/:id/send": mail,
      "POST /api/invoices/:id/reminders": { off: true },
      "POST /api/invoices/:id/recurring": monthly,
      "PUT /api/recurring/:id": { action: "draft", attachPdf: false, dueDays: 15, end: { type: "never" } },
      "PUT /api/quotes/:id": quoteRequest,
      "POST /api/quotes/:id/status": { status: "sent" },
      "POST /api/quotes/:id/send": mail,
      "PUT /api/proforma-invoices/:id": docRequest({ validUntil: "2026-05-31" }),
      "POST /api/proforma-invoices/:id/status": { status: "sent" },
      "POST /api/proforma-invoices/:id/send": mail,
      "PUT /api/delivery-challans/:id": docRequest({ reason: "job_work" }),
      "POST /api/delivery-challans/:id/status": { status: "issued" },
      "POST /api/delivery-challans/:id/send": mail,
      "POST /api/statements/:id/send": mail,
      "POST /api/bank-statements/lines/:id/confirm": {
        allocations: [{ invoiceId: invoice.id, amountMinor: 100 }],
      },
      "POST /api/invoices/:id/payment-reports/:reportId/confirm": { paidOn: today },
      "PUT /api/credit-notes/:id/transport": { transport: null },
      "PUT /api/reports/tds/payments/:id/seen": { seenIn26as: true },
      "POST /api/clients/:id/advances": advanceBody,
      "POST /api/bank-statements/lines/:id/advance": { clientId: client.id },
    };
    // Every signed-in route that names a record, but the businesses' own (tested above).
    const routes = API_ROUTES.filter(
      (r) => r.auth === "user" && r.path.includes("/:id") && !r.path.startsWith("/api/businesses"),
    );
    expect(routes.length).toBeGreaterThan(60);
    for (const route of routes) {
      const base = Object.keys(ids).find((prefix) => route.path.startsWith(`${prefix}/`));
      expect(base, `${route.method} ${route.path} has an id of business A`).toBeDefined();
      const url = route.path
        .replace(":id", ids[base!]!)
        .replace(":paymentId", payment.id)
        .replace(":reportId", report)
        .replace(":advanceId", advance.id);
      const key = `${route.method} ${route.path}`;
      const body = route.method === "GET" || route.method === "DELETE" ? undefined : (bodies[key] ?? {});
      const bySession = await call(route.method as Method, url, body, s.cookie);
      expect(bySession.statusCode, `session ${key}: ${bySession.body.slice(0, 200)}`).toBe(404);
      const byKey = await t.withKey(route.method as Method, url, bKey, body);
      // A key reaches what keys may (404 there); elsewhere any key is refused (401, or 403 for a
      // change without the app's Origin).
      const refusals = acceptsApiKey(route.path) ? [404] : [401, 403];
      expect(refusals, `key ${key}: ${byKey.body.slice(0, 200)}`).toContain(byKey.statusCode);
    }
    // Nothing of A changed; back in A, everything is there.
    await switchTo(s, await t.userIdOf(s.cookie));
    expect((await t.get(`/api/invoices/${invoice.id}`, s.cookie)).json().invoice.status).toBe("due");
    expect((await t.get(`/api/clients/${client.id}`, s.cookie)).statusCode).toBe(200);
    expect((await t.get(`/api/recurring/${profile.id}`, s.cookie)).statusCode).toBe(200);
    expect((await t.get("/api/api-keys", s.cookie)).json().keys).toHaveLength(1);
  }, 120_000);

  it("deleting the account deletes each business it alone owns, with its data", async () => {
    const s = await t.signUpAndSignIn();
    const me = await t.userIdOf(s.cookie);
    const second = await create(s, "Second");
    await switchTo(s, second.id);
    expect((await t.post("/api/clients", { name: "Gone" }, s.cookie)).statusCode).toBe(201);
    const deleted = await t.post("/api/auth/delete-user", { password: s.password }, s.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const db = t.database.db;
    for (const id of [me, second.id]) {
      expect(await db.select().from(businesses).where(eq(businesses.id, id))).toEqual([]);
      expect(await db.select().from(clients).where(eq(clients.businessId, id))).toEqual([]);
    }
    expect(await db.select().from(businessMembers).where(eq(businessMembers.userId, me))).toEqual([]);
  });
});
