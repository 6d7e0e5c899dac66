import { z } from "zod";
import { invoiceInputSchema } from "#domain/invoice";
import { STORED_STATUSES } from "#domain/status";
import {
  clientAndTotal,
  id,
  idParams,
  isoDate,
  isoDateTime,
  listPageParams,
  page,
  pageAfter,
  text,
} from "./common";
import { pdfRoutes } from "./pdf-routes";
import { routeGroup } from "./registry";

const DISPLAY_STATUSES = ["draft", "due", "paid", "cancelled", "overdue", "partially_paid"] as const;
/** The list's sort orders (the queries module keeps the SQL for each). */
export const INVOICE_SORTS = [
  "date_desc",
  "date_asc",
  "number_asc",
  "number_desc",
  "amount_desc",
  "amount_asc",
  "due_asc",
] as const;

export const invoiceFilterQuery = z.object({
  status: z.enum(DISPLAY_STATUSES).optional().catch(undefined),
  search: text(200, "Search").optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(INVOICE_SORTS).catch("date_desc").default("date_desc"),
});

export const invoiceListQuery = invoiceFilterQuery.extend({
  ...listPageParams,
  after: pageAfter,
});

/** The next-number preview is for the invoice date the editor shows (default: the user's today). */
export const invoiceNextNumberQuery = z.object({ invoiceDate: isoDate.optional() });
const nextNumberSchema = z.object({
  scheme: z.enum(["timestamp", "sequential"]),
  invoiceNumber: z.string().nullable(),
});
export type NextNumber = z.output<typeof nextNumberSchema>;

export const invoiceStatusChange = z.object({
  status: z.enum(STORED_STATUSES),
  paymentDate: isoDate.nullable().optional(),
});

export const invoiceCreateQuery = z.object({
  autoNumber: z.string().optional().describe("1 or true: the server picks the next number"),
});

export const invoiceSummarySchema = z.object({
  id,
  invoiceNumber: z.string(),
  status: z.enum(STORED_STATUSES),
  displayStatus: z.enum(DISPLAY_STATUSES),
  ...clientAndTotal,
  invoiceDate: isoDate,
  dueDate: isoDate.nullable(),
  paymentDate: isoDate.nullable(),
  /** What its payments add up to; the balance due is what an issued, unpaid invoice still awaits. */
  amountPaidMinor: z.number().int(),
  balanceDueMinor: z.number().int(),
  /** The client said they paid ("I have paid") and the owner has not confirmed or dismissed it yet. */
  paymentReported: z.boolean(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

export type InvoiceSummary = z.output<typeof invoiceSummarySchema>;

const invoiceAnswer = z.object({
  invoice: invoiceSummarySchema.extend({
    document: z
      .record(z.string(), z.unknown())
      .describe("The stored invoice document: the input's fields, the company snapshot and the totals"),
  }),
});

const invoices = routeGroup("Invoices");
export const invoiceRoutes = [
  invoices.get("/api/invoices", "List invoices (status incl. overdue, search, dates, sort, page)", {
    query: invoiceListQuery,
    responses: { 200: page(invoiceSummarySchema) },
  }),
  invoices.get(
    "/api/invoices/next-number",
    "The number the next invoice dated invoiceDate (default today) would get",
    {
      query: invoiceNextNumberQuery,
      responses: {
        200: nextNumberSchema,
      },
    },
  ),
  invoices.get("/api/invoices/export.csv", "The filtered invoices as CSV", {
    query: invoiceFilterQuery,
    responses: { 200: { contentType: "text/csv", description: "One line per invoice" } },
  }),
  invoices.post("/api/invoices", "Create an invoice", {
    query: invoiceCreateQuery,
    body: invoiceInputSchema,
    responses: { 201: invoiceAnswer },
  }),
  invoices.get("/api/invoices/:id", "Read an invoice", {
    params: idParams,
    responses: { 200: invoiceAnswer },
  }),
  invoices.put("/api/invoices/:id", "Replace an invoice", {
    params: idParams,
    body: invoiceInputSchema,
    responses: { 200: invoiceAnswer },
  }),
  invoices.delete(
    "/api/invoices/:id",
    "Delete a draft; an issued invoice answers 409 issued_invoice_not_deletable (cancel it: Rule 46)",
    { params: idParams, responses: { 204: null } },
  ),
  invoices.post("/api/invoices/:id/status", "Change an invoice's status", {
    params: idParams,
    body: invoiceStatusChange,
    responses: { 200: invoiceAnswer },
  }),
  invoices.post("/api/invoices/:id/duplicate", "Copy an invoice as a new draft", {
    params: idParams,
    responses: { 201: invoiceAnswer },
  }),
  ...pdfRoutes(invoices, {
    base: "/api/invoices",
    summary: "The invoice as a PDF, for one download credit (402 without credits)",
    file: "The invoice PDF",
  }),
];
