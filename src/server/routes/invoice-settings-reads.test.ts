import * as settingsQueries from "../db/queries/settings";
import { accountsForSuite, describeEachDb, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// One settings reader, read once per request: an invoice's save reads the user's settings in its
// transaction and the answer's "overdue" comes from that same read.
vi.mock("../db/queries/settings", { spy: true });

describeEachDb("settings reads per invoice request", (kind) => {
  const t = testAppForSuite(kind);
  const [s] = accountsForSuite(t, 1);

  async function readsDuring(request: () => Promise<{ statusCode: number }>, status: number) {
    vi.mocked(settingsQueries.readSettings).mockClear();
    expect((await request()).statusCode).toBe(status);
    return vi.mocked(settingsQueries.readSettings).mock.calls.length;
  }

  it("reads the settings once to save an invoice and once to change it", async () => {
    let id = "";
    expect(
      await readsDuring(async () => {
        const res = await t.post("/api/invoices", invoiceRequest("S-1"), s.cookie);
        id = res.json().invoice.id;
        return res;
      }, 201),
    ).toBe(1);
    expect(
      await readsDuring(() => t.send("PUT", `/api/invoices/${id}`, invoiceRequest("S-1"), s.cookie), 200),
    ).toBe(1);
    expect(
      await readsDuring(() => t.post(`/api/invoices/${id}/status`, { status: "paid" }, s.cookie), 200),
    ).toBe(1);
    expect(await readsDuring(() => t.post(`/api/invoices/${id}/duplicate`, {}, s.cookie), 201)).toBe(1);
  });
});
