import { expect, it } from "vitest";
import { creditInReview } from "../testing/bank-statement";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { accountWithTwoClients, deletePayment, invoiceRequest } from "../testing/invoice-request";

// Client advances (issue 33, decision 0092) through the API on both databases: record one, apply it
// in part through Record payment, refusals, a deleted payment giving the amount back, a bank
// statement credit kept as an advance and undone, and another business seeing none of it.

interface AdvanceOut {
  id: string;
  amountMinor: number;
  appliedMinor: number;
  balanceMinor: number;
  source: string;
  reference: string;
}

describeEachDb("client advances", (kind) => {
  const t = testAppForSuite(kind);

  const setUp = () => accountWithTwoClients(t);

  const advances = async (cookie: string, clientId: string) =>
    (await t.get(`/api/clients/${clientId}/advances`, cookie)).json().advances as AdvanceOut[];
  const record = (cookie: string, clientId: string, amountMinor: number) =>
    t.post(
      `/api/clients/${clientId}/advances`,
      {
        amountMinor,
        receivedOn: "2026-05-01",
        method: "bank_transfer",
        reference: "NEFT-77",
        note: "For June",
      },
      cookie,
    );
  const payFrom = (cookie: string, invoiceId: string, advanceId: string, amountMinor: number) =>
    t.post(
      `/api/invoices/${invoiceId}/payments`,
      { amountMinor, paidOn: "2026-05-20", method: "bank_transfer", advanceId },
      cookie,
    );

  it("records an advance, applies part of it, refuses more than is left, gives it back when the payment goes", async () => {
    const { s, asha, meera, invoice } = await setUp();
    const made = await record(s.cookie, asha, 1_500_00);
    expect(made.statusCode, made.body).toBe(201);
    const [adv] = made.json().advances as AdvanceOut[];
    expect(adv).toMatchObject({
      amountMinor: 1_500_00,
      appliedMinor: 0,
      balanceMinor: 1_500_00,
      source: "manual",
    });

    const i1 = await invoice("ADV-1", asha, "Asha Traders", "1000"); // ₹1,000.00
    const first = await payFrom(s.cookie, i1, adv!.id, 1_000_00);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().invoice).toMatchObject({ status: "paid", balanceDueMinor: 0 });
    expect(first.json().payments[0].advanceId).toBe(adv!.id);
    expect((await advances(s.cookie, asha))[0]).toMatchObject({
      appliedMinor: 1_000_00,
      balanceMinor: 500_00,
    });

    // More than is left of the advance (the invoice's balance would allow it): refused, nothing recorded.
    const i2 = await invoice("ADV-2", asha, "Asha Traders", "800");
    const over = await payFrom(s.cookie, i2, adv!.id, 600_00);
    expect(over.statusCode).toBe(400);
    expect(over.json().error.message).toContain("Only ₹500.00 of this advance is left");
    // More than the invoice's balance: the payment rules refuse it.
    const overInvoice = await payFrom(s.cookie, i1, adv!.id, 1);
    expect(overInvoice.statusCode).toBe(400);
    const part = await payFrom(s.cookie, i2, adv!.id, 500_00);
    expect(part.json().invoice).toMatchObject({ amountPaidMinor: 500_00, balanceDueMinor: 300_00 });
    expect((await advances(s.cookie, asha))[0]!.balanceMinor).toBe(0);

    // Another client's invoice cannot take Asha's advance.
    const i3 = await invoice("ADV-3", meera, "Meera Stores", "100");
    const theirs = await payFrom(s.cookie, i3, adv!.id, 10_00);
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().error.message).toContain("another client");

    // Deleting an advance with applications is refused; deleting the payment gives the amount back.
    const refused = await t.send("DELETE", `/api/clients/${asha}/advances/${adv!.id}`, undefined, s.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("₹1,500.00 of this advance is already applied");
    const paymentId = first.json().payments[0].id as string;
    const gone = await deletePayment(t, s.cookie, i1, paymentId);
    expect(gone.json().invoice.status).toBe("due");
    expect((await advances(s.cookie, asha))[0]).toMatchObject({
      appliedMinor: 500_00,
      balanceMinor: 1_000_00,
    });

    // Changing the remaining payment cannot take more than is left either.
    const i2Payment = part.json().payments[0].id as string;
    const bigger = await t.send(
      "PUT",
      `/api/invoices/${i2}/payments/${i2Payment}`,
      { amountMinor: 800_00, paidOn: "2026-05-20", method: "bank_transfer" },
      s.cookie,
    );
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect((await advances(s.cookie, asha))[0]).toMatchObject({ appliedMinor: 800_00, balanceMinor: 700_00 });

    // Another business sees and changes none of it.
    const other = await t.signUpAndSignIn();
    expect((await t.get(`/api/clients/${asha}/advances`, other.cookie)).statusCode).toBe(404);
    expect((await record(other.cookie, asha, 100)).statusCode).toBe(404);
    const del = await t.send("DELETE", `/api/clients/${asha}/advances/${adv!.id}`, undefined, other.cookie);
    expect(del.statusCode).toBe(404);
    const theirInvoice = await t.post("/api/invoices", invoiceRequest("THEIRS-1"), other.cookie);
    const stolen = await payFrom(other.cookie, theirInvoice.json().invoice.id, adv!.id, 100);
    expect(stolen.statusCode).toBe(404);
    expect((await advances(s.cookie, asha))[0]!.balanceMinor).toBe(700_00);

    // An advance with nothing applied is deleted.
    const spare = (await record(s.cookie, meera, 50_00)).json().advances[0] as AdvanceOut;
    const deleted = await t.send("DELETE", `/api/clients/${meera}/advances/${spare.id}`, undefined, s.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().advances).toEqual([]);
  }, 90_000);

  it("a bank credit kept as an advance of the client chosen; undo deletes it, refused once some is applied", async () => {
    const { s, asha, invoice } = await setUp();
    const line = await creditInReview(t, s.cookie, [
      "13 May 2026",
      "DEP TFR UPI/CR/612345678904/R SHARMA/ICIC/rs@ybl/payment",
      "",
      "4,200.00",
      "16,880.00",
    ]);
    const noClient = await t.post(`/api/bank-statements/lines/${line.id}/advance`, {}, s.cookie);
    expect(noClient.statusCode).toBe(400);
    const kept = await t.post(`/api/bank-statements/lines/${line.id}/advance`, { clientId: asha }, s.cookie);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().status).toBe("advance");
    const [adv] = await advances(s.cookie, asha);
    expect(adv).toMatchObject({
      amountMinor: 4_200_00,
      balanceMinor: 4_200_00,
      source: "bank_statement",
      reference: "612345678904",
    });

    const inv = await invoice("ADV-B1", asha, "Asha Traders", "100");
    const applied = await payFrom(s.cookie, inv, adv!.id, 100_00);
    expect(applied.statusCode, applied.body).toBe(201);
    const refused = await t.post(`/api/bank-statements/lines/${line.id}/undo`, {}, s.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain("delete those payments first, then undo");

    const paymentId = applied.json().payments[0].id as string;
    await deletePayment(t, s.cookie, inv, paymentId);
    const undone = await t.post(`/api/bank-statements/lines/${line.id}/undo`, {}, s.cookie);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().status).toBe("review");
    expect(await advances(s.cookie, asha)).toEqual([]);
  }, 90_000);

  it("advances and the payments applied from them survive export -> clear -> import; an older file imports", async () => {
    const { s, asha, invoice } = await setUp();
    const adv = (await record(s.cookie, asha, 2_000_00)).json().advances[0] as AdvanceOut;
    const inv = await invoice("ADV-R1", asha, "Asha Traders", "1200");
    expect((await payFrom(s.cookie, inv, adv.id, 1_200_00)).statusCode).toBe(201);

    const exported = await t.get("/api/export", s.cookie);
    expect(exported.statusCode).toBe(200);
    const file = exported.json();
    expect(file.clientAdvances).toHaveLength(1);
    expect(file.clientAdvances[0]).toMatchObject({ clientId: asha, amount: "2000.00", reference: "NEFT-77" });
    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    expect((await t.get(`/api/clients/${asha}/advances`, s.cookie)).statusCode).toBe(404);

    const imported = await t.post("/api/import", file, s.cookie);
    expect(imported.statusCode, imported.body).toBe(200);
    const clients = (await t.get("/api/clients", s.cookie)).json().items as { id: string; name: string }[];
    const ashaAgain = clients.find((c) => c.name === "Asha Traders")!.id;
    const [back] = await advances(s.cookie, ashaAgain);
    expect(back).toMatchObject({
      amountMinor: 2_000_00,
      appliedMinor: 1_200_00,
      balanceMinor: 800_00,
      note: "For June",
    });
    const list = (await t.get("/api/invoices?search=ADV-R1", s.cookie)).json().items as { id: string }[];
    const payments = (await t.get(`/api/invoices/${list[0]!.id}/payments`, s.cookie)).json().payments;
    expect(payments[0]).toMatchObject({ amountMinor: 1_200_00, advanceId: back!.id });

    // A file that applies more than the advance is refused, naming it; one without the section imports.
    const over = structuredClone(file);
    over.clientAdvances[0].amount = "1000.00";
    const refused = await t.post("/api/import", over, s.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain("Client advance import error at index 0");
    const older = structuredClone(file);
    delete older.clientAdvances;
    expect((await t.post("/api/import", older, s.cookie)).statusCode).toBe(200);
    expect(await advances(s.cookie, ashaAgain)).toEqual([]);
  }, 90_000);
});
