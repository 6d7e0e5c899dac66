import { type CreditPlan, planById } from "#domain/credits";

// Credits as the API shows them (src/contract/credits.ts): every field listed.

export function presentBalance(balance: { credits: number; lastUpdatedAt: Date }) {
  return { credits: balance.credits, lastUpdatedAt: balance.lastUpdatedAt.toISOString() };
}

export function presentPlan(plan: CreditPlan) {
  return {
    id: plan.id,
    name: plan.name,
    credits: plan.credits,
    price: plan.priceRupees,
    popular: plan.popular,
  };
}

export function presentLedgerEntry(e: {
  id: string;
  delta: number;
  reason: string;
  documentNumber: string | null;
  planId: string | null;
  amountPaise: number | null;
  createdAt: Date;
}) {
  return {
    id: e.id,
    delta: e.delta,
    reason: e.reason,
    invoiceNumber: e.documentNumber,
    planName: e.planId ? (planById(e.planId)?.name ?? null) : null,
    amountPaise: e.amountPaise,
    createdAt: e.createdAt.toISOString(),
  };
}

export function presentPurchase(p: {
  providerOrderId: string;
  planId: string;
  credits: number;
  amountPaise: number;
  status: string;
  createdAt: Date;
  paidAt: Date | null;
  testMode: boolean;
}) {
  return {
    id: p.providerOrderId,
    planId: p.planId,
    planName: planById(p.planId)?.name ?? `${p.credits} Credits`,
    credits: p.credits,
    amountPaise: p.amountPaise,
    status: p.status,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
    testMode: p.testMode,
  };
}
