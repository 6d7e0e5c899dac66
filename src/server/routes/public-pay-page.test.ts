import { expect, it } from "vitest";
import { UPI_SPLIT_NOTE } from "#domain/upi";
import { peekRateLimit } from "../db/queries/rate-limits";
import { describeEachDb, TEST_ORIGIN, testAppForSuite } from "../testing/harness";
import { KESARI_BANK, payableInvoiceRequest } from "../testing/invoice-request";
import { pdfText } from "../testing/pdf-text";

// The client's page is about paying (issue 33 part 3; docs/decisions/0086): the ask first, UPI
// whenever the business has a UPI ID, a free PDF, and after paying online a thank-you, a receipt
// for the client and a "payment received" mail for the business, each sent once.

describeEachDb("the client's pay page", (kind) => {
  const t = testAppForSuite(kind);

  async function business() {
    const s = await t.signUpAndSignIn();
    await t.putSettings(
      { companyName: "Kesari Traders", includeBankDetails: true, bankDetails: KESARI_BANK },
      s.cookie,
    );
    return s;
  }
  async function shared(cookie: string, over: Record<string, unknown> = {}) {
    const number = `PAY-${Math.random().toString(36).slice(2, 8)}`;
    const made = await t.post("/api/invoices", payableInvoiceRequest(number, over), cookie);
    expect(made.statusCode, made.body).toBe(201);
    const inv = made.json().invoice as { id: string; invoiceNumber: string };
    const url = (await t.post(`/api/invoices/${inv.id}/public-link`, {}, cookie)).json().url as string;
    return { ...inv, token: new URL(url).pathname.slice(3) };
  }
  const view = (path: string) => t.app.inject({ method: "GET", url: path });
  const call = (url: string, payload: unknown = {}) =>
    t.app.inject({ method: "POST", url, headers: { origin: TEST_ORIGIN }, payload: payload as object });

  it("asks first: who, how much by when, and UPI even when the invoice prints no QR", async () => {
    const s = await business();
    const inv = await shared(s.cookie, { includeUpiQrCode: false });
    const body = (await view(`/i/${inv.token}`)).body;
    const ask = body.slice(body.indexOf('<section class="ask'), body.indexOf("<article"));
    expect(ask).toContain("Kesari Traders");
    expect(ask).toContain(`Invoice ${inv.invoiceNumber}`);
    expect(ask).toContain('data-testid="amount-due">₹100.00<');
    expect(ask).toContain("Due by 31 Jan 2099");
    expect(ask).toContain("Pay ₹100.00 with UPI");
    expect(ask).toContain(
      `upi://pay?pa=kesari%40okhdfc&amp;pn=Kesari%20Traders&amp;am=100.00&amp;cu=INR&amp;tn=${inv.invoiceNumber}`,
    );
    expect(ask).toContain("Copy UPI ID");
    expect(ask).toContain(`href="/i/${inv.token}/pdf"`);
    expect(ask).not.toContain(UPI_SPLIT_NOTE);
    // The lines table stacks on a phone: each cell names its column.
    expect(body).toContain('data-label="Amount"');
  });

  it("prints the PDF's note above UPI's limit of ₹1,00,000", async () => {
    const s = await business();
    const inv = await shared(s.cookie, {
      items: [{ id: "a", name: "Generator", quantity: "1", rate: "150000", taxPercent: "0" }],
    });
    const body = (await view(`/i/${inv.token}`)).body;
    expect(body).toContain("Pay ₹1,50,000.00 with UPI");
    expect(body).toContain(UPI_SPLIT_NOTE);
  });

  it("gives the client the PDF free (no credit spent) and answers a repeat from memory", async () => {
    const s = await business();
    const inv = await shared(s.cookie);
    const credits = async () => (await t.get("/api/credits", s.cookie)).json().credits;
    const before = await credits();
    const first = await view(`/i/${inv.token}/pdf`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["content-type"]).toBe("application/pdf");
    expect(pdfText(first.rawPayload)).toContain(inv.invoiceNumber);
    const again = await view(`/i/${inv.token}/pdf`);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // The repeat was not made again: one render counted against the invoice's hourly limit.
    expect(await peekRateLimit(t.database.db, `public-pdf:${inv.id}`, 3600)).toBe(1);
    expect(await credits()).toBe(before);
    expect((await view(`/i/${"A".repeat(32)}/pdf`)).statusCode).toBe(404);
    // A link preview's HEAD makes no PDF.
    const head = await t.app.inject({ method: "HEAD", url: `/i/${inv.token}/pdf` });
    expect(head.statusCode).toBe(200);
    expect(head.rawPayload.length).toBe(0);
  });

  it("after paying online: thank-you with amount and reference, one receipt and one mail to the business", async () => {
    const s = await business();
    await t.send("PUT", "/api/settings/payment-gateway", { testMode: true }, s.cookie);
    const client = `asha-${Date.now()}@example.com`;
    const inv = await shared(s.cookie, { client: { name: "Asha Traders", email: client } });
    const order = (await call(`/api/public/invoices/${inv.token}/online-orders`)).json();
    const answer = (
      await call(`/api/public/invoices/${inv.token}/online-orders/${order.order_id}/test-pay`)
    ).json();
    // Checkout's answer twice at once (the client's callback and a retry): recorded once.
    const answers = await Promise.all([
      call(`/api/public/invoices/${inv.token}/online-payments`, answer),
      call(`/api/public/invoices/${inv.token}/online-payments`, answer),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    await t.queue.drain();
    const mails = t.mailer.sent.filter((m) => m.subject.includes(inv.invoiceNumber));
    const receipts = mails.filter((m) => m.to === client);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toBe(`Receipt: ₹100.00 received for invoice ${inv.invoiceNumber}`);
    expect(receipts[0]!.text).toContain(`Payment reference: ${answer.razorpay_payment_id}`);
    expect(receipts[0]!.text).toContain("The invoice is now paid in full.");
    expect(receipts[0]!.onBehalfOf?.name).toBe("Kesari Traders");
    const owner = mails.filter((m) => m.to === s.email);
    expect(owner).toHaveLength(1);
    expect(owner[0]!.subject).toBe(`Payment received: ₹100.00 for invoice ${inv.invoiceNumber}`);
    expect(owner[0]!.text).toContain(`A receipt was sent to ${client}.`);

    const thanked = (await view(`/i/${inv.token}?paid=${answer.razorpay_payment_id}`)).body;
    expect(thanked).toContain("Thank you! ₹100.00 received.");
    expect(thanked).toContain(answer.razorpay_payment_id);
    expect(thanked).toContain('data-status="paid"');
    expect(thanked).not.toContain("with UPI");
    // Another id (or another invoice's) thanks nobody.
    expect((await view(`/i/${inv.token}?paid=pay_someone_else`)).body).not.toContain("Thank you!");
  });

  it("queues a mail in a transaction: kept when it commits, gone when it rolls back", async () => {
    await t.queue.start();
    const mail = (subject: string) => ({ message: { to: "owner@example.com", subject, text: "." } });
    const stamp = Date.now();
    await t.database.db.transaction(async (tx) => {
      await t.queue.send("mail", mail(`kept ${stamp}`), { tx });
    });
    await t.database.db
      .transaction(async (tx) => {
        await t.queue.send("mail", mail(`rolled back ${stamp}`), { tx });
        throw new Error("the payment failed");
      })
      .catch(() => undefined);
    await t.queue.drain();
    const subjects = t.mailer.sent.map((m) => m.subject).filter((s) => s.endsWith(String(stamp)));
    expect(subjects).toEqual([`kept ${stamp}`]);
  });

  it("sends the business its mail and no receipt when the client has no e-mail", async () => {
    const s = await business();
    await t.send("PUT", "/api/settings/payment-gateway", { testMode: true }, s.cookie);
    const inv = await shared(s.cookie);
    const order = (await call(`/api/public/invoices/${inv.token}/online-orders`)).json();
    const answer = (
      await call(`/api/public/invoices/${inv.token}/online-orders/${order.order_id}/test-pay`)
    ).json();
    expect((await call(`/api/public/invoices/${inv.token}/online-payments`, answer)).statusCode).toBe(200);
    await t.queue.drain();
    const mails = t.mailer.sent.filter((m) => m.subject.includes(inv.invoiceNumber));
    expect(mails.map((m) => m.to)).toEqual([s.email]);
    expect(mails[0]!.text).toContain("No receipt was sent");
  });
});
