import { randomUUID } from "node:crypto";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { formatScaled } from "#domain/decimal";
import { DomainError } from "#domain/errors";
import { fromQuantityUnits } from "#domain/stock";
import type { Db } from "../client";
import { productServices, stockMovements } from "../schema";
import { ownedValuesAmong } from "./owned";

export type StockReason =
  | "adjustment"
  | "invoice_issued"
  | "invoice_edited"
  | "invoice_returned_to_draft"
  | "invoice_cancelled"
  /** Only on movements made before issued invoices stopped being deletable (decision 0056). */
  | "invoice_deleted"
  | "opening_stock"
  | "import"
  | "credit_note_issued"
  | "credit_note_cancelled"
  | "challan_issued"
  | "challan_returned"
  | "challan_cancelled"
  /** Only on movements made before converting a challan stopped moving stock (decision 0067). */
  | "challan_converted";

export interface StockChange {
  businessId: string;
  productId: string;
  /** Change in quantity units (thousandths): negative takes out of stock. */
  changeUnits: number;
  reason: StockReason;
  note?: string;
  invoiceId?: string | null;
  invoiceNumber?: string | null;
  /** When false, a change that would leave less than zero is refused. */
  allowNegative: boolean;
}

/**
 * Moves stock for one product and logs the move, atomically: one conditional UPDATE (so two
 * invoices racing for the last unit cannot both win, on PostgreSQL as on PGlite) and one
 * stock_movements row. Call it with the transaction of the change that causes the move.
 * Products that are not stock-tracked (available_quantity NULL) are left alone; answers null then.
 */
export async function applyStockChange(
  tx: Db,
  change: StockChange,
): Promise<{ quantityAfter: string } | null> {
  const amount = formatScaled(change.changeUnits, 3);
  const enough = change.allowNegative
    ? sql`true`
    : sql`${productServices.availableQuantity} + ${amount}::numeric >= 0`;
  const [updated] = await tx
    .update(productServices)
    .set({
      availableQuantity: sql`${productServices.availableQuantity} + ${amount}::numeric`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(productServices.id, change.productId),
        eq(productServices.businessId, change.businessId),
        isNotNull(productServices.availableQuantity),
        enough,
      ),
    )
    .returning({ quantityAfter: productServices.availableQuantity, name: productServices.name });

  if (!updated) {
    const [product] = await tx
      .select({ name: productServices.name, available: productServices.availableQuantity })
      .from(productServices)
      .where(
        and(eq(productServices.id, change.productId), eq(productServices.businessId, change.businessId)),
      );
    if (!product) throw new DomainError("validation_failed", "A product on this invoice no longer exists.");
    if (product.available === null) return null; // not stock-tracked
    throw new DomainError(
      "insufficient_stock",
      `Not enough stock for ${product.name}: ${trimQuantity(product.available)} left, ${trimQuantity(
        String(fromQuantityUnits(-change.changeUnits)),
      )} needed.`,
      undefined,
      { [`stock.${change.productId}`]: product.available },
    );
  }

  await tx.insert(stockMovements).values({
    id: randomUUID(),
    businessId: change.businessId,
    productId: change.productId,
    invoiceId: change.invoiceId ?? null,
    invoiceNumber: change.invoiceNumber ?? null,
    change: amount,
    quantityAfter: updated.quantityAfter!,
    reason: change.reason,
    note: change.note ?? "",
  });
  return { quantityAfter: updated.quantityAfter! };
}

/**
 * Applies a document's stock delta (#domain/stock `stockDelta`: per product, negative takes out),
 * product by product in sorted id order, so two transactions touching the same products always
 * lock them in the same order and cannot deadlock. Giving stock back is never refused; taking it
 * is, unless `allowSellingBeyondStock`. Products deleted since are skipped.
 */
export async function applyStockDelta(
  tx: Db,
  businessId: string,
  delta: Map<string, number>,
  move: {
    reason: StockReason;
    invoiceId: string;
    invoiceNumber: string;
    allowSellingBeyondStock: boolean;
  },
): Promise<void> {
  if (delta.size === 0) return;
  const productIds = [...delta.keys()].sort();
  const existing = await ownProductIds(tx, businessId, productIds);
  for (const productId of productIds) {
    if (!existing.has(productId)) continue;
    const changeUnits = delta.get(productId)!;
    await applyStockChange(tx, {
      businessId,
      productId,
      changeUnits,
      reason: move.reason,
      invoiceId: move.invoiceId,
      invoiceNumber: move.invoiceNumber,
      allowNegative: move.allowSellingBeyondStock || changeUnits > 0,
    });
  }
}

/** The ids among `ids` that are this user's products. */
export function ownProductIds(db: Db, businessId: string, ids: string[]): Promise<Set<string>> {
  return ownedValuesAmong(db, productServices, productServices.id, businessId, ids);
}

/** "12.500" -> "12.5", "3.000" -> "3". */
export function trimQuantity(q: string): string {
  return q.includes(".") ? q.replace(/0+$/, "").replace(/\.$/, "") : q;
}

const quantity = productServices.availableQuantity;
const level = productServices.lowStockLevel;

/**
 * The low-stock rule of #domain/stock (`isLowStock`) as SQL over product_services: holds stock,
 * has a level, at most that much left. The inventory and the dashboard both filter with it;
 * stock-rule.test.ts checks that it answers as the domain's function does.
 */
export const lowStockSql = sql`(${quantity} is not null and ${level} is not null and ${quantity} <= ${level})`;

/** `isOutOfStock` of #domain/stock: holds stock and has none left. */
export const outOfStockSql = sql`(${quantity} is not null and ${quantity} <= 0)`;

/** `stockStatus(item) === "low"` of #domain/stock: low, but not out of stock (the inventory's list). */
export const lowButNotOutSql = sql`(${lowStockSql} and not ${outOfStockSql})`;
