import { useQuery } from "@tanstack/react-query";
import type { BusinessRole } from "#domain/businesses";
import { type BusinessAction, refusalMessage, roleMay } from "#domain/roles";
import { callQuery } from "#web/api";

// The signed-in person's role in the current business (decision 0076), from the same query the
// business switcher reads; the web hides what the role cannot use with the server's own table.

export const businessesQuery = {
  ...callQuery("GET /api/businesses"),
};

/** The role in the current business; undefined while it loads. */
export function useMyRole(): BusinessRole | undefined {
  const { data } = useQuery(businessesQuery);
  return data?.businesses.find((b) => b.current)?.role;
}

/** May the current role do `action`? While the role loads: yes (the server decides anyway). */
export function useMay(action: BusinessAction): boolean {
  const role = useMyRole();
  return role === undefined || roleMay(role, action);
}

/**
 * Why the current role may not do `action`, in the server's own words ("Accountant cannot create or
 * change invoices, quotes and challans. Ask an owner of this business."); null when it may. The one
 * helper the web's controls read (decision 0079): a control the role lacks is hidden, or shown
 * disabled with these words where its absence would puzzle.
 */
export function useRefusal(action: BusinessAction): string | null {
  const role = useMyRole();
  return role === undefined || roleMay(role, action) ? null : refusalMessage(role, action);
}

/** Pages a role may not open, by path prefix, and the action each needs. */
const PAGE_ACTIONS: [prefix: string, action: BusinessAction][] = [
  ["/settings", "settings.write"],
  ["/members", "members.manage"],
  ["/reports", "reports.read"],
  ["/activity", "reports.read"],
  ["/invoice/new", "documents.write"],
  ["/credit-notes/new", "credit-notes.write"],
  ["/quotes/new", "documents.write"],
  ["/proforma-invoices/new", "documents.write"],
  ["/delivery-challans/new", "documents.write"],
  ["/inventory/manage-items", "products.manage"],
  ["/payment-success", "credits.buy"],
];

export function actionForPath(pathname: string): BusinessAction | undefined {
  return PAGE_ACTIONS.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1];
}

/** May the current role open the page at `path` (its link is hidden when not)? */
export function useMayOpen(path: string): boolean {
  const role = useMyRole();
  const action = actionForPath(path.split(/[?#]/)[0] ?? path);
  return role === undefined || action === undefined || roleMay(role, action);
}
