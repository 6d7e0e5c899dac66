import { z } from "zod";
import { BUSINESS_ROLES } from "#domain/businesses";
import { idParams, text } from "./common";
import { routeGroup } from "./registry";

// API keys: created in My Account, shown once, listed with when each was last used, revoked.

export const apiKeyCreate = z.object({
  name: text(100, "Name").pipe(z.string().min(1, "Name is required.")),
  scope: z.enum(["read", "read_write"], "Scope must be read or read_write."),
  /** The role the key acts with (decision 0076): the maker's own role when left out, never above it. */
  role: z.enum(BUSINESS_ROLES, "Role must be owner, accountant or staff.").optional(),
});

export const apiKeyAnswer = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, to tell keys apart. */
  prefix: z.string(),
  scope: z.enum(["read", "read_write"]),
  /** The role it acts with, never above its maker's role today. */
  role: z.enum(BUSINESS_ROLES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeyAnswer = z.output<typeof apiKeyAnswer>;

/** The one answer that holds the key itself. */
export const apiKeyCreated = apiKeyAnswer.extend({ key: z.string() });
export type ApiKeyCreated = z.output<typeof apiKeyCreated>;

/**
 * The routes an API key may call: invoices (with their payments and PDFs), clients, products and
 * stock, quotes, proforma invoices, delivery challans, recurring profiles, statements of account and reports. Never the account, settings, credits purchase,
 * API keys or data clearing: those need a signed-in person.
 */
const KEY_PATHS = [
  "/api/invoices",
  "/api/clients",
  "/api/products",
  "/api/inventory",
  "/api/quotes",
  "/api/proforma-invoices",
  "/api/delivery-challans",
  "/api/recurring",
  "/api/reports",
  "/api/dashboard",
  "/api/credit-notes",
  "/api/statements",
];
export const acceptsApiKey = (path: string) =>
  KEY_PATHS.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`),
  );

const apiKeys = routeGroup("API keys");
export const apiKeyRoutes = [
  apiKeys.get("/api/api-keys", "The user's API keys (never the keys themselves)", {
    responses: { 200: z.object({ keys: z.array(apiKeyAnswer) }) },
  }),
  apiKeys.post("/api/api-keys", "Create an API key; the answer is the only time the key is shown", {
    body: apiKeyCreate,
    responses: { 201: apiKeyCreated },
  }),
  apiKeys.delete("/api/api-keys/:id", "Revoke an API key", {
    params: idParams,
    responses: { 200: apiKeyAnswer },
  }),
];
