import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  InventorySummary,
  Movement,
  Product,
  ProductFilter,
  ProductSort,
  StockStatus,
} from "#contract/products";
import { currencyOf, isCurrencyCode } from "#domain/currencies";
import { parseScaled, roundHalfAwayFromZero } from "#domain/decimal";
import { formatMoney } from "#domain/format";
import { call, callQuery, queryKeyOf, resourceKey } from "#web/api";
import { callPage } from "#web/lib/page-cursors";

export type { InventorySummary, Movement, Product, ProductFilter, ProductSort, StockStatus };

export const PRODUCT_PAGE_SIZE = 20;

export const productsQuery = (p: {
  search: string;
  sort: ProductSort;
  filter: ProductFilter;
  page: number;
}) =>
  queryOptions({
    queryKey: queryKeyOf("GET /api/products", { query: p }),
    queryFn: () => callPage("GET /api/products", { ...p, pageSize: PRODUCT_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions(callQuery("GET /api/products/:id", { params: { id } }));

export const movementsQuery = (id: string) =>
  queryOptions(callQuery("GET /api/products/:id/movements", { params: { id } }));

export const summaryQuery = queryOptions({
  // Under "products", so every change to a product reloads the summary too.
  queryKey: [...resourceKey("products"), ...queryKeyOf("GET /api/inventory/summary")],
  queryFn: () => call("GET /api/inventory/summary"),
});

/**
 * "650.50" in the user's currency, formatted with formatMoney: read exactly as hundredths, then
 * brought to the currency's own minor unit (JPY has none), rounding halves away from zero.
 */
export function money(decimal: string, currency: string | undefined): string {
  const code = currency && isCurrencyCode(currency) ? currency : "INR";
  const hundredths = parseScaled(decimal, 2);
  if (hundredths === null) return decimal;
  const exponent = currencyOf(code).exponent;
  const minor =
    exponent === 2
      ? hundredths
      : exponent < 2
        ? Number(roundHalfAwayFromZero(BigInt(hundredths), 10n ** BigInt(2 - exponent)))
        : hundredths * 10 ** (exponent - 2);
  return Number.isSafeInteger(minor) ? formatMoney(minor, code) : decimal;
}

/** "12.5 kg", "3", "Not tracked". */
export function quantityLabel(p: Pick<Product, "availableQuantity" | "unit">): string {
  if (p.availableQuantity === null) return "Not tracked";
  return p.unit ? `${p.availableQuantity} ${p.unit}` : p.availableQuantity;
}

export const REASON_LABELS: Record<string, string> = {
  adjustment: "Adjustment",
  opening_stock: "Opening stock",
  invoice_issued: "Invoice issued",
  invoice_edited: "Invoice edited",
  invoice_returned_to_draft: "Invoice back to draft",
  invoice_cancelled: "Invoice cancelled",
  invoice_deleted: "Invoice deleted",
  import: "Import",
  credit_note_issued: "Credit note (return)",
  credit_note_cancelled: "Credit note cancelled",
  challan_issued: "Delivery challan issued",
  challan_returned: "Delivery challan returned",
  challan_cancelled: "Delivery challan cancelled",
  challan_converted: "Delivery challan invoiced",
};
