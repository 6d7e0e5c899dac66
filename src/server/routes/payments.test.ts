import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { type FakeRazorpay, startFakeRazorpay } from "../../../tests/fakes/razorpay";
import { getCreditBalance, ledgerSum } from "../db/queries/credits";
import { creditLedger, paymentOrders, webhookEvents } from "../db/schema";
import { handleWebhook, RECONCILE_MAX_AGE_MS, reconcile } from "../services/payment-events";
import { setUpPayments } from "../services/payments";
import { checkoutSignature } from "../services/razorpay";
import { describeEachDb, type Session, testAppForSuite } from "../testing/harness";
import { memoryLog } from "../testing/memory-log";

const CREATE = "/api/functions/create-razorpay-order";
const VERIFY = "/api/functions/verify-razorpay-payment";
const WEBHOOK = "/api/webhooks/razorpay";

describeEachDb("payments with Razorpay keys (local fake)", (kind) => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay();
  });
  afterAll(() => fake.close());
  const t = testAppForSuite(kind, () => ({ env: fake.env() }));

  const balance = async (s: Session) => (await t.get("/api/credits", s.cookie)).json().credits as number;
  async function expectBalanceIsLedgerSum(s: Session) {
    const businessId = await t.userIdOf(s.cookie);
    const { credits } = await getCreditBalance(t.database.db, businessId);
    expect(await ledgerSum(t.database.db, businessId)).toBe(credits);
  }
  async function order(s: Session, planId = "plan_100_credits") {
    const res = await t.post(CREATE, { planId }, s.cookie);
    expect(res.statusCode).toBe(200);
    return res.json() as {
      order_id: string;
      amount: number;
      currency: string;
      key_id: string;
      test_mode: boolean;
    };
  } /** An order of `planId` for `s`, paid at Razorpay, and Razorpay's signed webhook `event` about it. */
  async function orderPaidAtRazorpay(s: Session, event: "payment.captured" | "order.paid", planId?: string) {
    const o = await order(s, planId);
    const paid = fake.pay(o.order_id);
    return { o, paid, delivery: fake.webhook(event, o.order_id, paid.razorpay_payment_id) };
  }

  function webhook(delivery: { body: string; headers: Record<string, string> }) {
    return t.app.inject({ method: "POST", url: WEBHOOK, payload: delivery.body, headers: delivery.headers });
  }

  it("prices the plan from the server's catalogue and ignores a price sent by the browser", async () => {
    const s = await t.signUpAndSignIn();
    const res = await t.post(
      CREATE,
      { planId: "plan_100_credits", amount: 100, price: 1, credits: 10_000, plan: { price: 1 } },
      s.cookie,
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      amount: 14_900,
      currency: "INR",
      key_id: fake.keyId,
      test_mode: false,
      checkout_url: fake.checkoutUrl,
    });
    expect(fake.orders.get(body.order_id)).toMatchObject({ amount: 14_900, currency: "INR" });
    expect(JSON.stringify(body)).not.toContain(fake.keySecret);

    const paid = fake.pay(body.order_id);
    const verified = await t.post(VERIFY, paid, s.cookie);
    expect(verified.json()).toMatchObject({ credits_added: 100, credits: 125 });
  });

  it("refuses an unknown plan and a visitor who is not signed in", async () => {
    const s = await t.signUpAndSignIn();
    const bad = await t.post(CREATE, { planId: "plan_1000000_credits" }, s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid plan selected. Please try again.");
    expect((await t.post(CREATE, { planId: "plan_25_credits" })).statusCode).toBe(401);
  });

  it("grants the plan once, mails the buyer, and a repeated verify answers the same", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s, "plan_25_credits");
    const paid = fake.pay(o.order_id);
    const first = await t.post(VERIFY, paid, s.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      credits_added: 25,
      credits: 50,
      plan_name: "25 Credits",
      amount: 4_900,
    });
    const again = await t.post(VERIFY, paid, s.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ credits_added: 25, credits: 50 });
    expect(await balance(s)).toBe(50);
    await vi.waitFor(() =>
      expect(t.mailer.sent.filter((m) => m.to === s.email && /credits added/.test(m.subject))).toHaveLength(
        1,
      ),
    );
    const mail = t.mailer.sent.find((m) => m.to === s.email && /credits added/.test(m.subject))!;
    expect(mail.text).toContain("₹49.00");
    await expectBalanceIsLedgerSum(s);
  });

  it("refuses a tampered signature, order id or payment id, and a payment for the wrong amount", async () => {
    const s = await t.signUpAndSignIn();
    const a = await order(s);
    const b = await order(s, "plan_500_credits");
    const paid = fake.pay(a.order_id);
    const flip = (sig: string) => (sig[0] === "a" ? "b" : "a") + sig.slice(1);
    const attempts = [
      { ...paid, razorpay_signature: flip(paid.razorpay_signature) },
      { ...paid, razorpay_signature: "not-hex" },
      { ...paid, razorpay_order_id: b.order_id },
      { ...paid, razorpay_payment_id: "pay_someoneElse01" },
    ];
    for (const attempt of attempts) {
      const res = await t.post(VERIFY, attempt, s.cookie);
      expect(res.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(res.json().error.message).toBe("Could not verify payment. Please contact support.");
    }
    expect(
      (await t.post(VERIFY, { ...paid, razorpay_order_id: "order_doesNotExist" }, s.cookie)).statusCode,
    ).toBe(404);

    // A correctly signed payment that Razorpay says was for less than the plan's price.
    const cheap = fake.pay(b.order_id, { amount: 100 });
    expect((await t.post(VERIFY, cheap, s.cookie)).statusCode).toBe(400);
    // Authorised but not yet captured: not granted yet, and said so.
    const c = await order(s, "plan_25_credits");
    const pending = fake.pay(c.order_id, { status: "authorized" });
    expect((await t.post(VERIFY, pending, s.cookie)).statusCode).toBe(409);

    expect(await balance(s)).toBe(25);
    await expectBalanceIsLedgerSum(s);
  });

  it("answers 404 when user B verifies user A's order", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const o = await order(a);
    const paid = fake.pay(o.order_id);
    const res = await t.post(VERIFY, paid, b.cookie);
    expect(res.statusCode).toBe(404);
    expect(await balance(b)).toBe(25);
    expect(await balance(a)).toBe(25);
    expect(
      (await t.post("/api/functions/test-checkout/pay", { order_id: o.order_id }, a.cookie)).statusCode,
    ).toBe(404);
  });

  it("grants once when the same verify arrives 20 times at once", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s);
    const paid = fake.pay(o.order_id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => t.post(VERIFY, paid, s.cookie)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((r) => r.json().credits_added === 100)).toBe(true);
    expect(await balance(s)).toBe(125);
    const businessId = await t.userIdOf(s.cookie);
    const purchases = await t.database.db
      .select()
      .from(creditLedger)
      .where(eq(creditLedger.businessId, businessId));
    expect(purchases.filter((e) => e.reason === "purchase")).toHaveLength(1);
    await expectBalanceIsLedgerSum(s);
  });

  it("grants once when verify and webhooks arrive at the same moment", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s);
    const paid = fake.pay(o.order_id);
    const results = await Promise.all([
      t.post(VERIFY, paid, s.cookie),
      webhook(fake.webhook("payment.captured", o.order_id, paid.razorpay_payment_id)),
      webhook(fake.webhook("order.paid", o.order_id, paid.razorpay_payment_id)),
      t.post(VERIFY, paid, s.cookie),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await balance(s)).toBe(125);
    await expectBalanceIsLedgerSum(s);
  });

  it("grants through the webhook alone when the browser never came back, once per event", async () => {
    const s = await t.signUpAndSignIn();
    const { paid, delivery } = await orderPaidAtRazorpay(s, "order.paid", "plan_25_credits");
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await webhook(delivery));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(answers.map((r) => r.json().status)).toEqual(["granted", "duplicate", "duplicate"]);
    expect(await balance(s)).toBe(50);
    // The browser's late verify changes nothing but answers as usual.
    expect((await t.post(VERIFY, paid, s.cookie)).json()).toMatchObject({
      credits_added: 25,
      credits: 50,
    });
    expect(await balance(s)).toBe(50);
    await expectBalanceIsLedgerSum(s);
  });

  it("refuses a webhook with a wrong signature or a re-serialised body", async () => {
    const s = await t.signUpAndSignIn();
    const { delivery: good } = await orderPaidAtRazorpay(s, "payment.captured");
    const wrongSig = await webhook({
      ...good,
      headers: { ...good.headers, "x-razorpay-signature": "ab".repeat(32) },
    });
    expect(wrongSig.statusCode).toBe(400);
    const noSig = { ...good.headers };
    delete (noSig as Record<string, string>)["x-razorpay-signature"];
    expect((await webhook({ ...good, headers: noSig })).statusCode).toBe(400);
    const reserialised = await webhook({
      body: JSON.stringify(JSON.parse(good.body), null, 2),
      headers: good.headers,
    });
    expect(reserialised.statusCode).toBe(400);
    expect(await balance(s)).toBe(25);
    // The genuine delivery (its id unseen, since the refused ones were not recorded) still grants.
    expect((await webhook(good)).json().status).toBe("granted");
    expect(await balance(s)).toBe(125);
  });

  it("ignores a webhook whose payment Razorpay does not show as captured for the full amount", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s);
    const paid = fake.pay(o.order_id, { amount: 500 });
    const res = await webhook(fake.webhook("payment.captured", o.order_id, paid.razorpay_payment_id));
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("ignored");
    expect(await balance(s)).toBe(25);
  });

  it("reconciliation grants a paid order whose browser never came back, once", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s, "plan_500_credits");
    const unpaid = await order(s, "plan_25_credits");
    fake.pay(o.order_id);
    const payments = setUpPayments({
      db: t.database.db,
      config: t.config,
      mailer: t.mailer,
      logger: pino({ level: "silent" }),
    });
    // Too young: left alone.
    expect((await reconcile(payments)).granted).toBe(0);
    const old = new Date(Date.now() - 20 * 60_000);
    for (const id of [o.order_id, unpaid.order_id]) {
      await t.database.db
        .update(paymentOrders)
        .set({ createdAt: old })
        .where(eq(paymentOrders.providerOrderId, id));
    }
    const first = await reconcile(payments);
    expect(first.granted).toBe(1);
    expect((await reconcile(payments)).granted).toBe(0);
    expect(await balance(s)).toBe(525);
    const ledger = (await t.get("/api/credits/ledger", s.cookie)).json();
    const statuses = Object.fromEntries(
      ledger.purchases.map((p: { id: string; status: string }) => [p.id, p.status]),
    );
    expect(statuses[o.order_id]).toBe("paid");
    expect(statuses[unpaid.order_id]).toBe("created");
    await expectBalanceIsLedgerSum(s);
  });

  const silentPayments = (logger = pino({ level: "silent" })) =>
    setUpPayments({ db: t.database.db, config: t.config, mailer: t.mailer, logger });
  const eventRow = (id: string) => t.database.db.select().from(webhookEvents).where(eq(webhookEvents.id, id));

  it("remembers a webhook event only with its grant, so the redelivery after a crash grants", async () => {
    const s = await t.signUpAndSignIn();
    const { delivery } = await orderPaidAtRazorpay(s, "order.paid", "plan_25_credits");
    const eventId = delivery.headers["x-razorpay-event-id"]!;
    // A process that takes the delivery and dies during its lookup at Razorpay.
    const hold = fake.holdNextPaymentsLookup();
    const dying = handleWebhook(
      silentPayments(),
      Buffer.from(delivery.body),
      delivery.headers["x-razorpay-signature"],
      eventId,
    ).catch(() => undefined);
    await hold.arrived;
    expect(await eventRow(eventId)).toHaveLength(0);
    // Razorpay redelivers to a live instance: the event is handled, not answered "duplicate".
    const again = await webhook(delivery);
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe("granted");
    expect(await balance(s)).toBe(50);
    expect(await eventRow(eventId)).toHaveLength(1);
    hold.release();
    await dying;
    expect((await webhook(delivery)).json().status).toBe("duplicate");
    expect(await balance(s)).toBe(50);
    await expectBalanceIsLedgerSum(s);
  });

  it("answers a webhook within Razorpay's 5 s when Razorpay's API is slow, and still grants", async () => {
    const s = await t.signUpAndSignIn();
    const { o, delivery } = await orderPaidAtRazorpay(s, "payment.captured", "plan_25_credits");
    const hold = fake.holdNextPaymentsLookup();
    // Released however the test ends: a lookup left held would be granted in the next test.
    onTestFinished(() => hold.release());
    const started = performance.now();
    const res = await webhook(delivery);
    const elapsed = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("deferred");
    expect(elapsed).toBeLessThan(4_000);
    // Stored before answering: the order is due for reconciliation now, though only minutes old.
    const [row] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, o.order_id));
    expect(row!.checkAfter!.getTime()).toBeLessThanOrEqual(Date.now());
    expect((await reconcile(silentPayments())).granted).toBeGreaterThanOrEqual(1);
    expect(await balance(s)).toBe(50);
    // The slow lookup ends later and changes nothing more; the event is then remembered.
    hold.release();
    await vi.waitFor(async () =>
      expect(await eventRow(delivery.headers["x-razorpay-event-id"]!)).toHaveLength(1),
    );
    expect(await balance(s)).toBe(50);
    await expectBalanceIsLedgerSum(s);
  });

  it("reconciliation reaches a paid order behind 100 older abandoned ones, and skips orders past Razorpay's window", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const now = new Date();
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    const paidOrder = await order(s, "plan_25_credits");
    fake.pay(paidOrder.order_id);
    await t.database.db
      .update(paymentOrders)
      .set({ createdAt: minutesAgo(20) })
      .where(eq(paymentOrders.providerOrderId, paidOrder.order_id));
    // 100 abandoned orders, older than the paid one, known to Razorpay with no payment.
    const abandoned = Array.from({ length: 100 }, (_, i) => `order_abandoned${i}x${now.getTime()}`);
    for (const id of abandoned) {
      fake.orders.set(id, {
        id,
        entity: "order",
        amount: 4_900,
        amount_paid: 0,
        currency: "INR",
        receipt: `r_${id}`,
        status: "created",
        notes: {},
        created_at: 0,
      });
    }
    const row = (id: string, createdAt: Date) => ({
      id: `po_${id}`,
      businessId,
      planId: "plan_25_credits",
      credits: 25,
      amountPaise: 4_900,
      currency: "INR",
      receipt: `r_${id}`,
      providerOrderId: id,
      status: "created" as const,
      testMode: false,
      createdAt,
    });
    await t.database.db.insert(paymentOrders).values(abandoned.map((id, i) => row(id, minutesAgo(120 + i))));
    // Paid at Razorpay, but older than Razorpay keeps an order payable: never asked about.
    const ancient = `order_ancient${now.getTime()}`;
    fake.orders.set(ancient, { ...fake.orders.get(abandoned[0]!)!, id: ancient, receipt: `r_${ancient}` });
    fake.pay(ancient);
    await t.database.db
      .insert(paymentOrders)
      .values(row(ancient, new Date(now.getTime() - RECONCILE_MAX_AGE_MS - 60_000)));

    const payments = silentPayments();
    const first = await reconcile(payments, now);
    const second = await reconcile(payments, new Date(now.getTime() + 5 * 60_000 + 1_000));
    expect(first.granted + second.granted).toBe(1);
    expect(await balance(s)).toBe(50);
    const [paidRow] = await t.database.db
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.providerOrderId, paidOrder.order_id));
    expect(paidRow!.status).toBe("paid");
    expect(fake.calls.filter((c) => c.includes(ancient))).toEqual([]);
    // Each abandoned order was asked once, and waits (backoff) before the next question.
    for (const id of abandoned.slice(0, 3)) {
      expect(fake.calls.filter((c) => c.includes(id))).toHaveLength(1);
    }
    await expectBalanceIsLedgerSum(s);
  });

  it("refuses a signature with one character too many, and alerts on a payment that does not match its order", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s, "plan_25_credits");
    const paid = fake.pay(o.order_id);
    for (const extra of ["0", "a", "00"]) {
      const res = await t.post(
        VERIFY,
        { ...paid, razorpay_signature: paid.razorpay_signature + extra },
        s.cookie,
      );
      expect(res.statusCode).toBe(400);
    }
    const delivery = fake.webhook("payment.captured", o.order_id, paid.razorpay_payment_id);
    const longer = await webhook({
      ...delivery,
      headers: {
        ...delivery.headers,
        "x-razorpay-signature": `${delivery.headers["x-razorpay-signature"]}0`,
      },
    });
    expect(longer.statusCode).toBe(400);
    expect(await balance(s)).toBe(25);

    // A payment captured for less than the order: warned with the order id and an alert field.
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const b = await order(s, "plan_100_credits");
    const cheap = fake.pay(b.order_id, { amount: 100 });
    const mismatch = fake.webhook("payment.captured", b.order_id, cheap.razorpay_payment_id);
    const answer = await handleWebhook(
      silentPayments(logger),
      Buffer.from(mismatch.body),
      mismatch.headers["x-razorpay-signature"],
      mismatch.headers["x-razorpay-event-id"],
    );
    expect(answer.status).toBe("ignored");
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 40, alert: "payment_mismatch", orderId: b.order_id }),
    );
    expect(await balance(s)).toBe(25);
  });

  it("clear-user-data keeps the credits and the payment history", async () => {
    const s = await t.signUpAndSignIn();
    const o = await order(s);
    await t.post(VERIFY, fake.pay(o.order_id), s.cookie);
    const before = (await t.get("/api/credits/ledger", s.cookie)).json();
    const cleared = await t.post("/api/functions/clear-user-data", {}, s.cookie);
    expect(cleared.statusCode).toBe(200);
    expect(await balance(s)).toBe(125);
    expect((await t.get("/api/credits/ledger", s.cookie)).json()).toEqual(before);
  });
});

describeEachDb("payments in test mode (no keys)", (kind) => {
  const t = testAppForSuite(kind);

  const balance = async (s: Session) => (await t.get("/api/credits", s.cookie)).json().credits as number;

  it("lists the plans from the catalogue", async () => {
    const res = await t.get("/api/plans");
    expect(res.json().plans).toEqual([
      { id: "plan_25_credits", name: "25 Credits", credits: 25, price: 49, popular: false },
      { id: "plan_100_credits", name: "100 Credits", credits: 100, price: 149, popular: true },
      { id: "plan_500_credits", name: "500 Credits", credits: 500, price: 599, popular: false },
    ]);
    expect(res.json().testMode).toBe(true);
  });

  it("makes a local order, pays it with the local secret and grants through the same verify", async () => {
    const s = await t.signUpAndSignIn();
    const created = await t.post(CREATE, { planId: "plan_100_credits", amount: 1 }, s.cookie);
    const o = created.json();
    expect(o).toMatchObject({
      amount: 14_900,
      currency: "INR",
      test_mode: true,
      key_id: null,
      checkout_url: null,
    });
    expect(o.order_id).toMatch(/^order_test_/);
    const paid = await t.post("/api/functions/test-checkout/pay", { order_id: o.order_id }, s.cookie);
    expect(paid.statusCode).toBe(200);
    const signed = paid.json();
    expect(signed.razorpay_order_id).toBe(o.order_id);

    const tampered = { ...signed, razorpay_signature: "00".repeat(32) };
    expect((await t.post(VERIFY, tampered, s.cookie)).statusCode).toBe(400);
    expect(
      (await t.post(VERIFY, { ...signed, razorpay_payment_id: "pay_test_other" }, s.cookie)).statusCode,
    ).toBe(400);

    const results = await Promise.all(Array.from({ length: 20 }, () => t.post(VERIFY, signed, s.cookie)));
    expect(results.every((r) => r.statusCode === 200 && r.json().credits_added === 100)).toBe(true);
    expect(await balance(s)).toBe(125);

    const ledger = (await t.get("/api/credits/ledger", s.cookie)).json();
    expect(ledger.entries.map((e: { reason: string; delta: number }) => [e.reason, e.delta])).toEqual([
      ["purchase", 100],
      ["signup_grant", 25],
    ]);
    expect(ledger.entries[0]).toMatchObject({
      planName: "100 Credits",
      amountPaise: 14_900,
      invoiceNumber: null,
    });
    expect(ledger.purchases).toEqual([
      expect.objectContaining({
        id: o.order_id,
        planId: "plan_100_credits",
        planName: "100 Credits",
        credits: 100,
        amountPaise: 14_900,
        status: "paid",
        testMode: true,
      }),
    ]);
  });

  it("does not let another user pay or verify a test order", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const o = (await t.post(CREATE, { planId: "plan_25_credits" }, a.cookie)).json();
    expect(
      (await t.post("/api/functions/test-checkout/pay", { order_id: o.order_id }, b.cookie)).statusCode,
    ).toBe(404);
    const signed = (
      await t.post("/api/functions/test-checkout/pay", { order_id: o.order_id }, a.cookie)
    ).json();
    expect((await t.post(VERIFY, signed, b.cookie)).statusCode).toBe(404);
    expect(await balance(b)).toBe(25);
  });

  it("answers 409 payment_already_recorded when a payment id already paid another order", async () => {
    const s = await t.signUpAndSignIn();
    const payTest = async (orderId: string) =>
      (await t.post("/api/functions/test-checkout/pay", { order_id: orderId }, s.cookie)).json();
    const a = (await t.post(CREATE, { planId: "plan_25_credits" }, s.cookie)).json();
    const b = (await t.post(CREATE, { planId: "plan_25_credits" }, s.cookie)).json();
    const paidA = await payTest(a.order_id);
    expect((await t.post(VERIFY, paidA, s.cookie)).statusCode).toBe(200);
    // Order B, correctly signed, with A's payment id: the unique payment id refuses it.
    const testSecret = createHmac("sha256", t.config.authSecret).update("bahi-test-checkout").digest("hex");
    const reused = {
      razorpay_order_id: b.order_id,
      razorpay_payment_id: paidA.razorpay_payment_id,
      razorpay_signature: checkoutSignature(b.order_id, paidA.razorpay_payment_id, testSecret),
    };
    const res = await t.post(VERIFY, reused, s.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: "payment_already_recorded",
      message: "Could not verify payment. Please contact support.",
    });
    expect(await balance(s)).toBe(50);
  });

  it("refuses webhooks when no webhook secret is configured", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: WEBHOOK,
      payload: "{}",
      headers: { "content-type": "application/json", "x-razorpay-signature": "00" },
    });
    expect(res.statusCode).toBe(503);
  });
});

describeEachDb("payments in production without Razorpay keys", (kind) => {
  const log = memoryLog();
  const t = testAppForSuite(kind, { env: { NODE_ENV: "production" }, logger: pino(log.stream) });
  const balance = async (s: Session) => (await t.get("/api/credits", s.cookie)).json().credits as number;

  it("says at start that payments are not configured", () => {
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        level: 40,
        paymentsConfigured: false,
        msg: expect.stringContaining("Payments are not configured on this server."),
      }),
    );
    expect(log.text()).not.toContain("PAYMENTS TEST MODE");
  });

  it("still lists the plans, and says nothing can be bought", async () => {
    const res = await t.get("/api/plans");
    expect(res.json().plans).toHaveLength(3);
    expect(res.json()).toMatchObject({ testMode: false, paymentsConfigured: false });
  });

  it("refuses to sell credits, with the reason, and the balance stays 25", async () => {
    const s = await t.signUpAndSignIn();
    const res = await t.post(CREATE, { planId: "plan_500_credits" }, s.cookie);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: "payments_not_configured",
      message: "Payments are not configured on this server.",
    });
    expect(await t.database.db.select().from(paymentOrders)).toEqual([]);
    expect(await balance(s)).toBe(25);
  });

  it("has no test checkout: every /api/functions/test-checkout/* is 404, signed in or not", async () => {
    const s = await t.signUpAndSignIn();
    for (const cookie of [s.cookie, undefined]) {
      const res = await t.post("/api/functions/test-checkout/pay", { order_id: "order_test_1" }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("not_found");
    }
    expect((await t.post("/api/functions/test-checkout/pay", "nonsense", s.cookie)).statusCode).toBe(404);
    expect((await t.get("/api/functions/test-checkout/pay", s.cookie)).statusCode).toBe(404);
    expect((await t.post("/api/functions/test-checkout/other", {}, s.cookie)).statusCode).toBe(404);
    // A test order signed with the test secret (as an old test-mode server made it) grants nothing.
    const testSecret = createHmac("sha256", t.config.authSecret).update("bahi-test-checkout").digest("hex");
    const forged = {
      razorpay_order_id: "order_test_1",
      razorpay_payment_id: "pay_test_1",
      razorpay_signature: checkoutSignature("order_test_1", "pay_test_1", testSecret),
    };
    expect((await t.post(VERIFY, forged, s.cookie)).statusCode).toBe(404);
    expect(await balance(s)).toBe(25);
  });
});

describeEachDb("payments in production with PAYMENTS_TEST_MODE=1", (kind) => {
  const log = memoryLog();
  const t = testAppForSuite(kind, {
    env: { NODE_ENV: "production", PAYMENTS_TEST_MODE: "1" },
    logger: pino(log.stream),
  });

  it("warns at start that payments are in test mode, and tells the dialog to say so", async () => {
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        level: 40,
        paymentsTestMode: true,
        msg: expect.stringContaining("PAYMENTS TEST MODE"),
      }),
    );
    expect((await t.get("/api/plans")).json()).toMatchObject({
      testMode: true,
      paymentsConfigured: true,
    });
  });

  it("sells credits through the labelled test checkout", async () => {
    const s = await t.signUpAndSignIn();
    const o = (await t.post(CREATE, { planId: "plan_500_credits" }, s.cookie)).json();
    expect(o).toMatchObject({ test_mode: true, key_id: null });
    const signed = (
      await t.post("/api/functions/test-checkout/pay", { order_id: o.order_id }, s.cookie)
    ).json();
    expect((await t.post(VERIFY, signed, s.cookie)).json()).toMatchObject({ credits: 525 });
  });
});
