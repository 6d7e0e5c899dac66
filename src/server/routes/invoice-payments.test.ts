import { expect, it } from "vitest";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { createInvoice, deletePayment } from "../testing/invoice-request";

// Payments received against an invoice, on PGlite and PostgreSQL.

describeEachDb("payments received", (kind) => {
  const t = testAppForSuite(kind);

  const invoice = (cookie: string, over: Record<string, unknown> = {}) =>
    createInvoice(t, cookie, over, "PAY");
  const pay = (cookie: string, id: string, amountMinor: number, paidOn = "2026-05-10", method = "upi") =>
    t.post(`/api/invoices/${id}/payments`, { amountMinor, paidOn, method, reference: "UTR123" }, cookie);

  it("takes a part payment, then the rest: partially paid, then paid on the last payment's date", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await invoice(s.cookie); // one line of 100.00, no tax
    expect(inv.totalMinor).toBe(10_000);

    const first = await pay(s.cookie, inv.id, 4_000, "2026-05-10");
    expect(first.statusCode).toBe(201);
    expect(first.json().invoice).toMatchObject({
      status: "due",
      amountPaidMinor: 4_000,
      balanceDueMinor: 6_000,
      paymentDate: null,
    });
    expect(["partially_paid", "overdue"]).toContain(first.json().invoice.displayStatus);

    const second = await pay(s.cookie, inv.id, 6_000, "2026-05-20", "bank_transfer");
    expect(second.json().invoice).toMatchObject({
      status: "paid",
      displayStatus: "paid",
      amountPaidMinor: 10_000,
      balanceDueMinor: 0,
      paymentDate: "2026-05-20",
    });
    expect(second.json().payments.map((p: { amountMinor: number }) => p.amountMinor)).toEqual([4_000, 6_000]);

    const listed = await t.get("/api/invoices?status=paid", s.cookie);
    expect(listed.json().items.map((i: { id: string }) => i.id)).toContain(inv.id);
    const read = await t.get(`/api/invoices/${inv.id}`, s.cookie);
    expect(read.json().invoice).toMatchObject({ status: "paid", balanceDueMinor: 0 });
  });

  it("reopens the invoice when a payment is deleted, and refuses more than the balance", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await invoice(s.cookie, { dueDate: "2099-01-31" });
    await pay(s.cookie, inv.id, 2_500);
    const full = await pay(s.cookie, inv.id, 7_500);
    expect(full.json().invoice.status).toBe("paid");

    const over = await pay(s.cookie, inv.id, 1);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toBe("The amount cannot be more than the balance due (₹0.00).");

    const last = full.json().payments.find((p: { amountMinor: number }) => p.amountMinor === 7_500);
    const reopened = await deletePayment(t, s.cookie, inv.id, last.id);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json().invoice).toMatchObject({
      status: "due",
      displayStatus: "partially_paid",
      amountPaidMinor: 2_500,
      balanceDueMinor: 7_500,
      paymentDate: null,
    });
    const tooMuch = await pay(s.cookie, inv.id, 7_501);
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.fields.amountMinor).toBe(
      "The amount cannot be more than the balance due (₹75.00).",
    );

    const partial = await t.get("/api/invoices?status=partially_paid", s.cookie);
    expect(partial.json().items.map((i: { id: string }) => i.id)).toEqual([inv.id]);
  });

  it("edits a payment within the balance its old amount leaves", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await invoice(s.cookie);
    const made = (await pay(s.cookie, inv.id, 3_000)).json().payments[0];
    const body = { amountMinor: 10_001, paidOn: "2026-05-11", method: "cash" };
    const refused = await t.send("PUT", `/api/invoices/${inv.id}/payments/${made.id}`, body, s.cookie);
    expect(refused.statusCode).toBe(400);
    const edited = await t.send(
      "PUT",
      `/api/invoices/${inv.id}/payments/${made.id}`,
      { ...body, amountMinor: 10_000 },
      s.cookie,
    );
    expect(edited.json().invoice).toMatchObject({ status: "paid", paymentDate: "2026-05-11" });
    expect(edited.json().payments).toEqual([
      expect.objectContaining({ amountMinor: 10_000, method: "cash" }),
    ]);
  });

  it("takes no payment on a draft or cancelled invoice", async () => {
    const s = await t.signUpAndSignIn();
    const draft = await invoice(s.cookie, { status: "draft" });
    const res = await pay(s.cookie, draft.id, 100);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: "invoice_not_payable",
      message: "Issue the invoice before recording a payment.",
    });
    const cancelled = await invoice(s.cookie, { status: "cancelled" });
    expect((await pay(s.cookie, cancelled.id, 100)).json().error.code).toBe("invoice_not_payable");
  });

  it("marking paid records the balance; reopening takes it back; own payments block a return to draft", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await invoice(s.cookie);
    await pay(s.cookie, inv.id, 1_000);
    const paid = await t.post(
      `/api/invoices/${inv.id}/status`,
      { status: "paid", paymentDate: "2026-05-15" },
      s.cookie,
    );
    expect(paid.json().invoice).toMatchObject({
      status: "paid",
      amountPaidMinor: 10_000,
      balanceDueMinor: 0,
    });
    const payments = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json().payments;
    expect(payments).toEqual([
      expect.objectContaining({ amountMinor: 1_000, source: "manual" }),
      expect.objectContaining({ amountMinor: 9_000, source: "status", paidOn: "2026-05-15" }),
    ]);
    const reopened = await t.post(`/api/invoices/${inv.id}/status`, { status: "due" }, s.cookie);
    expect(reopened.json().invoice).toMatchObject({
      status: "due",
      amountPaidMinor: 1_000,
      balanceDueMinor: 9_000,
    });
    const toDraft = await t.post(`/api/invoices/${inv.id}/status`, { status: "draft" }, s.cookie);
    expect(toDraft.statusCode).toBe(409);
    expect(toDraft.json().error.code).toBe("invoice_has_payments");
    // Without payments of its own, an invoice moves between statuses as before.
    const plain = await invoice(s.cookie);
    await t.post(`/api/invoices/${plain.id}/status`, { status: "paid" }, s.cookie);
    const back = await t.post(`/api/invoices/${plain.id}/status`, { status: "draft" }, s.cookie);
    expect(back.json().invoice).toMatchObject({ status: "draft", amountPaidMinor: 0 });
    expect((await t.get(`/api/invoices/${plain.id}/payments`, s.cookie)).json().payments).toEqual([]);
  });

  it("20 concurrent payments on one invoice never pass its total", async () => {
    const s = await t.signUpAndSignIn();
    const inv = await invoice(s.cookie);
    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(s.cookie, inv.id, 1_000)));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(10);
    const after = (await t.get(`/api/invoices/${inv.id}/payments`, s.cookie)).json();
    expect(after.payments).toHaveLength(10);
    expect(after.invoice).toMatchObject({ status: "paid", amountPaidMinor: 10_000, balanceDueMinor: 0 });
  });

  it("another user's invoice is not found on every payment route", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const inv = await invoice(b.cookie);
    const made = (await pay(b.cookie, inv.id, 1_000)).json().payments[0];
    const body = { amountMinor: 100, paidOn: "2026-05-10", method: "cash" };
    expect((await t.get(`/api/invoices/${inv.id}/payments`, a.cookie)).statusCode).toBe(404);
    expect((await pay(a.cookie, inv.id, 100)).statusCode).toBe(404);
    expect(
      (await t.send("PUT", `/api/invoices/${inv.id}/payments/${made.id}`, body, a.cookie)).statusCode,
    ).toBe(404);
    expect((await deletePayment(t, a.cookie, inv.id, made.id)).statusCode).toBe(404);
    expect((await t.get(`/api/invoices/${inv.id}/payments`, b.cookie)).json().payments).toHaveLength(1);
  });
});
