import type { FastifyInstance } from "fastify";
import { CREDIT_PLANS } from "#domain/credits";
import type { Auth } from "../auth/auth";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { presentBalance, presentLedgerEntry, presentPlan, presentPurchase } from "../presenters/credits";
import { readCreditBalance, readCreditHistory } from "../services/credits";
import { paymentsMode } from "../services/payments";
import { businessRoutes, contractRoutes } from "./contract-route";

/** The balance, its ledger with the purchases, and the plans on sale. Reading never writes. */
export function registerCreditRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; config: Config }) {
  const { auth, db, config } = deps;
  const route = contractRoutes(app);
  const businessRoute = businessRoutes(app, auth);
  const mode = paymentsMode(config);
  // The top-up dialog reads these: a test-mode banner, or "not configured" instead of the buttons.
  const sale = { testMode: mode === "test", paymentsConfigured: mode !== "off" };

  businessRoute("GET /api/credits", async (me) => {
    return presentBalance(await readCreditBalance(db, me.businessId));
  });

  businessRoute("GET /api/credits/ledger", async (me) => {
    const { entries, purchases } = await readCreditHistory(db, me.businessId);
    return { entries: entries.map(presentLedgerEntry), purchases: purchases.map(presentPurchase) };
  });

  route("GET /api/plans", async () => ({ plans: CREDIT_PLANS.map(presentPlan), ...sale }));
}
