import type { BusinessRole } from "./businesses";

// Who may do what in a business (issue 31 phase 2, decision 0076). Each route names one action
// (src/contract/route-actions.ts); the request guard lets a member through when their role is in
// the action's list. The web reads the same table to hide what a role cannot use.

const ALL = ["owner", "accountant", "staff"] as const;
const OWNER = ["owner"] as const;
const BOOKS = ["owner", "accountant"] as const;
const COUNTER = ["owner", "staff"] as const;

/** Each action: the roles that may do it, and the words that finish "Staff cannot ..." */
export const ROLE_TABLE = {
  /** Lists and records: documents, clients, products, payments, dashboard, settings the editor needs. */
  "business.read": { roles: ALL, doing: "read this business's records" },
  /** Create and edit drafts, issue, send, share, convert, duplicate; quotes, proformas, challans too. */
  "documents.write": { roles: COUNTER, doing: "create or change invoices, quotes and challans" },
  /** Recurring profiles make invoices on their own. */
  "recurring.manage": { roles: COUNTER, doing: "manage recurring invoices" },
  "clients.manage": { roles: COUNTER, doing: "add, change or remove clients" },
  "products.manage": { roles: COUNTER, doing: "add, change or remove products and stock" },
  /** Record or correct a payment received, confirm or dismiss a client's "I have paid". */
  "payments.record": { roles: ALL, doing: "record payments" },
  "payments.delete": { roles: OWNER, doing: "delete a recorded payment" },
  "credit-notes.write": { roles: BOOKS, doing: "issue or cancel credit and debit notes" },
  /** A PDF file spends one of the business's credits. */
  "pdf.download": { roles: ALL, doing: "download PDF files" },
  /** GSTR-1, e-invoice JSON, CSV and whole-data exports. */
  "reports.read": { roles: BOOKS, doing: "see reports or export data" },
  /** The business's Tally ledger names (decision 0080): the accountant keeps the books in Tally. */
  "tally.map": { roles: BOOKS, doing: "change the Tally ledger names" },
  "credits.read": { roles: ALL, doing: "see the credit balance" },
  "credits.buy": { roles: OWNER, doing: "buy credits" },
  "settings.write": { roles: OWNER, doing: "change the business's settings" },
  /** The business's own Razorpay account (its bank details). */
  "bank.read": { roles: BOOKS, doing: "see the online payment settings" },
  "bank.manage": { roles: OWNER, doing: "change bank or Razorpay settings" },
  "api-keys.manage": { roles: BOOKS, doing: "manage API keys" },
  "members.manage": { roles: OWNER, doing: "manage members and invitations" },
  "data.import": { roles: OWNER, doing: "import a data file" },
  "data.clear": { roles: OWNER, doing: "clear the business's data" },
} as const satisfies Record<string, { roles: readonly BusinessRole[]; doing: string }>;

export type BusinessAction = keyof typeof ROLE_TABLE;
/**
 * What a route needs: an action in the request's business, or "person" for what a signed-in person
 * does for themselves whatever their role (profile, password, their businesses, accepting an
 * invitation, leaving).
 */
export type RouteAction = BusinessAction | "person";

export const BUSINESS_ACTIONS = Object.keys(ROLE_TABLE) as BusinessAction[];

export function roleMay(role: BusinessRole, action: BusinessAction): boolean {
  return (ROLE_TABLE[action].roles as readonly BusinessRole[]).includes(role);
}

export const ROLE_LABELS: Record<BusinessRole, string> = {
  owner: "Owner",
  accountant: "Accountant",
  staff: "Staff",
};

/** "Staff cannot change the business's settings. Ask an owner of this business." */
export function refusalMessage(role: BusinessRole, action: BusinessAction): string {
  return `${ROLE_LABELS[role]} cannot ${ROLE_TABLE[action].doing}. Ask an owner of this business.`;
}

/**
 * The role an API key acts with: the role it was made with, never above its maker's role today.
 * An owner's key follows its maker down; accountant and staff are not nested (each may do things
 * the other may not), so a key made in one of them whose maker is now in the other acts as
 * nothing (null): it is refused until a new key is made.
 */
export function cappedRole(keyRole: BusinessRole, memberRole: BusinessRole): BusinessRole | null {
  if (keyRole === memberRole || memberRole === "owner") return keyRole;
  if (keyRole === "owner") return memberRole;
  return null;
}

/** May a member in `role` give a key (or an invitation) `wanted`? Never more than their own. */
export function mayGrant(role: BusinessRole, wanted: BusinessRole): boolean {
  return role === "owner" || role === wanted;
}

/**
 * The last owner rule: a change that leaves a business with no owner is refused. `owners` is how
 * many owners it has now; `losesOwner` says the change removes or demotes one of them.
 */
export function leavesNoOwner(p: { owners: number; losesOwner: boolean }): boolean {
  return p.losesOwner && p.owners <= 1;
}

/** An invitation lives seven days from when it was sent. */
export const INVITATION_DAYS = 7;
export const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

export type InvitationState = "pending" | "accepted" | "revoked" | "expired";

export function invitationState(
  p: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now: Date,
): InvitationState {
  if (p.acceptedAt) return "accepted";
  if (p.revokedAt) return "revoked";
  if (p.expiresAt.getTime() <= now.getTime()) return "expired";
  return "pending";
}
