import { and, eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { page } from "#contract/common";
import { kindDocumentSchema, kindSummarySchema } from "#contract/quotes";
import { gstinCheckCharacter } from "#domain/validation";
import { resetClock } from "../clock";
import { creditLedger } from "../db/schema";
import {
  describeEachDb,
  expectEachNotFound,
  type Method,
  type Session,
  testAppForSuite,
} from "../testing/harness";
import { pdfText } from "../testing/pdf-text";

// Proforma invoices and delivery challans through the HTTP API (decision 0061): what both kinds
// share runs as one table over the kinds; the challan's stock, returns, conversion of several and
// GSTR-1 Table 13, and the proforma's conversion, follow.

type Doc = {
  id: string;
  number: string;
  status: string;
  returnedAt?: string | null;
  document: Record<string, unknown>;
};

afterAll(() => resetClock());

const KINDS = [
  {
    kind: "proforma",
    base: "/api/proforma-invoices",
    series: "PF",
    title: "PROFORMA INVOICE",
    numberLabel: "Proforma No.",
    extra: { validUntil: "2026-05-31" },
    /** The move that makes it leave Bahi (its link works only then). */
    out: "sent",
  },
  {
    kind: "challan",
    base: "/api/delivery-challans",
    series: "DC",
    title: "DELIVERY CHALLAN",
    numberLabel: "Challan No.",
    extra: { reason: "job_work" },
    out: "issued",
  },
] as const;

const request = (extra: Record<string, unknown>, over: Record<string, unknown> = {}) => ({
  number: null,
  date: "2026-05-01",
  currency: "INR",
  client: { name: "Meera Stores", email: "meera@example.com" },
  items: [
    { id: "l1", name: "Teak chair", quantity: "4", rate: "2499.50", taxPercent: "18" },
    { id: "l2", name: "Delivery", quantity: "1", rate: "350" },
  ],
  notes: "Handle with care.",
  ...extra,
  ...over,
});

describeEachDb("proforma invoices and delivery challans", (dbKind) => {
  const t = testAppForSuite(dbKind, { env: { TEST_CLOCK: "1" } });
  const setClock = (iso: string) => t.post("/api/test/clock", { now: iso });

  async function create(s: Session, base: string, body: unknown): Promise<Doc> {
    const res = await t.post(base, body, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    // The answer is what the contract (and so the OpenAPI document) says.
    expect(kindDocumentSchema.safeParse(res.json().document).error).toBeUndefined();
    return res.json().document;
  }
  async function move(s: Session, base: string, id: string, status: string) {
    const res = await t.post(`${base}/${id}/status`, { status }, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document as Doc;
  }
  async function product(s: Session, availableQuantity: string) {
    const res = await t.post(
      "/api/products",
      { name: "Teak chair", rate: "2499.50", availableQuantity },
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string };
  }
  const stockOf = async (s: Session, id: string) =>
    (await t.get(`/api/products/${id}`, s.cookie)).json().availableQuantity as string;
  /** A product's stock history, newest first: reason, change and document number. */
  const historyOf = async (s: Session, id: string) => {
    const body = (await t.get(`/api/products/${id}/movements`, s.cookie)).json();
    const items = (body.items ?? body.movements) as {
      reason: string;
      change: string;
      invoiceNumber: string | null;
    }[];
    return items.map((m) => [m.reason, m.change, m.invoiceNumber]);
  };
  const chairs = (productId: string, quantity: string) => [
    { id: "l1", productId, name: "Teak chair", quantity, rate: "2499.50", taxPercent: "18", hsnSac: "9403" },
  ];

  for (const k of KINDS) {
    const body = (over: Record<string, unknown> = {}) => request(k.extra, over);

    it(`${k.kind}: its own series per financial year (${k.series}/2026-27/0001), beside quotes and invoices`, async () => {
      await setClock("2026-05-01T06:00:00Z");
      const s = await t.signUpAndSignIn();
      expect((await t.get(`${k.base}/next-number`, s.cookie)).json()).toEqual({
        number: `${k.series}/2026-27/0001`,
      });
      // A proforma takes its number when made; a challan when issued (a draft holds DRAFT-…).
      const numbered = async (over: Record<string, unknown> = {}) => {
        const doc = await create(s, k.base, body(over));
        if (k.kind !== "challan" || over.number) return doc.number;
        expect(doc.number).toMatch(/^DRAFT-[0-9A-F]{8}$/);
        return (await move(s, k.base, doc.id, "issued")).number;
      };
      expect(await numbered()).toBe(`${k.series}/2026-27/0001`);
      expect(await numbered({ number: `${k.series}/2026-27/0010` })).toBe(`${k.series}/2026-27/0010`);
      expect(await numbered()).toBe(`${k.series}/2026-27/0011`);
      const nextYear = await numbered({
        date: "2027-04-02",
        ...("validUntil" in k.extra ? { validUntil: null } : {}),
      });
      expect(nextYear).toBe(`${k.series}/2027-28/0001`);
      const taken = await t.post(k.base, body({ number: `${k.series}/2026-27/0001` }), s.cookie);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().error.code).toBe("quote_number_taken");
      const long = await t.post(k.base, body({ number: "X".repeat(17) }), s.cookie);
      expect(long.statusCode).toBe(400);
      expect(long.json().error.fields.number).toMatch(/at most 16 characters/);
      // The quote series and the invoice list are untouched.
      expect((await t.get("/api/quotes/next-number", s.cookie)).json().quoteNumber).toBe("QT/2026-27/0001");
      expect((await t.get("/api/invoices", s.cookie)).json().items).toEqual([]);
      // Totals are the server's: the same lines as an invoice's.
      const doc = await create(s, k.base, body());
      expect((doc.document.totals as { totalMinor: number }).totalMinor).toBe(1214764);
    });

    it(`${k.kind}: listed with status and search filters, never in the dashboard`, async () => {
      await setClock("2026-05-01T06:00:00Z");
      const s = await t.signUpAndSignIn();
      const dashboard = (await t.get("/api/dashboard", s.cookie)).json();
      const a = await create(s, k.base, body());
      const b = await create(s, k.base, body({ client: { name: "Kiran Traders" } }));
      await move(s, k.base, a.id, k.out);
      const all = (await t.get(k.base, s.cookie)).json();
      expect(page(kindSummarySchema).safeParse(all).error).toBeUndefined();
      expect(all.items.map((d: Doc) => d.number)).toEqual([
        k.kind === "challan" ? b.number : `${k.series}/2026-27/0002`,
        `${k.series}/2026-27/0001`,
      ]);
      expect(all.total).toBe(2);
      const out = (await t.get(`${k.base}?status=${k.out}`, s.cookie)).json();
      expect(out.items.map((d: Doc) => d.id)).toEqual([a.id]);
      const kiran = (await t.get(`${k.base}?search=kiran`, s.cookie)).json();
      expect(kiran.items.map((d: { clientName: string }) => d.clientName)).toEqual(["Kiran Traders"]);
      // Neither kind shows among quotes, nor in the dashboard's figures.
      expect((await t.get("/api/quotes", s.cookie)).json().items).toEqual([]);
      expect((await t.get("/api/dashboard", s.cookie)).json()).toEqual(dashboard);
      // Only a quote expires: past its valid-until date a sent proforma is still listed as sent.
      await setClock("2026-07-01T06:00:00Z");
      expect((await t.get(`${k.base}?status=${k.out}`, s.cookie)).json().items).toHaveLength(1);
    });

    it(`${k.kind}: a PDF titled ${k.title} for one credit; a public page by link; sent by e-mail`, async () => {
      await setClock("2026-05-01T06:00:00Z");
      const s = await t.signUpAndSignIn();
      let d = await create(s, k.base, body());
      expect((await t.get(`${k.base}/${d.id}/pdf`, s.cookie)).statusCode).toBe(405);
      const pdf = await t.post(`${k.base}/${d.id}/pdf`, {}, s.cookie);
      expect(pdf.statusCode, pdf.body).toBe(200);
      expect(pdf.headers["x-credits-remaining"]).toBe("24");
      // The ledger names the document by its own kind, id and number (decision 0057).
      const businessId = await t.userIdOf(s.cookie);
      const spent = await t.database.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.businessId, businessId), eq(creditLedger.reason, "download")));
      expect(spent).toEqual([
        expect.objectContaining({ documentKind: k.kind, documentId: d.id, documentNumber: d.number }),
      ]);
      const text = pdfText(pdf.rawPayload);
      expect(text).toContain(k.title);
      expect(text).toContain(k.numberLabel);
      expect(text).toContain(d.number);
      expect(text).not.toContain("QUOTATION");

      if (k.kind === "challan") {
        const early = await t.post(`${k.base}/${d.id}/public-link`, {}, s.cookie);
        expect(early.statusCode).toBe(409);
        expect(early.json().error.message).toBe(
          "Issue the delivery challan before sending it or sharing its link.",
        );
        d = await move(s, k.base, d.id, "issued");
      }
      const link = await t.post(`${k.base}/${d.id}/public-link`, {}, s.cookie);
      expect(link.statusCode, link.body).toBe(200);
      const page = await t.app.inject({ method: "GET", url: new URL(link.json().url).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(k.title);
      expect(page.body).not.toContain('id="answer-form"');
      const token = new URL(link.json().url).pathname.split("/").at(-1);
      const answer = await t.post(`/api/public/quotes/${token}/accept`, { name: "Meera", comment: "" });
      expect(answer.statusCode).toBe(404); // only a quote is answered on its page

      // Bahi fills the placeholders, as for an invoice or a quote.
      const mailed = await t.post(
        `${k.base}/${d.id}/send`,
        {
          to: ["meera@example.com"],
          subject: "Your document {invoice_number}",
          message: "Please see it: {link}",
          attachPdf: true,
        },
        s.cookie,
      );
      expect(mailed.statusCode, mailed.body).toBe(200);
      expect(mailed.json()).toMatchObject({ sent: true, creditsRemaining: 23 });
      await t.queue.drain();
      const mail = t.mailer.sent.findLast((m) => m.subject === `Your document ${d.number}`)!;
      expect(mail.text).toBe(`Please see it: ${link.json().url}`);
      expect(mail.to).toEqual(["meera@example.com"]);
      expect(mail.attachments?.[0]?.filename).toBe(`${d.number.replaceAll("/", "-")}.pdf`);
      const read = (await t.get(`${k.base}/${d.id}`, s.cookie)).json().document;
      expect(read.status).toBe(k.out);
      const activity = (await t.get(`${k.base}/${d.id}/activity`, s.cookie)).json().events;
      expect(activity.map((e: { kind: string }) => e.kind)).toEqual(
        expect.arrayContaining(["created", "link_created", "viewed", "sent"]),
      );
    }, 90_000);

    it(`${k.kind}: another user's is 404 on every route, by session and API key; a read key cannot write`, async () => {
      await setClock("2026-05-01T06:00:00Z");
      const a = await t.signUpAndSignIn();
      const b = await t.signUpAndSignIn();
      const theirs = await create(b, k.base, body());
      const aKey = (await t.post("/api/api-keys", { name: "Sheets", scope: "read_write" }, a.cookie)).json()
        .key as string;
      const readKey = (await t.post("/api/api-keys", { name: "Read", scope: "read" }, a.cookie)).json()
        .key as string;
      const mail = { to: ["x@example.com"], subject: "s", message: "m", attachPdf: false };
      const matrix: [Method, string, unknown?][] = [
        ["GET", `${k.base}/${theirs.id}`],
        ["PUT", `${k.base}/${theirs.id}`, body({ notes: "changed" })],
        ["POST", `${k.base}/${theirs.id}/status`, { status: k.out }],
        ["POST", `${k.base}/convert`, { ids: [theirs.id] }],
        ["POST", `${k.base}/${theirs.id}/send`, mail],
        ["GET", `${k.base}/${theirs.id}/public-link`],
        ["POST", `${k.base}/${theirs.id}/public-link`, {}],
        ["POST", `${k.base}/${theirs.id}/public-link/renew`, {}],
        ["GET", `${k.base}/${theirs.id}/activity`],
        ["POST", `${k.base}/${theirs.id}/pdf`, {}],
        ["DELETE", `${k.base}/${theirs.id}`],
      ];
      await expectEachNotFound(t, matrix, a.cookie, aKey);
      // The other kind's and the quote's routes do not reach it either, even for its owner.
      const other = KINDS.find((x) => x.kind !== k.kind)!;
      expect((await t.get(`${other.base}/${theirs.id}`, b.cookie)).statusCode).toBe(404);
      expect((await t.get(`/api/quotes/${theirs.id}`, b.cookie)).statusCode).toBe(404);
      expect((await t.withKey("GET", k.base, aKey)).json().items).toEqual([]);
      const made = await t.withKey("POST", k.base, aKey, body());
      expect(made.statusCode, made.body).toBe(201);
      expect((await t.withKey("POST", k.base, readKey, body())).statusCode).toBe(403);
      expect((await t.withKey("GET", k.base, readKey)).json().items).toHaveLength(1);
    });
  }

  it("challan: goods leave stock when issued and come back when returned or cancelled; an issued challan is cancelled, not edited or deleted", async () => {
    await setClock("2026-05-01T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const base = "/api/delivery-challans";
    const bad = await t.post(base, request({}, { items: chairs(p.id, "4") }), s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.reason).toBe(
      "Choose why the goods are sent: supply on approval, job work, liquid gas or other.",
    );
    const c = await create(
      s,
      base,
      request(
        { reason: "supply_on_approval" },
        {
          items: chairs(p.id, "4"),
          consignee: { name: "Ravi Godown", gstin: "", address: "Plot 4, MIDC\nPune", stateCode: "27" },
        },
      ),
    );
    expect(c).toMatchObject({
      reason: "supply_on_approval",
      consignee: { name: "Ravi Godown", stateCode: "27" },
    });
    expect(await stockOf(s, p.id)).toBe("10");
    expect((await move(s, base, c.id, "issued")).status).toBe("issued");
    expect(await stockOf(s, p.id)).toBe("6");
    const edit = await t.send("PUT", `${base}/${c.id}`, request({ reason: "job_work" }), s.cookie);
    expect(edit.statusCode).toBe(409);
    expect(edit.json().error.message).toBe(
      "This delivery challan is issued, so it can no longer be changed.",
    );
    const del = await t.send("DELETE", `${base}/${c.id}`, undefined, s.cookie);
    expect(del.statusCode).toBe(409);
    expect(del.json().error.message).toMatch(/cannot be deleted. Cancel it instead./);
    const returned = await move(s, base, c.id, "returned");
    expect(returned.returnedAt).not.toBeNull();
    expect(await stockOf(s, p.id)).toBe("10");
    const again = await t.post(`${base}/${c.id}/status`, { status: "cancelled" }, s.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(
      "This delivery challan is returned, so it cannot be marked cancelled.",
    );
    expect(await stockOf(s, p.id)).toBe("10");

    const d = await create(s, base, request({ reason: "job_work" }, { items: chairs(p.id, "3") }));
    await move(s, base, d.id, "issued");
    expect(await stockOf(s, p.id)).toBe("7");
    await move(s, base, d.id, "cancelled");
    expect(await stockOf(s, p.id)).toBe("10");
    // Not enough stock: refused, and nothing moves.
    const big = await create(s, base, request({ reason: "job_work" }, { items: chairs(p.id, "11") }));
    const refused = await t.post(`${base}/${big.id}/status`, { status: "issued" }, s.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Not enough stock for Teak chair/);
    expect((await t.get(`${base}/${big.id}`, s.cookie)).json().document.status).toBe("draft");
    expect(await stockOf(s, p.id)).toBe("10");
    // A draft is deleted.
    expect((await t.send("DELETE", `${base}/${big.id}`, undefined, s.cookie)).statusCode).toBe(204);
  });

  it("challan: a draft takes no DC number until it is issued, so the series has no gaps (Rule 55)", async () => {
    await setClock("2026-05-01T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const base = "/api/delivery-challans";
    const draft = () => create(s, base, request({ reason: "job_work" }, { items: chairs(p.id, "1") }));
    const [abandoned, late, early] = [await draft(), await draft(), await draft()];
    for (const d of [abandoned, late, early]) {
      expect(d.number).toMatch(/^DRAFT-[0-9A-F]{8}$/);
      expect(d.document.invoiceNumber).toBe(d.number);
    }
    expect((await t.get(`${base}/next-number`, s.cookie)).json().number).toBe("DC/2026-27/0001");
    // A draft is edited and deleted without touching the series.
    const edited = await t.send(
      "PUT",
      `${base}/${late.id}`,
      request({ reason: "supply_on_approval" }, { items: chairs(p.id, "2") }),
      s.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().document.number).toBe(late.number);
    expect((await t.send("DELETE", `${base}/${abandoned.id}`, undefined, s.cookie)).statusCode).toBe(204);
    // Numbers follow the order of issue, in the issuing transaction; a refused issue takes none.
    const short = await create(s, base, request({ reason: "job_work" }, { items: chairs(p.id, "50") }));
    expect((await t.post(`${base}/${short.id}/status`, { status: "issued" }, s.cookie)).statusCode).toBe(409);
    expect((await move(s, base, early.id, "issued")).number).toBe("DC/2026-27/0001");
    const second = await move(s, base, late.id, "issued");
    expect(second.number).toBe("DC/2026-27/0002");
    expect(second.document.invoiceNumber).toBe("DC/2026-27/0002");
    expect((await t.get(`${base}/${short.id}`, s.cookie)).json().document.number).toBe(short.number);
    // The stock history and the PDF name the issued number.
    const movements = (await t.get(`/api/products/${p.id}/movements`, s.cookie)).json();
    expect(JSON.stringify(movements)).toContain("DC/2026-27/0002");
    expect(JSON.stringify(movements)).not.toContain("DRAFT-");
    expect(pdfText((await t.post(`${base}/${late.id}/pdf`, {}, s.cookie)).rawPayload)).toContain(
      "DC/2026-27/0002",
    );
  });

  it("challan: several of one client convert into one issued invoice that moves no stock a second time, linked both ways", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const base = "/api/delivery-challans";
    const one = await create(
      s,
      base,
      request({ reason: "supply_on_approval" }, { items: chairs(p.id, "2") }),
    );
    const two = await create(
      s,
      base,
      request({ reason: "supply_on_approval" }, { items: chairs(p.id, "3") }),
    );
    const other = await create(
      s,
      base,
      request(
        { reason: "supply_on_approval" },
        { client: { name: "Kiran Traders" }, items: chairs(p.id, "1") },
      ),
    );
    const draftOnly = await t.post(`${base}/convert`, { ids: [one.id] }, s.cookie);
    expect(draftOnly.statusCode).toBe(409);
    expect(draftOnly.json().error.message).toBe(
      "A delivery challan can be converted to an invoice only when it is issued; this one is draft.",
    );
    // Issued, each takes its number of the series.
    for (const c of [one, two, other]) Object.assign(c, await move(s, base, c.id, "issued"));
    expect(await stockOf(s, p.id)).toBe("4");
    const mixed = await t.post(`${base}/convert`, { ids: [one.id, other.id] }, s.cookie);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.message).toMatch(/same client/);

    const converted = await t.post(`${base}/convert`, { ids: [two.id, one.id] }, s.cookie);
    expect(converted.statusCode, converted.body).toBe(201);
    const { invoice: made, documents } = converted.json();
    expect(documents.map((d: Doc) => [d.number, d.status])).toEqual([
      [one.number, "converted"],
      [two.number, "converted"],
    ]);
    expect(await stockOf(s, p.id)).toBe("4");
    const invoice = (await t.get(`/api/invoices/${made.id}`, s.cookie)).json().invoice;
    expect(invoice.status).toBe("due");
    expect(invoice.document.items.map((i: { quantity: string }) => i.quantity)).toEqual(["2", "3"]);
    expect(invoice.document.notes).toContain(`${one.number}, ${two.number}`);
    const sources = (await t.get(`/api/invoices/${made.id}/source-documents`, s.cookie)).json();
    expect(sources.documents).toEqual([
      { id: one.id, kind: "challan", number: one.number },
      { id: two.id, kind: "challan", number: two.number },
    ]);
    expect((await t.get(`${base}/${one.id}`, s.cookie)).json().document).toMatchObject({
      convertedInvoiceId: made.id,
      convertedInvoiceNumber: made.invoiceNumber,
    });
    const twice = await t.post(`${base}/convert`, { ids: [one.id] }, s.cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.message).toBe(
      "This delivery challan has already been converted to an invoice.",
    );
    // The stock history tells what moved: the challans' issue, and nothing more for the invoice.
    expect(await historyOf(s, p.id)).toEqual([
      ["challan_issued", "-1", other.number],
      ["challan_issued", "-3", two.number],
      ["challan_issued", "-2", one.number],
      ["opening_stock", "10", null],
    ]);
  });

  it("challan: cancelling the invoice made from challans returns them to issued, the goods still out, to convert again or return", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const base = "/api/delivery-challans";
    const issue = async (quantity: string) => {
      const c = await create(s, base, request({ reason: "job_work" }, { items: chairs(p.id, quantity) }));
      return move(s, base, c.id, "issued");
    };
    const [one, two] = [await issue("2"), await issue("3")];
    const convert = async () => {
      const res = await t.post(`${base}/convert`, { ids: [one.id, two.id] }, s.cookie);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().invoice as { id: string; invoiceNumber: string };
    };
    const statuses = async () =>
      Promise.all(
        [one, two].map(async (c) => {
          const d = (await t.get(`${base}/${c.id}`, s.cookie)).json().document;
          return [d.status, d.convertedInvoiceId];
        }),
      );
    const issuedOnly = [
      ["challan_issued", "-3", two.number],
      ["challan_issued", "-2", one.number],
      ["opening_stock", "10", null],
    ];

    // Cancelled by its status: the challans are issued again and hold the goods; nothing moves.
    const first = await convert();
    const cancelled = await t.post(`/api/invoices/${first.id}/status`, { status: "cancelled" }, s.cookie);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statuses()).toEqual([
      ["issued", null],
      ["issued", null],
    ]);
    expect(await stockOf(s, p.id)).toBe("5");
    expect(await historyOf(s, p.id)).toEqual(issuedOnly);
    const events = (await t.get(`${base}/${one.id}/activity`, s.cookie)).json();
    expect(JSON.stringify(events)).toContain("reopened");
    // The cancelled invoice cannot come back while its challans hold the goods: that would
    // count them out twice. Nothing moves.
    const reopened = await t.post(`/api/invoices/${first.id}/status`, { status: "due" }, s.cookie);
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json().error.message).toBe(
      "This invoice's delivery challans were released when it was cancelled, so it cannot be reopened. Convert the challans into a new invoice instead.",
    );
    expect(await stockOf(s, p.id)).toBe("5");

    // Converted again, edited to sell one more, then cancelled by a save: only that one comes back.
    const second = await convert();
    expect(await statuses()).toEqual([
      ["converted", second.id],
      ["converted", second.id],
    ]);
    // Nor does it go back to draft: the goods are out under the challans, and a draft holds none.
    const drafted = await t.post(`/api/invoices/${second.id}/status`, { status: "draft" }, s.cookie);
    expect(drafted.statusCode).toBe(409);
    expect(drafted.json().error.message).toBe(
      "This invoice was made from delivery challans, so it cannot go back to draft. Cancel it to release the challans instead.",
    );
    expect(await stockOf(s, p.id)).toBe("5");
    const invoice = (await t.get(`/api/invoices/${second.id}`, s.cookie)).json().invoice;
    const save = (status: string, quantity: string) =>
      t.send(
        "PUT",
        `/api/invoices/${second.id}`,
        { ...invoice.document, status, items: chairs(p.id, quantity) },
        s.cookie,
      );
    expect((await save("due", "6")).statusCode).toBe(200);
    expect(await stockOf(s, p.id)).toBe("4");
    const saved = await save("cancelled", "6");
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(s, p.id)).toBe("5");
    expect(await statuses()).toEqual([
      ["issued", null],
      ["issued", null],
    ]);
    expect(await historyOf(s, p.id)).toEqual([
      ["invoice_cancelled", "1", second.invoiceNumber],
      ["invoice_edited", "-1", second.invoiceNumber],
      ...issuedOnly,
    ]);

    // Issued again, each challan is returned as any issued challan is.
    await move(s, base, one.id, "returned");
    await move(s, base, two.id, "returned");
    expect(await stockOf(s, p.id)).toBe("10");
  });

  it("challan: stock never drifts over a run of issues, returns, cancels and conversions", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "100");
    const base = "/api/delivery-challans";
    let expected = 100;
    // A fixed, varied run (seeded, so a failure repeats): each step's expected stock follows the rule.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const issued: { id: string; quantity: number }[] = [];
    for (let step = 0; step < 12; step++) {
      const choice = issued.length === 0 ? 0 : next(4);
      if (choice <= 1) {
        const quantity = 1 + next(5);
        const c = await create(
          s,
          base,
          request({ reason: "job_work" }, { items: chairs(p.id, String(quantity)) }),
        );
        await move(s, base, c.id, "issued");
        issued.push({ id: c.id, quantity });
        expected -= quantity;
      } else {
        const [c] = issued.splice(next(issued.length), 1);
        if (choice === 2) {
          await move(s, base, c.id, next(2) === 0 ? "returned" : "cancelled");
          expected += c.quantity;
        } else {
          const res = await t.post(`${base}/convert`, { ids: [c.id] }, s.cookie);
          expect(res.statusCode, res.body).toBe(201);
        }
      }
      expect(await stockOf(s, p.id), `step ${step}`).toBe(String(expected));
    }
    // The movement log (opening stock included) adds up to the level.
    const movements = (await t.get(`/api/products/${p.id}/movements`, s.cookie)).json();
    const items = (movements.items ?? movements.movements) as { change: string }[];
    expect(items.reduce((total, m) => total + Number(m.change), 0)).toBe(expected);
  });

  it("challan: printed in triplicate on request, three labelled copies in one PDF for one credit", async () => {
    await setClock("2026-05-01T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const c = await create(s, "/api/delivery-challans", request({ reason: "liquid_gas" }));
    const res = await t.post(`/api/delivery-challans/${c.id}/pdf?copies=triplicate`, {}, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["x-credits-remaining"]).toBe("24");
    const text = pdfText(res.rawPayload);
    for (const copy of ["Original for consignee", "Duplicate for transporter", "Triplicate for consignor"])
      expect(text).toContain(copy);
    expect(text.split("DELIVERY CHALLAN").length - 1).toBeGreaterThanOrEqual(3);
    expect(text).toContain("Supply of liquid gas");
    const single = pdfText((await t.post(`/api/delivery-challans/${c.id}/pdf`, {}, s.cookie)).rawPayload);
    expect(single).not.toContain("Duplicate for transporter");
  });

  it("proforma: converts into a draft invoice in one call, linked both ways, once; no stock moves", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const base = "/api/proforma-invoices";
    const pf = await create(s, base, request({ validUntil: null }, { items: chairs(p.id, "4") }));
    await move(s, base, pf.id, "sent");
    expect(await stockOf(s, p.id)).toBe("10");
    const res = await t.post(`${base}/convert`, { ids: [pf.id] }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const { invoice: made, documents } = res.json();
    expect(documents[0]).toMatchObject({ status: "converted", convertedInvoiceId: made.id });
    const invoice = (await t.get(`/api/invoices/${made.id}`, s.cookie)).json().invoice;
    expect(invoice.status).toBe("draft");
    expect(invoice.document.items).toEqual(pf.document.items);
    expect(invoice.totalMinor).toBe((pf.document.totals as { totalMinor: number }).totalMinor);
    expect((await t.get(`/api/invoices/${made.id}/source-documents`, s.cookie)).json().documents).toEqual([
      { id: pf.id, kind: "proforma", number: pf.number },
    ]);
    expect(await stockOf(s, p.id)).toBe("10");
    const twice = await t.post(`${base}/convert`, { ids: [pf.id] }, s.cookie);
    expect(twice.statusCode).toBe(409);
    const two = await t.post(`${base}/convert`, { ids: [pf.id, `${pf.id}x`] }, s.cookie);
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe("Convert one proforma invoice at a time.");
  });

  it("GSTR-1: an issued challan counts in Table 13 by its reason and nowhere else; a proforma counts nowhere", async () => {
    await setClock("2026-11-20T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const ours = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;
    const buyer = `29AAACR5055K1Z${gstinCheckCharacter("29AAACR5055K1Z")}`;
    const settings = await t.putSettings(
      {
        gstRegistration: {
          type: "regular",
          gstin: ours,
          legalName: "Sharma Traders Pvt Ltd",
          tradeName: "Sharma",
        },
        companyName: "Sharma Traders",
        companyAddress: "12, Linking Road\nMumbai 400050\nMaharashtra",
      },
      s.cookie,
    );
    expect(settings.statusCode, settings.body).toBe(200);
    const taxable = {
      date: "2026-11-05",
      client: { name: "Ravi", company: "Ravi Industries", gstin: buyer },
      items: [
        { id: "l1", name: "Steel sheet", hsnSac: "7208", quantity: "10", rate: "1000", taxPercent: "18" },
      ],
    };
    const c = await create(s, "/api/delivery-challans", request({ reason: "job_work" }, taxable));
    await create(s, "/api/delivery-challans", request({ reason: "other" }, taxable)); // a draft: not counted
    const issued = await move(s, "/api/delivery-challans", c.id, "issued");
    const pf = await create(s, "/api/proforma-invoices", request({ validUntil: null }, taxable));
    await move(s, "/api/proforma-invoices", pf.id, "sent");
    const res = await t.get("/api/reports/gstr1?period=2026-11", s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const json = res.json();
    expect(json.b2b ?? json.b2cs ?? json.b2cl ?? json.hsn).toBeUndefined();
    expect(json.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 9,
          docs: [{ num: 1, from: issued.number, to: issued.number, totnum: 1, cancel: 0, net_issue: 1 }],
        },
      ],
    });
  });

  it("export and import: proformas and challans come back with their kind, reason, consignee, status and links; the series follow", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const p = await product(s, "10");
    const pf = await create(s, "/api/proforma-invoices", request({ validUntil: "2026-05-31" }));
    await move(s, "/api/proforma-invoices", pf.id, "sent");
    const consignee = { name: "Ravi Godown", gstin: "", address: "Pune", stateCode: "27" };
    const back = await create(
      s,
      "/api/delivery-challans",
      request({ reason: "supply_on_approval", consignee }, { items: chairs(p.id, "1") }),
    );
    await move(s, "/api/delivery-challans", back.id, "issued");
    await move(s, "/api/delivery-challans", back.id, "returned");
    const ids: string[] = [];
    for (const quantity of ["2", "3"]) {
      const c = await create(
        s,
        "/api/delivery-challans",
        request({ reason: "job_work" }, { items: chairs(p.id, quantity) }),
      );
      await move(s, "/api/delivery-challans", c.id, "issued");
      ids.push(c.id);
    }
    const made = (await t.post("/api/delivery-challans/convert", { ids }, s.cookie)).json().invoice;
    expect(await stockOf(s, p.id)).toBe("5");

    const exported = await t.get("/api/export", s.cookie);
    const file = exported.json();
    expect(file.quotes.map((q: { kind: string; status: string }) => [q.kind, q.status])).toEqual([
      ["challan", "returned"],
      ["challan", "converted"],
      ["challan", "converted"],
      ["proforma", "sent"],
    ]);
    expect(file.quotes[0]).toMatchObject({ challanReason: "supply_on_approval", consignee });
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    const imported = await t.post("/api/import", file, s.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    expect((await t.get("/api/export", s.cookie)).body).toBe(exported.body);

    const invoiceId = (await t.get(`/api/delivery-challans/${ids[0]}`, s.cookie)).json().document
      .convertedInvoiceId as string;
    const sources = (await t.get(`/api/invoices/${invoiceId}/source-documents`, s.cookie)).json().documents;
    expect(sources.map((d: { id: string }) => d.id)).toEqual(ids);
    expect((await t.get(`/api/invoices/${invoiceId}`, s.cookie)).json().invoice.invoiceNumber).toBe(
      made.invoiceNumber,
    );
    // Importing moves no stock; the series carry on after the file's highest numbers.
    const productId = (await t.get("/api/products", s.cookie)).json().items[0].id;
    expect(await stockOf(s, productId)).toBe("5");
    expect((await t.get("/api/delivery-challans/next-number", s.cookie)).json().number).toBe(
      "DC/2026-27/0004",
    );
    expect((await t.get("/api/proforma-invoices/next-number", s.cookie)).json().number).toBe(
      "PF/2026-27/0002",
    );
    expect((await t.get("/api/quotes", s.cookie)).json().items).toEqual([]);
  });
});
