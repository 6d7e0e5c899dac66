import { randomBytes, randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { csvCell } from "#domain/csv";
import { todayInTimeZone } from "#domain/dates";
import { INVOICE_NOT_DELETABLE } from "#domain/document-number";
import { csvLines } from "#domain/testing/csv";
import { INVALID_GSTIN_MESSAGE } from "#domain/validation";
import { rebuildInvoiceTotals } from "../db/queries/invoice-totals";
import { clients, productServices, stockMovements, userSettings } from "../db/schema";
import { accountsForSuite, describeEachDb, testAppForSuite } from "../testing/harness";
import { expectGaplessSeries, invoiceRequest } from "../testing/invoice-request";

let counter = 0;

/** A draft InvoiceInput as the editor sends it; a unique number unless given. */
function invoiceBody(over: Record<string, unknown> = {}) {
  counter += 1;
  return invoiceRequest(`T-${counter}-${randomBytes(3).toString("hex")}`, { status: "draft", ...over });
}

/** Two widgets at 100.50 less 10 %, taxed at 18 %: 180.90 + 32.56 = 213.46. */
const WIDGETS = {
  id: "l1",
  name: "Widget",
  quantity: "2",
  rate: "100.50",
  discountPercent: "10",
  taxPercent: "18",
};

const line = (productId: string | null, quantity: string, id = "l1", rate = "100") => ({
  id,
  productId,
  name: "Basmati Rice",
  quantity,
  rate,
});

describeEachDb("invoices API", (kind) => {
  const t = testAppForSuite(kind);
  const [a, b] = accountsForSuite(t, 2);
  let aId: string;
  beforeAll(async () => {
    aId = await t.userIdOf(a.cookie);
  });
  afterEach(() => vi.useRealTimers());

  const db = () => t.database.db;

  async function addProduct(
    businessId: string,
    quantity: string | null,
    extra: { lowStockLevel?: string } = {},
  ) {
    const id = randomUUID();
    await db()
      .insert(productServices)
      .values({
        id,
        businessId,
        name: `Rice ${id.slice(0, 4)}`,
        unit: "bag",
        availableQuantity: quantity,
        ...extra,
      });
    return id;
  }
  async function addClient(businessId: string, name: string) {
    const id = randomUUID();
    await db()
      .insert(clients)
      .values({ id, businessId, name, email: "accounts@client.example", billingAddress: { city: "Pune" } });
    return id;
  }
  async function setSettings(businessId: string, settingsData: Record<string, unknown>) {
    await db()
      .insert(userSettings)
      .values({ businessId, settingsData })
      .onConflictDoUpdate({ target: userSettings.businessId, set: { settingsData } });
  }
  async function stockOf(productId: string) {
    const [row] = await db()
      .select({ q: productServices.availableQuantity })
      .from(productServices)
      .where(eq(productServices.id, productId));
    return Number(row.q);
  }
  async function movementsOf(productId: string) {
    const rows = await db()
      .select()
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
      .orderBy(asc(stockMovements.createdAt));
    return rows.map((m) => ({ change: Number(m.change), reason: m.reason, invoiceId: m.invoiceId }));
  }
  const create = (body: unknown, s = a, query = "") => t.post(`/api/invoices${query}`, body, s.cookie);
  const setStatus = (id: string, body: unknown, s = a) =>
    t.post(`/api/invoices/${id}/status`, body, s.cookie);

  it("recomputes every total from the lines and ignores the browser's totals", async () => {
    const res = await create(
      invoiceBody({
        items: [WIDGETS],
        totalMinor: 1,
        totalAmount: "1.00",
        totals: { totalMinor: 1 },
      }),
    );
    expect(res.statusCode).toBe(201);
    const { invoice } = res.json();
    // gross 201.00, discount 20.10, taxable 180.90, tax 32.562 -> 32.56, total 213.46
    expect(invoice.totalMinor).toBe(21346);
    expect(invoice.document.totals).toMatchObject({
      subtotalMinor: 20100,
      discountMinor: 2010,
      taxMinor: 3256,
    });
    expect(invoice.document.totalAmount).toBe("213.46");
    expect(invoice.document.amountInWords).toMatch(/^Rupees Two Hundred Thirteen and Forty-Six Paise Only$/);
    expect(invoice).toMatchObject({ status: "draft", displayStatus: "draft", clientName: "Asha Traders" });
    const again = await t.get(`/api/invoices/${invoice.id}`, a.cookie);
    expect(again.json().invoice).toEqual(invoice);
  });

  it("checks the GSTIN of a client typed into the invoice as the client dialog does", async () => {
    const bad = await create(invoiceBody({ client: { name: "Typed In", gstin: "ABCDEFGHIJKLMNO" } }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields["client.gstin"]).toBe(INVALID_GSTIN_MESSAGE);
    // Only the check character is wrong.
    const badCheck = await create(invoiceBody({ client: { name: "Typed In", gstin: "27AAPFU0939F1ZW" } }));
    expect(badCheck.json().error.fields["client.gstin"]).toBe(INVALID_GSTIN_MESSAGE);

    const good = await create(invoiceBody({ client: { name: "Typed In", gstin: " 27aapfu0939f1zv " } }));
    expect(good.statusCode).toBe(201);
    expect(good.json().invoice.document.client.gstin).toBe("27AAPFU0939F1ZV");
    const none = await create(invoiceBody({ client: { name: "Typed In", gstin: "" } }));
    expect(none.statusCode).toBe(201);
  });

  it("snapshots the saved client and the company settings into the document", async () => {
    const clientId = await addClient(aId, "Saved Client Pvt Ltd");
    await setSettings(aId, { companyName: "Bahi Stores", companyPhone: "020 5555", companyLogo: "img-1" });
    const res = await create(invoiceBody({ clientId, client: { name: "typed name" } }));
    expect(res.statusCode).toBe(201);
    const { invoice } = res.json();
    expect(invoice.clientId).toBe(clientId);
    expect(invoice.clientName).toBe("Saved Client Pvt Ltd");
    expect(invoice.document.client).toMatchObject({
      name: "Saved Client Pvt Ltd",
      billingAddress: { city: "Pune" },
    });
    expect(invoice.document.company).toMatchObject({
      name: "Bahi Stores",
      phone: "020 5555",
      logoImageId: "img-1",
    });
    await setSettings(aId, {});
  });

  it("follows an invoice's life with the stock: issue, pay, back to draft, cancel, refuse to delete issued", async () => {
    const productId = await addProduct(aId, "10");
    const created = await create(invoiceBody({ items: [line(productId, "3")] }));
    const id = created.json().invoice.id;
    expect(await stockOf(productId)).toBe(10); // a draft holds nothing

    const due = await setStatus(id, { status: "due" });
    expect(due.json().invoice.status).toBe("due");
    expect(await stockOf(productId)).toBe(7);

    const paid = await setStatus(id, { status: "paid" });
    expect(paid.json().invoice).toMatchObject({
      status: "paid",
      paymentDate: todayInTimeZone(new Date(), "Asia/Kolkata"),
    });
    expect(paid.json().invoice.document.paymentDate).toBe(paid.json().invoice.paymentDate);
    expect(await stockOf(productId)).toBe(7);

    const draft = await setStatus(id, { status: "draft" });
    expect(draft.json().invoice).toMatchObject({ status: "draft", paymentDate: null });
    expect(await stockOf(productId)).toBe(10);

    await setStatus(id, { status: "paid", paymentDate: "2026-05-20" });
    expect(await stockOf(productId)).toBe(7);
    const cancelled = await setStatus(id, { status: "cancelled" });
    expect(cancelled.json().invoice).toMatchObject({ status: "cancelled", paymentDate: null });
    expect(await stockOf(productId)).toBe(10);

    await setStatus(id, { status: "due" });
    expect(await stockOf(productId)).toBe(7);
    // Issued, it is cancelled, never deleted (Rule 46); back to a draft, it can go.
    const refused = await t.send("DELETE", `/api/invoices/${id}`, undefined, a.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: "issued_invoice_not_deletable",
      message: INVOICE_NOT_DELETABLE,
    });
    expect(await stockOf(productId)).toBe(7);
    await setStatus(id, { status: "draft" });
    expect(await stockOf(productId)).toBe(10);
    const deleted = await t.send("DELETE", `/api/invoices/${id}`, undefined, a.cookie);
    expect(deleted.statusCode).toBe(204);
    expect(await stockOf(productId)).toBe(10);
    expect((await t.get(`/api/invoices/${id}`, a.cookie)).statusCode).toBe(404);

    expect(await movementsOf(productId)).toEqual([
      { change: -3, reason: "invoice_issued", invoiceId: id },
      { change: 3, reason: "invoice_returned_to_draft", invoiceId: id },
      { change: -3, reason: "invoice_issued", invoiceId: id },
      { change: 3, reason: "invoice_cancelled", invoiceId: id },
      { change: -3, reason: "invoice_issued", invoiceId: id },
      { change: 3, reason: "invoice_returned_to_draft", invoiceId: id },
    ]);
  });

  it("moves only the difference when an issued invoice is edited", async () => {
    const rice = await addProduct(aId, "20");
    const dal = await addProduct(aId, "5");
    const service = await addProduct(aId, null);
    const body = invoiceBody({
      status: "due",
      items: [line(rice, "3", "l1"), line(dal, "1", "l2"), line(service, "4", "l3"), line(rice, "1", "l4")],
    });
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const id = created.json().invoice.id;
    expect([await stockOf(rice), await stockOf(dal)]).toEqual([16, 4]);

    const edited = await t.send(
      "PUT",
      `/api/invoices/${id}`,
      { ...body, items: [line(rice, "6.5", "l1"), line(dal, "1", "l2", "250"), line(service, "9", "l3")] },
      a.cookie,
    );
    expect(edited.statusCode).toBe(200);
    expect([await stockOf(rice), await stockOf(dal)]).toEqual([13.5, 4]);
    expect(await movementsOf(rice)).toEqual([
      { change: -4, reason: "invoice_issued", invoiceId: id },
      { change: -2.5, reason: "invoice_edited", invoiceId: id },
    ]);
    expect(await movementsOf(dal)).toHaveLength(1); // only its rate changed
    expect(await movementsOf(service)).toEqual([]);
  });

  it("refuses to sell more than is in stock, naming the item, unless settings allow it", async () => {
    const productId = await addProduct(aId, "2");
    const name = `Rice ${productId.slice(0, 4)}`;
    const refused = await create(invoiceBody({ status: "due", items: [line(productId, "3")] }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("insufficient_stock");
    expect(refused.json().error.message).toBe(`Not enough stock for ${name}: 2 left, 3 needed.`);
    expect(await stockOf(productId)).toBe(2);
    expect(await movementsOf(productId)).toEqual([]);

    await setSettings(aId, { allowSellingBeyondStock: true });
    const allowed = await create(invoiceBody({ status: "due", items: [line(productId, "3")] }));
    expect(allowed.statusCode).toBe(201);
    expect(await stockOf(productId)).toBe(-1);
    await setSettings(aId, {});
  });

  it("gives the last unit to exactly one of ten concurrent invoices", async () => {
    const productId = await addProduct(aId, "1");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => create(invoiceBody({ status: "due", items: [line(productId, "1")] }))),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    expect(await stockOf(productId)).toBe(0);
    expect(await movementsOf(productId)).toHaveLength(1);
  });

  it("gives the last unit to exactly one of ten concurrent issues of drafts", async () => {
    const productId = await addProduct(aId, "1");
    const drafts = await Promise.all(
      Array.from({ length: 10 }, () => create(invoiceBody({ items: [line(productId, "1")] }))),
    );
    const results = await Promise.all(drafts.map((d) => setStatus(d.json().invoice.id, { status: "due" })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect(await stockOf(productId)).toBe(0);
  });

  it("lets concurrent changes of one invoice take turns, so stock moves once", async () => {
    const productId = await addProduct(aId, "10");
    const id = (await create(invoiceBody({ status: "due", items: [line(productId, "2")] }))).json().invoice
      .id;
    expect(await stockOf(productId)).toBe(8);
    const toDraft = await Promise.all(Array.from({ length: 5 }, () => setStatus(id, { status: "draft" })));
    expect(toDraft.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    expect(await stockOf(productId)).toBe(10);
    const deletes = await Promise.all(
      [0, 1, 2].map(() => t.send("DELETE", `/api/invoices/${id}`, undefined, a.cookie)),
    );
    expect(deletes.map((r) => r.statusCode).sort()).toEqual([204, 404, 404]);
    expect(await stockOf(productId)).toBe(10);
  });

  it("answers 409 naming a duplicate invoice number, on create and on edit", async () => {
    const first = await create(invoiceBody({ invoiceNumber: "INV-01052026-101500" }));
    expect(first.statusCode).toBe(201);
    const clash = await create(invoiceBody({ invoiceNumber: "INV-01052026-101500" }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toEqual({
      code: "invoice_number_taken",
      message: "Invoice number INV-01052026-101500 is already used by another invoice.",
      fields: { invoiceNumber: "Invoice number INV-01052026-101500 is already used by another invoice." },
    });
    const other = await create(invoiceBody());
    const edit = await t.send(
      "PUT",
      `/api/invoices/${other.json().invoice.id}`,
      invoiceBody({ invoiceNumber: "INV-01052026-101500" }),
      a.cookie,
    );
    expect(edit.statusCode).toBe(409);
    // Another user may use the same number.
    expect((await create(invoiceBody({ invoiceNumber: "INV-01052026-101500" }), b)).statusCode).toBe(201);
  });

  it("derives overdue on either side of midnight in Asia/Kolkata", async () => {
    const s = await t.signUpAndSignIn();
    const res = await create(
      invoiceBody({ status: "due", invoiceDate: "2026-05-01", dueDate: "2026-05-10" }),
      s,
    );
    const id = res.json().invoice.id;
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-05-10T18:29:59Z")); // 23:59:59 on 10 May in Kolkata
    expect((await t.get(`/api/invoices/${id}`, s.cookie)).json().invoice.displayStatus).toBe("due");
    expect((await t.get("/api/invoices?status=overdue", s.cookie)).json().total).toBe(0);
    expect((await t.get("/api/invoices?status=due", s.cookie)).json().total).toBe(1);

    vi.setSystemTime(new Date("2026-05-10T18:30:00Z")); // 00:00 on 11 May in Kolkata, still 10 May in UTC
    expect((await t.get(`/api/invoices/${id}`, s.cookie)).json().invoice.displayStatus).toBe("overdue");
    const overdue = (await t.get("/api/invoices?status=overdue", s.cookie)).json();
    expect(overdue.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await t.get("/api/invoices?status=due", s.cookie)).json().total).toBe(0);
  });

  it("keeps another user's invoices, clients and products out of reach and changes nothing", async () => {
    const productId = await addProduct(aId, "5");
    const clientId = await addClient(aId, "A's client");
    const mine = (await create(invoiceBody({ status: "due", items: [line(productId, "1")] }))).json().invoice;
    const url = `/api/invoices/${mine.id}`;
    expect((await t.get(url, b.cookie)).statusCode).toBe(404);
    expect((await t.send("PUT", url, invoiceBody(), b.cookie)).statusCode).toBe(404);
    expect((await t.send("DELETE", url, undefined, b.cookie)).statusCode).toBe(404);
    expect((await setStatus(mine.id, { status: "cancelled" }, b)).statusCode).toBe(404);
    expect((await t.post(`${url}/duplicate`, {}, b.cookie)).statusCode).toBe(404);
    expect((await t.get(url, a.cookie)).json().invoice).toEqual(mine);
    expect(await stockOf(productId)).toBe(4);

    const before = (await t.get("/api/invoices", b.cookie)).json().total;
    const withClient = await create(invoiceBody({ clientId }), b);
    expect(withClient.statusCode).toBe(400);
    expect(withClient.json().error.fields).toEqual({ clientId: "Client not found." });
    const withProduct = await create(invoiceBody({ status: "due", items: [line(productId, "1")] }), b);
    expect(withProduct.statusCode).toBe(400);
    expect(withProduct.json().error.fields).toEqual({ "items.0.productId": "Product not found." });
    expect((await t.get("/api/invoices", b.cookie)).json().total).toBe(before);
    expect(await stockOf(productId)).toBe(4);
  });

  it("numbers a financial year's series without gaps or duplicates under 20 concurrent creates", async () => {
    const s = await t.signUpAndSignIn();
    await setSettings(await t.userIdOf(s.cookie), { invoiceNumberScheme: "sequential" });
    const { fy, today } = await expectGaplessSeries(t, s.cookie, (today) =>
      invoiceBody({ invoiceDate: today, dueDate: null, status: "due" }),
    );

    // A create that fails (not enough stock) gives its number back.
    const productId = await addProduct(await t.userIdOf(s.cookie), "0");
    const failed = await create(
      invoiceBody({ invoiceDate: today, dueDate: null, status: "due", items: [line(productId, "1")] }),
      s,
      "?autoNumber=1",
    );
    expect(failed.statusCode).toBe(409);
    expect((await t.get("/api/invoices/next-number", s.cookie)).json().invoiceNumber).toBe(`INV/${fy}/0021`);
    // A number of the series typed by hand moves the counter past it.
    expect((await create(invoiceBody({ invoiceNumber: `INV/${fy}/0040` }), s)).statusCode).toBe(201);
    const next = await create(
      invoiceBody({ invoiceDate: today, dueDate: null, status: "due" }),
      s,
      "?autoNumber=1",
    );
    expect(next.json().invoice.invoiceNumber).toBe(`INV/${fy}/0041`);
    // Another year's date starts that year's series.
    const older = await create(
      invoiceBody({ invoiceDate: "2025-03-31", dueDate: null, status: "due" }),
      s,
      "?autoNumber=1",
    );
    expect(older.json().invoice.invoiceNumber).toBe("INV/2024-25/0001");
  });

  it("previews the number of the invoice date's financial year, the one create then gives", async () => {
    const s = await t.signUpAndSignIn();
    await setSettings(await t.userIdOf(s.cookie), { invoiceNumberScheme: "sequential" });
    const auto = async (invoiceDate: string) =>
      (await create(invoiceBody({ invoiceDate, dueDate: null, status: "due" }), s, "?autoNumber=1")).json()
        .invoice.invoiceNumber as string;
    await auto("2027-03-30");
    await auto("2027-03-30");
    const preview = async (invoiceDate: string) => {
      const res = await t.get(`/api/invoices/next-number?invoiceDate=${invoiceDate}`, s.cookie);
      expect(res.statusCode).toBe(200);
      return res.json().invoiceNumber as string;
    };
    for (const [invoiceDate, expected] of [
      ["2027-03-31", "INV/2026-27/0003"],
      ["2027-04-01", "INV/2027-28/0001"],
      ["2027-03-31", "INV/2026-27/0004"],
      ["2027-04-01", "INV/2027-28/0002"],
    ]) {
      const shown = await preview(invoiceDate);
      expect(shown).toBe(expected);
      expect(await auto(invoiceDate)).toBe(shown);
    }
    // Without a date the preview is for the user's today; a date that is not one is refused.
    const today = todayInTimeZone(new Date(), "Asia/Kolkata");
    expect((await t.get("/api/invoices/next-number", s.cookie)).json().invoiceNumber).toBe(
      await preview(today),
    );
    const bad = await t.get("/api/invoices/next-number?invoiceDate=2027-02-30", s.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it("previews no number for the timestamp scheme", async () => {
    expect((await t.get("/api/invoices/next-number", a.cookie)).json()).toEqual({
      scheme: "timestamp",
      invoiceNumber: null,
    });
  });

  it("gives a draft no number of the series until it is issued, in the year it is then dated", async () => {
    const s = await t.signUpAndSignIn();
    await setSettings(await t.userIdOf(s.cookie), { invoiceNumberScheme: "sequential" });
    const draftOn = async (invoiceDate: string) =>
      (await create(invoiceBody({ invoiceDate, dueDate: null }), s, "?autoNumber=1")).json().invoice;
    const draft = await draftOn("2027-03-20");
    expect(draft.invoiceNumber).toMatch(/^DRAFT-[0-9A-F]{8}$/);
    // The draft holds no number, so the next issued invoice starts the series.
    const issued = await create(
      invoiceBody({ invoiceDate: "2027-03-21", dueDate: null, status: "due" }),
      s,
      "?autoNumber=1",
    );
    expect(issued.json().invoice.invoiceNumber).toBe("INV/2026-27/0001");

    // Re-dated into the next financial year before it is issued, it takes that year's series.
    const redated = await t.send(
      "PUT",
      `/api/invoices/${draft.id}`,
      invoiceBody({ invoiceNumber: draft.invoiceNumber, invoiceDate: "2027-04-02", dueDate: null }),
      s.cookie,
    );
    expect(redated.json().invoice.invoiceNumber).toBe(draft.invoiceNumber);
    const issuedDraft = (await setStatus(draft.id, { status: "due" }, s)).json().invoice;
    expect(issuedDraft.invoiceNumber).toBe("INV/2027-28/0001");
    expect(issuedDraft.document.invoiceNumber).toBe("INV/2027-28/0001");

    // Issued by saving the whole invoice, a draft takes the next number of its year.
    const second = await draftOn("2027-03-22");
    const body = invoiceBody({
      invoiceNumber: second.invoiceNumber,
      invoiceDate: "2027-03-22",
      dueDate: null,
      status: "due",
    });
    const put = await t.send("PUT", `/api/invoices/${second.id}`, body, s.cookie);
    expect(put.json().invoice.invoiceNumber).toBe("INV/2026-27/0002");

    // A draft cancelled unissued keeps no number and can still be deleted; a copy is a draft too.
    const third = await draftOn("2027-03-23");
    expect((await setStatus(third.id, { status: "cancelled" }, s)).json().invoice.invoiceNumber).toBe(
      third.invoiceNumber,
    );
    expect((await t.send("DELETE", `/api/invoices/${third.id}`, undefined, s.cookie)).statusCode).toBe(204);
    const copy = await t.post(`/api/invoices/${issuedDraft.id}/duplicate`, {}, s.cookie);
    expect(copy.json().invoice.invoiceNumber).toMatch(/^DRAFT-/);
    const preview = await t.get("/api/invoices/next-number?invoiceDate=2027-03-24", s.cookie);
    expect(preview.json().invoiceNumber).toBe("INV/2026-27/0003");

    // A draft holding a number of the series (typed, or saved before drafts went unnumbered) is
    // cancelled, not deleted: the series keeps no gap.
    const typed = await create(
      invoiceBody({ invoiceNumber: "INV/2026-27/0009", invoiceDate: "2027-03-01", dueDate: null }),
      s,
    );
    expect(typed.statusCode, typed.body).toBe(201);
    const refused = await t.send("DELETE", `/api/invoices/${typed.json().invoice.id}`, undefined, s.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("issued_invoice_not_deletable");
  });

  it("duplicates an invoice as a new draft dated today with the same client and items", async () => {
    const productId = await addProduct(aId, "10");
    const source = (
      await create(invoiceBody({ status: "paid", paymentDate: "2026-05-02", items: [line(productId, "2")] }))
    ).json().invoice;
    const res = await t.post(`/api/invoices/${source.id}/duplicate`, {}, a.cookie);
    expect(res.statusCode).toBe(201);
    const copy = res.json().invoice;
    const today = todayInTimeZone(new Date(), "Asia/Kolkata");
    expect(copy).toMatchObject({
      status: "draft",
      paymentDate: null,
      invoiceDate: today,
      clientName: source.clientName,
      totalMinor: source.totalMinor,
    });
    expect(copy.invoiceNumber).toMatch(/^INV-\d{8}-\d{6}(-\d)?$/);
    expect(copy.id).not.toBe(source.id);
    expect(copy.dueDate > today).toBe(true);
    expect(copy.document.items).toEqual(source.document.items);
    expect(await stockOf(productId)).toBe(8); // the draft copy holds nothing
    const again = await t.post(`/api/invoices/${source.id}/duplicate`, {}, a.cookie);
    expect(again.statusCode).toBe(201);
    expect(again.json().invoice.invoiceNumber).not.toBe(copy.invoiceNumber);
  });

  it("lists with filters, search, sort and pages", async () => {
    const s = await t.signUpAndSignIn();
    for (const [n, name, date, rate, status] of [
      ["A-1", "Meera Textiles", "2026-04-02", "300", "due"],
      ["A-2", "Kiran Foods", "2026-04-10", "100", "paid"],
      ["A-3", "meera exports", "2026-04-20", "200", "draft"],
      ["A-4", "100% Cotton_Co", "2026-05-01", "50", "cancelled"],
    ] as const) {
      const res = await create(
        invoiceBody({
          invoiceNumber: n,
          client: { name },
          invoiceDate: date,
          dueDate: null,
          status,
          items: [line(null, "1", "l1", rate)],
        }),
        s,
      );
      expect(res.statusCode).toBe(201);
    }
    const list = async (q: string) => (await t.get(`/api/invoices?${q}`, s.cookie)).json();
    const numbers = (r: { items: { invoiceNumber: string }[] }) => r.items.map((i) => i.invoiceNumber);
    expect(numbers(await list(""))).toEqual(["A-4", "A-3", "A-2", "A-1"]);
    expect(numbers(await list("search=MEERA"))).toEqual(["A-3", "A-1"]);
    expect(numbers(await list("search=a-2"))).toEqual(["A-2"]);
    expect(numbers(await list("search=100%25"))).toEqual(["A-4"]);
    expect(numbers(await list("search=cotton_co"))).toEqual(["A-4"]);
    expect(numbers(await list("search=cotton%25co"))).toEqual([]); // % is a character, not a wildcard
    // The number and the name are matched apart: a term across the two matches nothing.
    expect(numbers(await list(`search=${encodeURIComponent("2 Kiran")}`))).toEqual([]);
    // An invoice whose client is renamed is found by the new name at once, not the old one.
    const a2 = (await list("search=a-2")).items[0].id;
    const renamed = await t.send(
      "PUT",
      `/api/invoices/${a2}`,
      invoiceBody({
        invoiceNumber: "A-2",
        client: { name: "Óscar Ñandú Traders" },
        invoiceDate: "2026-04-10",
        dueDate: null,
        status: "paid",
        items: [line(null, "1", "l1", "100")],
      }),
      s.cookie,
    );
    expect(renamed.statusCode).toBe(200);
    expect(numbers(await list("search=kiran"))).toEqual([]);
    expect(numbers(await list(`search=${encodeURIComponent("óscar ñandú")}`))).toEqual(["A-2"]);
    expect(numbers(await list("status=paid"))).toEqual(["A-2"]);
    expect(numbers(await list("from=2026-04-05&to=2026-04-30&sort=date_asc"))).toEqual(["A-2", "A-3"]);
    expect(numbers(await list("sort=amount_desc"))).toEqual(["A-1", "A-3", "A-2", "A-4"]);
    expect(numbers(await list("sort=number_asc"))).toEqual(["A-1", "A-2", "A-3", "A-4"]);
    const page = await list("sort=number_asc&page=2&pageSize=3");
    expect(page).toMatchObject({ total: 4, page: 2, pageSize: 3 });
    expect(numbers(page)).toEqual(["A-4"]);
    expect((await list("pageSize=500")).pageSize).toBe(100);
    expect(Object.keys(page.items[0]).sort()).toEqual(
      [
        "amountPaidMinor",
        "balanceDueMinor",
        "clientId",
        "clientName",
        "createdAt",
        "currency",
        "displayStatus",
        "dueDate",
        "id",
        "invoiceDate",
        "invoiceNumber",
        "paymentDate",
        "paymentReported",
        "status",
        "totalMinor",
        "updatedAt",
      ].sort(),
    );
  });

  it("exports CSV for accountants with formula cells neutralised and exact amounts", async () => {
    const s = await t.signUpAndSignIn();
    await create(
      invoiceBody({
        invoiceNumber: "CSV-1",
        client: { name: '=HYPERLINK("http://evil.example","Click")' },
        roundOff: true,
        items: [WIDGETS],
      }),
      s,
    );
    await create(invoiceBody({ invoiceNumber: "CSV-2", client: { name: "+91 Traders" } }), s);
    await create(invoiceBody({ invoiceNumber: "CSV-3", client: { name: "@SUM(A1)" } }), s);
    await create(invoiceBody({ invoiceNumber: "CSV-4", client: { name: "-2+3" } }), s);
    const res = await t.get("/api/invoices/export.csv?sort=number_asc", s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "Invoice number,Client,Invoice date,Due date,Status,Currency,Subtotal,Discount,Tax,Round off,Total,Payment date",
    );
    // 213.46 rounds off to 213.00
    expect(lines[1]).toBe(
      `CSV-1,"'=HYPERLINK(""http://evil.example"",""Click"")",2026-05-01,2026-05-31,draft,INR,201.00,20.10,32.56,-0.46,213.00,`,
    );
    expect(lines[2]).toContain(",'+91 Traders,");
    expect(lines[3]).toContain(",'@SUM(A1),");
    expect(lines[4]).toContain(",'-2+3,");
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe('"\'\rcmd"');
    expect(csvCell("-12.50")).toBe("-12.50");
  });

  it("shows the dashboard's figures for a known set of invoices", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    await addProduct(businessId, "2", { lowStockLevel: "5" });
    await addProduct(businessId, "10", { lowStockLevel: "5" });
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-08-15T06:30:00Z")); // noon on 15 August in Kolkata
    const add = async (
      status: string,
      invoiceDate: string,
      rate: string,
      extra: Record<string, unknown> = {},
    ) => {
      const res = await create(
        invoiceBody({ status, invoiceDate, dueDate: null, items: [line(null, "1", "l1", rate)], ...extra }),
        s,
      );
      expect(res.statusCode).toBe(201);
    };
    await add("due", "2026-08-02", "1000", { dueDate: "2026-08-30" });
    await add("paid", "2026-08-05", "500", { paymentDate: "2026-08-06" });
    await add("due", "2026-07-01", "200", { dueDate: "2026-07-15" }); // overdue
    await add("draft", "2026-08-10", "300");
    await add("cancelled", "2026-08-11", "400");
    await add("paid", "2026-03-20", "700"); // last financial year
    await add("due", "2026-08-03", "10", { currency: "USD" });

    const d = (await t.get("/api/dashboard", s.cookie)).json();
    const amount = (amountMinor: number, count: number) => ({ amountMinor, count });
    expect(d).toMatchObject({ currency: "INR", timeZone: "Asia/Kolkata", today: "2026-08-15", credits: 25 });
    // "Paid" is money received in the period, by payment date (decision 0054): the August invoice
    // paid on 6 Aug and last year's marked paid today, as "received" below says.
    expect(d.month).toEqual({
      invoiced: amount(150000, 2),
      paid: amount(120000, 2),
      outstanding: amount(100000, 1),
      overdue: amount(0, 0),
    });
    expect(d.financialYear).toEqual({
      label: "2026-27",
      invoiced: amount(170000, 3),
      paid: amount(120000, 2),
      outstanding: amount(120000, 2),
      overdue: amount(20000, 1),
    });
    expect(d.otherCurrencies).toEqual([
      { currency: "USD", invoicedMinor: 1000, paidMinor: 0, outstandingMinor: 1000 },
    ]);
    expect(d.revenueByMonth).toHaveLength(12);
    expect(d.revenueByMonth[0]).toEqual({ month: "2025-09", invoicedMinor: 0, paidMinor: 0 });
    expect(d.revenueByMonth[6]).toEqual({ month: "2026-03", invoicedMinor: 70000, paidMinor: 0 });
    expect(d.revenueByMonth[10]).toEqual({ month: "2026-07", invoicedMinor: 20000, paidMinor: 0 });
    expect(d.revenueByMonth[11]).toEqual({ month: "2026-08", invoicedMinor: 150000, paidMinor: 120000 });
    expect(d.statusBreakdown).toEqual([
      { status: "draft", count: 1, amountMinor: 30000 },
      { status: "due", count: 1, amountMinor: 100000 },
      { status: "partially_paid", count: 0, amountMinor: 0 },
      { status: "overdue", count: 1, amountMinor: 20000 },
      { status: "paid", count: 2, amountMinor: 120000 },
      { status: "cancelled", count: 1, amountMinor: 40000 },
    ]);
    // Received by payment date: the August invoice paid on 6 Aug, and last year's marked paid today.
    const ageing = (current: number, late31to60 = 0) => ({
      current,
      "1-30": 0,
      "31-60": late31to60,
      "61-90": 0,
      "90+": 0,
    });
    expect(d.receivables).toEqual([
      {
        currency: "INR",
        receivedMonthMinor: 120000,
        receivedYearMinor: 120000,
        outstandingMinor: 120000,
        ageing: ageing(100000, 20000),
      },
      {
        currency: "USD",
        receivedMonthMinor: 0,
        receivedYearMinor: 0,
        outstandingMinor: 1000,
        ageing: ageing(1000),
        // No exchange rate on it, so no rupee value (decision 0089).
        outstandingInrMinor: 0,
        withoutRate: 1,
      },
    ]);
    expect(d.recent).toHaveLength(5);
    expect(d.recent[0].invoiceDate).toBe("2026-08-11");
    expect(d.lowStock).toEqual([
      {
        id: expect.any(String),
        name: expect.any(String),
        unit: "bag",
        availableQuantity: "2",
        lowStockLevel: "5",
      },
    ]);
  });

  it("refuses a bad body naming the field", async () => {
    const bad = await create(
      invoiceBody({ items: [{ id: "l1", name: "X", quantity: "1.2345", rate: "1" }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(["items.0.quantity"]);
    const badStatus = await setStatus((await create(invoiceBody())).json().invoice.id, { status: "overdue" });
    expect(badStatus.statusCode).toBe(400);
  });

  it("counts every invoice exactly; searched or filtered, up to its limit, then says more while rows follow", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    // Rows by SQL, every other one overdue since 2026-01-31, then the kept totals rebuilt as an
    // import does (the status filters read their totals from them).
    const seed = async (from: number, to: number) => {
      await t.database.db.execute(sql`insert into invoices
          (id, business_id, invoice_number, client_name, total_minor, currency, status, invoice_date, due_date, invoice_data)
        select gen_random_uuid()::text, ${businessId}, 'B-' || lpad(g::text, 4, '0'), 'Client ' || g, 100, 'INR',
          case when g % 2 = 0 then 'due' else 'paid' end, date '2026-01-01', date '2026-01-31', '{}'::jsonb
        from generate_series(${from}::int, ${to}::int) g`);
      await rebuildInvoiceTotals(t.database.db, businessId);
    };
    const list = (q: string) => t.get(`/api/invoices?${q}`, s.cookie).then((r) => r.json());
    // The count as the list shows it: "100+" when it is counted only up to a limit.
    const shown = (page: { total: number; totalIsExact: boolean; hasMore: boolean }) => {
      expect(page).toMatchObject({
        total: expect.any(Number),
        totalIsExact: expect.any(Boolean),
        hasMore: expect.any(Boolean),
      });
      return `${page.total}${page.totalIsExact ? "" : "+"}${page.hasMore ? ", more follow" : ""}`;
    };

    await seed(1, 1000);
    expect(shown(await list("page=1"))).toBe("1000, more follow");
    expect(shown(await list("page=50"))).toBe("1000");
    await seed(1001, 2200);
    // Unfiltered, the total is kept with every insert and delete (list_counts): exact at any size.
    expect(shown(await list("page=1"))).toBe("2200, more follow");
    // A status's total is kept with every invoice change too: exact at any size.
    expect(shown(await list("status=overdue"))).toBe("1100, more follow");
    expect(shown(await list("status=paid"))).toBe("1100, more follow");
    expect(shown(await list("status=due"))).toBe("0");
    // A page past the end (an old link) is empty and still says how many there are.
    const beyond = await list("status=overdue&page=400");
    expect(beyond.items).toEqual([]);
    expect(shown(beyond)).toBe("1100");
    expect((await list("status=overdue&page=55")).items).toHaveLength(20);
    expect((await list("status=overdue&page=56")).items).toHaveLength(0);
    // Part paid: past its due date an invoice still shows Overdue, before it Partially paid (one
    // status rule, decision 0054), and both totals are kept. B-0002 to B-0998 fall due later.
    await t.database.db.execute(
      sql`update invoices set amount_paid_minor = 50,
            due_date = case when invoice_number < 'B-1000' then date '2999-01-31' else due_date end
          where business_id = ${businessId} and status = 'due'`,
    );
    await rebuildInvoiceTotals(t.database.db, businessId);
    expect(shown(await list("status=partially_paid"))).toBe("499, more follow");
    expect(shown(await list("status=overdue"))).toBe("601, more follow");
    expect(shown(await list("status=due"))).toBe("0");
    // With a search or dates besides, the status is counted up to its limit as before.
    expect(shown(await list("status=paid&from=2026-01-01"))).toBe("1000+, more follow");
    expect(shown(await list("status=paid&pageSize=100&page=11"))).toBe("1100");
    // A search counts up to 100 (SEARCH_COUNT_LIMIT): Client 21, 210-219 and 2100-2199 are 111,
    // so "100+"; its last page is exact. Client 211 and 2110-2119: 11.
    expect(shown(await list("search=Client 1"))).toBe("100+, more follow");
    expect(shown(await list("search=Client 21"))).toBe("100+, more follow");
    // Its first page and count come from one walk of the matches: the page is still the first 20
    // in the list's order, and the next page follows it by cursor.
    const first = await list("search=Client 21");
    const expected = (await t.database.db.execute(sql`select id from invoices
      where business_id = ${businessId} and search_key like '%client 21%'
      order by invoice_date desc, created_at desc, id desc limit 40`)) as unknown as {
      rows: { id: string }[];
    };
    const expectedIds = expected.rows.map((r) => r.id);
    expect(first.items.map((i: { id: string }) => i.id)).toEqual(expectedIds.slice(0, 20));
    const second = await list(`search=Client 21&page=2&after=${encodeURIComponent(first.nextCursor)}`);
    expect(second.items.map((i: { id: string }) => i.id)).toEqual(expectedIds.slice(20, 40));
    expect(shown(await list("search=Client 21&page=6"))).toBe("111");
    expect(shown(await list("search=Client 211"))).toBe("11");
    const last = await list("sort=number_asc&pageSize=100&page=22");
    expect(shown(last)).toBe("2200");
    expect(last.items.at(-1).invoiceNumber).toBe("B-2200");
  });
});
