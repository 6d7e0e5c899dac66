import type { FastifyInstance } from "fastify";
import {
  productAdjustment,
  productCreate,
  productListQuery,
  productMovementsQuery,
  productPatch,
  QUANTITY_BY_PATCH,
} from "#contract/products";
import { formatScaled } from "#domain/decimal";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import {
  adjustStock,
  createProduct,
  defaultCurrency,
  deleteProduct,
  getProduct,
  inventoryTotals,
  listMovements,
  listProducts,
  type MovementRow,
  type ProductFields,
  type ProductRow,
  stockAlerts,
  updateProduct,
} from "../db/queries/products";
import { trimQuantity } from "../db/queries/stock";
import { AppError, notFound } from "../errors";
import { parseBody } from "./validate";

const toMoney = (units: number | null | undefined) => (units == null ? undefined : formatScaled(units, 2));
const toQuantity = (units: number | null | undefined) =>
  units === undefined ? undefined : units === null ? null : formatScaled(units, 3);

function stockStatus(p: ProductRow): "untracked" | "in_stock" | "low" | "out" {
  if (p.availableQuantity === null) return "untracked";
  const q = Number(p.availableQuantity);
  if (q <= 0) return "out";
  if (p.lowStockLevel !== null && q <= Number(p.lowStockLevel)) return "low";
  return "in_stock";
}

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

export function registerProductRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/products", async (request) => {
    const me = await requireUser(auth, request);
    const q = parseBody(productListQuery, request.query);
    const [{ rows, total }, currency] = await Promise.all([
      listProducts(db, { userId: me.id, ...q, search: q.search || undefined }),
      defaultCurrency(db, me.id),
    ]);
    return { items: rows.map(presentProduct), total, page: q.page, pageSize: q.pageSize, currency };
  });

  app.post("/api/products", async (request, reply) => {
    const me = await requireUser(auth, request);
    const v = parseBody(productCreate, request.body);
    const fields: ProductFields = {
      name: v.name,
      kind: v.kind,
      hsnSac: v.hsnSac,
      unit: v.unit,
      rate: toMoney(v.rate) ?? "0.00",
      costPrice: toMoney(v.costPrice) ?? "0.00",
      lowStockLevel: toQuantity(v.lowStockLevel) ?? null,
      defaultTaxPercent: toMoney(v.defaultTaxPercent) ?? "0.00",
      defaultDiscountPercent: toMoney(v.defaultDiscountPercent) ?? "0.00",
    };
    const created = await createProduct(db, {
      userId: me.id,
      fields,
      openingQuantityUnits: v.kind === "service" ? null : (v.availableQuantity ?? null),
    });
    return reply.status(201).send(presentProduct(created));
  });

  app.get<{ Params: { id: string } }>("/api/products/:id", async (request) => {
    const me = await requireUser(auth, request);
    const found = await getProduct(db, { userId: me.id, id: request.params.id });
    if (!found) throw notFound("Product");
    return presentProduct(found);
  });

  app.patch<{ Params: { id: string } }>("/api/products/:id", async (request) => {
    const me = await requireUser(auth, request);
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === "object" && ("availableQuantity" in body || "available_quantity" in body)) {
      throw new AppError("validation_failed", QUANTITY_BY_PATCH, { availableQuantity: QUANTITY_BY_PATCH });
    }
    const v = parseBody(productPatch, body);
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
    const updated = await updateProduct(db, {
      userId: me.id,
      id: request.params.id,
      fields,
      trackStock: v.trackStock,
    });
    if (!updated) throw notFound("Product");
    return presentProduct(updated);
  });

  app.delete<{ Params: { id: string } }>("/api/products/:id", async (request, reply) => {
    const me = await requireUser(auth, request);
    const deleted = await deleteProduct(db, { userId: me.id, id: request.params.id });
    if (!deleted) throw notFound("Product");
    return reply.status(204).send();
  });

  app.post<{ Params: { id: string } }>("/api/products/:id/stock-adjustments", async (request, reply) => {
    const me = await requireUser(auth, request);
    const v = parseBody(productAdjustment, request.body);
    const done = await adjustStock(db, {
      userId: me.id,
      id: request.params.id,
      changeUnits: v.change as number,
      note: v.note,
    });
    if (!done) throw notFound("Product");
    return reply
      .status(201)
      .send({ product: presentProduct(done.product), movement: presentMovement(done.movement) });
  });

  app.get<{ Params: { id: string } }>("/api/products/:id/movements", async (request) => {
    const me = await requireUser(auth, request);
    const { limit } = parseBody(productMovementsQuery, request.query);
    const rows = await listMovements(db, { userId: me.id, id: request.params.id, limit });
    if (!rows) throw notFound("Product");
    return { items: rows.map(presentMovement) };
  });

  app.get("/api/inventory/summary", async (request) => {
    const me = await requireUser(auth, request);
    const [totals, low, out, currency] = await Promise.all([
      inventoryTotals(db, me.id),
      stockAlerts(db, { userId: me.id, which: "low", limit: 50 }),
      stockAlerts(db, { userId: me.id, which: "out", limit: 50 }),
      defaultCurrency(db, me.id),
    ]);
    // Money in exact hundredths (paise for INR): the margin is a difference of integers, never floats.
    const atCost = hundredths(totals.stockValueAtCost);
    const atRate = hundredths(totals.stockValueAtRate);
    return {
      currency,
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
      lowStock: low.map(presentProduct),
      outOfStock: out.map(presentProduct),
    };
  });
}
