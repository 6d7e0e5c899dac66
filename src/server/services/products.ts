import type { z } from "zod";
import type { productCreate, productPatch } from "#contract/products";
import { formatScaled } from "#domain/decimal";
import type { Db } from "../db/client";
import type {
  MovementRow,
  ProductFields,
  ProductFilter,
  ProductRow,
  ProductSort,
} from "../db/queries/products";
import * as rows from "../db/queries/products";
import { cachedSettings } from "../db/queries/settings";
import { notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";

// Products and services of the business's catalogue, and their stock moves by hand. Anything not
// the business's own (or not there) is "Product not found.". Creating, editing and deleting one
// write its activity log entry (decision 0077) in the same transaction.

const toMoney = (units: number | null | undefined) => (units == null ? undefined : formatScaled(units, 2));
const toQuantity = (units: number | null | undefined) =>
  units === undefined ? undefined : units === null ? null : formatScaled(units, 3);

/** The fields given, as stored (money as 2-place text, quantities as 3-place); those not given are left out. */
function storedFields(v: z.output<typeof productPatch>): Partial<ProductFields> {
  const fields: Partial<ProductFields> = {
    name: v.name,
    kind: v.kind,
    hsnSac: v.hsnSac,
    unit: v.unit,
    rate: toMoney(v.rate),
    costPrice: toMoney(v.costPrice),
    lowStockLevel: toQuantity(v.lowStockLevel),
    defaultTaxPercent: toMoney(v.defaultTaxPercent),
    defaultDiscountPercent: toMoney(v.defaultDiscountPercent),
  };
  for (const key of Object.keys(fields) as (keyof ProductFields)[]) {
    if (fields[key] === undefined) delete fields[key];
  }
  return fields;
}

/** A page of the catalogue with the user's default currency (the list shows rates in it). */
export async function listProducts(
  db: Db,
  params: {
    businessId: string;
    search?: string;
    filter: ProductFilter;
    sort: ProductSort;
    page: number;
    pageSize: number;
    after?: string;
  },
) {
  const [list, settings] = await Promise.all([
    rows.listProducts(db, { ...params, search: params.search || undefined }),
    cachedSettings(db, params.businessId),
  ]);
  return { ...list, currency: settings.defaultCurrency };
}

const recordOf = (row: { id: string; name: string }) => ({
  kind: "product" as const,
  id: row.id,
  label: row.name,
});

/** A new product (with its opening stock as the first movement) or service, and its log entry. */
export function createProduct(
  db: Db,
  businessId: string,
  v: z.output<typeof productCreate>,
): Promise<ProductRow> {
  return db.transaction(async (tx) => {
    const row = await insertProduct(tx, businessId, v);
    await recordActivity(tx, { businessId, action: "created", record: recordOf(row) });
    return row;
  });
}

/** A new product without its own log entry (a CSV import is one entry for all its rows). */
export function insertProduct(
  db: Db,
  businessId: string,
  v: z.output<typeof productCreate>,
): Promise<ProductRow> {
  const fields: ProductFields = {
    name: v.name,
    kind: v.kind,
    hsnSac: v.hsnSac,
    unit: v.unit,
    // What a new item holds where the request leaves a field out.
    rate: "0.00",
    costPrice: "0.00",
    lowStockLevel: null,
    defaultTaxPercent: "0.00",
    defaultDiscountPercent: "0.00",
    ...storedFields(v),
  };
  return rows.createProduct(db, {
    businessId,
    fields,
    openingQuantityUnits: v.kind === "service" ? null : (v.availableQuantity ?? null),
  });
}

export async function getProduct(db: Db, businessId: string, id: string): Promise<ProductRow> {
  return orNotFound(await rows.getProduct(db, { businessId, id }), "Product");
}

/** Changes only the fields given; stock changes only by adjustments and invoices. */
export async function updateProduct(
  db: Db,
  businessId: string,
  id: string,
  v: z.output<typeof productPatch>,
): Promise<ProductRow> {
  const fields = storedFields(v);
  return db.transaction(async (tx) => {
    const row = orNotFound(
      await rows.updateProduct(tx, { businessId, id, fields, trackStock: v.trackStock }),
      "Product",
    );
    // The names of the fields sent, never their values.
    const sent = [...Object.keys(fields), ...(v.trackStock === undefined ? [] : ["trackStock"])];
    await recordActivity(tx, {
      businessId,
      action: "edited",
      record: recordOf(row),
      detail: { fields: sent },
    });
    return row;
  });
}

export async function deleteProduct(db: Db, businessId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const deleted = await rows.deleteProduct(tx, { businessId, id });
    if (!deleted) throw notFound("Product");
    await recordActivity(tx, { businessId, action: "deleted", record: recordOf(deleted) });
  });
}

/** A stock adjustment by hand: the product after it and its movement. */
export async function adjustStock(
  db: Db,
  businessId: string,
  id: string,
  change: { changeUnits: number; note: string },
): Promise<{ product: ProductRow; movement: MovementRow }> {
  return orNotFound(await rows.adjustStock(db, { businessId, id, ...change }), "Product");
}

export async function listMovements(
  db: Db,
  businessId: string,
  id: string,
  limit: number,
): Promise<MovementRow[]> {
  return orNotFound(await rows.listMovements(db, { businessId, id, limit }), "Product");
}

/** The inventory page's totals, the products low on stock and those out of it, and the currency. */
export async function inventorySummary(db: Db, businessId: string) {
  const [totals, low, out, settings] = await Promise.all([
    rows.inventoryTotals(db, businessId),
    rows.stockAlerts(db, { businessId, which: "low", limit: 50 }),
    rows.stockAlerts(db, { businessId, which: "out", limit: 50 }),
    cachedSettings(db, businessId),
  ]);
  return { totals, low, out, currency: settings.defaultCurrency };
}

export type InventorySummaryRows = Awaited<ReturnType<typeof inventorySummary>>;
