import { expect, it } from "vitest";
import { todayInTimeZone } from "#domain/dates";
import { describeEachDb, type Session, type TestApp, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// Issue 31, the gaps after decision 0077: clients and products (created, edited, deleted), credit
// and debit notes (created, issued, cancelled) and CSV imports (one entry for the file) are in the
// activity log, each in its change's transaction, with who did it.

interface Entry {
  actor: { kind: string; name: string };
  action: string;
  record: { kind: string; label: string } | null;
  detail: Record<string, unknown>;
}

/** Oldest first, one line each: "action kind:label by actor-kind:name". */
async function lines(t: TestApp, s: Session): Promise<string[]> {
  const res = await t.get("/api/activity?pageSize=100", s.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().items as Entry[])
    .map(
      (e) =>
        `${e.action} ${e.record?.kind ?? "-"}:${e.record?.label ?? ""} by ${e.actor.kind}:${e.actor.name}`,
    )
    .reverse();
}

describeEachDb("activity log: clients, products, notes, imports", (kind) => {
  const t = testAppForSuite(kind);
  const today = todayInTimeZone(new Date(), "Asia/Kolkata");

  it("records clients and products created, edited and deleted, by the member or the API key", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const client = await t.post("/api/clients", { name: "Meera Stores" }, s.cookie);
    expect(client.statusCode, client.body).toBe(201);
    const clientId = client.json().id;
    const edited = await t.send(
      "PATCH",
      `/api/clients/${clientId}`,
      { email: "meera@stores.example" },
      s.cookie,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await t.send("DELETE", `/api/clients/${clientId}`, undefined, s.cookie)).statusCode).toBe(204);
    // A refused change leaves no entry: the client is gone.
    expect((await t.send("DELETE", `/api/clients/${clientId}`, undefined, s.cookie)).statusCode).toBe(404);

    const key = (await t.post("/api/api-keys", { name: "Shop", scope: "read_write" }, s.cookie)).json().key;
    const product = await t.withKey("POST", "/api/products", key, { name: "Kettle", rate: "1000" });
    expect(product.statusCode, product.body).toBe(201);
    const productId = product.json().id;
    const patched = await t.send("PATCH", `/api/products/${productId}`, { rate: "1100" }, s.cookie);
    expect(patched.statusCode, patched.body).toBe(200);
    // Stopping stock tracking with stock left is refused: no entry.
    const stocked = await t.post(
      "/api/products",
      { name: "Tea", rate: "5", availableQuantity: "3" },
      s.cookie,
    );
    const refused = await t.send(
      "PATCH",
      `/api/products/${stocked.json().id}`,
      { trackStock: false },
      s.cookie,
    );
    expect(refused.statusCode).toBe(409);
    expect((await t.send("DELETE", `/api/products/${productId}`, undefined, s.cookie)).statusCode).toBe(204);

    expect(await lines(t, s)).toEqual([
      "created client:Meera Stores by member:Asha Rao",
      "edited client:Meera Stores by member:Asha Rao",
      "deleted client:Meera Stores by member:Asha Rao",
      "key_created api_key:Shop by member:Asha Rao",
      "created product:Kettle by api_key:Shop",
      "edited product:Kettle by member:Asha Rao",
      "created product:Tea by member:Asha Rao",
      "deleted product:Kettle by member:Asha Rao",
    ]);
    // What was edited names the fields, never their values.
    const entries = (await t.get("/api/activity?action=edited", s.cookie)).json().items as Entry[];
    expect(entries.map((e) => e.detail)).toEqual([{ fields: ["rate"] }, { fields: ["email"] }]);
  });

  it("records credit and debit notes created, issued and cancelled, and a CSV import as one entry", async () => {
    const s = await t.signUpAndSignIn(undefined, undefined, "Asha Rao");
    const invoice = await t.post(
      "/api/invoices",
      invoiceRequest("INV/1", {
        invoiceDate: "2026-05-01",
        dueDate: "2099-12-31",
        items: [{ id: "a", name: "Kettle", quantity: "4", rate: "1000" }],
      }),
      s.cookie,
    );
    expect(invoice.statusCode, invoice.body).toBe(201);
    const invoiceId = invoice.json().invoice.id;
    const note = async (kind: "credit" | "debit", reason: string, line: Record<string, unknown>) => {
      const res = await t.post(
        "/api/credit-notes",
        { invoiceId, kind, noteDate: today, reason, lines: [line] },
        s.cookie,
      );
      expect(res.statusCode, res.body).toBe(201);
      return res.json().note as { id: string; noteNumber: string };
    };
    const credit = await note("credit", "sales_return", { originalLineId: "a", quantity: "1" });
    const creditNumber = credit.noteNumber;
    const debit = await note("debit", "correction_in_invoice", {
      originalLineId: null,
      name: "Freight",
      amount: "200",
    });
    const debitNumber = debit.noteNumber;
    const cancel = await t.post(`/api/credit-notes/${credit.id}/cancel`, {}, s.cookie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    // Cancelled twice: refused, no second entry.
    expect((await t.post(`/api/credit-notes/${credit.id}/cancel`, {}, s.cookie)).statusCode).toBe(409);

    const csv = ["Name,E-mail", "Asha Traders,asha@traders.example", "Mehta Stores,"].join("\r\n");
    expect((await t.post("/api/clients/import", { csv }, s.cookie)).statusCode).toBe(201);
    // A file with errors imports nothing and leaves no entry.
    expect((await t.post("/api/clients/import", { csv: "Name\r\n" }, s.cookie)).statusCode).toBe(400);

    const log = await lines(t, s);
    expect(log.filter((l) => !l.includes("invoice:"))).toEqual([
      `created credit_note:${creditNumber} by member:Asha Rao`,
      `issued credit_note:${creditNumber} by member:Asha Rao`,
      `created debit_note:${debitNumber} by member:Asha Rao`,
      `issued debit_note:${debitNumber} by member:Asha Rao`,
      `cancelled credit_note:${creditNumber} by member:Asha Rao`,
      "data_imported data:clients CSV by member:Asha Rao",
    ]);
    const imported = (await t.get("/api/activity?action=data_imported", s.cookie)).json().items as Entry[];
    expect(imported[0]!.detail).toEqual({ kind: "clients", rows: 2 });
    // The clients came in without an entry each.
    expect(log.some((l) => l.startsWith("created client:"))).toBe(false);
  });
});
