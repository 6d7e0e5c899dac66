import { z } from "zod";
import { isFinancialYear } from "#domain/document-number";
import { id, isoDate } from "./common";
import { routeGroup } from "./registry";

// TDS deducted by clients (issue 33, decision 0088): Reports -> TDS receivable, per client and
// quarter, to match with Form 26AS; a tick per payment once it is seen there. Amounts in paise.

export const tdsReportQuery = z.object({
  financialYear: z
    .string()
    .trim()
    .refine(isFinancialYear, "Choose a financial year, like 2026-27.")
    .optional()
    .describe("2026-27; by default the financial year of today"),
});

const tdsLine = z.object({
  paymentId: id,
  invoiceId: id,
  invoiceNumber: z.string(),
  invoiceDate: isoDate,
  clientName: z.string(),
  pan: z.string(),
  paidOn: isoDate,
  amountMinor: z.number().int(),
  tdsMinor: z.number().int(),
  tdsSection: z.string().nullable(),
  tdsRateBp: z.number().int().nullable(),
  seenIn26as: z.boolean(),
});

export const tdsReportAnswer = z.object({
  financialYear: z.string(),
  /** TDS of every year not yet ticked as seen in Form 26AS. */
  receivableMinor: z.number().int(),
  totals: z.object({
    receivedMinor: z.number().int(),
    tdsMinor: z.number().int(),
    unseenMinor: z.number().int(),
  }),
  groups: z.array(
    z.object({
      quarter: z.number().int().min(1).max(4),
      clientName: z.string(),
      /** The client's PAN (from its GSTIN), "" when unknown. */
      pan: z.string(),
      invoices: z.number().int(),
      receivedMinor: z.number().int(),
      tdsMinor: z.number().int(),
      unseenMinor: z.number().int(),
      sections: z.array(z.string()),
      lines: z.array(tdsLine),
    }),
  ),
});
export type TdsReport = z.output<typeof tdsReportAnswer>;

export const tdsSeenBody = z.object({ seenIn26as: z.boolean("Say true or false.") });

const reports = routeGroup("Reports");
export const tdsRoutes = [
  reports.get("/api/reports/tds", "TDS deducted by clients in a financial year, per quarter and client", {
    query: tdsReportQuery,
    responses: { 200: tdsReportAnswer },
  }),
  reports.get("/api/reports/tds/export.csv", "The financial year's TDS as CSV, one line per payment", {
    query: tdsReportQuery,
    responses: { 200: { contentType: "text/csv", description: "One line per payment with TDS" } },
  }),
  reports.put("/api/reports/tds/payments/:id/seen", "Tick (or untick) a payment's TDS as seen in Form 26AS", {
    params: z.object({ id }),
    body: tdsSeenBody,
    responses: {
      200: z.object({ paymentId: id, seenIn26as: z.boolean(), receivableMinor: z.number().int() }),
    },
  }),
];
