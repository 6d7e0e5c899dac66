import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Address, Client, ClientInput, ClientSort } from "#contract/clients";
import type { Page } from "#contract/common";
import { call, queryKeyOf } from "#web/api";
import { callPage } from "#web/lib/page-cursors";

export type { Address, Client, ClientInput, ClientSort, Page };

export const PAGE_SIZE = 20;

export const clientsQuery = (p: { search: string; sort: ClientSort; page: number }) =>
  queryOptions({
    queryKey: queryKeyOf("GET /api/clients", { query: p }),
    queryFn: () => callPage("GET /api/clients", { ...p, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

export const saveClient = (input: ClientInput, id?: string) =>
  id
    ? call("PATCH /api/clients/:id", { params: { id }, body: input })
    : call("POST /api/clients", { body: input });

export const deleteClient = (id: string) => call("DELETE /api/clients/:id", { params: { id } });

/** "Pune, Maharashtra 411001" */
export function addressLine(a: Address | null): string {
  if (!a) return "";
  const place = [a.city, a.state].filter(Boolean).join(", ");
  return [a.line1, a.line2, [place, a.postalCode].filter(Boolean).join(" "), a.country]
    .filter(Boolean)
    .join(", ");
}
