import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo, useState } from "react";
import type { InvoiceInput } from "#domain/invoice";
import { committedQuantities } from "#domain/stock";
import { api } from "#web/api";
import { type ProductStock, stockFromProduct } from "#web/features/documents/editor/LineItemsSection";
import type { Invoice, SavedProduct } from "#web/features/documents/types";

/** Stock for the line items: what inventory says is left, plus what this invoice already holds. */
export function useInvoiceStock(saved: Invoice | null, items: InvoiceInput["items"]) {
  const [stock, setStock] = useState<Record<string, ProductStock>>({});
  const heldMilli = useMemo(() => {
    if (!saved) return {};
    try {
      return Object.fromEntries(committedQuantities(saved.status, saved.document.items));
    } catch {
      return {};
    }
  }, [saved]);
  const linkedProducts = items.some((i) => i.productId);
  const products = useQuery({
    queryKey: ["products", "all-for-editor"],
    queryFn: () => api<{ items: SavedProduct[] }>("/api/products?page=1&pageSize=100"),
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
