import { z } from "zod";
import { formatScaled, parseScaled } from "#domain/decimal";
import { PRODUCT_LIMITS } from "#domain/limits";
import { id, idParams, isoDateTime, page, pageAfter, text } from "./common";
import { routeGroup } from "./registry";

export { PRODUCT_LIMITS };

/** Largest values the numeric columns hold: numeric(15,2) money, numeric(15,3) quantities. */
export const MAX_MONEY_UNITS = 999_999_999_999_999; // 9,999,999,999,999.99
export const MAX_QUANTITY_UNITS = 999_999_999_999_999; // 999,999,999,999.999

/**
 * A decimal given as a JSON number or string, read exactly (never through a float) into an
 * integer scaled by 10^decimals. Missing stays undefined; null only where `nullable`.
 */
export function decimal(
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
    .optional()
    .meta({
      type: opts.nullable ? ["number", "string", "null"] : ["number", "string"],
      description: `A decimal with at most ${decimals} places, as a JSON number or a string.`,
    });
}
const money = (what: string) => decimal(what, 2, MAX_MONEY_UNITS);
const quantity = (what: string) => decimal(what, 3, MAX_QUANTITY_UNITS, { nullable: true });
const percent = (what: string) => decimal(what, 2, 100_00);

/** One field each: the routes, the product dialog and the import file check with these. */
export const productFields = {
  name: text(PRODUCT_LIMITS.name, "Name").min(1, "Name is required."),
  kind: z.enum(["product", "service"], "Kind must be product or service."),
  hsnSac: text(PRODUCT_LIMITS.hsnSac, "HSN/SAC").refine(
    (v) => /^[0-9A-Za-z]*$/.test(v),
    "HSN/SAC may contain letters and digits only.",
  ),
  unit: text(PRODUCT_LIMITS.unit, "Unit"),
  rate: money("Rate"),
  costPrice: money("Cost price"),
  lowStockLevel: quantity("Low-stock level"),
  defaultTaxPercent: percent("Default tax %"),
  defaultDiscountPercent: percent("Default discount %"),
};

/** Unknown keys (id, user_id, credits...) are stripped, never stored. */
export const productCreate = z
  .object({
    ...productFields,
    kind: productFields.kind.default("product"),
    hsnSac: productFields.hsnSac.default(""),
    unit: productFields.unit.default(""),
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

export const productPatch = z.object({
  name: productFields.name.optional(),
  kind: productFields.kind.optional(),
  hsnSac: productFields.hsnSac.optional(),
  unit: productFields.unit.optional(),
  rate: productFields.rate,
  costPrice: productFields.costPrice,
  lowStockLevel: productFields.lowStockLevel,
  defaultTaxPercent: productFields.defaultTaxPercent,
  defaultDiscountPercent: productFields.defaultDiscountPercent,
  trackStock: z.boolean("Track stock must be true or false.").optional(),
});

export const QUANTITY_BY_PATCH =
  "Available quantity cannot be edited directly. Record a stock adjustment with a reason " +
  "(POST /api/products/:id/stock-adjustments) so the stock always matches its movement log.";

export const productAdjustment = z.object({
  change: decimal("Change", 3, MAX_QUANTITY_UNITS, { signed: true }).refine(
    (v) => typeof v === "number" && v !== 0,
    "Change must be a number other than 0.",
  ),
  note: text(PRODUCT_LIMITS.adjustmentNote, "Reason").min(1, "Give a reason for the adjustment."),
});

export const productListQuery = z.object({
  search: text(200, "Search").optional(),
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
  after: pageAfter,
});

export const productMovementsQuery = z.object({
  limit: z.coerce.number("Limit must be a number.").int().min(1).max(500).default(100),
});

export const productSchema = z.object({
  id,
  name: z.string(),
  kind: z.enum(["product", "service"]),
  hsnSac: z.string(),
  unit: z.string(),
  rate: z.string(),
  costPrice: z.string(),
  availableQuantity: z.string().nullable(),
  lowStockLevel: z.string().nullable(),
  defaultTaxPercent: z.string(),
  defaultDiscountPercent: z.string(),
  tracksStock: z.boolean(),
  stockStatus: z.enum(["untracked", "in_stock", "low", "out"]),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export const movementSchema = z.object({
  id,
  productId: z.string(),
  change: z.string(),
  quantityAfter: z.string(),
  reason: z.string(),
  note: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  createdAt: isoDateTime,
});

const inventorySummary = z.object({
  currency: z.string(),
  products: z.number().int(),
  services: z.number().int(),
  trackedItems: z.number().int(),
  untrackedProducts: z.number().int(),
  unitsInStock: z.string(),
  stockValueAtCost: z.string(),
  stockValueAtRate: z.string(),
  potentialMargin: z.string(),
  lowStockCount: z.number().int(),
  outOfStockCount: z.number().int(),
  lowStock: z.array(productSchema),
  outOfStock: z.array(productSchema),
});

export type Product = z.output<typeof productSchema>;
export type StockStatus = Product["stockStatus"];
export type Movement = z.output<typeof movementSchema>;
export type InventorySummary = z.output<typeof inventorySummary>;
export type ProductSort = z.output<typeof productListQuery>["sort"];
export type ProductFilter = z.output<typeof productListQuery>["filter"];

const products = routeGroup("Products and stock");
export const productRoutes = [
  products.get("/api/products", "List products and services (search, sort, filter, page)", {
    query: productListQuery,
    responses: { 200: page(productSchema).extend({ currency: z.string() }) },
  }),
  products.post("/api/products", "Create a product or service", {
    body: productCreate,
    responses: { 201: productSchema },
  }),
  products.get("/api/products/:id", "Read a product", {
    params: idParams,
    responses: { 200: productSchema },
  }),
  products.patch("/api/products/:id", "Change the named fields of a product (not its quantity)", {
    params: idParams,
    body: productPatch,
    responses: { 200: productSchema },
  }),
  products.delete("/api/products/:id", "Delete a product", { params: idParams, responses: { 204: null } }),
  products.post("/api/products/:id/stock-adjustments", "Record a stock adjustment with a reason", {
    params: idParams,
    body: productAdjustment,
    responses: { 201: z.object({ product: productSchema, movement: movementSchema }) },
  }),
  products.get("/api/products/:id/movements", "A product's stock movements, newest first", {
    params: idParams,
    query: productMovementsQuery,
    responses: { 200: z.object({ items: z.array(movementSchema) }) },
  }),
  products.get("/api/inventory/summary", "Stock totals and alerts", { responses: { 200: inventorySummary } }),
];
