import { api } from "#web/api";

export interface CreditBalance {
  credits: number;
  lastUpdatedAt: string;
}

export interface Plan {
  id: string;
  name: string;
  credits: number;
  /** Rupees. */
  price: number;
  popular: boolean;
}

export interface LedgerEntry {
  id: string;
  delta: number;
  reason: "signup_grant" | "download" | "download_refund" | "purchase";
  invoiceNumber: string | null;
  planName: string | null;
  amountPaise: number | null;
  createdAt: string;
}

export interface Purchase {
  id: string;
  planId: string;
  planName: string;
  credits: number;
  amountPaise: number;
  status: "created" | "paid" | "failed";
  createdAt: string;
  paidAt: string | null;
  testMode: boolean;
}

export const creditsQuery = {
  queryKey: ["credits"],
  queryFn: () => api<CreditBalance>("/api/credits"),
};

/** Under ["credits"], so invalidating the balance reloads the ledger too. */
export const ledgerQuery = {
  queryKey: ["credits", "ledger"],
  queryFn: () => api<{ entries: LedgerEntry[]; purchases: Purchase[] }>("/api/credits/ledger"),
};

export const plansQuery = {
  queryKey: ["plans"],
  queryFn: () => api<{ plans: Plan[]; testMode: boolean }>("/api/plans"),
  staleTime: Number.POSITIVE_INFINITY,
};
