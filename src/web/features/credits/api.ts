import type { CreditBalance, LedgerEntry, Plan, Purchase } from "#contract/credits";
import { call, queryKeyOf } from "#web/api";

export type { CreditBalance, LedgerEntry, Plan, Purchase };

export const creditsQuery = {
  queryKey: queryKeyOf("GET /api/credits"),
  queryFn: () => call("GET /api/credits"),
};

/** Under the "credits" resource, so invalidating the balance reloads the ledger too. */
export const ledgerQuery = {
  queryKey: queryKeyOf("GET /api/credits/ledger"),
  queryFn: () => call("GET /api/credits/ledger"),
};

export const plansQuery = {
  queryKey: queryKeyOf("GET /api/plans"),
  queryFn: () => call("GET /api/plans"),
  staleTime: Number.POSITIVE_INFINITY,
};
