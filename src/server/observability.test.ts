import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { backupsDir } from "./backup/jobs";
import { createLogger } from "./logger";
import { createMetrics } from "./metrics";
import { countMails, mailFailureReason } from "./observability";
import {
  createTestApp,
  type DbKind,
  describeEachDb,
  get,
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
  if (line === undefined) return undefined;
  const value = line.slice(series.length + 1);
  return value === "+Inf" ? Number.POSITIVE_INFINITY : Number(value);
}

async function buyCredits(t: TestApp, cookie: string) {
  const order = (
    await t.post("/api/functions/create-razorpay-order", { planId: "plan_100_credits" }, cookie)
  ).json();
  const signed = (
    await t.post("/api/functions/test-checkout/pay", { order_id: order.order_id }, cookie)
  ).json();
  return t.post("/api/functions/verify-razorpay-payment", signed, cookie);
}

/** The suite's app, with metrics on (TOKEN) and its log kept in memory. */
function metricsAppForSuite(kind: DbKind) {
  const log = memoryLog();
  const t = testAppForSuite(kind, {
    env: { METRICS_TOKEN: TOKEN },
    logger: createLogger("info", log.stream),
  });
  return { log, t };
}

describeEachDb("observability", (kind) => {
  const { log, t } = metricsAppForSuite(kind);

  it("keeps /api/health a liveness check and answers /api/ready only once the PDF threads are up", async () => {
    const health = await t.get("/api/health");
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: "ok", database: "ok" });
    // Tests start the render threads on first use: not ready yet.
    const before = await t.get("/api/ready");
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({
      status: "not_ready",
      checks: { database: "ok", migrations: "ok", pdf: "starting" },
    });
    const s = await t.signUpAndSignIn();
    const invoice = await t.post("/api/invoices", invoiceRequest("OBS-1"), s.cookie);
    expect(invoice.statusCode).toBe(201);
    const pdf = await t.post(`/api/invoices/${invoice.json().invoice.id}/pdf`, undefined, s.cookie);
    expect(pdf.statusCode, pdf.body).toBe(200);
    const after = await t.get("/api/ready");
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
    expect((await t.get("/metrics")).statusCode).toBe(401);
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
    const s = await t.signUpAndSignIn();
    const id = "00000000-0000-4000-8000-00000000abcd";
    for (let i = 0; i < 3; i++) expect((await t.get(`/api/clients/${id}`, s.cookie)).statusCode).toBe(404);
    await t.get("/api/no-such-route");
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
    const s = await t.signUpAndSignIn();
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
    const s = await t.signUpAndSignIn();
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
    const failed = await t.get("/api/clients");
    expect(failed.statusCode).toBe(401);
    expect(failed.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describeEachDb("operators' metrics", (kind) => {
  // One app for the suite (starting one is slow on a busy machine). The queue test comes first:
  // it defines its jobs before anything starts pg-boss; the drain comes last.
  const { log, t } = metricsAppForSuite(kind);

  it("counts pg-boss's jobs by queue and state, and how long the oldest due job has waited", async () => {
    t.queue.define({
      name: "test-fails",
      retryLimit: 0,
      retryDelaySeconds: 1,
      run: async () => {
        throw new Error("always");
      },
    });
    t.queue.define({
      name: "test-retries-later",
      retryLimit: 1,
      retryDelaySeconds: 3_600,
      backoff: false,
      run: async () => {
        throw new Error("not yet");
      },
    });
    t.queue.define({ name: "test-waits", retryLimit: 0, retryDelaySeconds: 1, run: async () => {} });
    await t.queue.send("test-fails", {});
    await t.queue.send("test-retries-later", {});
    await t.queue.drain();
    // Sent after the drain, and due 90 s ago: waiting for a worker.
    await t.queue.send("test-waits", {});
    await t.database.db.execute(
      sql`update pgboss.job set start_after = now() - interval '90 seconds', created_on = now() - interval '90 seconds' where name = 'test-waits'`,
    );
    const text = (await scrape(t)).body;
    const jobs = (queue: string, state: string) =>
      sample(text, `bahi_queue_jobs{queue="${queue}",state="${state}"}`);
    expect(jobs("test-fails", "failed")).toBe(1);
    expect(jobs("test-fails", "queued")).toBe(0);
    expect(jobs("test-retries-later", "deferred")).toBe(1);
    expect(jobs("test-retries-later", "failed")).toBe(0);
    expect(jobs("test-waits", "queued")).toBe(1);
    expect(jobs("test-waits", "active")).toBe(0);
    // Every queue is listed, the app's own too (the outbox's mail queue among them).
    expect(text).toMatch(/bahi_queue_jobs\{queue="[^"]*mail[^"]*",state="queued"\} 0/);
    const oldest = sample(text, 'bahi_queue_oldest_waiting_seconds{queue="test-waits"}');
    expect(oldest).toBeGreaterThanOrEqual(89);
    expect(oldest).toBeLessThan(600);
    expect(sample(text, 'bahi_queue_oldest_waiting_seconds{queue="test-fails"}')).toBe(0);
  });

  it("reports the newest backup's age and size, and +Inf without any backup", async () => {
    const none = (await scrape(t)).body;
    expect(sample(none, "bahi_backup_newest_age_seconds")).toBe(Number.POSITIVE_INFINITY);
    expect(sample(none, "bahi_backup_files")).toBe(0);

    const dir = backupsDir(t.config.dataDir);
    mkdirSync(path.join(dir, "requests"), { recursive: true });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    writeFileSync(path.join(dir, "bahi-old.bahi-backup"), Buffer.alloc(10));
    utimesSync(path.join(dir, "bahi-old.bahi-backup"), hoursAgo(26), hoursAgo(26));
    writeFileSync(path.join(dir, "bahi-new.dump"), Buffer.alloc(4_321));
    utimesSync(path.join(dir, "bahi-new.dump"), hoursAgo(2), hoursAgo(2));
    const text = (await scrape(t)).body;
    expect(sample(text, "bahi_backup_files")).toBe(2);
    expect(sample(text, "bahi_backup_newest_size_bytes")).toBe(4_321);
    const age = sample(text, "bahi_backup_newest_age_seconds")!;
    expect(age).toBeGreaterThanOrEqual(7_200);
    expect(age).toBeLessThan(7_300);
  });

  it("names who asked on each request's log line by id, never by name or e-mail", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Kulkarni");
    const userId = await t.userIdOf(s.cookie);
    const listed = await t.get("/api/clients", s.cookie);
    const key = (await t.post("/api/api-keys", { name: "Sheets", scope: "read" }, s.cookie)).json();
    const byKey = await t.app.inject({
      method: "GET",
      url: "/api/clients",
      headers: { authorization: `Bearer ${key.key}` },
    });
    expect(byKey.statusCode).toBe(200);
    const line = (reqId: unknown) =>
      log.entries().find((e) => e.msg === "request completed" && e.reqId === reqId);
    expect(line(listed.headers["x-request-id"])).toMatchObject({ userId });
    expect(line(listed.headers["x-request-id"])).not.toHaveProperty("apiKeyId");
    expect(line(byKey.headers["x-request-id"])).toMatchObject({ userId, apiKeyId: key.id });
    const anonymous = await t.get("/api/health");
    expect(line(anonymous.headers["x-request-id"])).not.toHaveProperty("userId");
    const requestLines = JSON.stringify(log.entries().filter((e) => e.msg === "request completed"));
    expect(requestLines).not.toContain(s.email);
    expect(requestLines).not.toContain("Asha");
  });

  it("turns /api/ready to 503 at once when told to drain, and goes on serving everything else", async () => {
    t.lifecycle.drain();
    const ready = await t.get("/api/ready");
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: "not_ready", checks: { shutdown: "draining" } });
    expect((await t.get("/api/health")).statusCode).toBe(200);
  });
});

describe("mail failures", () => {
  it("are counted by reason, from nodemailer's codes and the SMTP server's answer", async () => {
    const fail = (error: Error & { code?: string; responseCode?: number }) => ({
      send: async () => {
        throw error;
      },
    });
    const metrics = createMetrics();
    const errorWith = (fields: object) => Object.assign(new Error("mail failed"), fields);
    for (const error of [
      errorWith({ code: "EAUTH", responseCode: 535 }),
      errorWith({ code: "EAUTH" }),
      errorWith({ code: "ECONNECTION" }),
      errorWith({ code: "EENVELOPE", responseCode: 550 }),
      errorWith({ responseCode: 451 }),
      errorWith({ code: "ENOSPC" }),
      errorWith({ code: "ESOMETHINGNEW" }),
    ]) {
      await expect(
        countMails(fail(error), metrics).send({ to: "a@b.c", subject: "s", text: "t" }),
      ).rejects.toBe(error);
    }
    const text = await metrics.registry.metrics();
    // A wrong password is "auth" though the server answered 535; a refused address is "rejected".
    expect(sample(text, 'bahi_mail_failures_total{reason="rejected"}')).toBe(1);
    expect(sample(text, 'bahi_mail_failures_total{reason="auth"}')).toBe(2);
    expect(sample(text, 'bahi_mail_failures_total{reason="connection"}')).toBe(1);
    expect(sample(text, 'bahi_mail_failures_total{reason="deferred"}')).toBe(1);
    expect(sample(text, 'bahi_mail_failures_total{reason="disk"}')).toBe(1);
    expect(sample(text, 'bahi_mail_failures_total{reason="other"}')).toBe(1);
    expect(sample(text, 'bahi_mails_total{outcome="failed"}')).toBe(7);
    expect(mailFailureReason(undefined)).toBe("other");
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
      const res = await t.get("/api/test-never-answers");
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: {
          code: "service_unavailable",
          message: "The server took too long to answer. Please try again.",
        },
      });
      expect(performance.now() - started).toBeLessThan(2_000);
      expect((await t.get("/api/health")).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
