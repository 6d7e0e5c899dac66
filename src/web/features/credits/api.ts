import type { CreditBalance, LedgerEntry, Plan, Purchase } from "#contract/credits";
import { callQuery } from "#web/api";

export type { CreditBalance, LedgerEntry, Plan, Purchase };

export const creditsQuery = {
  ...callQuery("GET /api/credits"),
};

/** Under the "credits" resource, so invalidating the balance reloads the ledger too. */
export const ledgerQuery = {
  ...callQuery("GET /api/credits/ledger"),
};

export const plansQuery = {
  ...callQuery("GET /api/plans"),
  staleTime: Number.POSITIVE_INFINITY,
};
