import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { PageCount } from "#contract/common";
import { DomainError } from "#domain/errors";
import type { Db } from "../client";
import { productServices, stockMovements } from "../schema";
import { deleteNamedRow, findOwnedRow, ownedRowIs } from "./owned";
import { byName, containsPattern, newestFirst, type PageParams, pageOf } from "./paging";
import { applyStockChange, lowButNotOutSql, outOfStockSql, trimQuantity } from "./stock";

export type ProductRow = typeof productServices.$inferSelect;
export type MovementRow = typeof stockMovements.$inferSelect;
export type ProductSort = "name" | "newest" | "quantity" | "rate";
export type ProductFilter = "all" | "low" | "out" | "services" | "products";

/** Decimal strings as numeric columns take them ("12.50", "3.000"); null quantity: not stock-tracked. */
export interface ProductFields {
  name: string;
  kind: "product" | "service";
  hsnSac: string;
  unit: string;
  rate: string;
  costPrice: string;
  lowStockLevel: string | null;
  defaultTaxPercent: string;
  defaultDiscountPercent: string;
}

// The inventory's "low" and "out" lists: stockStatus of #domain/stock, as SQL (./stock.ts).
const isLow = lowButNotOutSql;
const isOut = outOfStockSql;

function filterWhere(filter: ProductFilter): SQL | undefined {
  switch (filter) {
    case "low":
      return isLow;
    case "out":
      return isOut;
    case "services":
      return eq(productServices.kind, "service");
    case "products":
      return eq(productServices.kind, "product");
    default:
      return undefined;
  }
}

/** One page of the user's products, one prepared statement per sort, filter and search or not (paging.ts). */
export async function listProducts(
  db: Db,
  p: PageParams & {
    businessId: string;
    search?: string;
    sort: ProductSort;
    filter: ProductFilter;
  },
): Promise<{ rows: ProductRow[]; nextCursor: string | null } & PageCount> {
  const search = Boolean(p.search);
  const build = () => {
    const pattern = sql.placeholder("pattern");
    const named = byName(productServices);
    return {
      table: productServices,
      countedIn: !search && p.filter === "all" ? ("product_services" as const) : undefined,
      where: and(
        eq(productServices.businessId, sql.placeholder("businessId")),
        search ? or(ilike(productServices.name, pattern), ilike(productServices.hsnSac, pattern)) : undefined,
        filterWhere(p.filter),
      )!,
      // Keyset cursors for the orders of one direction; by quantity (nulls last) and by rate
      // (descending, then names ascending) page by number only.
      ...(p.sort === "newest"
        ? newestFirst(productServices)
        : p.sort === "quantity"
          ? { order: [sql`${productServices.availableQuantity} asc nulls last`, ...named.order] }
          : p.sort === "rate"
            ? { order: [desc(productServices.rate), ...named.order] }
            : named),
    };
  };
  return pageOf<ProductRow>(
    db,
    `products:${p.sort}:${p.filter}:${search}`,
    build,
    { businessId: p.businessId, pattern: p.search ? containsPattern(p.search) : undefined },
    p,
    search,
  );
}

export function getProduct(db: Db, p: { businessId: string; id: string }): Promise<ProductRow | undefined> {
  return findOwnedRow(db, productServices, p.businessId, p.id);
}

/**
 * Creates an item. An opening quantity makes it stock-tracked: it starts at 0 and the opening
 * quantity arrives through an 'opening_stock' movement, so the log explains every unit.
 */
export async function createProduct(
  db: Db,
  p: { businessId: string; fields: ProductFields; openingQuantityUnits: number | null },
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const id = randomUUID();
    await tx.insert(productServices).values({
      id,
      businessId: p.businessId,
      ...p.fields,
      availableQuantity: p.openingQuantityUnits === null ? null : "0",
    });
    if (p.openingQuantityUnits) {
      await applyStockChange(tx, {
        businessId: p.businessId,
        productId: id,
        changeUnits: p.openingQuantityUnits,
        reason: "opening_stock",
        allowNegative: false,
      });
    }
    return (await getProduct(tx, { businessId: p.businessId, id }))!;
  });
}

/**
 * Changes the given fields. The quantity itself never changes here; `trackStock` only starts
 * tracking at 0, or stops it once the quantity is 0, so the log never disagrees with the stock.
 */
export async function updateProduct(
  db: Db,
  p: { businessId: string; id: string; fields: Partial<ProductFields>; trackStock?: boolean },
): Promise<ProductRow | undefined> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(productServices)
      .where(ownedRowIs(productServices, p.businessId, p.id))
      .for("update");
    if (!current) return undefined;
    const kind = p.fields.kind ?? current.kind;
    const wantsTracking = kind === "service" ? false : (p.trackStock ?? current.availableQuantity !== null);
    if (kind === "service" && p.trackStock === true) {
      throw new DomainError("validation_failed", "A service does not track stock.", "trackStock", {
        trackStock: "A service does not track stock.",
      });
    }
    let availableQuantity = current.availableQuantity;
    if (wantsTracking && availableQuantity === null) availableQuantity = "0";
    if (!wantsTracking && availableQuantity !== null) {
      if (Number(availableQuantity) !== 0) {
        throw new DomainError(
          "stock_not_zero",
          `${current.name} still has ${trimQuantity(availableQuantity)} in stock. Adjust the stock to 0 before you stop tracking it.`,
          "trackStock",
          { trackStock: "Adjust the stock to 0 first." },
        );
      }
      availableQuantity = null;
    }
    const [row] = await tx
      .update(productServices)
      .set({ ...p.fields, availableQuantity, updatedAt: new Date() })
      .where(ownedRowIs(productServices, p.businessId, p.id))
      .returning();
    return row;
  });
}

/** Its movements go with it (cascade); invoices keep their own copy of the item. */
export const deleteProduct = (db: Db, p: { businessId: string; id: string }) =>
  deleteNamedRow(db, productServices, p);

/**
 * A manual stock adjustment with the user's reason, through the one function that moves stock.
 * Answers undefined when the item is not the user's.
 */
export async function adjustStock(
  db: Db,
  p: { businessId: string; id: string; changeUnits: number; note: string },
): Promise<{ product: ProductRow; movement: MovementRow } | undefined> {
  return db.transaction(async (tx) => {
    const product = await getProduct(tx, { businessId: p.businessId, id: p.id });
    if (!product) return undefined;
    if (product.availableQuantity === null) {
      throw new DomainError(
        "stock_not_tracked",
        `${product.name} does not track stock. Turn on stock tracking for it first.`,
      );
    }
    try {
      await applyStockChange(tx, {
        businessId: p.businessId,
        productId: p.id,
        changeUnits: p.changeUnits,
        reason: "adjustment",
        note: p.note,
        allowNegative: false,
      });
    } catch (error) {
      if (error instanceof DomainError && error.code === "insufficient_stock") {
        const [now] = await tx
          .select({ q: productServices.availableQuantity })
          .from(productServices)
          .where(ownedRowIs(productServices, p.businessId, p.id));
        const left = trimQuantity(now?.q ?? "0");
        throw new DomainError(
          "insufficient_stock",
          `Stock cannot go below 0: ${product.name} has ${left} left, so at most ${left} can be taken out.`,
          "change",
          { change: `At most ${left} can be taken out.` },
        );
      }
      throw error;
    }
    const [movement] = await tx
      .select()
      .from(stockMovements)
      .where(and(eq(stockMovements.productId, p.id), eq(stockMovements.businessId, p.businessId)))
      .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
      .limit(1);
    return { product: (await getProduct(tx, { businessId: p.businessId, id: p.id }))!, movement: movement! };
  });
}

/** The newest movements first; undefined when the item is not the user's. */
export async function listMovements(
  db: Db,
  p: { businessId: string; id: string; limit: number },
): Promise<MovementRow[] | undefined> {
  const product = await getProduct(db, p);
  if (!product) return undefined;
  return db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.businessId, p.businessId), eq(stockMovements.productId, p.id)))
    .orderBy(desc(stockMovements.createdAt), desc(stockMovements.id))
    .limit(p.limit);
}

export interface InventoryTotals {
  products: number;
  services: number;
  trackedItems: number;
  untrackedProducts: number;
  /** Exact decimals from PostgreSQL's numeric arithmetic (quantities x prices, summed). */
  unitsInStock: string;
  stockValueAtCost: string;
  stockValueAtRate: string;
  lowStockCount: number;
  outOfStockCount: number;
}

/** Counts and stock values over the user's items in one pass; negative stock counts as none. */
export async function inventoryTotals(db: Db, businessId: string): Promise<InventoryTotals> {
  const q = productServices.availableQuantity;
  const inStock = sql`${q} > 0`;
  const [row] = await db
    .select({
      products: sql<number>`count(*) filter (where ${productServices.kind} = 'product')`.mapWith(Number),
      services: sql<number>`count(*) filter (where ${productServices.kind} = 'service')`.mapWith(Number),
      trackedItems: sql<number>`count(${q})`.mapWith(Number),
      untrackedProducts:
        sql<number>`count(*) filter (where ${productServices.kind} = 'product' and ${q} is null)`.mapWith(
          Number,
        ),
      unitsInStock: sql<string>`coalesce(sum(${q}) filter (where ${inStock}), 0)::text`,
      stockValueAtCost: sql<string>`round(coalesce(sum(${q} * ${productServices.costPrice}) filter (where ${inStock}), 0), 2)::text`,
      stockValueAtRate: sql<string>`round(coalesce(sum(${q} * ${productServices.rate}) filter (where ${inStock}), 0), 2)::text`,
      lowStockCount: sql<number>`count(*) filter (where ${isLow})`.mapWith(Number),
      outOfStockCount: sql<number>`count(*) filter (where ${isOut})`.mapWith(Number),
    })
    .from(productServices)
    .where(eq(productServices.businessId, businessId));
  return row!;
}

/** Items at or below their low-stock level (but above zero), or out of stock; fewest first. */
export async function stockAlerts(
  db: Db,
  p: { businessId: string; which: "low" | "out"; limit: number },
): Promise<ProductRow[]> {
  return db
    .select()
    .from(productServices)
    .where(and(eq(productServices.businessId, p.businessId), p.which === "low" ? isLow : isOut))
    .orderBy(asc(productServices.availableQuantity), asc(sql`lower(${productServices.name})`))
    .limit(p.limit);
}
