import { stockStatus } from "#domain/stock";
import type { MovementRow, ProductRow } from "../db/queries/products";
import { trimQuantity } from "../db/queries/stock";
import type { InventorySummaryRows } from "../services/products";

// Products and stock movements as the API shows them (src/contract/products.ts): every field listed.

export function presentProduct(p: ProductRow) {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    hsnSac: p.hsnSac,
    unit: p.unit,
    rate: p.rate,
    costPrice: p.costPrice,
    availableQuantity: p.availableQuantity === null ? null : trimQuantity(p.availableQuantity),
    lowStockLevel: p.lowStockLevel === null ? null : trimQuantity(p.lowStockLevel),
    defaultTaxPercent: p.defaultTaxPercent,
    defaultDiscountPercent: p.defaultDiscountPercent,
    tracksStock: p.availableQuantity !== null,
    stockStatus: stockStatus(p),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

export function presentMovement(m: MovementRow) {
  return {
    id: m.id,
    productId: m.productId,
    change: trimQuantity(m.change),
    quantityAfter: trimQuantity(m.quantityAfter),
    reason: m.reason,
    note: m.note,
    invoiceId: m.invoiceId,
    invoiceNumber: m.invoiceNumber,
    createdAt: m.createdAt.toISOString(),
  };
}

/** "12.30" -> 1230n: round(..., 2)::text always has two decimals. */
const hundredths = (s: string) => BigInt(s.replace(".", ""));
function formatHundredths(v: bigint): string {
  const negative = v < 0n;
  const digits = (negative ? -v : v).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** The inventory page's figures: money in exact hundredths, so the margin is a difference of integers. */
export function presentInventorySummary(s: InventorySummaryRows) {
  const { totals } = s;
  const atCost = hundredths(totals.stockValueAtCost);
  const atRate = hundredths(totals.stockValueAtRate);
  return {
    currency: s.currency,
    products: totals.products,
    services: totals.services,
    trackedItems: totals.trackedItems,
    untrackedProducts: totals.untrackedProducts,
    unitsInStock: trimQuantity(totals.unitsInStock),
    stockValueAtCost: formatHundredths(atCost),
    stockValueAtRate: formatHundredths(atRate),
    potentialMargin: formatHundredths(atRate - atCost),
    lowStockCount: totals.lowStockCount,
    outOfStockCount: totals.outOfStockCount,
    lowStock: s.low.map(presentProduct),
    outOfStock: s.out.map(presentProduct),
  };
}
