import { z } from "zod";
import { AGEING_BUCKETS } from "#domain/payments";
import { id, isoDate } from "./common";
import { sendBody, sentAnswer } from "./invoice-payments";
import { pdfRoutes } from "./pdf-routes";
import { routeGroup } from "./registry";

// A client's statement of account (issue 32 part 2, decision 0081). `:id` is the client's id; the
// period and currency are the query's (by default from 1 April of the financial year to today, in
// the client's invoices' currency). Amounts are integers in the currency's minor unit; a balance
// above 0 is owed by the client (Dr), below 0 owed to them (Cr).

export const statementQuery = z.object({
  from: isoDate.optional(),
  to: isoDate.optional(),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Currency is a three-letter code.")
    .optional(),
});
export type StatementQueryInput = z.input<typeof statementQuery>;

export const statementCsvQuery = statementQuery.extend({
  /** "activity" (default): the activity statement; "open_items": the open items and their ageing. */
  part: z.enum(["activity", "open_items"]).default("activity"),
});

const entryKind = z.enum(["invoice", "debit_note", "credit_note", "payment"]);
const bucket = z.enum(AGEING_BUCKETS);

export const statementSchema = z.object({
  client: z.object({ id, name: z.string(), company: z.string(), email: z.string(), gstin: z.string() }),
  from: isoDate,
  to: isoDate,
  currency: z.string(),
  /** The currencies the client has issued invoices in (one statement each). */
  currencies: z.array(z.string()),
  generatedOn: isoDate,
  activity: z.object({
    openingMinor: z.number().int(),
    rows: z.array(
      z.object({
        kind: entryKind,
        id,
        date: isoDate,
        title: z.string(),
        number: z.string(),
        details: z.string(),
        debitMinor: z.number().int(),
        creditMinor: z.number().int(),
        balanceMinor: z.number().int(),
      }),
    ),
    totalDebitMinor: z.number().int(),
    totalCreditMinor: z.number().int(),
    closingMinor: z.number().int(),
  }),
  openItems: z.object({
    asOf: isoDate,
    items: z.array(
      z.object({
        kind: z.enum(["invoice", "debit_note"]),
        id,
        number: z.string(),
        date: isoDate,
        dueDate: isoDate,
        amountMinor: z.number().int(),
        receivedMinor: z.number().int(),
        pendingMinor: z.number().int(),
        daysOverdue: z.number().int(),
        bucket,
      }),
    ),
    unallocatedMinor: z.number().int(),
    buckets: z.record(bucket, z.number().int()),
    /** Always equal to `activity.closingMinor`. */
    totalMinor: z.number().int(),
  }),
});
export type StatementAnswer = z.output<typeof statementSchema>;

export const statementLinkAnswer = z.object({ url: z.string().nullable() });

/** The monthly statements: on the 1st, last month's statement to every client who owes something. */
export const monthlyStatementsAnswer = z.object({
  enabled: z.boolean(),
  /** When they were last switched on (months that ended before are not sent). */
  enabledAt: z.string().nullable(),
});
export const monthlyStatementsBody = z.object({ enabled: z.boolean("Say whether to send them.") });

const params = z.object({ id });
const statements = routeGroup("Statements of account");
export const statementRoutes = [
  statements.get(
    "/api/statements/monthly",
    "Whether last month's statement is e-mailed to every client who owes something on the 1st",
    { responses: { 200: monthlyStatementsAnswer } },
  ),
  statements.put(
    "/api/statements/monthly",
    "Switch the monthly statements on or off (the first goes out for the month in which they were switched on)",
    { body: monthlyStatementsBody, responses: { 200: monthlyStatementsAnswer } },
  ),
  statements.get(
    "/api/statements/:id",
    "A client's statement of account for a period: opening balance, every invoice, note and payment with a running balance, closing balance; open items aged by due date as of the end date",
    { params, query: statementQuery, responses: { 200: statementSchema } },
  ),
  statements.get(
    "/api/statements/:id/export.csv",
    "The statement as CSV: the activity (default) or the open items with their ageing",
    {
      params,
      query: statementCsvQuery,
      responses: { 200: { contentType: "text/csv", description: "One line per row" } },
    },
  ),
  ...pdfRoutes(statements, {
    base: "/api/statements",
    summary: "The statement as a PDF file in the business's template, for one download credit (402 at none)",
    file: "The statement's PDF",
    query: statementQuery,
  }),
  statements.post(
    "/api/statements/:id/public-link",
    "The statement's public link (/s/<token>) for the period, made on first use; `renew` replaces it (the old one stops working)",
    {
      params,
      query: statementQuery,
      body: z.object({ renew: z.boolean().optional().default(false) }),
      responses: { 200: statementLinkAnswer },
    },
  ),
  statements.post(
    "/api/statements/:id/send",
    "E-mail the statement with its public link; {client_name}, {amount} (the balance owed), {period}, {link} and {business_name} are filled in; attaching the PDF costs one credit",
    { params, query: statementQuery, body: sendBody, responses: { 200: sentAnswer } },
  ),
];
