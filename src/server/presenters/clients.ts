import type { Address } from "#contract/clients";
import type { ClientRow } from "../db/queries/clients";

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
  };
}

export function presentClient(c: ClientRow) {
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
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}
