import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "#web/api";
import { fetchPage } from "#web/lib/page-cursors";
import type { Invoice, InvoicePage, NextNumber, SavedClient, SavedProduct } from "./types";

export const invoiceKeys = {
  all: ["invoices"] as const,
  list: (query: string) => ["invoices", "list", query] as const,
  one: (id: string) => ["invoices", "one", id] as const,
  nextNumber: (invoiceDate: string) => ["invoices", "next-number", invoiceDate] as const,
};

export const invoiceQuery = (id: string) => ({
  queryKey: invoiceKeys.one(id),
  queryFn: async () => (await api<{ invoice: Invoice }>(`/api/invoices/${encodeURIComponent(id)}`)).invoice,
});

export const invoiceListQuery = (query: string) => ({
  queryKey: invoiceKeys.list(query),
  queryFn: () => fetchPage<InvoicePage>("/api/invoices", new URLSearchParams(query)),
});

/** The number a sequential create dated `invoiceDate` would get: its financial year's next one. */
export const nextNumberQuery = (invoiceDate: string) => ({
  queryKey: invoiceKeys.nextNumber(invoiceDate),
  queryFn: () => api<NextNumber>(`/api/invoices/next-number?${new URLSearchParams({ invoiceDate })}`),
  staleTime: 0,
});

export function searchClients(search: string) {
  const q = new URLSearchParams({ search, page: "1", pageSize: "8" });
  return api<{ items: SavedClient[]; total: number }>(`/api/clients?${q}`);
}

export function searchProducts(search: string) {
  const q = new URLSearchParams({ search, page: "1", pageSize: "8" });
  return api<{ items: SavedProduct[]; total: number }>(`/api/products?${q}`);
}

/** What every invoice change can affect: lists, the dashboard and stock. */
export function useInvalidateAfterInvoiceChange() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["invoices"] }),
        queryClient.invalidateQueries({ queryKey: ["dashboard"] }),
        queryClient.invalidateQueries({ queryKey: ["products"] }),
      ]),
    [queryClient],
  );
}

export const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;
