import { callQuery } from "#web/api";

// What every document's editor and preview ask the server for: saved clients, products, images.

/** The first few saved clients and products matching what is typed, for a picker's options. */
const search = (text: string) => ({ query: { search: text, page: 1, pageSize: 8 } });

export const clientSearchQuery = (text: string) => callQuery("GET /api/clients", search(text));

export const productSearchQuery = (text: string) => callQuery("GET /api/products", search(text));

export const imageUrl = (id: string) => `/api/images/${encodeURIComponent(id)}`;
