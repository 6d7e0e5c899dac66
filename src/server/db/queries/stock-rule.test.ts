import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { isLowStock, isOutOfStock, type StockStatus, stockStatus } from "#domain/stock";
import { describeEachDb, testAppForSuite } from "#server/testing/harness";
import { insertPersonWithBusiness } from "#server/testing/people";
import { queryRows } from "../client";
import { productServices } from "../schema";
import { dashboardData } from "./dashboard";
import { inventoryTotals, listProducts, stockAlerts } from "./products";
import { lowButNotOutSql, lowStockSql, outOfStockSql } from "./stock";

// The low-stock rule has one home (#domain/stock) and one SQL twin (./stock.ts). Both must answer
// alike on the edges, and the inventory's and the dashboard's queries must list what the rule says.

type Kind = "product" | "service";
/** [available quantity, low-stock level, kind, the status the rule gives, low by the rule]. */
const EDGES: [string | null, string | null, Kind, StockStatus, boolean][] = [
  ["5", "5", "product", "low", true], // exactly at the level
  ["4.999", "5", "product", "low", true],
  ["5.001", "5", "product", "in_stock", false],
  ["12.5", "12.500", "product", "low", true],
  ["0", "0", "product", "out", true], // a zero level: none left is at it
  ["0.001", "0", "product", "in_stock", false],
  ["3", "0", "product", "in_stock", false],
  ["0", "2", "product", "out", true],
  ["-2", "1", "product", "out", true], // sold beyond stock
  ["0", null, "product", "out", false], // no level: never low, but out
  ["-1", null, "product", "out", false],
  ["10", null, "product", "in_stock", false],
  [null, "5", "product", "untracked", false], // holds no stock: never low or out
  [null, "5", "service", "untracked", false],
  [null, null, "service", "untracked", false],
  ["999999999999.998", "999999999999.999", "product", "low", true],
  ["999999999999.999", "999999999999.998", "product", "in_stock", false],
];

describeEachDb("the low-stock rule in SQL and in the domain", (kind) => {
  const t = testAppForSuite(kind);

  it("answers alike on the edges, and the inventory and dashboard list what the rule says", async () => {
    const db = t.database.db;
    const businessId = randomUUID();
    await insertPersonWithBusiness(db, { id: businessId, email: `${businessId}@example.com`, name: "Stock" });
    const items = EDGES.map(([availableQuantity, lowStockLevel, itemKind, status, low], i) => ({
      id: randomUUID(),
      name: `Item ${String(i).padStart(2, "0")}`,
      availableQuantity,
      lowStockLevel,
      kind: itemKind,
      status,
      low,
    }));
    await db.insert(productServices).values(
      items.map(({ id, name, availableQuantity, lowStockLevel, kind: k }) => ({
        id,
        businessId,
        name,
        kind: k,
        availableQuantity,
        lowStockLevel,
      })),
    );

    // The stored values, as the database gives them back.
    const rows = await queryRows<{
      id: string;
      availableQuantity: string | null;
      lowStockLevel: string | null;
      low: boolean;
      out: boolean;
      lowNotOut: boolean;
    }>(
      db,
      sql`select id, available_quantity::text as "availableQuantity", low_stock_level::text as "lowStockLevel",
            ${lowStockSql} as low, ${outOfStockSql} as out, ${lowButNotOutSql} as "lowNotOut"
          from ${productServices} where business_id = ${businessId}`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const item of items) {
      const row = byId.get(item.id)!;
      const edge = `${item.name}: ${item.availableQuantity} / ${item.lowStockLevel} (${item.kind})`;
      expect({ edge, status: stockStatus(row), low: isLowStock(row) }).toEqual({
        edge,
        status: item.status,
        low: item.low,
      });
      expect({ edge, low: row.low, out: row.out, lowNotOut: row.lowNotOut }).toEqual({
        edge,
        low: isLowStock(row),
        out: isOutOfStock(row),
        lowNotOut: stockStatus(row) === "low",
      });
    }

    const ids = (status: StockStatus) => items.filter((i) => i.status === status).map((i) => i.id);
    const sortedIds = (list: { id: string }[]) => list.map((p) => p.id).sort();
    // The dashboard's reorder list: every item the rule calls low (out of stock included).
    const dashboard = await dashboardData(db, businessId, "2026-11-21");
    expect(sortedIds(dashboard.lowStock)).toEqual(
      items
        .filter((i) => i.low)
        .map((i) => i.id)
        .sort(),
    );
    // The inventory's lists, filters and counts: one status per item, out before low.
    for (const which of ["low", "out"] as const) {
      expect(sortedIds(await stockAlerts(db, { businessId, which, limit: 50 }))).toEqual(ids(which).sort());
      const page = await listProducts(db, {
        businessId,
        sort: "name",
        filter: which,
        page: 1,
        pageSize: 100,
      });
      expect(sortedIds(page.rows)).toEqual(ids(which).sort());
    }
    const totals = await inventoryTotals(db, businessId);
    expect([totals.lowStockCount, totals.outOfStockCount]).toEqual([ids("low").length, ids("out").length]);
  });
});
