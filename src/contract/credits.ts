import { z } from "zod";
import { isoDateTime } from "./common";
import { route } from "./registry";

export const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  credits: z.number().int(),
  price: z.number(),
  popular: z.boolean(),
});

const ledger = z.object({
  entries: z.array(
    z.object({
      id: z.string(),
      delta: z.number().int(),
      reason: z.string(),
      invoiceNumber: z.string().nullable(),
      planName: z.string().nullable(),
      amountPaise: z.number().int().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  purchases: z.array(
    z.object({
      id: z.string(),
      planId: z.string(),
      planName: z.string(),
      credits: z.number().int(),
      amountPaise: z.number().int(),
      status: z.string(),
      createdAt: isoDateTime,
      paidAt: isoDateTime.nullable(),
      testMode: z.boolean(),
    }),
  ),
});

const tag = "Credits";
export const creditRoutes = [
  route({
    method: "GET",
    path: "/api/credits",
    summary: "The download-credit balance",
    tag,
    auth: "user",
    responses: { 200: z.object({ credits: z.number().int(), lastUpdatedAt: isoDateTime }) },
  }),
  route({
    method: "GET",
    path: "/api/credits/ledger",
    summary: "Every credit change and every purchase",
    tag,
    auth: "user",
    responses: { 200: ledger },
  }),
  route({
    method: "GET",
    path: "/api/plans",
    summary: "The credit plans on sale",
    tag,
    auth: "public",
    responses: { 200: z.object({ plans: z.array(planSchema), testMode: z.boolean() }) },
  }),
];
