import type { CreditBalance, Ledger, LedgerEntry, Plan, PlansAnswer, Purchase } from "#contract/credits";
import { api } from "#web/api";

export type { CreditBalance, LedgerEntry, Plan, Purchase };

export const creditsQuery = {
  queryKey: ["credits"],
  queryFn: () => api<CreditBalance>("/api/credits"),
};

/** Under ["credits"], so invalidating the balance reloads the ledger too. */
export const ledgerQuery = {
  queryKey: ["credits", "ledger"],
  queryFn: () => api<Ledger>("/api/credits/ledger"),
};

export const plansQuery = {
  queryKey: ["plans"],
  queryFn: () => api<PlansAnswer>("/api/plans"),
  staleTime: Number.POSITIVE_INFINITY,
};
