import { api } from "#web/api";
import type { SavedClient, SavedProduct } from "./types";

// What every document's editor and preview ask the server for: saved clients, products, images.

export function searchClients(search: string) {
  const q = new URLSearchParams({ search, page: "1", pageSize: "8" });
  return api<{ items: SavedClient[]; total: number }>(`/api/clients?${q}`);
}

export function searchProducts(search: string) {
  const q = new URLSearchParams({ search, page: "1", pageSize: "8" });
  return api<{ items: SavedProduct[]; total: number }>(`/api/products?${q}`);
}

export const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;
