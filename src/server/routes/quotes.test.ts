import { eq } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { QUOTE_MESSAGES } from "#domain/quotes";
import { DEFAULT_QUOTE_TERMS, DEFAULT_TERMS } from "#domain/settings";
import { resetClock } from "../clock";
import { userCredits } from "../db/schema";
import {
  describeEachDb,
  expectEachNotFound,
  type Method,
  type Session,
  TEST_ORIGIN,
  testAppForSuite,
} from "../testing/harness";
import { quoteRequest as baseQuoteRequest } from "../testing/invoice-request";
import { pdfText } from "../testing/pdf-text";

// Quotes through the HTTP API (issue 16 part 2), on the test clock: the series, the public page's
// Accept and Decline without signing in, expiry in the user's time zone, conversion, access.

afterAll(() => resetClock());

/** The two lines of the quotes made here: four teak chairs, 5 % off, at 18 %, and their delivery. */
const CHAIRS_AND_DELIVERY = [
  { id: "l1", name: "Teak chair", quantity: "4", rate: "2499.50", discountPercent: "5", taxPercent: "18" },
  { id: "l2", name: "Delivery", quantity: "1", rate: "350" },
];

const QUOTE_NOTES = "Delivery within a week of the order.";

/** A quote as the editor sends it: two lines for Meera Stores, May 2026, valid through 31 May. */
const quoteRequest = (over: Record<string, unknown> = {}) =>
  baseQuoteRequest({
    client: { name: "Meera Stores", email: "meera@example.com", phone: "98765 43210" },
    items: CHAIRS_AND_DELIVERY,
    notes: QUOTE_NOTES,
    ...over,
  });

/** Asia/Kolkata is UTC+5:30: 18:29 UTC is 23:59 there, 18:30 UTC the next day's midnight. */
const clockAt = (iso: string) => ({ now: iso });

describeEachDb("quotes", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });

  const setClock = (iso: string) => t.post("/api/test/clock", clockAt(iso));

  async function createQuote(s: Session, over: Record<string, unknown> = {}) {
    const res = await t.post("/api/quotes", quoteRequest(over), s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().quote as { id: string; quoteNumber: string; document: Record<string, unknown> };
  }
  /** Makes the quote's public link (which sends a draft) and answers the link's path. */
  async function linkOf(s: Session, id: string) {
    const res = await t.post(`/api/quotes/${id}/public-link`, {}, s.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().url).pathname;
  }
  /** The client's answer from the public page: no cookie, the page's own origin. */
  const answer = (token: string, verb: "accept" | "decline", body: unknown) =>
    t.app.inject({
      method: "POST",
      url: `/api/public/quotes/${token}/${verb}`,
      payload: body as object,
      headers: { origin: TEST_ORIGIN, "x-forwarded-for": "203.0.113.9" },
    });
  const tokenOf = (p: string) => p.split("/").pop()!;

  it("numbers quotes in their own series per financial year, QT/2026-27/0001 on", async () => {
    await setClock("2026-05-01T06:00:00Z");
    const s = await t.signUpAndSignIn();
    expect((await t.get("/api/quotes/next-number", s.cookie)).json()).toEqual({
      quoteNumber: "QT/2026-27/0001",
    });
    expect((await createQuote(s)).quoteNumber).toBe("QT/2026-27/0001");
    expect((await createQuote(s)).quoteNumber).toBe("QT/2026-27/0002");
    expect((await createQuote(s, { quoteNumber: "QT/2026-27/0010" })).quoteNumber).toBe("QT/2026-27/0010");
    expect((await createQuote(s)).quoteNumber).toBe("QT/2026-27/0011");
    const nextYear = await createQuote(s, { quoteDate: "2027-04-01", validUntil: "2027-04-30" });
    expect(nextYear.quoteNumber).toBe("QT/2027-28/0001");
    // A draft re-dated into another financial year takes that year's series; once sent, the
    // client has seen its number and it stays.
    const redate = (id: string, quoteNumber: string | null) =>
      t.send(
        "PUT",
        `/api/quotes/${id}`,
        quoteRequest({ quoteNumber, quoteDate: "2027-04-02", validUntil: "2027-04-30" }),
        s.cookie,
      );
    const draft = await createQuote(s);
    expect(draft.quoteNumber).toBe("QT/2026-27/0012");
    expect((await redate(draft.id, draft.quoteNumber)).json().quote.quoteNumber).toBe("QT/2027-28/0002");
    const sent = await createQuote(s);
    await t.post(`/api/quotes/${sent.id}/status`, { status: "sent" }, s.cookie);
    expect((await redate(sent.id, null)).json().quote.quoteNumber).toBe("QT/2026-27/0013");
    const taken = await t.post("/api/quotes", quoteRequest({ quoteNumber: "QT/2026-27/0002" }), s.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("quote_number_taken");
    // Quotes do not take invoice numbers: the invoice series is untouched.
    const invoices = await t.get("/api/invoices", s.cookie);
    expect(invoices.json().items).toEqual([]);
    const bad = await t.post("/api/quotes", quoteRequest({ validUntil: "2026-04-01" }), s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.validUntil).toBe("Valid until cannot be before the quote date.");
  });

  it("the client accepts from the public page without signing in; the answer keeps name, comment, time and IP", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const draft = await createQuote(s);
    const draftPage = await t.get("/q/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(draftPage.statusCode).toBe(404);
    const p = await linkOf(s, draft.id);
    expect(p).toMatch(/^\/q\/[A-Za-z0-9_-]{32}$/);

    const page = await t.get(p);
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-robots-tag"]).toBe("noindex, nofollow");
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain("QUOTATION");
    expect(page.body).toContain(draft.quoteNumber);
    expect(page.body).toContain("Valid Until");
    // Notes are shown as typed (HTML-escaped, not URL-escaped).
    expect(page.body).toContain("Delivery within a week of the order.");
    expect(page.body).toContain('id="answer-form"');
    expect(page.body).toContain('src="/q/page.js"');
    expect(page.body).not.toContain(s.email);
    expect((await t.get("/q/page.js")).statusCode).toBe(200);

    const nameless = await answer(tokenOf(p), "accept", { name: " ", comment: "" });
    expect(nameless.statusCode).toBe(400);
    const accepted = await answer(tokenOf(p), "accept", {
      name: "Meera Iyer",
      comment: "Please deliver on Monday.",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ status: "accepted" });
    // The business is told by e-mail, with the comment and the way to the quote.
    await expect
      .poll(async () => {
        await t.queue.drain();
        return t.mailer.sent.find((m) => m.to === s.email && m.subject.includes(draft.quoteNumber));
      })
      .toMatchObject({
        subject: `Quote ${draft.quoteNumber} accepted by Meera Iyer`,
        text: expect.stringContaining(
          "Comment (written by the visitor of your quote's public page; Bahi did not check it):\nPlease deliver on Monday.",
        ),
      });
    expect(
      t.mailer.sent.find((m) => m.to === s.email && m.subject.includes(draft.quoteNumber))?.text,
    ).toContain(`/quotes/${draft.id}`);

    const read = (await t.get(`/api/quotes/${draft.id}`, s.cookie)).json().quote;
    expect(read.status).toBe("accepted");
    expect(read.answer).toMatchObject({
      name: "Meera Iyer",
      comment: "Please deliver on Monday.",
      at: "2026-05-10T06:00:00.000Z",
    });
    expect(read.answer.ip).toEqual(expect.any(String));
    const again = await answer(tokenOf(p), "decline", { name: "Meera Iyer" });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(QUOTE_MESSAGES.acceptedNoDecline);
    const activity = (await t.get(`/api/quotes/${draft.id}/activity`, s.cookie)).json().events;
    expect(activity.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(["created", "marked_sent", "link_created", "viewed", "accepted"]),
    );
    // A new link kills the old one at once.
    const renewed = await t.post(`/api/quotes/${draft.id}/public-link/renew`, {}, s.cookie);
    expect((await t.get(p)).statusCode).toBe(404);
    expect((await t.get(new URL(renewed.json().url).pathname)).statusCode).toBe(200);
  });

  it("does not count a HEAD request on the public page as a view", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const q = await createQuote(s);
    const p = await linkOf(s, q.id);
    const viewed = async () =>
      (await t.get(`/api/quotes/${q.id}/activity`, s.cookie))
        .json()
        .events.filter((e: { kind: string }) => e.kind === "viewed").length;
    const head = await t.app.inject({ method: "HEAD", url: p });
    expect(head.statusCode).toBe(200);
    expect(await viewed()).toBe(0);
    expect((await t.get(p)).statusCode).toBe(200);
    expect(await viewed()).toBe(1);
  });

  it("a declined quote cannot be accepted", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const q = await createQuote(s);
    const token = tokenOf(await linkOf(s, q.id));
    const declined = await answer(token, "decline", { name: "Meera Iyer", comment: "Too costly." });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toEqual({ status: "declined" });
    const accept = await answer(token, "accept", { name: "Meera Iyer" });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error).toEqual({ code: "quote_closed", message: QUOTE_MESSAGES.declined });
    const page = await t.get(`/q/${token}`);
    expect(page.body).not.toContain('id="answer-form"');
    expect(page.body).toContain(QUOTE_MESSAGES.declined);
    const convert = await t.post(`/api/quotes/${q.id}/convert`, {}, s.cookie);
    expect(convert.statusCode).toBe(409);
    expect(convert.json().error.message).toBe(QUOTE_MESSAGES.notAccepted);
  });

  it("expires after the whole valid-until day in the user's time zone, and then cannot be accepted", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const q = await createQuote(s);
    const token = tokenOf(await linkOf(s, q.id));
    const shown = async () => (await t.get(`/api/quotes/${q.id}`, s.cookie)).json().quote.displayStatus;
    const listed = async (status: string) =>
      (await t.get(`/api/quotes?status=${status}`, s.cookie)).json().items.map((i: { id: string }) => i.id);

    // 23:59 on 31 May in Kolkata (18:29 UTC): still valid.
    await setClock("2026-05-31T18:29:00Z");
    expect(await shown()).toBe("sent");
    expect(await listed("sent")).toEqual([q.id]);
    expect(await listed("expired")).toEqual([]);

    // 00:00 on 1 June in Kolkata (18:30 UTC on 31 May): expired, though UTC's date is still the 31st.
    await setClock("2026-05-31T18:30:00Z");
    expect(await shown()).toBe("expired");
    expect(await listed("expired")).toEqual([q.id]);
    expect(await listed("sent")).toEqual([]);
    const accept = await answer(token, "accept", { name: "Meera Iyer" });
    expect(accept.statusCode).toBe(409);
    expect(accept.json().error.message).toBe(QUOTE_MESSAGES.expired("2026-05-31"));
    const byHand = await t.post(
      `/api/quotes/${q.id}/status`,
      { status: "accepted", name: "Meera" },
      s.cookie,
    );
    expect(byHand.statusCode).toBe(409);
    const page = await t.get(`/q/${token}`);
    expect(page.body).toContain("Expired");
    expect(page.body).not.toContain('id="answer-form"');
  });

  it("converts an accepted quote into a draft invoice with the same lines, linked both ways, once; stock moves only on issue", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const product = (
      await t.post(
        "/api/products",
        { name: "Teak chair", rate: "2499.50", availableQuantity: "10" },
        s.cookie,
      )
    ).json();
    const q = await createQuote(s, {
      terms: DEFAULT_QUOTE_TERMS,
      items: [{ ...CHAIRS_AND_DELIVERY[0], productId: product.id }, CHAIRS_AND_DELIVERY[1]],
    });
    const early = await t.post(`/api/quotes/${q.id}/convert`, {}, s.cookie);
    expect(early.statusCode).toBe(409);
    await t.post(`/api/quotes/${q.id}/status`, { status: "sent" }, s.cookie);
    const accepted = await t.post(
      `/api/quotes/${q.id}/status`,
      { status: "accepted", name: "Meera on the phone" },
      s.cookie,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().quote.answer).toMatchObject({ name: "Meera on the phone", ip: null });

    const converted = await t.post(`/api/quotes/${q.id}/convert`, {}, s.cookie);
    expect(converted.statusCode, converted.body).toBe(201);
    const { invoice: made, quote } = converted.json();
    expect(quote).toMatchObject({ status: "converted", convertedInvoiceId: made.id });
    expect(quote.convertedInvoiceNumber).toBe(made.invoiceNumber);

    const invoice = (await t.get(`/api/invoices/${made.id}`, s.cookie)).json().invoice;
    expect(invoice.status).toBe("draft");
    expect(invoice.invoiceDate).toBe("2026-05-10");
    const doc = q.document as Record<string, unknown>;
    expect(invoice.document.items).toEqual(doc.items);
    expect(invoice.document.totals).toEqual(doc.totals);
    expect(invoice.document.client).toEqual(doc.client);
    expect(invoice.document.notes).toBe(doc.notes);
    // The quote's default terms ("This quote was created…") become the invoice's.
    expect(invoice.document.terms).toBe(DEFAULT_TERMS);
    expect(invoice.totalMinor).toBe((doc.totals as { totalMinor: number }).totalMinor);
    expect((await t.get(`/api/invoices/${made.id}/source-quote`, s.cookie)).json()).toEqual({
      quote: { id: q.id, quoteNumber: q.quoteNumber },
    });
    expect((await t.get(`/api/quotes/${q.id}`, s.cookie)).json().quote.convertedInvoiceNumber).toBe(
      made.invoiceNumber,
    );

    const again = await t.post(`/api/quotes/${q.id}/convert`, {}, s.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(QUOTE_MESSAGES.converted);
    expect((await t.get("/api/invoices", s.cookie)).json().items).toHaveLength(1);
    const edit = await t.send("PUT", `/api/quotes/${q.id}`, quoteRequest(), s.cookie);
    expect(edit.statusCode).toBe(409);

    const stock = async () =>
      (await t.get(`/api/products/${product.id}`, s.cookie)).json().availableQuantity as string;
    expect(await stock()).toBe("10");
    const issued = await t.post(`/api/invoices/${made.id}/status`, { status: "due" }, s.cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    expect(await stock()).toBe("6");
  });

  it("never counts in the dashboard", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const before = (await t.get("/api/dashboard", s.cookie)).json();
    const q = await createQuote(s);
    const token = tokenOf(await linkOf(s, q.id));
    await answer(token, "accept", { name: "Meera Iyer" });
    expect((await t.get("/api/dashboard", s.cookie)).json()).toEqual(before);
  });

  it("a PDF costs one credit, the same as an invoice's, and is refused with 402 at none", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const q = await createQuote(s);
    expect((await t.get(`/api/quotes/${q.id}/pdf`, s.cookie)).statusCode).toBe(405);
    const first = await t.post(`/api/quotes/${q.id}/pdf`, {}, s.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(first.headers["x-credits-remaining"]).toBe("24");
    const text = pdfText(first.rawPayload);
    expect(text).toContain("QUOTATION");
    expect(text).toContain("Quote No.");
    expect(text).toContain("Valid Until");
    expect(text).toContain(q.quoteNumber);

    await t.database.db.update(userCredits).set({ credits: 0 }).where(eq(userCredits.businessId, businessId));
    const broke = await t.post(`/api/quotes/${q.id}/pdf`, {}, s.cookie);
    expect(broke.statusCode).toBe(402);
    expect(broke.json().error.code).toBe("payment_required");
    const mailed = await t.post(
      `/api/quotes/${q.id}/send`,
      { to: ["meera@example.com"], subject: "Quote", message: "Here it is", attachPdf: true },
      s.cookie,
    );
    expect(mailed.statusCode).toBe(402);
    const linkOnly = await t.post(
      `/api/quotes/${q.id}/send`,
      { to: ["meera@example.com"], subject: "Quote", message: "Here it is", attachPdf: false },
      s.cookie,
    );
    expect(linkOnly.statusCode, linkOnly.body).toBe(200);
    expect(linkOnly.json()).toMatchObject({ sent: true, creditsRemaining: null });
    expect((await t.get(`/api/quotes/${q.id}`, s.cookie)).json().quote.status).toBe("sent");
  });

  it("another user's quote is 404 on every quote route, with a session and with an API key; a read key cannot write", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const theirs = await createQuote(b);
    const accepted = await createQuote(b);
    await linkOf(b, accepted.id);
    await t.post(`/api/quotes/${accepted.id}/status`, { status: "accepted", name: "x" }, b.cookie);
    const keyRes = await t.post("/api/api-keys", { name: "Sheets", scope: "read_write" }, a.cookie);
    const aKey = keyRes.json().key as string;
    const readKey = (await t.post("/api/api-keys", { name: "Read", scope: "read" }, a.cookie)).json()
      .key as string;
    const mail = { to: ["x@example.com"], subject: "s", message: "m", attachPdf: false };
    const matrix: [Method, string, unknown?][] = [
      ["GET", `/api/quotes/${theirs.id}`],
      ["PUT", `/api/quotes/${theirs.id}`, quoteRequest({ notes: "changed" })],
      ["POST", `/api/quotes/${theirs.id}/status`, { status: "sent" }],
      ["POST", `/api/quotes/${accepted.id}/convert`, {}],
      ["POST", `/api/quotes/${theirs.id}/send`, mail],
      ["GET", `/api/quotes/${theirs.id}/public-link`],
      ["POST", `/api/quotes/${theirs.id}/public-link`, {}],
      ["POST", `/api/quotes/${theirs.id}/public-link/renew`, {}],
      ["GET", `/api/quotes/${theirs.id}/activity`],
      ["POST", `/api/quotes/${theirs.id}/pdf`, {}],
      ["DELETE", `/api/quotes/${theirs.id}`],
    ];
    await expectEachNotFound(t, matrix, a.cookie, aKey);
    expect((await t.withKey("GET", "/api/quotes", aKey)).json().items).toEqual([]);
    expect((await t.get("/api/quotes", a.cookie)).json().items).toEqual([]);
    const still = (await t.get(`/api/quotes/${theirs.id}`, b.cookie)).json().quote;
    expect(still.status).toBe("draft");
    expect(still.document.notes).toBe(QUOTE_NOTES);
    expect((await t.get(`/api/quotes/${accepted.id}`, b.cookie)).json().quote.status).toBe("accepted");

    // Keys work on quotes: a read and write key creates, a read key reads and cannot write.
    const made = await t.withKey("POST", "/api/quotes", aKey, quoteRequest());
    expect(made.statusCode, made.body).toBe(201);
    expect((await t.withKey("GET", "/api/quotes", readKey)).json().items).toHaveLength(1);
    const refused = await t.withKey("POST", "/api/quotes", readKey, quoteRequest());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("key_read_only");
    const refusedPdf = await t.withKey("POST", `/api/quotes/${made.json().quote.id}/pdf`, readKey, {});
    expect(refusedPdf.json().error.code).toBe("key_read_only");
  });

  it("lists with search and paging, and deletes", async () => {
    await setClock("2026-05-10T06:00:00Z");
    const s = await t.signUpAndSignIn();
    const one = await createQuote(s, { client: { name: "Ravi Kumar" } });
    await createQuote(s);
    const found = (await t.get("/api/quotes?search=ravi", s.cookie)).json();
    expect(found.items.map((i: { id: string }) => i.id)).toEqual([one.id]);
    const paged = (await t.get("/api/quotes?pageSize=1", s.cookie)).json();
    expect(paged).toMatchObject({ total: 2, hasMore: true, page: 1, pageSize: 1 });
    expect((await t.get("/api/quotes?status=draft", s.cookie)).json().total).toBe(2);
    const deleted = await t.send("DELETE", `/api/quotes/${one.id}`, undefined, s.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await t.get(`/api/quotes/${one.id}`, s.cookie)).statusCode).toBe(404);
  });
});
