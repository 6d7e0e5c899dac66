// Businesses (issue 31, decision 0072): a business owns the data; a person works in one or more as
// a member with a role. Phase 1 makes everyone an owner; the other roles arrive with invitations.

export const BUSINESS_ROLES = ["owner", "accountant", "staff"] as const;
export type BusinessRole = (typeof BUSINESS_ROLES)[number];

export const BUSINESS_NAME_MAX = 120;

/** A business's name as stored: trimmed, inner runs of spaces made one. */
export function cleanBusinessName(name: string): string {
  return name.trim().replace(/\s+/g, " ");
}

/**
 * The name a person's first business gets: their company name, else their own name, else their
 * e-mail address (as migration 0022 named the businesses of existing accounts).
 */
export function firstBusinessName(p: { companyName?: string; name?: string; email: string }): string {
  return cleanBusinessName(p.companyName ?? "") || cleanBusinessName(p.name ?? "") || p.email;
}
