import { expect, it } from "vitest";
import { paymentReports } from "../db/schema";
import { describeEachDb, statusCounts, TEST_ORIGIN, testAppForSuite } from "../testing/harness";
import { invoiceRequest, KESARI_BANK, payableInvoiceRequest } from "../testing/invoice-request";

// Limits that count what exists and then add to it must hold when the requests come at once: on
// PostgreSQL these run in parallel on separate connections (PGlite takes them in turn).

describeEachDb("limits under concurrent requests", (kind) => {
  const t = testAppForSuite(kind);

  async function sharedInvoice(cookie: string) {
    const res = await t.post(
      "/api/invoices",
      payableInvoiceRequest(`LIM-${Date.now()}-${Math.random().toString(36).slice(2, 6)}`),
      cookie,
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().invoice.id as string;
    const url = (await t.post(`/api/invoices/${id}/public-link`, {}, cookie)).json().url as string;
    return { id, token: new URL(url).pathname.slice(3) };
  }
  /** A stranger's POST to a public route, each from its own address (the view limit is per address). */
  const publicPost = (url: string, i: number, payload: object = {}) =>
    t.app.inject({
      method: "POST",
      url,
      headers: { origin: TEST_ORIGIN },
      payload,
      remoteAddress: `198.51.100.${i + 1}`,
    });

  it("keeps 5 'I have paid' reports per invoice of 30 sent at once", async () => {
    const s = await t.signUpAndSignIn();
    await t.send("PUT", "/api/settings", { includeBankDetails: true, bankDetails: KESARI_BANK }, s.cookie);
    const inv = await sharedInvoice(s.cookie);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        publicPost(`/api/public/invoices/${inv.token}/payment-reports`, i, { utr: `41234567${1000 + i}` }),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 5, 429: 25 });
    const kept = await t.database.db.select().from(paymentReports);
    expect(kept.filter((r) => r.invoiceId === inv.id)).toHaveLength(5);
  });

  it("opens 20 online orders on one public invoice of 50 asked for at once", async () => {
    const s = await t.signUpAndSignIn();
    await t.send("PUT", "/api/settings/payment-gateway", { testMode: true }, s.cookie);
    const inv = await sharedInvoice(s.cookie);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => publicPost(`/api/public/invoices/${inv.token}/online-orders`, i)),
    );
    expect(statusCounts(answers)).toEqual({ 200: 20, 429: 30 });
  });

  it("opens 30 credit orders an hour of 50 asked for at once", async () => {
    const s = await t.signUpAndSignIn();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        t.post("/api/functions/create-razorpay-order", { planId: "plan_100_credits" }, s.cookie),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 200: 30, 429: 20 });
  });

  it("creates 20 live API keys of 30 asked for at once", async () => {
    const s = await t.signUpAndSignIn();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post("/api/api-keys", { name: `Key ${i}`, scope: "read" }, s.cookie),
      ),
    );
    expect(statusCounts(answers)).toEqual({ 201: 20, 400: 10 });
  });

  it.skipIf(kind !== "postgres")(
    "clears all data one request at a time while invoices are created",
    async () => {
      const s = await t.signUpAndSignIn();
      const failures: string[] = [];
      for (let round = 0; round < 15; round++) {
        const answers = await Promise.all([
          t.post("/api/functions/clear-user-data", {}, s.cookie),
          t.post("/api/invoices", invoiceRequest(`CLR-${round}-A`), s.cookie),
          t.post("/api/functions/clear-user-data", {}, s.cookie),
          t.post("/api/invoices", invoiceRequest(`CLR-${round}-B`), s.cookie),
        ]);
        for (const a of answers) if (a.statusCode >= 500) failures.push(a.body);
      }
      expect(failures).toEqual([]);
    },
  );
});
