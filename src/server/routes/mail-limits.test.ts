import { expect, it } from "vitest";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { createInvoice, createQuote, invoiceRequest } from "../testing/invoice-request";

// Bahi as an open relay (issue 27 item 2): one account's mail to strangers is limited per hour and
// per day in recipients, counted in the database, whichever path sends it (invoice or quote, a
// session or an API key), and a mail goes to at most 5 To and 5 Cc.

describeEachDb("mail limits", (kind) => {
  const t = testAppForSuite(kind, {
    env: {
      MAIL_LIMIT_NEW_PER_HOUR: "10",
      MAIL_LIMIT_NEW_PER_DAY: "40",
      MAIL_LIMIT_PER_HOUR: "100",
      MAIL_LIMIT_PER_DAY: "400",
    },
  });

  const issued = (cookie: string) => createInvoice(t, cookie, {}, "ML");
  const body = (to: string[], cc: string[] = []) => ({
    to,
    cc,
    subject: "Invoice",
    message: "Here it is.",
    attachPdf: false,
  });
  const addresses = (n: number, tag: string) => Array.from({ length: n }, (_, i) => `${tag}${i}@example.com`);

  it("of 30 sends at once from a new account, exactly the hour's 10 recipients go; the rest get 429 with Retry-After", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.post(`/api/invoices/${inv.id}/send`, body([`client${i}@example.com`]), s.cookie),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(20);
    for (const answer of refused) {
      const retryAfter = Number(answer.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(answer.json().error.message).toMatch(/^You can send at most 10 e-mails an hour/);
    }
    // Only the accepted ones were queued.
    expect(await t.queue.drain()).toBe(10);
  });

  it("counts each recipient, To and Cc, and refuses more than 5 of either with a 400 naming the field", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    const send = (to: string[], cc: string[] = []) =>
      t.post(`/api/invoices/${inv.id}/send`, body(to, cc), s.cookie);
    const eleven = await send(addresses(6, "to"), addresses(5, "cc"));
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error.fields).toMatchObject({ to: "At most 5 addresses." });
    const ccSix = await send(addresses(1, "to"), addresses(6, "cc"));
    expect(ccSix.statusCode).toBe(400);
    expect(ccSix.json().error.fields).toMatchObject({ cc: "At most 5 addresses." });
    // 5 + 3 = 8 of the hour's 10; then 3 more do not fit, 2 do.
    expect((await send(addresses(5, "a"), addresses(3, "b"))).statusCode).toBe(200);
    expect((await send(addresses(3, "c"))).statusCode).toBe(429);
    expect((await send(addresses(2, "d"))).statusCode).toBe(200);
    await t.queue.drain();
  });

  it("one limit for invoices and quotes, through a session and through an API key", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await issued(s.cookie);
    const quoteId = await createQuote(t, s.cookie, "meera@example.com");
    const key = (await t.post("/api/api-keys", { name: "Relay", scope: "read_write" }, s.cookie)).json()
      .key as string;
    const withKey = (url: string, payload: unknown) =>
      t.app.inject({
        method: "POST",
        url,
        payload: payload as object,
        headers: { authorization: `Bearer ${key}` },
      });

    expect(
      (await t.post(`/api/quotes/${quoteId}/send`, body(addresses(5, "q"), addresses(4, "r")), s.cookie))
        .statusCode,
    ).toBe(200);
    expect((await withKey(`/api/quotes/${quoteId}/send`, body(addresses(1, "k")))).statusCode).toBe(200);
    // The hour's 10 are used: every path is refused alike.
    const viaKey = await withKey(`/api/invoices/${inv.id}/send`, body(["late@example.com"]));
    expect(viaKey.statusCode).toBe(429);
    expect(viaKey.headers["retry-after"]).toBeDefined();
    expect((await withKey(`/api/quotes/${quoteId}/send`, body(["late@example.com"]))).statusCode).toBe(429);
    expect(
      (await t.post(`/api/quotes/${quoteId}/send`, body(["late@example.com"]), s.cookie)).statusCode,
    ).toBe(429);
    await t.queue.drain();
  });

  it("refuses a client e-mail that is a list or carries a header, where it is entered", async () => {
    const s = await t.signUpAndSignIn();
    for (const email of ["a@x.com, b@y.com", "a@x.com\r\nBcc: c@z.com", "a@x.com;b@y.com"]) {
      const invoice = await t.post(
        "/api/invoices",
        invoiceRequest(`BAD-${Math.random().toString(36).slice(2, 8)}`, { client: { name: "Asha", email } }),
        s.cookie,
      );
      expect(invoice.statusCode, email).toBe(400);
      const client = await t.post("/api/clients", { name: "Asha", email }, s.cookie);
      expect(client.statusCode, email).toBe(400);
      expect(client.json().error.fields.email).toBe("Enter a valid e-mail address.");
      const inv = await issued(s.cookie);
      const sent = await t.post(`/api/invoices/${inv.id}/send`, body([email]), s.cookie);
      expect(sent.statusCode, email).toBe(400);
    }
  });
});
