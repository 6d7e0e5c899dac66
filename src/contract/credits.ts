import { z } from "zod";
import { isoDateTime } from "./common";
import { routeGroup } from "./registry";

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price: z.number(),
  popular: z.boolean(),
});

const ledgerEntrySchema = z.object({
  id: z.string(),
  delta: z.number().int(),
  reason: z.enum(["signup_grant", "download", "download_refund", "purchase"]),
  invoiceNumber: z.string().nullable(),
  planName: z.string().nullable(),
  amountPaise: z.number().int().nullable(),
  createdAt: isoDateTime,
});

const purchaseSchema = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  credits: z.number().int(),
  amountPaise: z.number().int(),
  status: z.enum(["created", "paid", "failed"]),
  createdAt: isoDateTime,
  paidAt: isoDateTime.nullable(),
  testMode: z.boolean(),
});

const ledger = z.object({ entries: z.array(ledgerEntrySchema), purchases: z.array(purchaseSchema) });
const creditBalanceSchema = z.object({ credits: z.number().int(), lastUpdatedAt: isoDateTime });
const plansAnswer = z.object({
  plans: z.array(planSchema),
  /** Purchases go through the local test checkout: no money moves (PAYMENTS_TEST_MODE). */
  testMode: z.boolean(),
  /** False: the server has no Razorpay keys and no test checkout, so nothing can be bought. */
  paymentsConfigured: z.boolean(),
});

export type Plan = z.output<typeof planSchema>;
export type LedgerEntry = z.output<typeof ledgerEntrySchema>;
export type Purchase = z.output<typeof purchaseSchema>;
export type Ledger = z.output<typeof ledger>;
export type CreditBalance = z.output<typeof creditBalanceSchema>;
export type PlansAnswer = z.output<typeof plansAnswer>;

const credits = routeGroup("Credits");
export const creditRoutes = [
  credits.get("/api/credits", "The download-credit balance", { responses: { 200: creditBalanceSchema } }),
  credits.get("/api/credits/ledger", "Every credit change and every purchase", {
    responses: { 200: ledger },
  }),
  credits.get("/api/plans", "The credit plans on sale", { auth: "public", responses: { 200: plansAnswer } }),
];
