import type { FastifyInstance } from "fastify";
import { CREDIT_PLANS, planById } from "#domain/credits";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { getCreditBalance, listLedger, listPurchases } from "../db/queries/credits";
import { presentPlan } from "../services/payments";

/** The balance, its ledger with the purchases, and the plans on sale. */
export function registerCreditRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;
  const testMode = !config.razorpay.keyId || !config.razorpay.keySecret;

  app.get("/api/credits", async (request) => {
    const me = await requireUser(auth, request);
    const balance = await getCreditBalance(db, me.id);
    return { credits: balance.credits, lastUpdatedAt: balance.lastUpdatedAt.toISOString() };
  });

  app.get("/api/credits/ledger", async (request) => {
    const me = await requireUser(auth, request);
    await getCreditBalance(db, me.id); // an account's first look creates its sign-up grant
    const [entries, purchases] = await Promise.all([listLedger(db, me.id), listPurchases(db, me.id)]);
    return {
      entries: entries.map((e) => ({
        id: e.id,
        delta: e.delta,
        reason: e.reason,
        invoiceNumber: e.invoiceNumber,
        planName: e.planId ? (planById(e.planId)?.name ?? null) : null,
        amountPaise: e.amountPaise,
        createdAt: e.createdAt.toISOString(),
      })),
      purchases: purchases.map((p) => ({
        id: p.providerOrderId,
        planId: p.planId,
        planName: planById(p.planId)?.name ?? `${p.credits} Credits`,
        credits: p.credits,
        amountPaise: p.amountPaise,
        status: p.status,
        createdAt: p.createdAt.toISOString(),
        paidAt: p.paidAt?.toISOString() ?? null,
        testMode: p.testMode,
      })),
    };
  });

  app.get("/api/plans", async () => ({ plans: CREDIT_PLANS.map(presentPlan), testMode }));
}
