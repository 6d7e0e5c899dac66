import { expect, it } from "vitest";
import { apiKeys } from "../db/schema";
import { createLogger } from "../logger";
import { describeEachDb, type Method, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";
import { memoryLog } from "../testing/memory-log";

describeEachDb("API keys", (kind) => {
  const log = memoryLog();
  const t = testAppForSuite(kind, { logger: createLogger("info", log.stream) });

  async function keyFor(cookie: string, scope: "read" | "read_write", name = "Sheets") {
    const res = await t.post("/api/api-keys", { name, scope }, cookie);
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; key: string; prefix: string };
  }

  it("shows a key once, keeps only its hash, and lists when each was last used", async () => {
    const s = await t.signUpAndSignIn();
    const created = await keyFor(s.cookie, "read");
    expect(created.key).toMatch(/^bahi_sk_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const rows = await t.database.db.select().from(apiKeys);
    expect(JSON.stringify(rows)).not.toContain(created.key);

    const before = await t.get("/api/api-keys", s.cookie);
    expect(before.body).not.toContain(created.key);
    expect(before.json().keys).toEqual([
      expect.objectContaining({
        id: created.id,
        name: "Sheets",
        scope: "read",
        lastUsedAt: null,
        revokedAt: null,
      }),
    ]);
    expect((await t.withKey("GET", "/api/clients", created.key)).statusCode).toBe(200);
    await expect
      .poll(async () => (await t.get("/api/api-keys", s.cookie)).json().keys[0].lastUsedAt)
      .not.toBeNull();
    expect(log.text()).not.toContain(created.key);
  });

  it("a read-only key reads and cannot write; a read and write key writes without an Origin", async () => {
    const s = await t.signUpAndSignIn();
    const read = await keyFor(s.cookie, "read");
    const write = await keyFor(s.cookie, "read_write");
    const refused = await t.withKey("POST", "/api/clients", read.key, { name: "Asha Traders" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("key_read_only");
    const made = await t.withKey("POST", "/api/clients", write.key, { name: "Asha Traders" });
    expect(made.statusCode).toBe(201);
    const invoice = await t.withKey("POST", "/api/invoices", write.key, invoiceRequest("API-1"));
    expect(invoice.statusCode).toBe(201);
    const listed = await t.withKey("GET", "/api/clients", read.key);
    expect(listed.json().items.map((c: { name: string }) => c.name)).toEqual(["Asha Traders"]);
    expect((await t.withKey("GET", "/api/dashboard", read.key)).statusCode).toBe(200);
  });

  it("a revoked, unknown or malformed key is refused with 401", async () => {
    const s = await t.signUpAndSignIn();
    const { id, key } = await keyFor(s.cookie, "read_write");
    expect((await t.withKey("GET", "/api/invoices", key)).statusCode).toBe(200);
    const revoked = await t.send("DELETE", `/api/api-keys/${id}`, undefined, s.cookie);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await t.withKey("GET", "/api/invoices", key)).statusCode).toBe(401);
    const other = `bahi_sk_${"A".repeat(43)}`;
    expect((await t.withKey("GET", "/api/invoices", other)).statusCode).toBe(401);
    expect((await t.withKey("GET", "/api/invoices", "nonsense")).statusCode).toBe(401);
  });

  it("cannot reach the account, settings, credits purchase, API keys or data clearing", async () => {
    const s = await t.signUpAndSignIn();
    const { key } = await keyFor(s.cookie, "read_write");
    const closed: [Method, string, unknown?][] = [
      ["GET", "/api/profile"],
      ["GET", "/api/settings"],
      ["GET", "/api/credits"],
      ["GET", "/api/api-keys"],
      ["POST", "/api/api-keys", { name: "x", scope: "read" }],
      ["POST", "/api/functions/create-razorpay-order", { planId: "starter" }],
      ["POST", "/api/functions/clear-user-data", {}],
    ];
    for (const [method, url, body] of closed) {
      const res = await t.withKey(method, url, key, body);
      expect(res.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(401);
      expect(res.statusCode, `${method} ${url}`).toBeLessThanOrEqual(403);
    }
    expect((await t.get("/api/clients", s.cookie)).statusCode).toBe(200);
  });

  it("user A's key sees and changes nothing of user B's", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    const aKey = (await keyFor(a.cookie, "read_write")).key;
    const client = (await t.post("/api/clients", { name: "B's client" }, b.cookie)).json();
    const product = (await t.post("/api/products", { name: "B's product", rate: "10" }, b.cookie)).json();
    const invoice = (await t.post("/api/invoices", invoiceRequest("B-1"), b.cookie)).json().invoice;
    const matrix: [Method, string, unknown?][] = [
      ["GET", `/api/clients/${client.id}`],
      ["PATCH", `/api/clients/${client.id}`, { name: "Mine now" }],
      ["DELETE", `/api/clients/${client.id}`],
      ["GET", `/api/products/${product.id}`],
      ["PATCH", `/api/products/${product.id}`, { name: "Mine now" }],
      ["DELETE", `/api/products/${product.id}`],
      ["GET", `/api/invoices/${invoice.id}`],
      ["PUT", `/api/invoices/${invoice.id}`, invoiceRequest("B-1", { notes: "changed" })],
      ["POST", `/api/invoices/${invoice.id}/duplicate`, {}],
      ["POST", `/api/invoices/${invoice.id}/pdf`, {}],
      ["DELETE", `/api/invoices/${invoice.id}`],
    ];
    for (const [method, url, body] of matrix) {
      expect((await t.withKey(method, url, aKey, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    for (const list of ["/api/clients", "/api/products", "/api/invoices"]) {
      expect((await t.withKey("GET", list, aKey)).json().items, list).toEqual([]);
    }
    expect((await t.get(`/api/invoices/${invoice.id}`, b.cookie)).json().invoice.notes ?? "").not.toBe(
      "changed",
    );
    expect((await t.get(`/api/clients/${client.id}`, b.cookie)).json().name).toBe("B's client");
  });

  it("a browser's cookie and a foreign Origin still meet the Origin check without a key", async () => {
    const s = await t.signUpAndSignIn();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/clients",
      headers: { cookie: s.cookie, origin: "https://evil.example" },
      payload: { name: "x" },
    });
    expect(res.statusCode).toBe(403);
  });
});
