import { z } from "zod";
import { recurrenceEndSchema, recurringScheduleSchema } from "#domain/recurring";
import { id, idParams, isoDate, isoDateTime, noFields } from "./common";
import { routeGroup } from "./registry";

// Recurring invoices (issue 16 part 1): a profile repeats one of the user's invoices on a schedule.

const action = z
  .enum(["draft", "issue", "send"])
  .describe("Each period: a draft to review, an issued invoice, or issued and e-mailed to the client");
const dueDays = z
  .number("Due after must be a number of days.")
  .int()
  .min(0, "Due after cannot be negative.")
  .max(365, "Due after can be at most 365 days.")
  .nullable()
  .describe("Days from the invoice date to its due date; null for none");

export const recurringCreateBody = z.object({
  schedule: recurringScheduleSchema,
  action,
  attachPdf: z.boolean().describe("With action send: attach the PDF (one credit each time)"),
  dueDays,
  confirmPast: z
    .boolean()
    .default(false)
    .describe("A start date in the past makes every period already due at once: true confirms it"),
});

export const recurringEditBody = z.object({
  action,
  attachPdf: z.boolean(),
  dueDays,
  end: recurrenceEndSchema,
});

export const recurringProfileSchema = z.object({
  id,
  sourceInvoiceId: z.string().nullable(),
  clientName: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  schedule: recurringScheduleSchema,
  frequency: z.string().describe('In words: "Monthly", "Every 2 weeks", ...'),
  action,
  attachPdf: z.boolean(),
  dueDays: z.number().int().nullable(),
  status: z.enum(["active", "paused", "finished"]),
  nextDate: isoDate.nullable(),
  lastInvoiceId: z.string().nullable(),
  invoicesMade: z.number().int(),
  createdAt: isoDateTime,
});
export type RecurringProfileAnswer = z.output<typeof recurringProfileSchema>;

export const recurringRunSchema = z.object({
  periodIndex: z.number().int(),
  periodDate: isoDate,
  outcome: z.enum(["created", "skipped"]),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
});
export type RecurringRunAnswer = z.output<typeof recurringRunSchema>;

const recurring = routeGroup("Recurring invoices");

export const recurringRoutes = [
  recurring.post(
    "/api/invoices/:id/recurring",
    "Make an invoice recurring (409 confirmation_needed when the start date makes invoices at once)",
    { params: idParams, body: recurringCreateBody, responses: { 201: recurringProfileSchema } },
  ),
  recurring.get("/api/recurring", "The user's recurring profiles", {
    responses: { 200: z.object({ items: z.array(recurringProfileSchema) }) },
  }),
  recurring.get("/api/recurring/:id", "A recurring profile and its history (created and skipped periods)", {
    params: idParams,
    responses: { 200: z.object({ profile: recurringProfileSchema, runs: z.array(recurringRunSchema) }) },
  }),
  recurring.put("/api/recurring/:id", "Change what future periods do (action, PDF, due days, end)", {
    params: idParams,
    body: recurringEditBody,
    responses: { 200: recurringProfileSchema },
  }),
  ...(["pause", "resume", "stop"] as const).map((verb) =>
    recurring.post(
      `/api/recurring/:id/${verb}`,
      verb === "pause"
        ? "Pause: periods that fall while paused are skipped"
        : verb === "resume"
          ? "Resume: the next period after now is made"
          : "Stop for good: no more invoices",
      { params: idParams, body: noFields, responses: { 200: recurringProfileSchema } },
    ),
  ),
  recurring.delete("/api/recurring/:id", "Delete a recurring profile (the invoices it made stay)", {
    params: idParams,
    responses: { 204: null },
  }),
];
