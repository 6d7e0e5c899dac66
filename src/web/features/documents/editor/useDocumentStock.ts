import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { InvoiceInput } from "#domain/invoice";
import type { StoredStatus } from "#domain/status";
import { committedQuantities, type StockLine } from "#domain/stock";
import { callQuery } from "#web/api";
import type { SavedProduct } from "../types";
import { type ProductStock, stockFromProduct } from "./LineItemsSection";

/** The products a document's lines may name, for their stock (the first hundred). */
const ALL_PRODUCTS = { page: 1, pageSize: 100 } as const;

/**
 * Stock for the line items: what inventory says is left, plus what the saved document already
 * holds out of stock (`held`: its stored status as an invoice's, and its saved lines; an issued
 * challan holds its goods as a due invoice does).
 */
export function useDocumentStock(
  held: { status: StoredStatus; items: StockLine[] } | null,
  items: InvoiceInput["items"],
) {
  const [stock, setStock] = useState<Record<string, ProductStock>>({});
  const heldStatus = held?.status;
  const heldItems = held?.items;
  const heldMilli = useMemo(() => {
    if (!heldStatus || !heldItems) return {};
    try {
      return Object.fromEntries(committedQuantities(heldStatus, heldItems));
    } catch {
      return {};
    }
  }, [heldStatus, heldItems]);
  const linkedProducts = items.some((i) => i.productId);
  const products = useQuery({
    ...callQuery("GET /api/products", { query: ALL_PRODUCTS }),
    enabled: linkedProducts,
  });
  const knownStock = useMemo(() => {
    const fromList = Object.fromEntries((products.data?.items ?? []).map((p) => [p.id, stockFromProduct(p)]));
    return { ...fromList, ...stock };
  }, [products.data, stock]);
  const onProductPicked = useCallback((p: SavedProduct) => {
    setStock((prev) => ({ ...prev, [p.id]: stockFromProduct(p) }));
  }, []);
  return { stock: knownStock, heldMilli, onProductPicked };
}
