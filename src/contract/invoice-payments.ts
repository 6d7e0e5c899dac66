import { z } from "zod";
import { isSingleAddress } from "#domain/mail-address";
import { MAX_RECIPIENTS_PER_FIELD } from "#domain/mail-limits";
import { PAYMENT_METHODS } from "#domain/payments";
import { MAX_TDS_RATE_BP, TDS_SECTION_PATTERN } from "#domain/tds";
import { activityAnswer, id, isoDate, isoDateTime, text } from "./common";
import { invoiceSummarySchema } from "./invoices";
import { routeGroup } from "./registry";

// Payments received against an invoice. Amounts are integers in the currency's minor unit
// (paise for INR), as every amount of this API.

/** What a payment and a client's advance (client-advances.ts) both say of the money received. */
export const receivedMoneyFields = {
  amountMinor: z
    .number("Amount must be a number.")
    .int("Amount must be a whole number of paise.")
    .positive("The amount must be more than zero.")
    .max(999_999_999_999, "Amount is too large."),
  method: z.enum(PAYMENT_METHODS, "Choose how it was paid."),
  reference: text(100, "Reference").optional().default(""),
  note: text(500, "Note").optional().default(""),
};

export const paymentBody = z.object({
  amountMinor: receivedMoneyFields.amountMinor,
  paidOn: isoDate,
  method: receivedMoneyFields.method,
  reference: receivedMoneyFields.reference,
  note: receivedMoneyFields.note,
  tdsMinor: z
    .number("TDS must be a number.")
    .int("TDS must be a whole number of paise.")
    .min(0, "TDS cannot be negative.")
    .max(999_999_999_999, "TDS is too large.")
    .optional()
    .default(0)
    .describe(
      "TDS the client deducted (rupee invoices only): the invoice is settled by amountMinor + tdsMinor",
    ),
  tdsSection: z
    .string()
    .trim()
    .toUpperCase()
    .regex(TDS_SECTION_PATTERN, "Enter the section as the Act numbers it, like 194J.")
    .nullable()
    .optional()
    .default(null)
    .describe("The section the TDS was deducted under: 194J, 194C, 194H, 194I, 194Q, 194O, ..."),
  tdsRateBp: z
    .number("The rate must be a number.")
    .int("The rate must be in basis points (10 % is 1000).")
    .min(1, "The rate must be more than 0 %.")
    .max(MAX_TDS_RATE_BP, `The rate can be at most ${MAX_TDS_RATE_BP / 100} %.`)
    .nullable()
    .optional()
    .default(null)
    .describe("The TDS rate in basis points (10 % is 1000, 0.1 % is 10)"),
  /**
   * Realisation of an invoice in another currency (decision 0089): the rupees the bank credited
   * for this amount, in paise, and the FIRC / FIRA / e-BRC number.
   */
  inrCreditedMinor: z
    .number("Rupees credited must be a number.")
    .int("Rupees credited must be a whole number of paise.")
    .positive("Rupees credited must be more than zero.")
    .max(999_999_999_999, "Amount is too large.")
    .nullable()
    .optional()
    .default(null),
  realisationRef: text(50, "FIRC / e-BRC number").optional().default(""),
  /** A payment out of this client advance (decision 0092): at most what is left of it; ignored on a change. */
  advanceId: id.nullable().optional().default(null),
});
export type PaymentBody = z.output<typeof paymentBody>;

export const paymentSchema = z.object({
  id,
  amountMinor: z.number().int(),
  paidOn: isoDate,
  method: z.enum(PAYMENT_METHODS),
  reference: z.string(),
  note: z.string(),
  /** manual, status (made by marking the invoice paid), razorpay, upi_report, credit_note (decision 0037), bank_statement (decision 0083) */
  source: z.enum(["manual", "status", "razorpay", "upi_report", "credit_note", "bank_statement"]),
  createdAt: isoDateTime,
  /** TDS the client deducted (decision 0088); 0 when none. */
  tdsMinor: z.number().int(),
  tdsSection: z.string().nullable(),
  tdsRateBp: z.number().int().nullable(),
  /** The user found this TDS in Form 26AS (Reports -> TDS receivable). */
  tdsSeenIn26as: z.boolean(),
  /** Rupees the bank credited (an invoice in another currency), or null. */
  inrCreditedMinor: z.number().int().nullable(),
  realisationRef: z.string(),
  /** Exchange gain (positive) or loss in paise: credited less this amount at the invoice's rate. */
  exchangeDifferenceMinor: z.number().int().nullable(),
  /** The client advance this payment was applied from (decision 0092), or null. */
  advanceId: id.nullable().optional(),
});
export type Payment = z.output<typeof paymentSchema>;

export const paymentsAnswer = z.object({
  invoice: invoiceSummarySchema,
  payments: z.array(paymentSchema),
  /** The invoice's value without GST: what a client deducts TDS on (CBDT Circular 23/2017). */
  taxableMinor: z.number().int(),
  /** An invoice in another currency with a rate: its value in paise at that rate (decision 0089). */
  inrTotalMinor: z.number().int().nullable().optional(),
  /** The client's advances in the invoice's currency with something left (decision 0092): Record payment offers them. */
  advances: z
    .array(
      z.object({
        id,
        balanceMinor: z.number().int(),
        receivedOn: isoDate,
        method: z.enum(PAYMENT_METHODS),
        reference: z.string(),
      }),
    )
    .optional(),
});
export type PaymentsAnswer = z.output<typeof paymentsAnswer>;

const params = z.object({ id });
const paymentParams = z.object({ id, paymentId: id });

const payments = routeGroup("Payments received");
export const invoicePaymentRoutes = [
  payments.get("/api/invoices/:id/payments", "The invoice's payments, amount paid and balance due", {
    params,
    responses: { 200: paymentsAnswer },
  }),
  payments.post(
    "/api/invoices/:id/payments",
    "Record a payment (at most the balance due); a zero balance makes the invoice paid",
    { params, body: paymentBody, responses: { 201: paymentsAnswer } },
  ),
  payments.put("/api/invoices/:id/payments/:paymentId", "Change a payment", {
    params: paymentParams,
    body: paymentBody,
    responses: { 200: paymentsAnswer },
  }),
  payments.delete("/api/invoices/:id/payments/:paymentId", "Delete a payment; a paid invoice reopens", {
    params: paymentParams,
    responses: { 200: paymentsAnswer },
  }),
];

// One address per element, at most 5 To and 5 Cc (decision 0044): a mail to more is a mailing list.
const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .refine(isSingleAddress, "Enter one valid e-mail address in each field.");
const atMost = `At most ${MAX_RECIPIENTS_PER_FIELD} addresses.`;
export const sendBody = z.object({
  to: z.array(email).min(1, "Enter at least one e-mail address.").max(MAX_RECIPIENTS_PER_FIELD, atMost),
  cc: z.array(email).max(MAX_RECIPIENTS_PER_FIELD, atMost).optional().default([]),
  subject: text(200, "Subject").pipe(z.string().min(1, "Subject is required.")),
  message: text(5000, "Message").pipe(z.string().min(1, "Message is required.")),
  attachPdf: z.boolean().default(false),
});
export type SendBody = z.output<typeof sendBody>;

/** A document sent: its public link, and the credits left when the PDF was attached (else null). */
export const sentAnswer = z.object({
  sent: z.literal(true),
  link: z.string(),
  creditsRemaining: z.number().int().nullable(),
});

const sharing = routeGroup("Sharing");
export const sendRoutes = [
  sharing.post(
    "/api/invoices/:id/send",
    "E-mail the invoice with its public link; attaching the PDF costs one credit (402 at none)",
    {
      params,
      body: sendBody,
      responses: {
        200: sentAnswer,
      },
    },
  ),
];

export const activitySchema = activityAnswer(
  "created, status_changed, payment_recorded, payment_changed, payment_deleted, link_created, link_renewed, sent, viewed, payment_reported, report_confirmed, report_dismissed",
);
export type Activity = z.output<typeof activitySchema>;

export const activityRoutes = [
  payments.get(
    "/api/invoices/:id/activity",
    "What happened to the invoice: status changes, payments, sends, views, reports (newest first)",
    { params, responses: { 200: activitySchema } },
  ),
];
