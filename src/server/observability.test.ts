import { createLogger } from "./logger";
import {
  createTestApp,
  describeEachDb,
  get,
  post,
  signUpAndSignIn,
  type TestApp,
  testAppForSuite,
} from "./testing/harness";
import { invoiceRequest } from "./testing/invoice-request";
import { memoryLog } from "./testing/memory-log";

const TOKEN = "metrics-token-0123456789abcdef";

const scrape = (t: TestApp) =>
  t.app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function buyCredits(t: TestApp, cookie: string) {
  const order = (
    await post(t.app, "/api/functions/create-razorpay-order", { planId: "plan_100_credits" }, cookie)
  ).json();
  const signed = (
    await post(t.app, "/api/functions/test-checkout/pay", { order_id: order.order_id }, cookie)
  ).json();
  return post(t.app, "/api/functions/verify-razorpay-payment", signed, cookie);
}

describeEachDb("observability", (kind) => {
  const log = memoryLog();
  const t = testAppForSuite(kind, {
    env: { METRICS_TOKEN: TOKEN },
    logger: createLogger("info", log.stream),
  });

  it("keeps /api/health a liveness check and answers /api/ready only once the PDF threads are up", async () => {
    const health = await get(t.app, "/api/health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "ok" });
    // Tests start the render threads on first use: not ready yet.
    const before = await get(t.app, "/api/ready");
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: "not_ready",
      checks: { database: "ok", migrations: "ok", pdf: "starting" },
    });
    const s = await signUpAndSignIn(t);
    const invoice = await post(t.app, "/api/invoices", invoiceRequest("OBS-1"), s.cookie);
    expect(invoice.statusCode).toBe(201);
    const pdf = await post(t.app, `/api/invoices/${invoice.json().invoice.id}/pdf`, undefined, s.cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const after = await get(t.app, "/api/ready");
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({
      status: "ready",
      checks: { database: "ok", migrations: "ok", pdf: "ok" },
    });

    const text = (await scrape(t)).body;
    expect(sample(text, 'bahi_pdf_renders_total{outcome="done"}')).toBe(1);
    expect(sample(text, "bahi_pdf_render_duration_seconds_count")).toBe(1);
    expect(sample(text, "bahi_pdf_queue_depth")).toBe(0);
    expect(sample(text, "bahi_pdf_threads")).toBeGreaterThan(0);
  });

  it("serves Prometheus text only with the bearer token", async () => {
    expect((await get(t.app, "/metrics")).statusCode).toBe(401);
    const wrong = await t.app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer nope" },
    });
    expect(wrong.statusCode).toBe(401);
    const res = await scrape(t);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain("# TYPE bahi_http_requests_total counter");
    expect(res.body).toContain("# TYPE bahi_http_request_duration_seconds histogram");
    expect(res.body).toContain("bahi_process_cpu_seconds_total");
  });

  it("is off without METRICS_TOKEN", async () => {
    const other = await createTestApp(kind);
    try {
      expect((await get(other.app, "/metrics")).statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });

  it("counts requests by route pattern and status, never by raw URL", async () => {
    const s = await signUpAndSignIn(t);
    const id = "00000000-0000-4000-8000-00000000abcd";
    for (let i = 0; i < 3; i++)
      expect((await get(t.app, `/api/clients/${id}`, s.cookie)).statusCode).toBe(404);
    await get(t.app, "/api/no-such-route");
    const text = (await scrape(t)).body;
    expect(sample(text, 'bahi_http_requests_total{method="GET",route="/api/clients/:id",status="404"}')).toBe(
      3,
    );
    expect(
      sample(
        text,
        'bahi_http_request_duration_seconds_count{method="GET",route="/api/clients/:id",status="404"}',
      ),
    ).toBe(3);
    expect(sample(text, 'bahi_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(text).not.toContain(id);
    expect(text).not.toContain("no-such-route");
  });

  it("counts mails sent, credits sold and the database pool", async () => {
    const before = (await scrape(t)).body;
    const mailsBefore = sample(before, 'bahi_mails_total{outcome="sent"}') ?? 0;
    const s = await signUpAndSignIn(t);
    expect((await buyCredits(t, s.cookie)).statusCode).toBe(200);
    const text = (await scrape(t)).body;
    // The confirmation mail, and the purchase mail (sent after the answer).
    expect(sample(text, 'bahi_mails_total{outcome="sent"}')).toBeGreaterThanOrEqual(mailsBefore + 1);
    expect(sample(text, "bahi_credits_sold_total")).toBe(100);
    if (kind === "postgres") {
      expect(sample(text, "bahi_db_pool_connections_in_use")).toBeGreaterThanOrEqual(0);
      expect(sample(text, "bahi_db_pool_waiting")).toBe(0);
    }
  });

  it("names each request's id in a header and on every log line written while serving it", async () => {
    const s = await signUpAndSignIn(t);
    const res = await buyCredits(t, s.cookie);
    const id = res.headers["x-request-id"];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const entries = log.entries();
    // Written through the app's logger by the payments service, not the request's own logger.
    const purchase = entries.find((e) => e.msg === "credits purchased" && e.reqId === id);
    expect(purchase).toBeDefined();
    const lines = entries.filter((e) => e.reqId === id).map((e) => e.msg);
    expect(lines).toEqual(expect.arrayContaining(["credits purchased", "request completed"]));
    // One line of its own per request at the default level (Fastify's default writes two).
    expect(lines.filter((m) => m === "request completed" || m === "incoming request")).toEqual([
      "request completed",
    ]);
    const completed = entries.find((e) => e.msg === "request completed" && e.reqId === id);
    expect(completed).toMatchObject({ req: { method: "POST" }, res: { statusCode: 200 } });
    // No line carries the id twice (the request's logger has it already).
    const raw = JSON.stringify(entries.filter((e) => e.reqId === id));
    expect(raw.split('"reqId"').length - 1).toBe(lines.length);
    // A caller's own id (a proxy's) is kept; a malformed one is replaced.
    const given = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": "lb-1234.abc" },
    });
    expect(given.headers["x-request-id"]).toBe("lb-1234.abc");
    const bad = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-request-id": 'a b"c' },
    });
    expect(bad.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    const failed = await get(t.app, "/api/clients");
    expect(failed.statusCode).toBe(401);
    expect(failed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("request time limit", () => {
  it("answers 503 when a request takes longer than REQUEST_TIMEOUT_MS", async () => {
    const t = await createTestApp("pglite", {
      env: { REQUEST_TIMEOUT_MS: "300" },
      routes: (app) => app.get("/api/test-never-answers", () => new Promise(() => {})),
    });
    try {
      const started = performance.now();
      const res = await get(t.app, "/api/test-never-answers");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: "service_unavailable",
          message: "The server took too long to answer. Please try again.",
        },
      });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await get(t.app, "/api/health")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
