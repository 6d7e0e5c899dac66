import { z } from "zod";
import { CURRENCY_CODES } from "#domain/currencies";
import { ADVANCE_GST_MESSAGES } from "#domain/gst-advances";
import { TAX_SPLITS } from "#domain/gst-supply";
import { PAYMENT_METHODS } from "#domain/payments";
import { id, isoDate, isoDateTime } from "./common";
import { receivedMoneyFields } from "./invoice-payments";
import { routeGroup } from "./registry";

// Client advances (issue 33, decision 0092): money a client paid before an invoice, applied later
// through *Record payment* (`advanceId` of a payment). Amounts in the currency's minor unit.

/**
 * For a service, GST due on receipt (decision 0098; CGST Act s.13, Rule 50): the rate and the
 * place of supply (null: the client's state). Absent or null: no GST (goods, or not registered).
 */
export const advanceGstBody = z
  .object({
    ratePercent: z.number(ADVANCE_GST_MESSAGES.rate),
    placeOfSupply: z.string().trim().nullable().optional().default(null),
  })
  .nullable()
  .optional()
  .default(null);

export const advanceBody = z.object({
  amountMinor: receivedMoneyFields.amountMinor,
  currency: z.enum(CURRENCY_CODES, "Choose a currency.").optional().default("INR"),
  receivedOn: isoDate,
  method: receivedMoneyFields.method,
  reference: receivedMoneyFields.reference,
  note: receivedMoneyFields.note,
  gst: advanceGstBody,
});
export type AdvanceBody = z.output<typeof advanceBody>;

export const advanceSchema = z.object({
  id,
  clientId: id,
  currency: z.string(),
  amountMinor: z.number().int(),
  /** Applied to invoices so far (the payments out of it). */
  appliedMinor: z.number().int(),
  /** What is left: the amount less what is applied. */
  balanceMinor: z.number().int(),
  receivedOn: isoDate,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  /** manual, or bank_statement (recorded from a statement line's credit). */
  source: z.enum(["manual", "bank_statement"]),
  /** GST due on receipt, for an advance for a service (decision 0098); null: none. */
  gst: z
    .object({
      ratePercent: z.number(),
      placeOfSupply: z.string(),
      /** "Maharashtra (27)" */
      placeOfSupplyName: z.string(),
      split: z.enum(TAX_SPLITS),
      taxableMinor: z.number().int(),
      cgstMinor: z.number().int(),
      /** SGST, or UTGST when the split is cgst_utgst. */
      sgstMinor: z.number().int(),
      igstMinor: z.number().int(),
      /** The receipt voucher's number (series RV, CGST Rule 50). */
      voucherNumber: z.string().nullable(),
    })
    .nullable(),
  createdAt: isoDateTime,
});
export type Advance = z.output<typeof advanceSchema>;

export const advancesAnswer = z.object({ advances: z.array(advanceSchema) });
export type AdvancesAnswer = z.output<typeof advancesAnswer>;

const advances = routeGroup("Payments received");
export const clientAdvanceRoutes = [
  advances.get("/api/clients/:id/advances", "The client's advances, each with what is left of it", {
    params: z.object({ id }),
    responses: { 200: advancesAnswer },
  }),
  advances.post(
    "/api/clients/:id/advances",
    "Record an advance the client paid (money on account, no invoice yet)",
    { params: z.object({ id }), body: advanceBody, responses: { 201: advancesAnswer } },
  ),
  advances.delete(
    "/api/clients/:id/advances/:advanceId",
    "Delete an advance of which nothing is applied (409 advance_applied otherwise)",
    { params: z.object({ id, advanceId: id }), responses: { 200: advancesAnswer } },
  ),
];
