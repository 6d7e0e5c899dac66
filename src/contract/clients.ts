import { z } from "zod";
import { addressStateCodeSchema, gstinStateMismatch } from "#domain/gst-supply";
import type { Address } from "#domain/invoice";
import { ADDRESS_LIMITS, CLIENT_LIMITS } from "#domain/limits";
import { INVALID_GSTIN_MESSAGE, isValidEmail, isValidGstin, normalizeGstin } from "#domain/validation";
import { id, idParams, isoDateTime, page, pageAfter, text } from "./common";
import { routeGroup } from "./registry";

export { ADDRESS_LIMITS, CLIENT_LIMITS };

/** One field each: the routes, the client dialog and the import file check with these. */
export const addressFields = {
  line1: text(ADDRESS_LIMITS.line1, "Address line 1"),
  line2: text(ADDRESS_LIMITS.line2, "Address line 2"),
  city: text(ADDRESS_LIMITS.city, "City"),
  state: text(ADDRESS_LIMITS.state, "State"),
  postalCode: text(ADDRESS_LIMITS.postalCode, "Postal code"),
  country: text(ADDRESS_LIMITS.country, "Country"),
  stateCode: addressStateCodeSchema.describe(
    'The state or UT chosen from the list, as its two-digit GST code; "" or absent: only the state\'s text',
  ),
};

export const addressSchema = z.object({
  line1: addressFields.line1.default(""),
  line2: addressFields.line2.default(""),
  city: addressFields.city.default(""),
  state: addressFields.state.default(""),
  postalCode: addressFields.postalCode.default(""),
  country: addressFields.country.default(""),
  stateCode: addressFields.stateCode,
}) satisfies z.ZodType<Address, Partial<Address>>;
/** One Address type: the invoice document's (#domain/invoice); a client's address has the same shape and limits. */
export type { Address } from "#domain/invoice";

export const clientFields = {
  name: text(CLIENT_LIMITS.name, "Name").min(1, "Name is required."),
  company: text(CLIENT_LIMITS.company, "Company"),
  email: text(CLIENT_LIMITS.email, "E-mail").refine(
    (v) => v === "" || isValidEmail(v),
    "Enter a valid e-mail address.",
  ),
  phone: text(CLIENT_LIMITS.phone, "Phone").refine(
    (v) => /^[0-9+()\-.\s]*$/.test(v),
    "Phone may contain digits, spaces and + ( ) - . only.",
  ),
  gstin: text(CLIENT_LIMITS.gstin, "GSTIN")
    .transform(normalizeGstin)
    .refine((v) => v === "" || isValidGstin(v), INVALID_GSTIN_MESSAGE),
  billingAddress: addressSchema,
  shippingAddress: addressSchema.nullable(),
  notes: text(CLIENT_LIMITS.notes, "Notes"),
};

/** A GSTIN names its state: the billing address must not say another (decision 0082). */
function checkGstinState(client: { gstin?: string; billingAddress?: Address }, ctx: z.RefinementCtx): void {
  if (!client.gstin || !client.billingAddress) return;
  const message = gstinStateMismatch({ gstin: client.gstin, billingAddress: client.billingAddress });
  if (message) ctx.addIssue({ code: "custom", path: ["billingAddress", "state"], message });
}

/** Unknown keys (id, user_id, credits...) are stripped, never stored. */
export const clientCreate = z
  .object({
    name: clientFields.name,
    company: clientFields.company.default(""),
    email: clientFields.email.default(""),
    phone: clientFields.phone.default(""),
    gstin: clientFields.gstin.default(""),
    billingAddress: addressSchema.default(() => addressSchema.parse({})),
    shippingAddress: clientFields.shippingAddress.default(null),
    notes: clientFields.notes.default(""),
  })
  .superRefine(checkGstinState);
/** A PATCH changes only the fields it names. */
export const clientPatch = z
  .object({
    name: clientFields.name.optional(),
    company: clientFields.company.optional(),
    email: clientFields.email.optional(),
    phone: clientFields.phone.optional(),
    gstin: clientFields.gstin.optional(),
    billingAddress: clientFields.billingAddress.optional(),
    shippingAddress: clientFields.shippingAddress.optional(),
    notes: clientFields.notes.optional(),
  })
  .superRefine(checkGstinState);

export const clientListQuery = z.object({
  search: text(200, "Search").optional(),
  sort: z.enum(["name", "newest"], "Sort must be name or newest.").default("name"),
  page: z.coerce.number("Page must be a number.").int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number("Page size must be a number.").int().min(1).max(100).default(20),
  after: pageAfter,
});

const address = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  stateCode: z.string().optional(),
}) satisfies z.ZodType<Address>;

export const clientSchema = z.object({
  id,
  name: z.string(),
  company: z.string(),
  email: z.string(),
  phone: z.string(),
  gstin: z.string(),
  billingAddress: address,
  shippingAddress: address.nullable(),
  notes: z.string(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export type Client = z.output<typeof clientSchema>;
/** What a new client holds once parsed: every field present. The dialog edits this shape. */
export type ClientInput = z.output<typeof clientCreate>;
export type ClientSort = z.output<typeof clientListQuery>["sort"];

const clients = routeGroup("Clients");
export const clientRoutes = [
  clients.get("/api/clients", "List clients (search, sort, page)", {
    query: clientListQuery,
    responses: { 200: page(clientSchema) },
  }),
  clients.post("/api/clients", "Create a client", { body: clientCreate, responses: { 201: clientSchema } }),
  clients.get("/api/clients/:id", "Read a client", { params: idParams, responses: { 200: clientSchema } }),
  clients.patch("/api/clients/:id", "Change the named fields of a client", {
    params: idParams,
    body: clientPatch,
    responses: { 200: clientSchema },
  }),
  clients.delete("/api/clients/:id", "Delete a client", { params: idParams, responses: { 204: null } }),
];
