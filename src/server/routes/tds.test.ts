import { expect, it } from "vitest";
import { csvLines } from "#domain/testing/csv";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { createInvoice, deletePayment } from "../testing/invoice-request";

// TDS deducted by clients (decision 0088), on PGlite and PostgreSQL: a payment's TDS settles the
// invoice with the money received, the dashboard shows what is still to be seen in Form 26AS, and
// Reports -> TDS lists it per quarter and client.

const GSTIN = "27AAPFU0939F1ZV"; // PAN AAPFU0939F
type Payment = { id: string; amountMinor: number; tdsMinor: number; tdsSection: string | null };

describeEachDb("TDS deducted by clients", (kind) => {
  const t = testAppForSuite(kind);

  /** ₹10,000 of fees + 18 % GST = ₹11,800, for a client with a GSTIN (or another name). */
  const feeInvoice = (cookie: string, over: Record<string, unknown> = {}) =>
    createInvoice(
      t,
      cookie,
      {
        dueDate: "2099-01-31",
        client: { name: "Asha Traders", gstin: GSTIN },
        items: [{ id: "l1", name: "Audit fee", quantity: "1", rate: "10000", taxPercent: "18" }],
        ...over,
      },
      "TDS",
    );
  const pay = (cookie: string, id: string, body: Record<string, unknown>) =>
    t.post(
      `/api/invoices/${id}/payments`,
      { paidOn: "2026-05-10", method: "bank_transfer", ...body },
      cookie,
    );
  const withTds = { amountMinor: 1_080_000, tdsMinor: 100_000, tdsSection: "194J", tdsRateBp: 1000 };
  const dashboardTds = async (cookie: string) => (await t.get("/api/dashboard", cookie)).json().tdsReceivable;
  const report = async (cookie: string, fy = "2026-27") => {
    const res = await t.get(`/api/reports/tds?financialYear=${fy}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it("settles the invoice with the money received and the TDS; the dashboard and report show it; delete restores", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await feeInvoice(s.cookie);
    expect(inv.totalMinor).toBe(1_180_000);
    // The suggestion's base: the value without GST (CBDT Circular 23/2017).
    expect((await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json().taxableMinor).toBe(1_000_000);

    const paid = await pay(s.cookie, inv.id, withTds);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().invoice).toMatchObject({
      status: "paid",
      amountPaidMinor: 1_180_000,
      balanceDueMinor: 0,
      paymentDate: "2026-05-10",
    });
    expect(paid.json().payments[0]).toMatchObject({
      amountMinor: 1_080_000,
      tdsMinor: 100_000,
      tdsSection: "194J",
      tdsRateBp: 1000,
      tdsSeenIn26as: false,
    });
    expect(await dashboardTds(s.cookie)).toEqual({ amountMinor: 100_000, count: 1 });
    const activity = (await t.get(`/api/invoices/${inv.id}/activity`, s.cookie)).json().events;
    expect(JSON.stringify(activity)).toContain("tdsMinor");

    const r = await report(s.cookie);
    expect(r.totals).toEqual({ receivedMinor: 1_080_000, tdsMinor: 100_000, unseenMinor: 100_000 });
    expect(r.groups).toHaveLength(1);
    expect(r.groups[0]).toMatchObject({
      quarter: 1,
      clientName: "Asha Traders",
      pan: "AAPFU0939F",
      invoices: 1,
      sections: ["194J"],
    });

    // The money received is the dashboard's "received"; the TDS is not money in the bank.
    const received = (await t.get("/api/dashboard", s.cookie)).json().receivables[0];
    expect(received.outstandingMinor).toBe(0);

    const payment = paid.json().payments[0] as Payment;
    const deleted = await deletePayment(t, s.cookie, inv.id, payment.id);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().invoice).toMatchObject({
      status: "due",
      amountPaidMinor: 0,
      balanceDueMinor: 1_180_000,
    });
    expect(await dashboardTds(s.cookie)).toEqual({ amountMinor: 0, count: 0 });
    expect((await report(s.cookie)).groups).toEqual([]);
  });

  it("refuses received + TDS above the balance, TDS without a section, and TDS on a foreign-currency invoice", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await feeInvoice(s.cookie);
    const over = await pay(s.cookie, inv.id, { ...withTds, amountMinor: 1_080_001 });
    expect(over.statusCode).toBe(400);
    expect(over.json().error.fields.amountMinor).toBe(
      "The amount received and the TDS together cannot be more than the balance due (₹11,800.00).",
    );
    const noSection = await pay(s.cookie, inv.id, { ...withTds, tdsSection: null });
    expect(noSection.statusCode).toBe(400);
    expect(noSection.json().error.fields.tdsSection).toMatch(/Choose the section/);

    const usd = await createInvoice(t, s.cookie, { currency: "USD", dueDate: "2099-01-31" }, "USD");
    const foreign = await pay(s.cookie, usd.id, { amountMinor: 9_000, tdsMinor: 1_000, tdsSection: "194J" });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.fields.tdsMinor).toBe(
      "TDS is deducted in rupees: this invoice is in USD, so record the amount received without TDS.",
    );
    // Nothing was recorded.
    expect((await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json().payments).toEqual([]);
    // A part payment with TDS, then an edit that takes the TDS away, reopens the balance.
    const part = await pay(s.cookie, inv.id, { amountMinor: 450_000, tdsMinor: 50_000, tdsSection: "194j" });
    expect(part.json().invoice).toMatchObject({ status: "due", amountPaidMinor: 500_000 });
    expect(part.json().payments[0].tdsSection).toBe("194J");
    const id = part.json().payments[0].id;
    const edited = await t.send(
      "PUT",
      `/api/invoices/${inv.id}/payments/${id}`,
      { amountMinor: 450_000, paidOn: "2026-05-10", method: "upi" },
      s.cookie,
    );
    expect(edited.json().invoice).toMatchObject({ amountPaidMinor: 450_000, balanceDueMinor: 730_000 });
    expect(edited.json().payments[0]).toMatchObject({ tdsMinor: 0, tdsSection: null, tdsRateBp: null });
  });

  it("sums per quarter and client, ticks 26AS, writes the CSV; another business's payment is not found", async () => {
    const s = await t.signUpAndSignIn();
    const a1 = await feeInvoice(s.cookie);
    const a2 = await feeInvoice(s.cookie);
    const b = await feeInvoice(s.cookie, { client: { name: "Bharat Infra" } });
    const p1 = (await pay(s.cookie, a1.id, { ...withTds, paidOn: "2026-06-30" })).json().payments[0];
    await pay(s.cookie, a2.id, {
      amountMinor: 500_000,
      tdsMinor: 20_000,
      tdsSection: "194C",
      paidOn: "2026-04-02",
    });
    await pay(s.cookie, b.id, { ...withTds, paidOn: "2026-10-01" });
    // Q4 of the year before, and a payment without TDS: not in 2026-27's report.
    const old = await feeInvoice(s.cookie);
    await pay(s.cookie, old.id, { ...withTds, paidOn: "2026-03-31" });
    const plain = await feeInvoice(s.cookie);
    await pay(s.cookie, plain.id, { amountMinor: 100_000 });

    const r = await report(s.cookie);
    expect(
      r.groups.map((g: Record<string, unknown>) => [
        g.quarter,
        g.clientName,
        g.invoices,
        g.tdsMinor,
        g.sections,
      ]),
    ).toEqual([
      [1, "Asha Traders", 2, 120_000, ["194C", "194J"]],
      [3, "Bharat Infra", 1, 100_000, ["194J"]],
    ]);
    expect(r.groups[1].pan).toBe("");
    expect(r.totals).toEqual({ receivedMinor: 2_660_000, tdsMinor: 220_000, unseenMinor: 220_000 });
    expect((await report(s.cookie, "2025-26")).totals.tdsMinor).toBe(100_000);
    expect(r.receivableMinor).toBe(320_000);

    const seen = await t.send(
      "PUT",
      `/api/reports/tds/payments/${p1.id}/seen`,
      { seenIn26as: true },
      s.cookie,
    );
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toEqual({ paymentId: p1.id, seenIn26as: true, receivableMinor: 220_000 });
    expect(await dashboardTds(s.cookie)).toEqual({ amountMinor: 220_000, count: 3 });
    expect((await report(s.cookie)).totals.unseenMinor).toBe(120_000);

    const csv = await t.get("/api/reports/tds/export.csv?financialYear=2026-27", s.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("TDS_2026-27.csv");
    const lines = csvLines(csv.body);
    expect(lines[0]).toBe(
      "Financial year,Quarter,Client,PAN,Invoice,Invoice date,Paid on,Amount received,TDS,Section,Rate,Seen in 26AS",
    );
    expect(lines).toHaveLength(4);
    expect(lines).toContain(
      `2026-27,Q1,Asha Traders,AAPFU0939F,${a1.invoiceNumber},2026-05-01,2026-06-30,10800.00,1000.00,194J,10 %,Yes`,
    );

    // Another business: the tick is not found, and its report holds nothing of this one.
    const other = await t.signUpAndSignIn();
    const theirs = await t.send(
      "PUT",
      `/api/reports/tds/payments/${p1.id}/seen`,
      { seenIn26as: false },
      other.cookie,
    );
    expect(theirs.statusCode).toBe(404);
    expect((await report(other.cookie)).groups).toEqual([]);
    // A payment without TDS has no tick either.
    const none = (await t.get(`/api/invoices/${plain.id}/payments`, s.cookie)).json().payments[0];
    expect(
      (await t.send("PUT", `/api/reports/tds/payments/${none.id}/seen`, { seenIn26as: true }, s.cookie))
        .statusCode,
    ).toBe(404);
  });

  it("export -> clear -> import keeps the TDS, its section, rate and 26AS tick", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await feeInvoice(s.cookie);
    const p = (await pay(s.cookie, inv.id, withTds)).json().payments[0];
    await t.send("PUT", `/api/reports/tds/payments/${p.id}/seen`, { seenIn26as: true }, s.cookie);
    const before = await report(s.cookie);
    const file = (await t.get("/api/export", s.cookie)).json();
    expect(file.invoices[0].payments[0]).toMatchObject({
      tds: "1000.00",
      tdsSection: "194J",
      tdsRateBp: 1000,
    });

    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    expect((await report(s.cookie)).groups).toEqual([]);
    const imported = await t.post("/api/import", file, s.cookie);
    expect(imported.statusCode, imported.body).toBe(200);

    const after = await report(s.cookie);
    const strip = (r: typeof before) =>
      JSON.stringify(r, (k, v) => (k === "paymentId" || k === "invoiceId" ? "" : v));
    expect(strip(after)).toBe(strip(before));
    const list = (
      await t.get(`/api/invoices?search=${encodeURIComponent(inv.invoiceNumber)}`, s.cookie)
    ).json();
    expect(list.items[0]).toMatchObject({ status: "paid", amountPaidMinor: 1_180_000 });
  });
});
