import { expect, it } from "vitest";
import { saveGateway, TEST_MODE_GATEWAY } from "../db/queries/gateways";
import { describeEachDb, TEST_ORIGIN, testAppForSuite } from "../testing/harness";
import { invoiceRequest, KESARI_BANK, payableInvoiceRequest } from "../testing/invoice-request";

// The public invoice page: opened by whoever holds the link, without signing in.

describeEachDb("the public invoice page", (kind) => {
  const t = testAppForSuite(kind);

  async function business() {
    const s = await t.signUpAndSignIn();
    await t.putSettings(
      {
        companyName: "Kesari Traders",
        includeBankDetails: true,
        bankDetails: KESARI_BANK,
      },
      s.cookie,
    );
    return s;
  }
  async function issued(cookie: string, number: string, over: Record<string, unknown> = {}) {
    const res = await t.post("/api/invoices", payableInvoiceRequest(number, over), cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice as { id: string; invoiceNumber: string };
  }
  const link = async (cookie: string, id: string) => {
    const res = await t.post(`/api/invoices/${id}/public-link`, {}, cookie);
    return res;
  };
  const path = (url: string) => new URL(url).pathname;
  const view = (p: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: p, headers });

  it("opens without a cookie, shows only that invoice, is never indexed, and offers UPI for the balance", async () => {
    const s = await business();
    const a = await issued(s.cookie, `PUB-A-${Date.now()}`);
    const b = await issued(s.cookie, `PUB-B-${Date.now()}`);
    const made = await link(s.cookie, a.id);
    expect(made.statusCode).toBe(200);
    expect(made.json().url).toMatch(/^http:\/\/localhost:3000\/i\/[A-Za-z0-9_-]{32}$/);

    const page = await view(path(made.json().url));
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain(a.invoiceNumber);
    expect(page.body).toContain("Kesari Traders");
    expect(page.body).not.toContain(b.invoiceNumber);
    expect(page.body).not.toContain(s.email);
    expect(page.body).toContain("SBIN0001234");
    expect(page.body).toContain("Kesari Traders LLP");
    expect(page.body).not.toMatch(/credits/i);
    expect(page.body).toContain("Pay ₹100.00 with UPI");
    expect(page.body).toContain("upi://pay?pa=kesari%40okhdfc");
    expect(page.body).toContain("<svg");
    // The same link again; the other invoice's page is its own.
    expect((await link(s.cookie, a.id)).json().url).toBe(made.json().url);
  });

  it("gives a plain 404 for a wrong, revoked or draft link", async () => {
    const s = await business();
    const inv = await issued(s.cookie, `PUB-R-${Date.now()}`);
    const first = (await link(s.cookie, inv.id)).json().url;
    const renewed = (await t.post(`/api/invoices/${inv.id}/public-link/renew`, {}, s.cookie)).json().url;
    expect(renewed).not.toBe(first);
    expect((await view(path(first))).statusCode).toBe(404);
    expect((await view(path(renewed))).statusCode).toBe(200);
    expect((await view("/i/not-a-token")).statusCode).toBe(404);
    expect((await view(`/i/${"A".repeat(32)}`)).body).toContain("This invoice link does not work");
    const draft = await issued(s.cookie, `PUB-D-${Date.now()}`, { status: "draft" });
    const refused = await link(s.cookie, draft.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Issue the invoice before sharing its link.");
    const other = await t.signUpAndSignIn();
    expect((await link(other.cookie, inv.id)).statusCode).toBe(404);
  });

  it("counts views by others, not by the signed-in owner", async () => {
    const s = await business();
    const inv = await issued(s.cookie, `PUB-V-${Date.now()}`);
    const url = path((await link(s.cookie, inv.id)).json().url);
    await view(url, { cookie: s.cookie });
    const ownKinds = (await t.get(`/api/invoices/${inv.id}/activity`, s.cookie)).json().events;
    expect(ownKinds.map((e: { kind: string }) => e.kind)).not.toContain("viewed");
    expect((await t.get(`/api/invoices/${inv.id}/public-link`, s.cookie)).json()).toMatchObject({
      views: 0,
      firstViewedAt: null,
    });
    await view(url);
    await view(url);
    const seen = (await t.get(`/api/invoices/${inv.id}/public-link`, s.cookie)).json();
    expect(seen.views).toBe(2);
    // Two views within the hour are one visit in the activity list.
    const events = (await t.get(`/api/invoices/${inv.id}/activity`, s.cookie)).json().events;
    expect(events.filter((e: { kind: string }) => e.kind === "viewed")).toHaveLength(1);
    expect(seen.firstViewedAt).not.toBeNull();
  });

  it("does not count a HEAD request as a view", async () => {
    const s = await business();
    const inv = await issued(s.cookie, `PUB-H-${Date.now()}`);
    const url = path((await link(s.cookie, inv.id)).json().url);
    for (let i = 0; i < 3; i++) {
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-type"]).toContain("text/html");
    }
    const after = (await t.get(`/api/invoices/${inv.id}/public-link`, s.cookie)).json();
    expect(after).toMatchObject({ views: 0, firstViewedAt: null });
    const kinds = (await t.get(`/api/invoices/${inv.id}/activity`, s.cookie)).json().events;
    expect(kinds.map((e: { kind: string }) => e.kind)).not.toContain("viewed");
    await view(url);
    expect((await t.get(`/api/invoices/${inv.id}/public-link`, s.cookie)).json().views).toBe(1);
  });

  it("takes 'I have paid' without changing the invoice; the business confirms it into a payment", async () => {
    const s = await business();
    const inv = await issued(s.cookie, `PUB-P-${Date.now()}`);
    const token = path((await link(s.cookie, inv.id)).json().url).slice(3);
    const reported = await t.app.inject({
      method: "POST",
      url: `/api/public/invoices/${token}/payment-reports`,
      headers: { origin: TEST_ORIGIN },
      payload: { utr: "412345678901", note: "Paid from Asha's phone" },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    await expect
      .poll(async () => {
        await t.queue.drain();
        return t.mailer.sent.some((m) => m.subject.includes(inv.invoiceNumber));
      })
      .toBe(true);
    expect((await t.get(`/api/invoices/${inv.id}`, s.cookie)).json().invoice.status).toBe("due");
    const reports = (await t.get(`/api/invoices/${inv.id}/payment-reports`, s.cookie)).json().reports;
    expect(reports).toEqual([
      expect.objectContaining({ utr: "412345678901", status: "open", amountMinor: 10_000 }),
    ]);
    // The list marks the invoice until the report is confirmed or dismissed.
    const listed = async () =>
      (await t.get(`/api/invoices?q=${encodeURIComponent(inv.invoiceNumber)}`, s.cookie))
        .json()
        .items.find((i: { id: string }) => i.id === inv.id);
    expect((await listed()).paymentReported).toBe(true);
    const other = await t.signUpAndSignIn();
    expect((await t.get(`/api/invoices/${inv.id}/payment-reports`, other.cookie)).statusCode).toBe(404);
    const confirmed = await t.post(
      `/api/invoices/${inv.id}/payment-reports/${reports[0].id}/confirm`,
      { paidOn: "2026-05-12" },
      s.cookie,
    );
    expect(confirmed.json().invoice).toMatchObject({ status: "paid", balanceDueMinor: 0 });
    expect((await listed()).paymentReported).toBe(false);
    const again = await t.post(
      `/api/invoices/${inv.id}/payment-reports/${reports[0].id}/confirm`,
      { paidOn: "2026-05-12" },
      s.cookie,
    );
    expect(again.statusCode).toBe(404);
    const payments = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json().payments;
    expect(payments).toEqual([
      expect.objectContaining({ method: "upi", reference: "412345678901", source: "upi_report" }),
    ]);
    const activity = (await t.get(`/api/invoices/${inv.id}/activity`, s.cookie)).json().events;
    expect(activity.map((e: { kind: string }) => e.kind).reverse()).toEqual([
      "created",
      "link_created",
      "payment_reported",
      "report_confirmed",
      "payment_recorded",
      "status_changed",
    ]);
    expect((await t.get(`/api/invoices/${inv.id}/activity`, other.cookie)).statusCode).toBe(404);
    // A paid invoice's page offers nothing to pay.
    const page = await view(`/i/${token}`);
    expect(page.body).toContain('data-status="paid"');
    expect(page.body).not.toContain("with UPI");
  });

  it("pays online through the business's test checkout and records it once", async () => {
    const s = await business();
    await t.send("PUT", "/api/settings/payment-gateway", { testMode: true }, s.cookie);
    const inv = await issued(s.cookie, `PUB-O-${Date.now()}`);
    const token = path((await link(s.cookie, inv.id)).json().url).slice(3);
    expect((await view(`/i/${token}`)).body).toContain("Pay online");
    const call = (url: string, payload: unknown = {}) =>
      t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload: payload as object });
    const order = (await call(`/api/public/invoices/${token}/online-orders`)).json();
    expect(order).toMatchObject({ amount: 10_000, currency: "INR", test_mode: true });
    const answer = (
      await call(`/api/public/invoices/${token}/online-orders/${order.order_id}/test-pay`)
    ).json();
    const [first, second] = await Promise.all([
      call(`/api/public/invoices/${token}/online-payments`, answer),
      call(`/api/public/invoices/${token}/online-payments`, answer),
    ]);
    expect([first.json().recorded, second.json().recorded].filter(Boolean)).toHaveLength(1);
    const payments = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json();
    expect(payments.invoice.status).toBe("paid");
    expect(payments.payments).toEqual([expect.objectContaining({ method: "razorpay", amountMinor: 10_000 })]);
  });

  it("limits how often one address opens public pages", async () => {
    const s = await business();
    const inv = await issued(s.cookie, `PUB-L-${Date.now()}`);
    const url = path((await link(s.cookie, inv.id)).json().url);
    const answers = [];
    for (let i = 0; i < 61; i++) {
      answers.push((await t.app.inject({ method: "GET", url, remoteAddress: "203.0.113.9" })).statusCode);
    }
    expect(answers.slice(0, 60).every((c) => c === 200)).toBe(true);
    expect(answers[60]).toBe(429);
    expect((await t.app.inject({ method: "GET", url, remoteAddress: "203.0.113.10" })).statusCode).toBe(200);
  });
});

// In production the business's test checkout exists only with PAYMENTS_TEST_MODE=1 (decision 0043).
for (const testModeFlag of [undefined, "1"] as const) {
  const title = testModeFlag ? "with PAYMENTS_TEST_MODE=1" : "without PAYMENTS_TEST_MODE";
  describeEachDb(`a business's test-mode payments in production ${title}`, (kind) => {
    const t = testAppForSuite(kind, {
      env: { NODE_ENV: "production", ...(testModeFlag ? { PAYMENTS_TEST_MODE: testModeFlag } : {}) },
    });
    const call = (url: string) =>
      t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload: {} });

    it(
      testModeFlag ? "can be chosen and paid" : "cannot be chosen, and a saved one takes no payment",
      async () => {
        const s = await t.signUpAndSignIn();
        const chosen = await t.send("PUT", "/api/settings/payment-gateway", { testMode: true }, s.cookie);
        expect(chosen.statusCode).toBe(testModeFlag ? 200 : 400);
        // One saved while the test checkout was on (or by an older Bahi) stays in the database.
        await saveGateway(t.database.db, {
          businessId: await t.userIdOf(s.cookie),
          webhookToken: `hook-${Date.now()}`,
          fields: TEST_MODE_GATEWAY,
        });
        expect((await t.get("/api/settings/payment-gateway", s.cookie)).json()).toMatchObject({
          connected: Boolean(testModeFlag),
          testMode: true,
          testModeAvailable: Boolean(testModeFlag),
        });
        const made = await t.post(
          "/api/invoices",
          invoiceRequest(`PUB-T-${Date.now()}`, { dueDate: "2099-01-31" }),
          s.cookie,
        );
        const inv = made.json().invoice as { id: string };
        const token = new URL(
          (await t.post(`/api/invoices/${inv.id}/public-link`, {}, s.cookie)).json().url,
        ).pathname.slice(3);
        const page = await t.get(`/i/${token}`);
        expect(page.statusCode).toBe(200);
        expect(page.body.includes("Pay online")).toBe(Boolean(testModeFlag));
        const order = await call(`/api/public/invoices/${token}/online-orders`);
        const orderId = testModeFlag ? order.json().order_id : "order_test_0123456789abcdef0123";
        expect(order.statusCode).toBe(testModeFlag ? 200 : 404);
        const paid = await call(`/api/public/invoices/${token}/online-orders/${orderId}/test-pay`);
        expect(paid.statusCode).toBe(testModeFlag ? 200 : 404);
        const payments = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json();
        expect(payments.invoice.status).toBe("due");
      },
    );
  });
}
