import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { todayInTimeZone } from "#domain/dates";
import { csvLines } from "#domain/testing/csv";
import { resetClock } from "../clock";
import { activityLog, productServices } from "../db/schema";
import { describeEachDb, type Session, type TestApp, testAppForSuite } from "../testing/harness";
import { invoiceRequest, monthlyOn } from "../testing/invoice-request";

// The activity log of a business (issue 31 phase 3, decision 0077): each action once with its actor
// (member, API key, system), written with its change (a refused change leaves nothing), filters and
// paging, the CSV file, a year's retention on Bahi's clock, and no business sees another's.

afterAll(() => resetClock());

interface Entry {
  id: string;
  actor: { kind: string; id: string | null; name: string };
  action: string;
  record: { kind: string; id: string | null; label: string } | null;
  detail: Record<string, unknown>;
  createdAt: string;
}

async function entries(t: TestApp, cookie: string, query = ""): Promise<Entry[]> {
  const res = await t.get(`/api/activity?pageSize=100${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items;
}

/** Oldest first, one line each: "action record-label by actor-kind:name". */
const lines = (list: Entry[]) =>
  list
    .map(
      (e) =>
        `${e.action} ${e.record?.kind ?? "-"}:${e.record?.label ?? ""} by ${e.actor.kind}:${e.actor.name}`,
    )
    .reverse();

async function createInvoice(t: TestApp, s: Session, over: Record<string, unknown> = {}) {
  const res = await t.post(
    "/api/invoices?autoNumber=1",
    {
      ...invoiceRequest("", { client: { name: "Asha Traders", email: "asha@traders.example" }, ...over }),
      invoiceNumber: undefined,
    },
    s.cookie,
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as { id: string; invoiceNumber: string };
}

describeEachDb("activity log", (kind) => {
  const t = testAppForSuite(kind, { env: { TEST_CLOCK: "1" } });

  it("records each action once, in order, with the member or API key that did it", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const me = await t.userIdOf(s.cookie);
    expect(
      (await t.putSettings({ invoiceNumberScheme: "sequential", companyName: "Rao Traders" }, s.cookie))
        .statusCode,
    ).toBe(200);
    const draft = await createInvoice(t, s, { status: "draft" });
    const issued = await t.post(`/api/invoices/${draft.id}/status`, { status: "due" }, s.cookie);
    expect(issued.statusCode, issued.body).toBe(200);
    const number = issued.json().invoice.invoiceNumber as string;
    const sent = await t.post(
      `/api/invoices/${draft.id}/send`,
      { to: ["asha@traders.example"], subject: "Invoice", message: "Please pay.", attachPdf: false },
      s.cookie,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const paid = await t.post(
      `/api/invoices/${draft.id}/payments`,
      { amountMinor: 4_000, paidOn: "2026-05-10", method: "upi", reference: "UTR1" },
      s.cookie,
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const paymentId = paid.json().payments[0].id;
    expect(
      (await t.send("DELETE", `/api/invoices/${draft.id}/payments/${paymentId}`, {}, s.cookie)).statusCode,
    ).toBe(200);
    expect(
      (await t.post(`/api/invoices/${draft.id}/status`, { status: "cancelled" }, s.cookie)).statusCode,
    ).toBe(200);
    expect((await t.get("/api/export", s.cookie)).statusCode).toBe(200);
    const key = (await t.post("/api/api-keys", { name: "Tally sync", scope: "read_write" }, s.cookie)).json();
    const byKey = await t.withKey("POST", "/api/invoices?autoNumber=1", key.key, {
      ...invoiceRequest("", { status: "due" }),
      invoiceNumber: undefined,
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const keyNumber = byKey.json().invoice.invoiceNumber;
    expect((await t.send("DELETE", `/api/api-keys/${key.id}`, {}, s.cookie)).statusCode).toBe(200);
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).json()).toEqual({ success: true });

    const list = await entries(t, s.cookie);
    const draftNumber = list.find((e) => e.action === "created" && e.record?.id === draft.id)?.record?.label;
    expect(lines(list)).toEqual([
      "settings_changed settings: by member:Asha Rao",
      `created invoice:${draftNumber} by member:Asha Rao`,
      `issued invoice:${number} by member:Asha Rao`,
      `sent invoice:${number} by member:Asha Rao`,
      `payment_recorded invoice:${number} by member:Asha Rao`,
      `payment_deleted invoice:${number} by member:Asha Rao`,
      `cancelled invoice:${number} by member:Asha Rao`,
      "data_exported data: by member:Asha Rao",
      "key_created api_key:Tally sync by member:Asha Rao",
      `created invoice:${keyNumber} by api_key:Tally sync`,
      `issued invoice:${keyNumber} by api_key:Tally sync`,
      "key_revoked api_key:Tally sync by member:Asha Rao",
      "data_cleared data: by member:Asha Rao",
    ]);
    const member = list.find((e) => e.actor.kind === "member")!;
    expect(member.actor).toEqual({ kind: "member", id: me, name: "Asha Rao" });
    expect(list.find((e) => e.actor.kind === "api_key")!.actor).toEqual({
      kind: "api_key",
      id: key.id,
      name: "Tally sync",
    });
    expect(list.find((e) => e.action === "cancelled")!.detail).toEqual({ from: "due", to: "cancelled" });
    expect(list.find((e) => e.action === "payment_recorded")!.detail).toMatchObject({
      amountMinor: 4_000,
      currency: "INR",
      method: "upi",
    });
    // The names of the settings changed, never their values.
    expect(list.find((e) => e.action === "settings_changed")!.detail.fields).toEqual(
      expect.arrayContaining(["invoiceNumberScheme", "companyName"]),
    );
    const actors = (await t.get("/api/activity/actors", s.cookie)).json().items;
    expect(actors).toEqual([
      { kind: "member", id: me, name: "Asha Rao" },
      { kind: "api_key", id: key.id, name: "Tally sync" },
    ]);
  }, 120_000);

  it("a refused change leaves no entry: its entry is in the change's transaction", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const productId = randomUUID();
    await t.database.db
      .insert(productServices)
      .values({ id: productId, businessId, name: "Basmati Rice", unit: "bag", availableQuantity: "2" });
    // The stock check comes after the invoice and its entry are written: the whole change goes.
    const refused = await t.post(
      "/api/invoices?autoNumber=1",
      {
        ...invoiceRequest("", {
          items: [{ id: "l1", productId, name: "Basmati Rice", quantity: "3", rate: "100" }],
        }),
        invoiceNumber: undefined,
      },
      s.cookie,
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe("insufficient_stock");
    // A payment on a draft is refused too.
    const draft = await createInvoice(t, s, { status: "draft" });
    const notPayable = await t.post(
      `/api/invoices/${draft.id}/payments`,
      { amountMinor: 100, paidOn: "2026-05-10", method: "cash" },
      s.cookie,
    );
    expect(notPayable.statusCode).toBe(409);
    expect(lines(await entries(t, s.cookie))).toEqual([
      `created invoice:${draft.invoiceNumber} by member:Test User`,
    ]);
  });

  it("filters by actor, action, kind of record and days, pages with a cursor, and exports the filtered list as CSV", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Meera Iyer");
    const me = await t.userIdOf(s.cookie);
    const first = await createInvoice(t, s, { status: "draft" });
    const second = await createInvoice(t, s, { status: "due" });
    const firstNumber = (await t.post(`/api/invoices/${first.id}/status`, { status: "due" }, s.cookie)).json()
      .invoice.invoiceNumber;
    const key = (
      await t.post("/api/api-keys", { name: "=cmd|' /C calc'!A0", scope: "read" }, s.cookie)
    ).json();

    const issuedOnly = await entries(t, s.cookie, "&action=issued");
    expect(issuedOnly.map((e) => e.record?.id)).toEqual([first.id, second.id]);
    expect((await entries(t, s.cookie, "&recordKind=api_key")).map((e) => e.action)).toEqual(["key_created"]);
    expect(await entries(t, s.cookie, `&actor=member:${me}`)).toHaveLength(5);
    expect(await entries(t, s.cookie, "&actor=system")).toEqual([]);
    expect(await entries(t, s.cookie, `&actor=api_key:${key.id}`)).toEqual([]);
    const today = todayInTimeZone(new Date(), "Asia/Kolkata");
    expect(await entries(t, s.cookie, `&from=${today}&to=${today}`)).toHaveLength(5);
    expect(await entries(t, s.cookie, "&to=2020-01-01")).toEqual([]);
    expect(await entries(t, s.cookie, "&from=2099-01-01")).toEqual([]);
    const backwards = await t.get(`/api/activity?from=${today}&to=2020-01-01`, s.cookie);
    expect(backwards.statusCode).toBe(400);
    expect(Object.keys(backwards.json().error.fields)).toEqual(["to"]);
    const nobody = await t.get("/api/activity?actor=nobody", s.cookie);
    expect(nobody.statusCode).toBe(400);
    expect(Object.keys(nobody.json().error.fields)).toEqual(["actor"]);

    // Pages of two, newest first, by cursor: every entry once.
    const seen: string[] = [];
    let after = "";
    for (let i = 0; i < 5; i++) {
      const page = (await t.get(`/api/activity?pageSize=2${after}`, s.cookie)).json();
      seen.push(...page.items.map((e: Entry) => e.id));
      if (!page.nextCursor) break;
      after = `&after=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(seen).toEqual((await entries(t, s.cookie)).map((e) => e.id));
    expect(new Set(seen).size).toBe(5);

    const csv = await t.get("/api/activity/export.csv?action=issued", s.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toMatch(
      /^attachment; filename="bahi-activity-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const rows = csvLines(csv.body);
    expect(rows[0]).toBe("Time,Who,Actor type,Action,Record type,Record,Record id,Description");
    expect(rows.slice(1).map((r) => r.split(",").slice(1, 7))).toEqual([
      ["Meera Iyer", "member", "Issued", "Invoice", firstNumber, first.id],
      ["Meera Iyer", "member", "Issued", "Invoice", second.invoiceNumber, second.id],
    ]);
    expect(rows).toHaveLength(3);
    // A key's name that a spreadsheet would run is written as text.
    const keys = (await t.get("/api/activity/export.csv?recordKind=api_key", s.cookie)).body;
    expect(keys).toContain(`,'=cmd|' /C calc'!A0,`);
  });

  it("keeps entries a year on Bahi's clock: the retention job deletes older ones", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    await createInvoice(t, s, { status: "draft" });
    const old = new Date(Date.now() - 400 * 86_400_000);
    await t.database.db.insert(activityLog).values({
      id: randomUUID(),
      businessId,
      actorKind: "system",
      actorName: "Bahi (automatic)",
      action: "created",
      recordLabel: "OLD-1",
      createdAt: old,
    });
    expect(await entries(t, s.cookie)).toHaveLength(2);
    const runAt = async (instant: Date) => {
      expect((await t.post("/api/test/clock", { now: instant.toISOString() })).statusCode).toBe(200);
      expect((await t.post("/api/test/run-jobs", {})).statusCode).toBe(200);
    };
    await runAt(new Date());
    expect((await entries(t, s.cookie)).map((e) => e.action)).toEqual(["created"]);
    expect((await entries(t, s.cookie))[0]!.record?.label).not.toBe("OLD-1");
    // 360 days on, the invoice's entry is still there; 370 days on it is gone.
    await runAt(new Date(Date.now() + 360 * 86_400_000));
    expect(await entries(t, s.cookie)).toHaveLength(1);
    await runAt(new Date(Date.now() + 370 * 86_400_000));
    expect(await entries(t, s.cookie)).toEqual([]);
    resetClock();
  });

  it("an invoice made by a recurring profile's job is recorded as the system's", async () => {
    await t.post("/api/test/clock", { now: "2027-01-20T06:00:00Z" });
    const s = await t.signUpAndSignIn();
    const source = await createInvoice(t, s, { status: "due", invoiceDate: "2027-01-20", dueDate: null });
    const profile = await t.post(`/api/invoices/${source.id}/recurring`, monthlyOn("2027-02-01"), s.cookie);
    expect(profile.statusCode, profile.body).toBe(201);
    await t.post("/api/test/clock", { now: "2027-02-01T06:00:00Z" });
    expect((await t.post("/api/test/run-jobs", {})).statusCode).toBe(200);
    resetClock();
    const made = (await entries(t, s.cookie)).filter((e) => e.record?.id !== source.id);
    expect(made.map((e) => [e.action, e.actor])).toEqual([
      ["issued", { kind: "system", id: null, name: "Bahi (automatic)" }],
      ["created", { kind: "system", id: null, name: "Bahi (automatic)" }],
    ]);
    expect(await entries(t, s.cookie, "&actor=system")).toHaveLength(2);
  });

  it("another business sees none of a business's entries, by list, actor filter or CSV", async () => {
    const a = await t.signUpAndSignIn(undefined, undefined, "Owner A");
    const b = await t.signUpAndSignIn(undefined, undefined, "Owner B");
    const aId = await t.userIdOf(a.cookie);
    const invoice = await createInvoice(t, a, { status: "due" });
    expect(await entries(t, a.cookie)).toHaveLength(2);
    expect(await entries(t, b.cookie)).toEqual([]);
    expect(await entries(t, b.cookie, `&actor=member:${aId}`)).toEqual([]);
    expect((await t.get("/api/activity/actors", b.cookie)).json().items).toEqual([]);
    const csv = (await t.get("/api/activity/export.csv", b.cookie)).body;
    expect(csv).not.toContain(invoice.id);
    expect(csvLines(csv)).toHaveLength(1);
    // The same person's second business starts with an empty log.
    const second = (await t.post("/api/businesses", { name: "A Exports" }, a.cookie)).json();
    expect((await t.post(`/api/businesses/${second.id}/switch`, {}, a.cookie)).statusCode).toBe(200);
    expect(await entries(t, a.cookie)).toEqual([]);
    // Signed out: nothing.
    expect((await t.get("/api/activity")).statusCode).toBe(401);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from activity_log where business_id = ${aId}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
  });
});
