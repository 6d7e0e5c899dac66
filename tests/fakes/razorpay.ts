import { createHmac, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

// A local fake of the parts of Razorpay that Bahi uses: POST /v1/orders, GET /v1/orders/:id,
// GET /v1/orders/:id/payments (basic auth with the test keys), and a Checkout script whose
// overlay a browser test can drive (Pay, Fail, Dismiss). Nothing here leaves the machine.

export interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  currency: string;
  receipt: string;
  status: "created" | "attempted" | "paid";
  notes: Record<string, string>;
  created_at: number;
}

export interface FakePayment {
  id: string;
  entity: "payment";
  order_id: string;
  amount: number;
  currency: string;
  status: "created" | "authorized" | "captured" | "failed";
}

export interface FakeRazorpay {
  apiBase: string;
  checkoutUrl: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  orders: Map<string, FakeOrder>;
  payments: Map<string, FakePayment>;
  /** Every request the fake received, as "METHOD /path". */
  calls: string[];
  /** Makes a payment on an order, as Checkout would, and returns what Checkout hands the browser. */
  pay(
    orderId: string,
    opts?: { amount?: number; status?: FakePayment["status"]; currency?: string },
  ): { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string };
  /** A signed webhook delivery for an order's payment. */
  webhook(
    event: "order.paid" | "payment.captured",
    orderId: string,
    paymentId: string,
  ): { body: string; headers: Record<string, string> };
  /**
   * Makes the next GET /orders/:id/payments hang until `release()` (a slow Razorpay): `arrived`
   * resolves when that request has come in.
   */
  holdNextPaymentsLookup(): { arrived: Promise<void>; release(): void };
  /** The env that points Bahi at this fake. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeRazorpay(
  opts: { keyId?: string; keySecret?: string; webhookSecret?: string } = {},
): Promise<FakeRazorpay> {
  const keyId = opts.keyId ?? "rzp_test_fake0000000000";
  const keySecret = opts.keySecret ?? `fake_secret_${randomBytes(8).toString("hex")}`;
  const webhookSecret = opts.webhookSecret ?? `whsec_${randomBytes(8).toString("hex")}`;
  const orders = new Map<string, FakeOrder>();
  const payments = new Map<string, FakePayment>();
  const calls: string[] = [];
  let held: { arrive: () => void; released: Promise<void> } | undefined;
  function holdNextPaymentsLookup() {
    let arrive!: () => void;
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    held = { arrive, released };
    return { arrived, release };
  }
  const expectedAuth = `Basic ${Buffer.from(`${keyId}:${keySecret}`).toString("base64")}`;
  const id = (prefix: string) => `${prefix}_${randomBytes(7).toString("base64url").replace(/[-_]/g, "x")}`;

  function pay(
    orderId: string,
    o: { amount?: number; status?: FakePayment["status"]; currency?: string } = {},
  ) {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake Razorpay has no order ${orderId}`);
    const payment: FakePayment = {
      id: id("pay"),
      entity: "payment",
      order_id: orderId,
      amount: o.amount ?? order.amount,
      currency: o.currency ?? order.currency,
      status: o.status ?? "captured",
    };
    payments.set(payment.id, payment);
    if (payment.status === "captured") {
      order.amount_paid += payment.amount;
      order.status = order.amount_paid >= order.amount ? "paid" : "attempted";
    } else {
      order.status = "attempted";
    }
    return {
      razorpay_order_id: orderId,
      razorpay_payment_id: payment.id,
      razorpay_signature: createHmac("sha256", keySecret).update(`${orderId}|${payment.id}`).digest("hex"),
    };
  }

  function webhook(event: "order.paid" | "payment.captured", orderId: string, paymentId: string) {
    const payment = payments.get(paymentId);
    const order = orders.get(orderId);
    const payload: Record<string, unknown> = { payment: { entity: payment } };
    if (event === "order.paid") payload.order = { entity: order };
    const body = JSON.stringify({
      entity: "event",
      account_id: "acc_fake",
      event,
      contains: Object.keys(payload),
      payload,
      created_at: Math.floor(Date.now() / 1000),
    });
    return {
      body,
      headers: {
        "content-type": "application/json",
        "x-razorpay-signature": createHmac("sha256", webhookSecret).update(body).digest("hex"),
        "x-razorpay-event-id": id("evt"),
      },
    };
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => send(res, 500, { error: { description: String(error) } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    calls.push(`${req.method} ${url.pathname}`);
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-allow-headers", "content-type");
    if (req.method === "OPTIONS") return send(res, 204, null);
    if (req.method === "GET" && url.pathname === "/checkout.js") {
      res.writeHead(200, { "content-type": "text/javascript" });
      return res.end(checkoutScript(`http://${req.headers.host}`));
    }
    // The fake Checkout's Pay button: no key secret reaches the browser.
    if (req.method === "POST" && url.pathname === "/checkout/pay") {
      const body = JSON.parse((await readBody(req)) || "{}") as { order_id?: string };
      if (!body.order_id || !orders.has(body.order_id)) return send(res, 404, { error: "no such order" });
      return send(res, 200, pay(body.order_id));
    }
    if (req.headers.authorization !== expectedAuth) {
      return send(res, 401, { error: { code: "BAD_REQUEST_ERROR", description: "Authentication failed" } });
    }
    if (req.method === "POST" && url.pathname === "/v1/orders") {
      const body = JSON.parse(await readBody(req)) as Partial<FakeOrder>;
      if (!Number.isInteger(body.amount) || (body.amount ?? 0) < 100 || body.currency !== "INR") {
        return send(res, 400, {
          error: { code: "BAD_REQUEST_ERROR", description: "bad amount or currency" },
        });
      }
      if ([...orders.values()].some((o) => o.receipt === body.receipt)) {
        return send(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "duplicate receipt" } });
      }
      const order: FakeOrder = {
        id: id("order"),
        entity: "order",
        amount: body.amount!,
        amount_paid: 0,
        currency: body.currency,
        receipt: String(body.receipt ?? ""),
        status: "created",
        notes: body.notes ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    const orderMatch = url.pathname.match(/^\/v1\/orders\/([^/]+)(\/payments)?$/);
    if (req.method === "GET" && orderMatch) {
      const order = orders.get(decodeURIComponent(orderMatch[1]!));
      if (!order) return send(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "not found" } });
      if (!orderMatch[2]) return send(res, 200, order);
      if (held) {
        const hold = held;
        held = undefined;
        hold.arrive();
        await hold.released;
      }
      const items = [...payments.values()].filter((p) => p.order_id === order.id);
      return send(res, 200, { entity: "collection", count: items.length, items });
    }
    const paymentMatch = url.pathname.match(/^\/v1\/payments\/([^/]+)$/);
    if (req.method === "GET" && paymentMatch) {
      const payment = payments.get(decodeURIComponent(paymentMatch[1]!));
      if (!payment) return send(res, 400, { error: { code: "BAD_REQUEST_ERROR", description: "not found" } });
      return send(res, 200, payment);
    }
    return send(res, 404, { error: { code: "NOT_FOUND", description: "no such route" } });
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiBase: `${origin}/v1`,
    checkoutUrl: `${origin}/checkout.js`,
    keyId,
    keySecret,
    webhookSecret,
    orders,
    payments,
    calls,
    pay,
    webhook,
    holdNextPaymentsLookup,
    env: () => ({
      RAZORPAY_KEY_ID: keyId,
      RAZORPAY_KEY_SECRET: keySecret,
      RAZORPAY_WEBHOOK_SECRET: webhookSecret,
      RAZORPAY_API_BASE: `${origin}/v1`,
      RAZORPAY_CHECKOUT_URL: `${origin}/checkout.js`,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(body === null ? "" : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** A stand-in for checkout.js: `new Razorpay(options).open()` shows an overlay with three buttons. */
function checkoutScript(origin: string): string {
  return `(() => {
  function FakeRazorpay(options) {
    this.options = options;
    this.handlers = {};
  }
  FakeRazorpay.prototype.on = function (name, fn) { this.handlers[name] = fn; };
  FakeRazorpay.prototype.open = function () {
    const self = this;
    const box = document.createElement("div");
    box.setAttribute("role", "dialog");
    box.setAttribute("aria-label", "Fake Razorpay Checkout");
    box.style.cssText = "position:fixed;inset:0;z-index:9999;background:rgba(0,0,0,.6);display:flex;align-items:center;justify-content:center;";
    const card = document.createElement("div");
    card.style.cssText = "background:#fff;color:#111;padding:16px;border-radius:8px;display:flex;gap:8px;flex-direction:column;";
    const title = document.createElement("p");
    title.textContent = "Fake Razorpay: " + self.options.name + " " + self.options.amount + " " + self.options.currency;
    card.appendChild(title);
    function button(label, fn) {
      const b = document.createElement("button");
      b.textContent = label;
      b.onclick = () => { box.remove(); fn(); };
      card.appendChild(b);
    }
    button("Fake Pay", async () => {
      const res = await fetch(${JSON.stringify(origin)} + "/checkout/pay", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ order_id: self.options.order_id }),
      });
      self.options.handler(await res.json());
    });
    button("Fake Fail", () => {
      if (self.handlers["payment.failed"]) {
        self.handlers["payment.failed"]({ error: { code: "BAD_REQUEST_ERROR", description: "Your card was declined by the bank." } });
      }
    });
    button("Fake Dismiss", () => { if (self.options.modal && self.options.modal.ondismiss) self.options.modal.ondismiss(); });
    box.appendChild(card);
    document.body.appendChild(box);
  };
  window.Razorpay = FakeRazorpay;
})();`;
}
