import fc from "fast-check";
import { afterAll, expect, it } from "vitest";
import { addDays } from "#domain/dates";
import { csvLines } from "#domain/testing/csv";
import { resetClock } from "../clock";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { invoiceRequest, KESARI_BANK } from "../testing/invoice-request";
import { pdfText } from "../testing/pdf-text";

// Statements of account (issue 32 part 2, decision 0081) on PGlite and PostgreSQL: the activity and
// open-items statements from the documents as stored (drafts, cancelled invoices, other clients and
// other currencies left out), their totals equal for every end date, and the PDF, CSV, public page,
// mail and API key paths; another business's client is a 404 on each.

afterAll(() => resetClock());

describeEachDb("statements of account", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });
  const Q = "from=2026-04-01&to=2026-06-30";

  async function client(s: Session, name = "Meera Stores", email = "accounts@meera.example") {
    const res = await t.post("/api/clients", { name, email }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  }

  /** An invoice of `rupees` for the client, dated `date`, due `dueDate`. */
  async function invoice(
    s: Session,
    clientId: string,
    date: string,
    rupees: number,
    over: Record<string, unknown> = {},
  ) {
    const number = `S-${Math.random().toString(36).slice(2, 8)}`;
    const res = await t.post(
      "/api/invoices",
      invoiceRequest(number, {
        clientId,
        client: { name: "Meera Stores" },
        invoiceDate: date,
        dueDate: addDays(date, 30),
        items: [{ id: "l1", name: "Goods", quantity: "1", rate: String(rupees) }],
        ...over,
      }),
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  }

  async function pay(s: Session, invoiceId: string, paidOn: string, rupees: number, reference = "") {
    const res = await t.post(
      `/api/invoices/${invoiceId}/payments`,
      { amountMinor: rupees * 100, paidOn, method: "upi", reference },
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
  }

  async function creditNote(
    s: Session,
    invoiceId: string,
    noteDate: string,
    rupees: number,
    kind = "credit",
  ) {
    const res = await t.post(
      "/api/credit-notes",
      {
        invoiceId,
        kind,
        noteDate,
        reason: "others",
        lines: [{ originalLineId: null, name: "Rate difference", amount: String(rupees) }],
      },
      s.cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json().note as { id: string; noteNumber: string };
  }

  const statement = async (s: Session, clientId: string, query = Q) => {
    const res = await t.get(`/api/statements/${clientId}?${query}`, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  /** Each row as the list of the named fields, in that order. */
  const columns = (rows: Record<string, unknown>[], ...keys: string[]) =>
    rows.map((row) => keys.map((key) => row[key]));

  /**
   * Meera's account: A (₹500, March, opening) part-paid in April; B (₹1,000) paid 600 then a credit
   * note of 1,000 (400 applied, 600 over); C (₹300, June, not due); ₹250 paid on 28 June for D dated
   * 5 July (an advance on 30 June); and what a statement leaves out.
   */
  async function meera() {
    const s = await t.signUpAndSignIn();
    await t.putSettings(
      { companyName: "Kesari Traders", bankDetails: KESARI_BANK, includeBankDetails: true },
      s.cookie,
    );
    const id = await client(s);
    const a = await invoice(s, id, "2026-03-20", 500);
    await pay(s, a.id, "2026-04-10", 200, "UTR516001238743");
    const b = await invoice(s, id, "2026-04-15", 1000);
    await pay(s, b.id, "2026-04-25", 600);
    const cn = await creditNote(s, b.id, "2026-05-05", 1000);
    const c = await invoice(s, id, "2026-06-10", 300);
    const d = await invoice(s, id, "2026-07-05", 250);
    await pay(s, d.id, "2026-06-28", 250);
    // Left out: a draft, a cancelled invoice, another client's invoice, a USD invoice.
    await invoice(s, id, "2026-05-01", 9000, { status: "draft" });
    const cancelled = await invoice(s, id, "2026-05-02", 7000);
    expect(
      (await t.post(`/api/invoices/${cancelled.id}/status`, { status: "cancelled" }, s.cookie)).statusCode,
    ).toBe(200);
    await invoice(s, await client(s, "Other Buyer"), "2026-05-03", 5000);
    await invoice(s, id, "2026-05-04", 40, { currency: "USD" });
    return { s, id, a, b, c, d, cn };
  }

  it("an activity statement with a running balance and open items aged on the end date; both totals agree", async () => {
    const { s, id, a, b, c, cn } = await meera();
    const st = await statement(s, id);
    expect(st).toMatchObject({
      from: "2026-04-01",
      to: "2026-06-30",
      currency: "INR",
      currencies: ["INR", "USD"],
    });
    expect(st.activity.openingMinor).toBe(500_00);
    expect(columns(st.activity.rows, "title", "debitMinor", "creditMinor", "balanceMinor")).toEqual([
      ["Payment Received", 0, 200_00, 300_00],
      ["Invoice", 1000_00, 0, 1300_00],
      ["Payment Received", 0, 600_00, 700_00],
      ["Credit Note", 0, 1000_00, -300_00],
      ["Invoice", 300_00, 0, 0],
      ["Payment Received", 0, 250_00, -250_00],
    ]);
    expect(st.activity.rows[0].details).toBe(`UPI · UTR516001238743 · against ${a.invoiceNumber}`);
    expect(st.activity.rows[3]).toMatchObject({
      number: cn.noteNumber,
      details: `against ${b.invoiceNumber} · ₹600.00 not adjusted`,
    });
    expect(st.activity).toMatchObject({
      totalDebitMinor: 1300_00,
      totalCreditMinor: 2050_00,
      closingMinor: -250_00,
    });
    expect(columns(st.openItems.items, "id", "pendingMinor", "daysOverdue", "bucket")).toEqual([
      [a.id, 300_00, 72, "61-90"],
      [c.id, 300_00, -10, "current"],
    ]);
    expect(st.openItems.unallocatedMinor).toBe(850_00);
    expect(st.openItems.totalMinor).toBe(-250_00);

    // A month on, D is in the books and its advance settles it; A is over 90 days.
    const july = await statement(s, id, "from=2026-07-01&to=2026-07-31");
    expect(july.activity.openingMinor).toBe(-250_00);
    expect(july.activity.closingMinor).toBe(0);
    expect(july.openItems.items.map((i: { bucket: string }) => i.bucket)).toEqual(["90+", "1-30"]);
    expect(july.openItems.unallocatedMinor).toBe(600_00);
    // Every end date from March to August: open items' total = closing balance.
    for (let day = "2026-03-15"; day <= "2026-08-15"; day = addDays(day, 9)) {
      const on = await statement(s, id, `from=2026-03-01&to=${day}`);
      expect(on.openItems.totalMinor, day).toBe(on.activity.closingMinor);
    }
    const usd = await statement(s, id, `${Q}&currency=USD`);
    expect(usd.activity.closingMinor).toBe(40_00);
    const bad = await t.get(`/api/statements/${id}?from=2026-07-01&to=2026-06-30`, s.cookie);
    expect(bad.statusCode).toBe(400);
  }, 120_000);

  it("random histories through the API: open items' total = closing balance on both databases", async () => {
    const s = await t.signUpAndSignIn();
    const id = await client(s);
    const op = fc.record({
      day: fc.integer({ min: 0, max: 120 }),
      rupees: fc.integer({ min: 1, max: 900 }),
      next: fc.constantFrom("nothing", "pay", "pay_later", "credit", "debit"),
      later: fc.integer({ min: -20, max: 60 }),
    });
    const ops = fc.sample(fc.array(op, { minLength: 8, maxLength: 8 }), { numRuns: 1, seed: 32 })[0]!;
    for (const o of ops) {
      const date = addDays("2026-04-01", o.day);
      const inv = await invoice(s, id, date, o.rupees);
      const on = addDays(date, o.later);
      if (o.next === "pay") await pay(s, inv.id, on, Math.ceil(o.rupees / 2));
      if (o.next === "pay_later") await pay(s, inv.id, on, o.rupees);
      if (o.next === "credit") await creditNote(s, inv.id, addDays(date, Math.abs(o.later)), o.rupees);
      if (o.next === "debit")
        await creditNote(s, inv.id, addDays(date, Math.abs(o.later)), o.rupees, "debit");
    }
    for (let day = "2026-03-31"; day <= "2026-09-30"; day = addDays(day, 11)) {
      const on = await statement(s, id, `from=2026-03-15&to=${day}`);
      expect(on.openItems.totalMinor, day).toBe(on.activity.closingMinor);
      const buckets = Object.values(on.openItems.buckets as Record<string, number>).reduce(
        (x, y) => x + y,
        0,
      );
      expect(buckets - on.openItems.unallocatedMinor, day).toBe(on.activity.closingMinor);
    }
  }, 120_000);

  it("CSV, PDF for one credit, a public page with the exact balance's UPI QR, and the mail", async () => {
    const s = await t.signUpAndSignIn();
    await t.putSettings(
      { companyName: "Kesari Traders", bankDetails: KESARI_BANK, includeBankDetails: true },
      s.cookie,
    );
    const id = await client(s, '=Meera, "Stores"');
    const a = await invoice(s, id, "2026-04-10", 1180);
    await pay(s, a.id, "2026-04-20", 180);

    const csv = await t.get(`/api/statements/${id}/export.csv?${Q}`, s.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/statement-meera-stores-2026-04-01-2026-06-30\.csv/);
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe("Date,Document,Number,Details,Currency,Debit,Credit,Balance,Dr/Cr");
    expect(lines[1]).toBe("2026-04-01,Opening Balance,,,INR,,,0.00,");
    expect(lines.at(-1)).toBe("2026-06-30,Closing Balance,,,INR,,,1000.00,Dr");
    const open = await t.get(`/api/statements/${id}/export.csv?${Q}&part=open_items`, s.cookie);
    expect(open.body).toContain(`${a.invoiceNumber},2026-05-10,1180.00,180.00,1000.00,51,31–60 days`);

    expect((await t.get(`/api/statements/${id}/pdf?${Q}`, s.cookie)).statusCode).toBe(405);
    const pdf = await t.post(`/api/statements/${id}/pdf?${Q}`, {}, s.cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["x-credits-remaining"]).toBe("24");
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain("STATEMENT OF ACCOUNT");
    expect(text).toContain("₹1,000.00 Dr");
    expect(text).toContain("OPEN ITEMS AS ON 30 JUN 2026");
    const ledger = (await t.get("/api/credits/ledger", s.cookie)).json().entries[0];
    expect(ledger).toMatchObject({
      delta: -1,
      invoiceNumber: 'Statement =Meera, "Stores" 2026-04-01 to 2026-06-30',
    });

    const link = await t.post(`/api/statements/${id}/public-link?${Q}`, {}, s.cookie);
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json().url as string;
    expect(url).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);
    const again = await t.post(`/api/statements/${id}/public-link?${Q}`, {}, s.cookie);
    expect(again.json().url).toBe(url);
    const page = await t.get(new URL(url).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain("STATEMENT OF ACCOUNT");
    expect(page.body).toContain(
      "upi://pay?pa=kesari%40okhdfc&amp;pn=Kesari%20Traders&amp;am=1000.00&amp;cu=INR",
    );
    // A payment recorded later shows on the same link.
    await pay(s, a.id, "2026-06-01", 1000);
    const paid = await t.get(new URL(url).pathname);
    expect(paid.body).toContain("Settled");
    expect(paid.body).not.toContain("upi://pay");
    const renewed = await t.post(`/api/statements/${id}/public-link?${Q}`, { renew: true }, s.cookie);
    expect(renewed.json().url).not.toBe(url);
    expect((await t.get(new URL(url).pathname)).statusCode).toBe(404);

    const sent = await t.post(
      `/api/statements/${id}/send?from=2026-04-01&to=2026-05-31`,
      {
        to: ["accounts@meera.example"],
        subject: "Statement of account from {business_name}",
        message: "Dear {client_name}, for {period} you owe {amount}: {link}",
        attachPdf: true,
      },
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sent: true, creditsRemaining: 23 });
    await t.queue.drain();
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.subject).toBe("Statement of account from Kesari Traders");
    expect(mail.text).toBe(
      `Dear =Meera, "Stores", for 1 Apr 2026 to 31 May 2026 you owe ₹1,000.00: ${sent.json().link}`,
    );
    expect(mail.attachments?.[0]?.content.subarray(0, 5).toString()).toBe("%PDF-");
    const activity = (await t.get("/api/activity?action=sent", s.cookie)).json().items[0];
    expect(activity.record).toMatchObject({
      kind: "statement",
      label: `=Meera, "Stores", 1 Apr 2026 to 31 May 2026`,
    });
  }, 120_000);

  it("another business's client is a 404 on every statement route; an API key reads statements", async () => {
    const { s, id } = await meera();
    const other = await t.signUpAndSignIn();
    for (const [method, url] of [
      ["GET", `/api/statements/${id}?${Q}`],
      ["GET", `/api/statements/${id}/export.csv?${Q}`],
      ["POST", `/api/statements/${id}/pdf?${Q}`],
      ["POST", `/api/statements/${id}/public-link?${Q}`],
      ["POST", `/api/statements/${id}/send?${Q}`],
    ] as const) {
      const body = url.includes("/send") ? { to: ["x@example.com"], subject: "s", message: "m" } : {};
      const res = method === "GET" ? await t.get(url, other.cookie) : await t.post(url, body, other.cookie);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await t.get("/api/credits", other.cookie)).json().credits).toBe(25);
    const key = (await t.post("/api/api-keys", { name: "books", scope: "read_write" }, s.cookie)).json().key;
    const byKey = await t.withKey("GET", `/api/statements/${id}?${Q}`, key);
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().activity.closingMinor).toBe(-250_00);
    const openapi = (await t.get("/api/docs/openapi.json")).json();
    expect(Object.keys(openapi.paths)).toContain("/api/statements/{id}");
  }, 120_000);

  it("the monthly job e-mails last month's statement, once, to each client who owes something", async () => {
    const s = await t.signUpAndSignIn();
    await t.putSettings({ companyName: "Kesari Traders" }, s.cookie);
    await t.post("/api/test/clock", { now: "2026-11-20T06:00:00Z" });
    expect((await t.get("/api/statements/monthly", s.cookie)).json()).toEqual({
      enabled: false,
      enabledAt: null,
    });
    const on = await t.send("PUT", "/api/statements/monthly", { enabled: true }, s.cookie);
    expect(on.json()).toEqual({ enabled: true, enabledAt: "2026-11-20T06:00:00.000Z" });
    const logged = (await t.get("/api/activity?action=settings_changed", s.cookie)).json().items;
    expect(logged[0]).toMatchObject({
      record: { kind: "settings", label: "" },
      detail: { fields: ["monthlyStatements"] },
    });
    const tag = Math.random().toString(36).slice(2, 8);
    const owes = await client(s, "Owes Stores", `owes-${tag}@example.com`);
    const settled = await client(s, "Settled Stores", `settled-${tag}@example.com`);
    await invoice(s, owes, "2026-10-10", 700);
    const paidUp = await invoice(s, settled, "2026-10-11", 300);
    await pay(s, paidUp.id, "2026-10-20", 300);
    const mailsTo = (email: string) => t.mailer.sent.filter((m) => m.to.includes(email));
    const runAt = async (instant: string) => {
      expect((await t.post("/api/test/clock", { now: instant })).statusCode).toBe(200);
      expect((await t.post("/api/test/run-jobs", {})).statusCode).toBe(200);
      await t.queue.drain();
    };
    // October ended before they were switched on: not sent.
    await runAt("2026-11-25T06:00:00Z");
    expect(mailsTo(`owes-${tag}@example.com`)).toHaveLength(0);
    await runAt("2026-12-01T06:00:00Z");
    await runAt("2026-12-01T07:00:00Z");
    resetClock();
    const mails = mailsTo(`owes-${tag}@example.com`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Statement of account from Kesari Traders");
    expect(mails[0]!.text).toContain("statement of account for 1 Nov 2026 to 30 Nov 2026");
    expect(mails[0]!.text).toContain("The balance due is ₹700.00.");
    expect(mailsTo(`settled-${tag}@example.com`)).toHaveLength(0);
  }, 120_000);
});
