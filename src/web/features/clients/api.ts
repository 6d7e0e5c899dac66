import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "#web/api";

export interface Address {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface Client {
  id: string;
  name: string;
  company: string;
  email: string;
  phone: string;
  gstin: string;
  billingAddress: Address;
  shippingAddress: Address | null;
  notes: string;
  createdAt: string;
  updatedAt: string;
}

export type ClientInput = Omit<Client, "id" | "createdAt" | "updatedAt">;

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export type ClientSort = "name" | "newest";

export const emptyAddress = (): Address => ({
  line1: "",
  line2: "",
  city: "",
  state: "",
  postalCode: "",
  country: "",
});

export const PAGE_SIZE = 20;

export const clientsQuery = (p: { search: string; sort: ClientSort; page: number }) =>
  queryOptions({
    queryKey: ["clients", "list", p],
    queryFn: () => {
      const q = new URLSearchParams({ sort: p.sort, page: String(p.page), pageSize: String(PAGE_SIZE) });
      if (p.search) q.set("search", p.search);
      return api<Page<Client>>(`/api/clients?${q}`);
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
