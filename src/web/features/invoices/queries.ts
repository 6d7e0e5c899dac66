import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "#web/api";
import type { Invoice, InvoicePage, NextNumber } from "#web/features/documents/types";
import { fetchPage } from "#web/lib/page-cursors";

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
