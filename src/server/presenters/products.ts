import { stockStatus } from "#domain/stock";
import type { MovementRow, ProductRow } from "../db/queries/products";
import { trimQuantity } from "../db/queries/stock";

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
