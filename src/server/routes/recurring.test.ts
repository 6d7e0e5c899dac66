import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetClock } from "../clock";
import { openDatabase } from "../db/client";
import { userSettings } from "../db/schema";
import {
  createPostgresDatabase,
  describeEachDb,
  get,
  post,
  signUpAndSignIn,
  startTestApp,
  type TestApp,
  testAppForSuite,
  testConfig,
  testDatabases,
} from "../testing/harness";
import { invoiceRequest, monthlyOn } from "../testing/invoice-request";

// Recurring invoices through the HTTP API with the test clock (TEST_CLOCK=1): each period's invoice
// on the period's dates, the last day of shorter months, "after N", pauses skipping periods, a
// downtime caught up in order, numbers without gaps, and two servers making each period once.

afterAll(() => resetClock());

/** 06:00 UTC is 11:30 in Asia/Kolkata: well inside the date. */
const at = (date: string) => ({ now: `${date}T06:00:00Z` });

describeEachDb("recurring invoices", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });

  async function setUp(status: "draft" | "due" = "due") {
    await t.post("/api/test/clock", at("2027-01-20"));
    const s = await t.signUpAndSignIn();
    const settingsData = { invoiceNumberScheme: "sequential" };
    await t.database.db
      .insert(userSettings)
      .values({ businessId: await t.userIdOf(s.cookie), settingsData })
      .onConflictDoUpdate({ target: userSettings.businessId, set: { settingsData } });
    const created = await t.post(
      "/api/invoices?autoNumber=1",
      {
        ...invoiceRequest("", {
          status,
          invoiceDate: "2027-01-20",
          dueDate: null,
          client: { name: "Asha Traders", email: "asha@traders.example" },
        }),
        invoiceNumber: undefined,
      },
      s.cookie,
    );
    expect(created.statusCode, created.body).toBe(201);
    return { s, source: created.json().invoice as { id: string } };
  }
  const made = async (cookie: string, profileId: string) =>
    (await t.get(`/api/recurring/${profileId}`, cookie)).json() as {
      profile: { status: string; nextDate: string | null; invoicesMade: number };
      runs: { periodDate: string; outcome: string; invoiceId: string | null; invoiceNumber: string | null }[];
    };
  const runAt = async (date: string) => {
    await t.post("/api/test/clock", at(date));
    expect((await t.post("/api/test/run-jobs", {})).statusCode).toBe(200);
  };

  it("makes a monthly invoice on the 31st on the last day of shorter months, dated by its period", async () => {
    const { s, source } = await setUp();
    const res = await t.post(`/api/invoices/${source.id}/recurring`, monthlyOn("2027-01-31"), s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const profile = res.json();
    expect(profile).toMatchObject({ status: "active", nextDate: "2027-01-31", frequency: "Monthly" });
    for (const date of ["2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"]) await runAt(date);
    await runAt("2027-04-30"); // again: nothing more
    const { runs } = await made(s.cookie, profile.id);
    expect(runs.map((r) => [r.periodDate, r.outcome])).toEqual([
      ["2027-01-31", "created"],
      ["2027-02-28", "created"],
      ["2027-03-31", "created"],
      ["2027-04-30", "created"],
    ]);
    const invoice = (await t.get(`/api/invoices/${runs[1]!.invoiceId}`, s.cookie)).json().invoice;
    expect(invoice).toMatchObject({ invoiceDate: "2027-02-28", dueDate: "2027-03-15", status: "due" });
    // Numbers follow the series without gaps (the source took 0001 of FY 2026-27).
    expect(runs.map((r) => r.invoiceNumber)).toEqual([
      "INV/2026-27/0002",
      "INV/2026-27/0003",
      "INV/2026-27/0004",
      "INV/2027-28/0001",
    ]);
  });

  it("makes drafts without a number of the series; issued, a draft takes one and its run shows it", async () => {
    const { s, source } = await setUp();
    const profile = (
      await t.post(
        `/api/invoices/${source.id}/recurring`,
        { ...monthlyOn("2027-01-31"), action: "draft" },
        s.cookie,
      )
    ).json();
    await runAt("2027-02-28");
    const [first, second] = (await made(s.cookie, profile.id)).runs;
    expect([first!.invoiceNumber, second!.invoiceNumber]).toEqual([
      expect.stringMatching(/^DRAFT-/),
      expect.stringMatching(/^DRAFT-/),
    ]);
    // Issued out of order, each takes the next number of the series after the issued source's 0001.
    await t.post(`/api/invoices/${second!.invoiceId}/status`, { status: "due" }, s.cookie);
    await t.post(`/api/invoices/${first!.invoiceId}/status`, { status: "due" }, s.cookie);
    expect((await made(s.cookie, profile.id)).runs.map((r) => r.invoiceNumber)).toEqual([
      "INV/2026-27/0003",
      "INV/2026-27/0002",
    ]);
  });

  it("stops after N, skips the periods of a pause, and catches a downtime up in order", async () => {
    const { s, source } = await setUp("draft");
    const after3 = (
      await t.post(
        `/api/invoices/${source.id}/recurring`,
        monthlyOn("2027-02-01", { type: "after", count: 3 }),
        s.cookie,
      )
    ).json();
    const paused = (
      await t.post(`/api/invoices/${source.id}/recurring`, monthlyOn("2027-02-05"), s.cookie)
    ).json();
    await runAt("2027-02-05"); // both made their first
    expect((await t.post(`/api/recurring/${paused.id}/pause`, {}, s.cookie)).json().status).toBe("paused");
    await runAt("2027-03-10"); // March fell in the pause
    expect((await t.post(`/api/recurring/${paused.id}/resume`, {}, s.cookie)).json().status).toBe("active");
    // Down from 10 March to 20 June: April, May and June are caught up, in order, once.
    await runAt("2027-06-20");
    await runAt("2027-06-20");
    const three = await made(s.cookie, after3.id);
    expect(three.runs.map((r) => r.periodDate)).toEqual(["2027-02-01", "2027-03-01", "2027-04-01"]);
    expect(three.profile).toMatchObject({ status: "finished", nextDate: null, invoicesMade: 3 });
    const withPause = await made(s.cookie, paused.id);
    expect(withPause.runs.map((r) => [r.periodDate, r.outcome])).toEqual([
      ["2027-02-05", "created"],
      ["2027-03-05", "skipped"],
      ["2027-04-05", "created"],
      ["2027-05-05", "created"],
      ["2027-06-05", "created"],
    ]);
    expect(withPause.runs[1]!.invoiceId).toBeNull();
    // The source is a draft: it holds no number of the series, which starts at the first made
    // invoice of each financial year (decision 0056).
    const numbers = [...three.runs, ...withPause.runs].flatMap((r) => r.invoiceNumber ?? []).sort();
    expect(numbers).toEqual([
      "INV/2026-27/0001",
      "INV/2026-27/0002",
      "INV/2026-27/0003",
      "INV/2027-28/0001",
      "INV/2027-28/0002",
      "INV/2027-28/0003",
      "INV/2027-28/0004",
    ]);
    const sourceNow = (await t.get(`/api/invoices/${source.id}`, s.cookie)).json().invoice;
    expect(sourceNow.invoiceNumber).toMatch(/^DRAFT-/);
  });

  it("sends each made invoice with its PDF for a credit; at zero credits the link goes alone and the invoice says so", async () => {
    const { s, source } = await setUp();
    const businessId = await t.userIdOf(s.cookie);
    await t.database.db.execute(sql`update user_credits set credits = 1 where business_id = ${businessId}`);
    const profile = (
      await t.post(
        `/api/invoices/${source.id}/recurring`,
        { ...monthlyOn("2027-02-03"), action: "send", attachPdf: true },
        s.cookie,
      )
    ).json();
    const mails = () => t.mailer.sent.filter((m) => [m.to].flat().includes("asha@traders.example"));
    const before = mails().length;
    await runAt("2027-02-03");
    await runAt("2027-03-03");
    const { runs } = (await made(s.cookie, profile.id)) as {
      runs: { invoiceId: string; invoiceNumber: string }[];
    };
    expect(runs).toHaveLength(2);
    const sent = mails().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(runs.map((r) => expect.stringContaining(r.invoiceNumber)));
    // February's took the last credit and carries its PDF; March's went as a link alone.
    expect(sent.map((m) => (m.attachments ?? []).length)).toEqual([1, 0]);
    for (const mail of sent) expect(mail.text).toMatch(/\/i\/[A-Za-z0-9_-]{32}/);
    expect((await t.get("/api/credits", s.cookie)).json().credits).toBe(0);
    const march = (await t.get(`/api/invoices/${runs[1]!.invoiceId}/activity`, s.cookie)).json().events;
    expect(march).toContainEqual(
      expect.objectContaining({
        kind: "recurring_not_sent",
        detail: { reason: "No credits left for the PDF: the link was sent alone." },
      }),
    );
  });

  it("asks before a start date in the past makes invoices at once, and belongs to its user", async () => {
    const { s, source } = await setUp();
    const asked = await t.post(`/api/invoices/${source.id}/recurring`, monthlyOn("2026-11-30"), s.cookie);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().error).toMatchObject({
      code: "confirmation_needed",
      message: "2 invoices will be created now, dated 30 Nov 2026 and 30 Dec 2026.",
    });
    const confirmed = await t.post(
      `/api/invoices/${source.id}/recurring`,
      { ...monthlyOn("2026-11-30"), confirmPast: true },
      s.cookie,
    );
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ invoicesMade: 2, nextDate: "2027-01-30" });
    const other = await t.signUpAndSignIn();
    expect((await t.get(`/api/recurring/${confirmed.json().id}`, other.cookie)).statusCode).toBe(404);
    expect((await t.post(`/api/recurring/${confirmed.json().id}/pause`, {}, other.cookie)).statusCode).toBe(
      404,
    );
    expect((await t.get("/api/recurring", other.cookie)).json().items).toEqual([]);
    expect(
      (await t.post(`/api/invoices/${source.id}/recurring`, monthlyOn("2027-03-01"), other.cookie))
        .statusCode,
    ).toBe(404);
  });
});

describe.runIf(testDatabases().includes("postgres"))("recurring invoices on two servers [postgres]", () => {
  const apps: TestApp[] = [];
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const fresh = await createPostgresDatabase("bahi_recurring");
    drop = fresh.drop;
    for (let i = 0; i < 2; i++) {
      const database = await openDatabase({ databaseUrl: fresh.url, dataDir: "unused" });
      apps.push(
        await startTestApp(testConfig(`/tmp/bahi-rec-${i}-${Date.now()}`, { TEST_CLOCK: "1" }), database),
      );
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await drop();
  });

  it("makes each period once when both run the job at the same moment", async () => {
    const [a, b] = apps as [TestApp, TestApp];
    await post(a.app, "/api/test/clock", at("2027-01-10"));
    const s = await signUpAndSignIn(a);
    const source = (await post(a.app, "/api/invoices", invoiceRequest("TWO-1"), s.cookie)).json().invoice;
    const profile = (
      await post(a.app, `/api/invoices/${source.id}/recurring`, monthlyOn("2027-01-15"), s.cookie)
    ).json();
    for (const app of [a, b]) await post(app.app, "/api/test/clock", at("2027-05-20"));
    await Promise.all([post(a.app, "/api/test/run-jobs", {}), post(b.app, "/api/test/run-jobs", {})]);
    const { runs } = (await get(b.app, `/api/recurring/${profile.id}`, s.cookie)).json();
    expect(runs.map((r: { periodDate: string }) => r.periodDate)).toEqual([
      "2027-01-15",
      "2027-02-15",
      "2027-03-15",
      "2027-04-15",
      "2027-05-15",
    ]);
    const list = (await get(a.app, "/api/invoices?pageSize=50", s.cookie)).json().items;
    expect(list).toHaveLength(6); // the source and five made, none twice
  });
});
