import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { clients } from "../db/schema";
import { accountsForSuite, describeEachDb, expectRefusedField, testAppForSuite } from "../testing/harness";

// 27AAPFU0939F1ZV is a real, well-formed GSTIN (state 27, valid check character).
const GOOD_GSTIN = "27AAPFU0939F1ZV";

describeEachDb("clients API", (kind) => {
  const t = testAppForSuite(kind);
  const [a, b] = accountsForSuite(t, 2);

  const create = (body: unknown, cookie = a.cookie) => t.post("/api/clients", body, cookie);

  it("creates, reads, updates and deletes a client", async () => {
    const created = await create({
      name: "  Asha Traders ",
      company: "Asha Traders Pvt Ltd",
      email: "accounts@asha.example",
      phone: "+91 98765 43210",
      gstin: GOOD_GSTIN.toLowerCase(),
      billingAddress: { line1: "12 MG Road", city: "Pune", state: "Maharashtra", postalCode: "411001" },
      notes: "Pays on time",
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      name: "Asha Traders",
      gstin: GOOD_GSTIN,
      billingAddress: { line1: "12 MG Road", line2: "", city: "Pune", country: "" },
      shippingAddress: null,
    });
    expect(Object.keys(c).sort()).toEqual(
      [
        "billingAddress",
        "company",
        "createdAt",
        "email",
        "gstin",
        "id",
        "name",
        "notes",
        "phone",
        "shippingAddress",
        "updatedAt",
      ].sort(),
    );

    const read = await t.get(`/api/clients/${c.id}`, a.cookie);
    expect(read.json()).toEqual(c);

    const patched = await t.send(
      "PATCH",
      `/api/clients/${c.id}`,
      { phone: "020 1234 5678", shippingAddress: { line1: "Godown 4", city: "Nashik" } },
      a.cookie,
    );
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: "Asha Traders",
      email: "accounts@asha.example",
      phone: "020 1234 5678",
      shippingAddress: { line1: "Godown 4", city: "Nashik", state: "" },
    });

    const cleared = await t.send("PATCH", `/api/clients/${c.id}`, { shippingAddress: null }, a.cookie);
    expect(cleared.json().shippingAddress).toBeNull();

    const deleted = await t.send("DELETE", `/api/clients/${c.id}`, undefined, a.cookie);
    expect(deleted.statusCode).toBe(204);
    expect((await t.get(`/api/clients/${c.id}`, a.cookie)).statusCode).toBe(404);
    expect((await t.send("DELETE", `/api/clients/${c.id}`, undefined, a.cookie)).statusCode).toBe(404);
  });

  it("needs a session", async () => {
    expect((await t.get("/api/clients")).statusCode).toBe(401);
    expect((await t.post("/api/clients", { name: "X" })).statusCode).toBe(401);
  });

  it("gives user B a 404 for every id of user A and changes nothing", async () => {
    const c = (await create({ name: "Only A's" })).json();
    const url = `/api/clients/${c.id}`;
    expect((await t.get(url, b.cookie)).statusCode).toBe(404);
    expect((await t.send("PATCH", url, { name: "Stolen" }, b.cookie)).statusCode).toBe(404);
    expect((await t.send("DELETE", url, undefined, b.cookie)).statusCode).toBe(404);
    const listB = (await t.get("/api/clients?search=Only", b.cookie)).json();
    expect(listB.total).toBe(0);
    expect((await t.get(url, a.cookie)).json()).toEqual(c);
  });

  it("ignores id, business_id and credits in a body", async () => {
    const otherId = randomUUID();
    const res = await create({
      name: "Sneaky",
      id: otherId,
      business_id: "someone",
      businessId: "x",
      credits: 1e6,
    });
    expect(res.statusCode).toBe(201);
    const c = res.json();
    expect(c.id).not.toBe(otherId);
    expect(c).not.toHaveProperty("business_id");
    expect(c).not.toHaveProperty("businessId");
    const rows = await t.database.db.select().from(clients);
    const row = rows.find((r) => r.id === c.id)!;
    expect(row.businessId).not.toBe("someone");
    const patched = await t.send(
      "PATCH",
      `/api/clients/${c.id}`,
      { id: otherId, business_id: "x" },
      a.cookie,
    );
    expect(patched.json().id).toBe(c.id);
    expect((await t.get(`/api/clients/${c.id}`, a.cookie)).statusCode).toBe(200);
  });

  it.each([
    [{ name: "" }, "name"],
    [{}, "name"],
    [{ name: "x".repeat(10_000) }, "name"],
    [{ name: 42 }, "name"],
    [{ name: "A", email: "not-an-email" }, "email"],
    [{ name: "A", gstin: "27AAPFU0939F1ZA" }, "gstin"],
    [{ name: "A", gstin: "ABC" }, "gstin"],
    [{ name: "A", phone: "call me" }, "phone"],
    [{ name: "A", billingAddress: { city: ["Pune"] } }, "billingAddress.city"],
    [{ name: "A", billingAddress: "Pune" }, "billingAddress"],
    [{ name: "A", notes: "n".repeat(10_000) }, "notes"],
    // Issue 32: a state from the list, and one that agrees with the GSTIN.
    [{ name: "A", billingAddress: { stateCode: "99" } }, "billingAddress.stateCode"],
    [{ name: "A", gstin: GOOD_GSTIN, billingAddress: { state: "Karnataka" } }, "billingAddress.state"],
  ])("refuses bad value #%# (field %1$s)", async (body, field) => {
    expectRefusedField(await create(body), field);
  });

  it("keeps a state chosen from the list with its code (issue 32)", async () => {
    const c = await create({ name: "Rao", billingAddress: { state: "Karnataka", stateCode: "29" } });
    expect(c.statusCode).toBe(201);
    expect(c.json().billingAddress).toMatchObject({ state: "Karnataka", stateCode: "29" });
    expect(
      (await create({ name: "Old", billingAddress: { state: "MH" } })).json().billingAddress,
    ).not.toHaveProperty("stateCode");
  });

  it("refuses a bad PATCH naming the field and keeps the client", async () => {
    const c = (await create({ name: "Keep Me" })).json();
    const res = await t.send("PATCH", `/api/clients/${c.id}`, { name: "", gstin: "bad" }, a.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty("name");
    expect(res.json().error.fields).toHaveProperty("gstin");
    expect((await t.get(`/api/clients/${c.id}`, a.cookie)).json().name).toBe("Keep Me");
  });

  it("searches name, company, email and phone; sorts; pages with a total", async () => {
    const s = await t.signUpAndSignIn();
    const names = ["Zeta Foods", "alpha Stores", "Beta Mart", "Gamma_Co", "delta 100%"];
    for (const [i, name] of names.entries()) {
      const res = await create(
        {
          name,
          company: i === 2 ? "Kiran Holdings" : "",
          email: `c${i}@shop.example`,
          phone: `98000000${i}`,
        },
        s.cookie,
      );
      expect(res.statusCode).toBe(201);
    }
    const list = (q: string) => t.get(`/api/clients?${q}`, s.cookie).then((r) => r.json());

    const byName = await list("sort=name");
    expect(byName.items.map((c: { name: string }) => c.name)).toEqual([
      "alpha Stores",
      "Beta Mart",
      "delta 100%",
      "Gamma_Co",
      "Zeta Foods",
    ]);
    expect(byName.total).toBe(5);
    const newest = await list("sort=newest");
    expect(newest.items[0].name).toBe("delta 100%");

    expect((await list("search=kiran")).items.map((c: { name: string }) => c.name)).toEqual(["Beta Mart"]);
    expect((await list("search=c3@shop")).items[0].name).toBe("Gamma_Co");
    expect((await list("search=980000004")).items[0].name).toBe("delta 100%");
    // % and _ are literal characters, not wildcards.
    expect((await list("search=100%25")).total).toBe(1);
    expect((await list("search=a_c")).total).toBe(1);

    const page1 = await list("sort=name&pageSize=2&page=1");
    const page3 = await list("sort=name&pageSize=2&page=3");
    expect(page1).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(page1.items.map((c: { name: string }) => c.name)).toEqual(["alpha Stores", "Beta Mart"]);
    expect(page3.items.map((c: { name: string }) => c.name)).toEqual(["Zeta Foods"]);

    for (const q of ["page=0", "page=abc", "pageSize=1000", "sort=price", `search=${"s".repeat(300)}`]) {
      const res = await t.get(`/api/clients?${q}`, s.cookie);
      expect(res.statusCode, q).toBe(400);
    }
  });

  it("counts every client exactly; a search counts up to 100, then says more and pages on while rows follow", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const seed = (from: number, to: number) =>
      t.database.db.execute(sql`insert into clients (id, business_id, name)
        select gen_random_uuid()::text, ${businessId}, 'Bulk ' || lpad(g::text, 4, '0')
        from generate_series(${from}::int, ${to}::int) g`);
    const list = (q: string) => t.get(`/api/clients?${q}`, s.cookie).then((r) => r.json());

    await seed(1, 1000);
    expect(await list("page=1")).toMatchObject({ total: 1000, totalIsExact: true, hasMore: true });
    expect(await list("page=50")).toMatchObject({ total: 1000, totalIsExact: true, hasMore: false });

    // Unfiltered, the total is kept with every insert and delete (list_counts): exact at any size.
    await seed(1001, 1001);
    const first = await list("page=1");
    expect(first).toMatchObject({ total: 1001, totalIsExact: true, hasMore: true, page: 1, pageSize: 20 });
    expect(first.items).toHaveLength(20);
    expect(await list("page=50")).toMatchObject({ total: 1001, totalIsExact: true, hasMore: true });
    const last = await list("page=51");
    expect(last).toMatchObject({ total: 1001, totalIsExact: true, hasMore: false });
    expect(last.items.map((c: { name: string }) => c.name)).toEqual(["Bulk 1001"]);
    // After the last page: no rows, the same count. A search is counted up to 100: beyond, "more
    // than" while rows follow; its last page is exact. A search counts only its matches (Bulk 1000
    // and 1001; Bulk 0001 to 0999), up to 100.
    const pages: [query: string, page: object][] = [
      ["page=52", { items: [], total: 1001, totalIsExact: true, hasMore: false }],
      ["search=Bulk&page=1", { total: 100, totalIsExact: false, hasMore: true }],
      ["search=Bulk&page=50", { total: 1000, totalIsExact: false, hasMore: true }],
      ["search=Bulk&page=51", { total: 1001, totalIsExact: true, hasMore: false }],
      ["search=Bulk&page=52", { items: [], total: 100, totalIsExact: false, hasMore: false }],
      ["search=Bulk 1", { total: 2, totalIsExact: true, hasMore: false }],
      ["search=Bulk 0", { total: 100, totalIsExact: false, hasMore: true }],
      ["search=Bulk 00", { total: 99, totalIsExact: true, hasMore: true }],
    ];
    for (const [query, page] of pages) expect(await list(query), query).toMatchObject(page);
    // Another user's count is their own.
    expect((await t.get("/api/clients", b.cookie)).json()).toMatchObject({
      totalIsExact: true,
      hasMore: false,
    });
  });
});
