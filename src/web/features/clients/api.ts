import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address, Client, ClientInput, ClientSort } from "#contract/clients";
import type { Page } from "#contract/common";
import { api } from "#web/api";
import { fetchPage } from "#web/lib/page-cursors";

export type { Address, Client, ClientInput, ClientSort, Page };

export const PAGE_SIZE = 20;

export const clientsQuery = (p: { search: string; sort: ClientSort; page: number }) =>
  queryOptions({
    queryKey: ["clients", "list", p],
    queryFn: () => {
      const q = new URLSearchParams({ sort: p.sort, page: String(p.page), pageSize: String(PAGE_SIZE) });
      if (p.search) q.set("search", p.search);
      return fetchPage<Page<Client>>("/api/clients", q);
    },
    placeholderData: keepPreviousData,
  });

export const saveClient = (input: ClientInput, id?: string) =>
  id
    ? api<Client>(`/api/clients/${encodeURIComponent(id)}`, { method: "PATCH", body: { ...input } })
    : api<Client>("/api/clients", { method: "POST", body: { ...input } });

export const deleteClient = (id: string) =>
  api<void>(`/api/clients/${encodeURIComponent(id)}`, { method: "DELETE" });

/** "Pune, Maharashtra 411001" */
export function addressLine(a: Address | null): string {
  if (!a) return "";
  const place = [a.city, a.state].filter(Boolean).join(", ");
  return [a.line1, a.line2, [place, a.postalCode].filter(Boolean).join(" "), a.country]
    .filter(Boolean)
    .join(", ");
}
