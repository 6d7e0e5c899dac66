import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { formatScaled, parseScaled } from "../../domain/decimal";
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

const text = (max: number, what: string) =>
  z.string(`${what} must be text.`).trim().max(max, `${what} must be at most ${max} characters.`);

/** Largest values the numeric columns hold: numeric(15,2) money, numeric(15,3) quantities. */
const MAX_MONEY_UNITS = 999_999_999_999_999; // 9,999,999,999,999.99
const MAX_QUANTITY_UNITS = 999_999_999_999_999; // 999,999,999,999.999

/**
 * A decimal given as a JSON number or string, read exactly (never through a float) into an
 * integer scaled by 10^decimals. Missing stays undefined; null only where `nullable`.
 */
function decimal(
  what: string,
  decimals: number,
  maxUnits: number,
  opts: { nullable?: boolean; signed?: boolean } = {},
) {
  return z
    .unknown()
    .transform((v, ctx): number | null => {
      if (v === null && opts.nullable) return null;
      const fail = (message: string) => {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      };
      if ((typeof v !== "number" && typeof v !== "string") || (typeof v === "string" && v.length > 40)) {
        return fail(`${what} must be a number.`);
      }
      const units = parseScaled(v, decimals);
      if (units === null) return fail(`${what} must be a number with at most ${decimals} decimal places.`);
      if (units < 0 && !opts.signed) return fail(`${what} cannot be negative.`);
      if (Math.abs(units) > maxUnits)
        return fail(`${what} must be at most ${formatScaled(maxUnits, decimals)}.`);
      return units;
    })
    .optional();
}
const money = (what: string) => decimal(what, 2, MAX_MONEY_UNITS);
const quantity = (what: string) => decimal(what, 3, MAX_QUANTITY_UNITS, { nullable: true });
const percent = (what: string) => decimal(what, 2, 100_00);

const fieldSchemas = {
  name: text(200, "Name").min(1, "Name is required."),
  kind: z.enum(["product", "service"], "Kind must be product or service."),
  hsnSac: text(20, "HSN/SAC").refine(
    (v) => /^[0-9A-Za-z]*$/.test(v),
    "HSN/SAC may contain letters and digits only.",
  ),
  unit: text(20, "Unit"),
  rate: money("Rate"),
  costPrice: money("Cost price"),
  lowStockLevel: quantity("Low-stock level"),
  defaultTaxPercent: percent("Default tax %"),
  defaultDiscountPercent: percent("Default discount %"),
};

/** Unknown keys (id, user_id, credits...) are stripped, never stored. */
const createSchema = z
  .object({
    ...fieldSchemas,
    kind: fieldSchemas.kind.default("product"),
    hsnSac: fieldSchemas.hsnSac.default(""),
    unit: fieldSchemas.unit.default(""),
    /** The opening quantity; absent or null: not stock-tracked. */
    availableQuantity: quantity("Available quantity"),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "service" && v.availableQuantity != null) {
      ctx.addIssue({
        code: "custom",
        path: ["availableQuantity"],
        message: "A service does not track stock.",
      });
    }
  });

const patchSchema = z.object({
  name: fieldSchemas.name.optional(),
  kind: fieldSchemas.kind.optional(),
  hsnSac: fieldSchemas.hsnSac.optional(),
  unit: fieldSchemas.unit.optional(),
  rate: fieldSchemas.rate,
  costPrice: fieldSchemas.costPrice,
  lowStockLevel: fieldSchemas.lowStockLevel,
  defaultTaxPercent: fieldSchemas.defaultTaxPercent,
  defaultDiscountPercent: fieldSchemas.defaultDiscountPercent,
  trackStock: z.boolean("Track stock must be true or false.").optional(),
});

const QUANTITY_BY_PATCH =
  "Available quantity cannot be edited directly. Record a stock adjustment with a reason " +
  "(POST /api/products/:id/stock-adjustments) so the stock always matches its movement log.";

const adjustmentSchema = z.object({
  change: decimal("Change", 3, MAX_QUANTITY_UNITS, { signed: true }).refine(
    (v) => typeof v === "number" && v !== 0,
    "Change must be a number other than 0.",
  ),
  note: text(500, "Reason").min(1, "Give a reason for the adjustment."),
});

const listQuerySchema = z.object({
  search: z.string().trim().max(200, "Search must be at most 200 characters.").optional(),
  sort: z
    .enum(["name", "newest", "quantity", "rate"], "Sort must be name, newest, quantity or rate.")
    .default("name"),
  filter: z
    .enum(
      ["all", "low", "out", "services", "products"],
      "Filter must be all, low, out, services or products.",
    )
    .default("all"),
  page: z.coerce.number("Page must be a number.").int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number("Page size must be a number.").int().min(1).max(100).default(20),
});

const movementsQuerySchema = z.object({
  limit: z.coerce.number("Limit must be a number.").int().min(1).max(500).default(100),
});

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
    const q = parseBody(listQuerySchema, request.query);
    const [{ rows, total }, currency] = await Promise.all([
      listProducts(db, { userId: me.id, ...q, search: q.search || undefined }),
      defaultCurrency(db, me.id),
    ]);
    return { items: rows.map(presentProduct), total, page: q.page, pageSize: q.pageSize, currency };
  });

  app.post("/api/products", async (request, reply) => {
    const me = await requireUser(auth, request);
    const v = parseBody(createSchema, request.body);
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
    const v = parseBody(patchSchema, body);
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
    const v = parseBody(adjustmentSchema, request.body);
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
    const { limit } = parseBody(movementsQuerySchema, request.query);
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
