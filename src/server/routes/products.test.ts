import { eq, sql } from "drizzle-orm";
import { productServices, stockMovements } from "../db/schema";
import { accountsForSuite, describeEachDb, expectRefusedField, testAppForSuite } from "../testing/harness";

describeEachDb("products and inventory API", (kind) => {
  const t = testAppForSuite(kind);
  const [a, b] = accountsForSuite(t, 2);

  const create = (body: unknown, cookie = a.cookie) => t.post("/api/products", body, cookie);
  const adjust = (id: string, body: unknown, cookie = a.cookie) =>
    t.post(`/api/products/${id}/stock-adjustments`, body, cookie);
  const summary = (cookie: string) => t.get("/api/inventory/summary", cookie).then((r) => r.json());

  it("creates, reads, updates and deletes a product; the opening quantity is a movement", async () => {
    const res = await create({
      name: "Basmati Rice 5kg",
      hsnSac: "1006",
      unit: "bag",
      rate: "650.50",
      costPrice: 480,
      availableQuantity: "12.5",
      lowStockLevel: 3,
      defaultTaxPercent: "5",
      defaultDiscountPercent: 2.5,
    });
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p).toEqual({
      id: expect.any(String),
      name: "Basmati Rice 5kg",
      kind: "product",
      hsnSac: "1006",
      unit: "bag",
      rate: "650.50",
      costPrice: "480.00",
      availableQuantity: "12.5",
      lowStockLevel: "3",
      defaultTaxPercent: "5.00",
      defaultDiscountPercent: "2.50",
      tracksStock: true,
      stockStatus: "in_stock",
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const moves = (await t.get(`/api/products/${p.id}/movements`, a.cookie)).json().items;
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ change: "12.5", quantityAfter: "12.5", reason: "opening_stock" });

    expect((await t.get(`/api/products/${p.id}`, a.cookie)).json()).toEqual(p);

    const patched = await t.send("PATCH", `/api/products/${p.id}`, { rate: "700", unit: "sack" }, a.cookie);
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      rate: "700.00",
      unit: "sack",
      costPrice: "480.00",
      availableQuantity: "12.5",
    });

    const del = await t.send("DELETE", `/api/products/${p.id}`, undefined, a.cookie);
    expect(del.statusCode).toBe(204);
    expect((await t.get(`/api/products/${p.id}`, a.cookie)).statusCode).toBe(404);
    const left = await t.database.db.select().from(stockMovements).where(eq(stockMovements.productId, p.id));
    expect(left).toHaveLength(0);
  });

  it("does not track services or products without a quantity", async () => {
    const service = (await create({ name: "Installation", kind: "service", rate: 500 })).json();
    expect(service).toMatchObject({
      kind: "service",
      availableQuantity: null,
      tracksStock: false,
      stockStatus: "untracked",
    });
    const loose = (await create({ name: "Loose item", rate: 10 })).json();
    expect(loose).toMatchObject({ availableQuantity: null, tracksStock: false });
    expect((await t.get(`/api/products/${loose.id}/movements`, a.cookie)).json().items).toEqual([]);

    const refused = await adjust(loose.id, { change: 5, note: "Found some" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/does not track stock/);

    const withQty = await create({ name: "Service with stock", kind: "service", availableQuantity: 3 });
    expect(withQty.statusCode).toBe(400);
    expect(withQty.json().error.fields).toHaveProperty("availableQuantity");

    // Start tracking at 0, then stock comes in through an adjustment.
    const tracked = await t.send("PATCH", `/api/products/${loose.id}`, { trackStock: true }, a.cookie);
    expect(tracked.json()).toMatchObject({ availableQuantity: "0", stockStatus: "out" });
    expect((await adjust(loose.id, { change: 5, note: "Found some" })).statusCode).toBe(201);
    const stop = await t.send("PATCH", `/api/products/${loose.id}`, { trackStock: false }, a.cookie);
    expect(stop.statusCode).toBe(409);
  });

  it("refuses to edit the available quantity through PATCH, and says how", async () => {
    const p = (await create({ name: "Ghee 1L", availableQuantity: 4 })).json();
    for (const body of [{ availableQuantity: 100 }, { available_quantity: 100, name: "x" }]) {
      const res = await t.send("PATCH", `/api/products/${p.id}`, body, a.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toHaveProperty("availableQuantity");
      expect(res.json().error.message).toMatch(/stock adjustment/);
    }
    expect((await t.get(`/api/products/${p.id}`, a.cookie)).json()).toMatchObject({
      name: "Ghee 1L",
      availableQuantity: "4",
    });
  });

  it("logs an adjustment, changes the summary, and refuses to go below zero", async () => {
    const s = await t.signUpAndSignIn();
    const before = await summary(s.cookie);
    expect(before).toMatchObject({
      currency: "INR",
      products: 0,
      services: 0,
      unitsInStock: "0",
      stockValueAtCost: "0.00",
      stockValueAtRate: "0.00",
      potentialMargin: "0.00",
      lowStock: [],
      outOfStock: [],
    });

    const p = (
      await create(
        { name: "Notebook", rate: "45.50", costPrice: "30.25", availableQuantity: 10, lowStockLevel: 4 },
        s.cookie,
      )
    ).json();
    await create({ name: "Delivery", kind: "service", rate: 99 }, s.cookie);
    const mid = await summary(s.cookie);
    expect(mid).toMatchObject({
      products: 1,
      services: 1,
      trackedItems: 1,
      unitsInStock: "10",
      stockValueAtCost: "302.50",
      stockValueAtRate: "455.00",
      potentialMargin: "152.50",
      lowStockCount: 0,
    });

    const out = await adjust(p.id, { change: "-7", note: "Damaged in rain", business_id: "x" }, s.cookie);
    expect(out.statusCode).toBe(201);
    expect(out.json().product).toMatchObject({ availableQuantity: "3", stockStatus: "low" });
    expect(out.json().movement).toMatchObject({
      change: "-7",
      quantityAfter: "3",
      reason: "adjustment",
      note: "Damaged in rain",
    });

    const after = await summary(s.cookie);
    expect(after).toMatchObject({
      unitsInStock: "3",
      stockValueAtCost: "90.75",
      stockValueAtRate: "136.50",
      potentialMargin: "45.75",
      lowStockCount: 1,
      outOfStockCount: 0,
    });
    expect(after.lowStock.map((x: { id: string }) => x.id)).toEqual([p.id]);

    const tooMuch = await adjust(p.id, { change: -3.001, note: "Sold at the door" }, s.cookie);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toBe(
      "Stock cannot go below 0: Notebook has 3 left, so at most 3 can be taken out.",
    );
    expect(tooMuch.json().error.fields).toHaveProperty("change");

    const empty = await adjust(p.id, { change: -3, note: "Sold at the door" }, s.cookie);
    expect(empty.json().product.stockStatus).toBe("out");
    const last = await summary(s.cookie);
    expect(last).toMatchObject({
      outOfStockCount: 1,
      lowStockCount: 0,
      unitsInStock: "0",
      stockValueAtCost: "0.00",
    });
    expect(last.outOfStock.map((x: { id: string }) => x.id)).toEqual([p.id]);

    const history = (await t.get(`/api/products/${p.id}/movements`, s.cookie)).json().items;
    expect(
      history.map((m: { change: string; quantityAfter: string }) => [m.change, m.quantityAfter]),
    ).toEqual([
      ["-3", "0"],
      ["-7", "3"],
      ["10", "10"],
    ]);
  });

  it("keeps stock exact when adjustments race (no lost updates)", async () => {
    const p = (await create({ name: "Pens", availableQuantity: 5 })).json();
    const results = await Promise.all(
      Array.from({ length: 8 }, () => adjust(p.id, { change: -1, note: "Race" })),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(5);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await t.get(`/api/products/${p.id}`, a.cookie)).json().availableQuantity).toBe("0");
  });

  it("gives user B a 404 for every id of user A and changes nothing", async () => {
    const p = (await create({ name: "A's stock", availableQuantity: 2, rate: 1 })).json();
    const url = `/api/products/${p.id}`;
    expect((await t.get(url, b.cookie)).statusCode).toBe(404);
    expect((await t.send("PATCH", url, { name: "Mine now" }, b.cookie)).statusCode).toBe(404);
    expect((await t.send("DELETE", url, undefined, b.cookie)).statusCode).toBe(404);
    expect((await adjust(p.id, { change: -2, note: "Take" }, b.cookie)).statusCode).toBe(404);
    expect((await t.get(`${url}/movements`, b.cookie)).statusCode).toBe(404);
    expect((await t.get("/api/products?search=A's", b.cookie)).json().total).toBe(0);
    expect((await summary(b.cookie)).products).toBe(0);
    expect((await t.get(url, a.cookie)).json()).toEqual(p);
    expect((await t.get(`${url}/movements`, a.cookie)).json().items).toHaveLength(1);
  });

  it("ignores id, business_id and credits in a body", async () => {
    const res = await create({
      name: "Sneaky",
      id: "fixed-id",
      business_id: "x",
      businessId: "y",
      credits: 999,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).not.toBe("fixed-id");
    expect(res.json()).not.toHaveProperty("businessId");
    const [row] = await t.database.db
      .select()
      .from(productServices)
      .where(eq(productServices.id, res.json().id));
    expect(row!.businessId).not.toMatch(/^[xy]$/);
  });

  it.each([
    [{ name: "" }, "name"],
    [{ name: "n".repeat(10_000) }, "name"],
    [{ name: ["A"] }, "name"],
    [{ name: "A", kind: "gadget" }, "kind"],
    [{ name: "A", rate: -1 }, "rate"],
    [{ name: "A", rate: "abc" }, "rate"],
    [{ name: "A", rate: "" }, "rate"],
    [{ name: "A", rate: null }, "rate"],
    [{ name: "A", rate: "1.005" }, "rate"],
    [{ name: "A", rate: "10000000000000" }, "rate"],
    [{ name: "A", rate: 2 ** 53 }, "rate"],
    [{ name: "A", rate: "1e400" }, "rate"],
    [{ name: "A", costPrice: { v: 1 } }, "costPrice"],
    [{ name: "A", availableQuantity: -1 }, "availableQuantity"],
    [{ name: "A", availableQuantity: "NaN" }, "availableQuantity"],
    [{ name: "A", availableQuantity: "1.0001" }, "availableQuantity"],
    [{ name: "A", availableQuantity: "1000000000000" }, "availableQuantity"],
    [{ name: "A", lowStockLevel: true }, "lowStockLevel"],
    [{ name: "A", defaultTaxPercent: 101 }, "defaultTaxPercent"],
    [{ name: "A", defaultDiscountPercent: -5 }, "defaultDiscountPercent"],
    [{ name: "A", hsnSac: "10 06;" }, "hsnSac"],
  ])("refuses bad value #%# (field %1$s)", async (body, field) => {
    expectRefusedField(await create(body), field);
  });

  it("refuses bad adjustments naming the field", async () => {
    const p = (await create({ name: "Adjustable", availableQuantity: 1 })).json();
    for (const [body, field] of [
      [{ change: 0, note: "x" }, "change"],
      [{ change: "abc", note: "x" }, "change"],
      [{ change: null, note: "x" }, "change"],
      [{ change: 1e20, note: "x" }, "change"],
      [{ change: 1 }, "note"],
      [{ change: 1, note: "" }, "note"],
      [{ change: 1, note: "r".repeat(10_000) }, "note"],
    ] as const) {
      const res = await adjust(p.id, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.fields).toHaveProperty(field);
    }
    expect((await t.get(`/api/products/${p.id}/movements`, a.cookie)).json().items).toHaveLength(1);
  });

  it("searches, sorts, filters (low, out, services) and pages", async () => {
    const s = await t.signUpAndSignIn();
    const make = (body: object) => create(body, s.cookie).then((r) => r.json());
    const low = await make({
      name: "Chalk",
      hsnSac: "9609",
      rate: 5,
      availableQuantity: 2,
      lowStockLevel: 5,
    });
    const out = await make({ name: "Duster", rate: 50, availableQuantity: 0, lowStockLevel: 1 });
    const plenty = await make({ name: "board marker", rate: 30, availableQuantity: 100, lowStockLevel: 10 });
    const service = await make({ name: "Annual maintenance", kind: "service", rate: 1200 });
    const list = (q: string) => t.get(`/api/products?${q}`, s.cookie).then((r) => r.json());
    const ids = (r: { items: { id: string }[] }) => r.items.map((x) => x.id);

    expect(ids(await list("sort=name"))).toEqual([service.id, plenty.id, low.id, out.id]);
    expect(ids(await list("sort=newest"))).toEqual([service.id, plenty.id, out.id, low.id]);
    expect(ids(await list("sort=rate"))).toEqual([service.id, out.id, plenty.id, low.id]);
    expect(ids(await list("sort=quantity"))).toEqual([out.id, low.id, plenty.id, service.id]);
    expect(ids(await list("filter=low"))).toEqual([low.id]);
    expect(ids(await list("filter=out"))).toEqual([out.id]);
    expect(ids(await list("filter=services"))).toEqual([service.id]);
    expect(ids(await list("search=MARK"))).toEqual([plenty.id]);
    expect(ids(await list("search=9609"))).toEqual([low.id]);
    const page2 = await list("pageSize=3&page=2");
    expect(page2).toMatchObject({ total: 4, page: 2, pageSize: 3, currency: "INR" });
    expect(ids(page2)).toEqual([out.id]);
    for (const q of ["filter=cheap", "page=-1", "pageSize=0", "sort=1"]) {
      expect((await t.get(`/api/products?${q}`, s.cookie)).statusCode, q).toBe(400);
    }
  });

  it("counts every item exactly; filtered, up to 1,000, then says more while rows follow", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    // Every third item is a service.
    const seed = (from: number, to: number) =>
      t.database.db.execute(sql`insert into product_services (id, business_id, name, kind)
        select gen_random_uuid()::text, ${businessId}, 'Item ' || lpad(g::text, 4, '0'),
          case when g % 3 = 0 then 'service' else 'product' end
        from generate_series(${from}::int, ${to}::int) g`);
    const list = (q: string) => t.get(`/api/products?${q}`, s.cookie).then((r) => r.json());

    await seed(1, 1000);
    expect(await list("page=1")).toMatchObject({
      total: 1000,
      totalIsExact: true,
      hasMore: true,
      currency: "INR",
    });
    await seed(1001, 1500);
    // Unfiltered, the total is kept with every insert and delete (list_counts): exact at any size.
    expect(await list("page=1")).toMatchObject({ total: 1500, totalIsExact: true, hasMore: true });
    const last = await list("pageSize=100&page=15");
    expect(last).toMatchObject({ total: 1500, totalIsExact: true, hasMore: false });
    expect(last.items.at(-1).name).toBe("Item 1500");
    expect(await list("filter=services")).toMatchObject({ total: 500, totalIsExact: true });
    // Filtered: counted up to 1,000; beyond, "more than" while rows follow, exact on the last page.
    await seed(1501, 2100);
    const pages: [query: string, page: object][] = [
      ["filter=products", { total: 1000, totalIsExact: false, hasMore: true }],
      ["filter=products&pageSize=100&page=12", { total: 1200, totalIsExact: false, hasMore: true }],
      ["filter=products&pageSize=100&page=14", { total: 1400, totalIsExact: true, hasMore: false }],
    ];
    for (const [query, page] of pages) expect(await list(query), query).toMatchObject(page);
  });
});
