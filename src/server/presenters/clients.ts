import type { Address } from "#contract/clients";
import type { ClientListRow, ClientRow } from "../db/queries/clients";

/** A stored address (jsonb, possibly partial from an old import) with every field present. */
export function presentAddress(a: unknown): Address {
  const v = (a ?? {}) as Partial<Address>;
  return {
    line1: v.line1 ?? "",
    line2: v.line2 ?? "",
    city: v.city ?? "",
    state: v.state ?? "",
    postalCode: v.postalCode ?? "",
    country: v.country ?? "",
    // Only when one was chosen (or migration 0028 recognised the typed state): decision 0082.
    ...(v.stateCode ? { stateCode: v.stateCode } : {}),
  };
}

/** A client as one was read (its times Dates) or as a list page reads it (its times ISO text already). */
export function presentClient(c: ClientRow | ClientListRow) {
  return {
    id: c.id,
    name: c.name,
    company: c.company,
    email: c.email,
    phone: c.phone,
    gstin: c.gstin,
    billingAddress: presentAddress(c.billingAddress),
    shippingAddress: c.shippingAddress ? presentAddress(c.shippingAddress) : null,
    notes: c.notes,
    createdAt: typeof c.createdAt === "string" ? c.createdAt : c.createdAt.toISOString(),
    updatedAt: typeof c.updatedAt === "string" ? c.updatedAt : c.updatedAt.toISOString(),
  };
}
