import { afterAll, beforeAll, expect, it } from "vitest";
import { type FakeRazorpay, startFakeRazorpay } from "../../../tests/fakes/razorpay";
import { findGateway } from "../db/queries/gateways";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";
import { connectGateway, setUpBusinessGateways } from "./business-gateway";
import {
  createInvoiceOrder,
  handleBusinessWebhook,
  type PayableInvoice,
  type RecordGatewayPayment,
  reconcileInvoiceOrders,
  testPayInvoiceOrder,
  verifyInvoicePayment,
} from "./invoice-online-payments";
import { invoicePayments, recordOnlinePayment } from "./invoice-payments";

// A client paying an invoice into the business's own Razorpay account (a local fake with the
// business's keys; the server itself runs without Razorpay keys of its own).

type Gateways = Parameters<typeof verifyInvoicePayment>[0];

describeEachDb("invoices paid online into the business's own Razorpay account", (kind) => {
  let fake: FakeRazorpay;
  beforeAll(async () => {
    fake = await startFakeRazorpay({ keyId: "rzp_live_Business123456" });
  });
  afterAll(() => fake.close());
  const t = testAppForSuite(kind, () => ({
    env: {
      RAZORPAY_API_BASE: fake.env().RAZORPAY_API_BASE!,
      RAZORPAY_CHECKOUT_URL: fake.env().RAZORPAY_CHECKOUT_URL!,
    },
  }));

  /** Records what was recorded; `fail` makes the next record throw (after the order was marked paid). */
  function recorder() {
    const recorded: Parameters<RecordGatewayPayment>[1][] = [];
    let fail = false;
    const record: RecordGatewayPayment = async (_tx, payment) => {
      if (fail) {
        fail = false;
        throw new Error("the invoice could not take the payment");
      }
      recorded.push(payment);
    };
    return { recorded, record, failNext: () => (fail = true) };
  }

  async function businessWithInvoice(opts: { live: boolean }) {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const gateways = setUpBusinessGateways(t.database.db, t.config);
    await connectGateway(
      gateways,
      businessId,
      opts.live
        ? { keyId: fake.keyId, keySecret: fake.keySecret, webhookSecret: fake.webhookSecret }
        : { testMode: true },
    );
    const created = await t.post("/api/invoices", invoiceRequest(`ON-${Date.now()}`), s.cookie);
    const invoice: PayableInvoice = {
      id: created.json().invoice.id,
      businessId,
      invoiceNumber: created.json().invoice.invoiceNumber,
      currency: "INR",
      balanceDueMinor: 10_000,
      businessName: "Kesari Traders",
    };
    const token = (await findGateway(t.database.db, businessId))!.webhookToken;
    return { gateways, invoice, token };
  }

  /** The client pays `orderId`: Checkout's answer and Razorpay's captured webhook arrive together. */
  async function payAndNotify(
    business: { gateways: Gateways; invoice: PayableInvoice; token: string },
    orderId: string,
    record: RecordGatewayPayment,
  ) {
    const { gateways, invoice, token } = business;
    const paid = fake.pay(orderId);
    const hook = fake.webhook("payment.captured", orderId, paid.razorpay_payment_id);
    const [verified, hooked] = await Promise.all([
      verifyInvoicePayment(gateways, invoice, paid, record),
      handleBusinessWebhook(
        gateways,
        token,
        Buffer.from(hook.body),
        hook.headers["x-razorpay-signature"],
        record,
      ),
    ]);
    return { paid, verified, hooked };
  }

  it("is not offered without a connected account, nor for a settled invoice", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const gateways = setUpBusinessGateways(t.database.db, t.config);
    const invoice = {
      id: "x",
      businessId,
      invoiceNumber: "A",
      currency: "INR",
      balanceDueMinor: 100,
      businessName: "",
    };
    await expect(createInvoiceOrder(gateways, invoice)).rejects.toMatchObject({ code: "not_found" });
    const live = await businessWithInvoice({ live: true });
    await expect(
      createInvoiceOrder(live.gateways, { ...live.invoice, balanceDueMinor: 0 }),
    ).rejects.toMatchObject({
      code: "nothing_to_pay",
    });
    await expect(
      createInvoiceOrder(live.gateways, { ...live.invoice, currency: "USD" }),
    ).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("makes the order on the business's account for the balance due and records the payment once", async () => {
    const { gateways, invoice, token } = await businessWithInvoice({ live: true });
    const { recorded, record } = recorder();
    const order = await createInvoiceOrder(gateways, invoice);
    expect(order).toMatchObject({ amount: 10_000, currency: "INR", key_id: fake.keyId, test_mode: false });
    expect(JSON.stringify(order)).not.toContain(fake.keySecret);
    expect(fake.orders.get(order.order_id)).toMatchObject({ amount: 10_000, currency: "INR" });

    // Checkout's answer and the webhook together: one payment recorded.
    const { paid, verified, hooked } = await payAndNotify(
      { gateways, invoice, token },
      order.order_id,
      record,
    );
    expect([verified.recorded, hooked.status === "recorded"].filter(Boolean)).toHaveLength(1);
    expect(recorded).toEqual([
      expect.objectContaining({
        invoiceId: invoice.id,
        amountMinor: 10_000,
        paymentId: paid.razorpay_payment_id,
      }),
    ]);
    expect((await verifyInvoicePayment(gateways, invoice, paid, record)).recorded).toBe(false);
    expect(recorded).toHaveLength(1);
  });

  it("refuses a forged signature, another invoice's order and a webhook signed with another secret", async () => {
    const { gateways, invoice, token } = await businessWithInvoice({ live: true });
    const other = await businessWithInvoice({ live: true });
    const { recorded, record } = recorder();
    const order = await createInvoiceOrder(gateways, invoice);
    const paid = fake.pay(order.order_id);
    const flipped = paid.razorpay_signature.replace(/.$/, (c) => (c === "0" ? "1" : "0"));
    await expect(
      verifyInvoicePayment(gateways, invoice, { ...paid, razorpay_signature: flipped }, record),
    ).rejects.toMatchObject({ code: "bad_request" });
    await expect(verifyInvoicePayment(gateways, other.invoice, paid, record)).rejects.toMatchObject({
      code: "not_found",
    });
    const hook = fake.webhook("payment.captured", order.order_id, paid.razorpay_payment_id);
    await expect(
      handleBusinessWebhook(gateways, token, Buffer.from(hook.body), "0".repeat(64), record),
    ).rejects.toMatchObject({ code: "bad_request" });
    // Signed right, but delivered to another business's URL: that business has no such order.
    const elsewhere = await handleBusinessWebhook(
      gateways,
      other.token,
      Buffer.from(hook.body),
      hook.headers["x-razorpay-signature"],
      record,
    );
    expect(elsewhere.status).toBe("ignored");
    await expect(
      handleBusinessWebhook(gateways, "no-such-token", Buffer.from(hook.body), "x", record),
    ).rejects.toMatchObject({ code: "not_found" });
    expect(recorded).toHaveLength(0);
  });

  it("leaves the order unpaid when recording fails, so a later call records it", async () => {
    const { gateways, invoice } = await businessWithInvoice({ live: true });
    const { recorded, record, failNext } = recorder();
    const order = await createInvoiceOrder(gateways, invoice);
    const paid = fake.pay(order.order_id);
    failNext();
    await expect(verifyInvoicePayment(gateways, invoice, paid, record)).rejects.toThrow("could not take");
    expect((await verifyInvoicePayment(gateways, invoice, paid, record)).recorded).toBe(true);
    expect(recorded).toHaveLength(1);
  });

  it("reconciliation finds a payment whose client closed the page before Checkout answered", async () => {
    const { gateways, invoice } = await businessWithInvoice({ live: true });
    const { recorded, record } = recorder();
    const order = await createInvoiceOrder(gateways, invoice);
    fake.pay(order.order_id);
    const later = new Date(Date.now() + 20 * 60_000);
    const summary = await reconcileInvoiceOrders(gateways, record, later);
    expect(summary.recorded).toBeGreaterThanOrEqual(1);
    expect(recorded.map((r) => r.invoiceId)).toContain(invoice.id);
    const again = await reconcileInvoiceOrders(gateways, record, later);
    expect(again.recorded).toBe(0);
  });

  it("records the captured payment on the invoice once: paid by Razorpay, with its payment id", async () => {
    const { gateways, invoice, token } = await businessWithInvoice({ live: true });
    const order = await createInvoiceOrder(gateways, invoice);
    const { paid } = await payAndNotify({ gateways, invoice, token }, order.order_id, recordOnlinePayment);
    const { invoice: after, payments } = await invoicePayments(t.database.db, invoice.businessId, invoice.id);
    expect(payments).toEqual([
      expect.objectContaining({
        amountMinor: 10_000,
        method: "razorpay",
        source: "razorpay",
        externalId: paid.razorpay_payment_id,
      }),
    ]);
    expect(after).toMatchObject({ status: "paid", amountPaidMinor: 10_000 });
  });

  it("runs the test checkout without keys, through the same verification", async () => {
    const { gateways, invoice } = await businessWithInvoice({ live: false });
    const { recorded, record } = recorder();
    const order = await createInvoiceOrder(gateways, invoice);
    expect(order).toMatchObject({ test_mode: true, key_id: null });
    const answer = await testPayInvoiceOrder(gateways, invoice, order.order_id);
    expect((await verifyInvoicePayment(gateways, invoice, answer, record)).recorded).toBe(true);
    expect(recorded).toHaveLength(1);
    await expect(
      verifyInvoicePayment(gateways, invoice, { ...answer, razorpay_signature: "f".repeat(64) }, record),
    ).rejects.toMatchObject({ code: "bad_request" });
  });
});
