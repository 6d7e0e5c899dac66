import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { resetClock } from "../clock";
import { ConfigError, loadConfig } from "../config";
import { openDatabase } from "../db/client";
import {
  createPostgresDatabase,
  get,
  MemoryMailer,
  post,
  send,
  signUpAndSignIn,
  startTestApp,
  type TestApp,
  testConfig,
  testDatabases,
} from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// The clock tests move from outside (TEST_CLOCK=1): POST /api/test/clock sets it for the whole
// server and survives a restart; POST /api/test/run-jobs runs every job due and answers when they
// are done. Two servers on one PostgreSQL database send each reminder once.

afterAll(() => resetClock());

describe("the test clock's switch", () => {
  it("is refused in production and off by default", async () => {
    expect(() =>
      loadConfig({ NODE_ENV: "production", TEST_CLOCK: "1", AUTH_SECRET: "x".repeat(40) }),
    ).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: "production", AUTH_SECRET: "x".repeat(40) }).testClock).toBe(false);
  });
});

describe.runIf(testDatabases().includes("postgres"))("the test clock and jobs over HTTP [postgres]", () => {
  const mailer = new MemoryMailer();
  const apps: TestApp[] = [];
  let drop: () => Promise<void> = async () => {};
  let url = "";

  /** One more server on the same database (its own process state: a restart, or a second instance). */
  async function server(): Promise<TestApp> {
    const database = await openDatabase({ databaseUrl: url, dataDir: "unused" });
    const config = testConfig(`/tmp/bahi-clock-${Date.now()}`, { TEST_CLOCK: "1" });
    const app = await startTestApp(config, database, { mailer, logger: pino({ level: "silent" }) });
    apps.push(app);
    return app;
  }
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  it("sets the clock for the server, keeps it across a restart, and runs the reminders due then, once with two servers", async () => {
    const fresh = await createPostgresDatabase("bahi_clock");
    url = fresh.url;
    drop = fresh.drop;
    const first = await server();
    const noClock = await get(first.app, "/api/test/clock");
    expect(noClock.statusCode).toBe(200);

    const s = await signUpAndSignIn(first);
    const schedule = { enabled: true, daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 3 };
    expect((await send(first.app, "PUT", "/api/settings/reminders", schedule, s.cookie)).statusCode).toBe(
      200,
    );
    const email = "asha@traders.example";
    const created = await post(
      first.app,
      "/api/invoices",
      invoiceRequest("CLK-1", {
        invoiceDate: "2027-01-01",
        dueDate: "2027-01-20",
        client: { name: "Asha Traders", email },
      }),
      s.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);

    // 17 Jan 2027, 10:30 in Asia/Kolkata: three days before the due date, after 10:00.
    const set = await post(first.app, "/api/test/clock", { now: "2027-01-17T05:00:00Z" });
    expect(set.json()).toEqual({ now: "2027-01-17T05:00:00.000Z" });
    expect((await get(first.app, "/api/dashboard", s.cookie)).json().today).toBe("2027-01-17");

    // A restart reads the clock back; a second server on the same database runs jobs at once.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    const [a, b] = [await server(), await server()];
    expect((await get(a.app, "/api/test/clock")).json()).toEqual({ now: "2027-01-17T05:00:00.000Z" });
    const runs = await Promise.all([
      post(a.app, "/api/test/run-jobs", {}),
      post(b.app, "/api/test/run-jobs", {}),
    ]);
    for (const run of runs) expect(run.statusCode).toBe(200);
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(1);
    await post(a.app, "/api/test/run-jobs", {});
    expect(mailer.sent.filter((m) => m.to === email)).toHaveLength(1);

    // The due date, then a week after it: one reminder each.
    await post(b.app, "/api/test/clock", { now: "2027-01-20T06:00:00Z" });
    await post(a.app, "/api/test/clock", { now: "2027-01-20T06:00:00Z" });
    await Promise.all([post(a.app, "/api/test/run-jobs", {}), post(b.app, "/api/test/run-jobs", {})]);
    await post(a.app, "/api/test/clock", { now: "2027-01-27T06:00:00Z" });
    await post(b.app, "/api/test/clock", { now: "2027-01-27T06:00:00Z" });
    await Promise.all([post(a.app, "/api/test/run-jobs", {}), post(b.app, "/api/test/run-jobs", {})]);
    const subjects = mailer.sent.filter((m) => m.to === email).map((m) => m.subject);
    expect(subjects).toEqual([
      "Reminder: invoice CLK-1 from us",
      "Reminder: invoice CLK-1 from us",
      "Reminder: overdue invoice CLK-1 from us",
    ]);
  });
});
