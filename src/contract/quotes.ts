import { z } from "zod";
import { validateInvoiceNumber } from "#domain/document-number";
import { invoiceInputSchema } from "#domain/invoice";
import { QUOTE_STORED_STATUSES } from "#domain/quotes";
import { validateLine } from "#domain/totals";
import { errorSchema, id, idParams, isoDate, isoDateTime, page, text } from "./common";
import { sendBody } from "./invoice-payments";
import { route } from "./registry";

// Quotes (estimates), issue 16 part 2: a document like an invoice (the same fields, lines, totals
// and look) with its own number series, a valid-until date and the client's answer.

export const QUOTE_DISPLAY_STATUSES = [
  "draft",
  "sent",
  "accepted",
  "declined",
  "expired",
  "converted",
] as const;

/** The invoice document's fields a quote has; the number and dates are the quote's own. */
const {
  invoiceNumber: _n,
  invoiceDate: _d,
  dueDate: _due,
  status: _s,
  paymentDate: _p,
  ...documentFields
} = invoiceInputSchema.shape;

export const quoteInputSchema = z
  .object({
    quoteNumber: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        const problem = validateInvoiceNumber(v);
        if (problem)
          ctx.addIssue({ code: "custom", message: problem.replace("Invoice number", "Quote number") });
      })
      .nullable()
      .default(null)
      .describe("Null: the next number of the quote date's series (QT/2026-27/0001)"),
    quoteDate: isoDate,
    validUntil: isoDate.nullable().default(null).describe("Valid through the whole of this day"),
    ...documentFields,
  })
  .superRefine((quote, ctx) => {
    quote.items.forEach((item, index) => {
      const problem = validateLine(item, quote.currency);
      if (problem)
        ctx.addIssue({ code: "custom", path: ["items", index, problem.field], message: problem.message });
    });
    if (quote.validUntil && quote.validUntil < quote.quoteDate) {
      ctx.addIssue({
        code: "custom",
        path: ["validUntil"],
        message: "Valid until cannot be before the quote date.",
      });
    }
  });
export type QuoteInput = z.output<typeof quoteInputSchema>;

export const quoteListQuery = z.object({
  status: z.enum(QUOTE_DISPLAY_STATUSES).optional().catch(undefined),
  search: text(200, "Search").optional(),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .catch(20)
    .default(20)
    .transform((n) => Math.min(n, 100)),
});

export const quoteNextNumberQuery = z.object({ quoteDate: isoDate.optional() });

/** The owner records what happened: sent (by hand), or the client's answer given elsewhere. */
export const quoteStatusChange = z.object({
  status: z.enum(["sent", "accepted", "declined"]),
  name: text(120, "Name").optional().default(""),
  comment: text(1000, "Comment").optional().default(""),
});

/** The client's answer on the public page: a name is required, a comment is optional. */
export const quoteAnswerBody = z.object({
  name: text(120, "Name").pipe(z.string().min(1, "Please type your name.")),
  comment: text(1000, "Comment").optional().default(""),
});

export const quoteSummarySchema = z.object({
  id,
  quoteNumber: z.string(),
  status: z.enum(QUOTE_STORED_STATUSES),
  displayStatus: z.enum(QUOTE_DISPLAY_STATUSES).describe("expired: sent, and its valid-until day is over"),
  clientId: z.string().nullable(),
  clientName: z.string(),
  currency: z.string(),
  totalMinor: z.number().int(),
  quoteDate: isoDate,
  validUntil: isoDate.nullable(),
  convertedInvoiceId: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type QuoteSummary = z.output<typeof quoteSummarySchema>;

const answerSchema = z
  .object({ at: isoDateTime, name: z.string(), comment: z.string(), ip: z.string().nullable() })
  .nullable()
  .describe("The client's answer (accepted or declined): when, by whom, from which address");

export const quoteSchema = quoteSummarySchema.extend({
  sentAt: isoDateTime.nullable(),
  answer: answerSchema,
  convertedInvoiceNumber: z.string().nullable(),
  document: z
    .record(z.string(), z.unknown())
    .describe("The stored document: an invoice document whose number and dates are the quote's"),
});
export type QuoteAnswer = z.output<typeof quoteSchema>;
const quoteAnswer = z.object({ quote: quoteSchema });

export const quoteLinkAnswer = z.object({ url: z.string().nullable() });
export type QuoteLinkAnswer = z.output<typeof quoteLinkAnswer>;

export const quoteActivitySchema = z.object({
  events: z.array(
    z.object({
      id,
      /** created, sent, marked_sent, link_created, link_renewed, viewed, accepted, declined, converted */
      kind: z.string(),
      detail: z.record(z.string(), z.unknown()),
      at: isoDateTime,
    }),
  ),
});
export type QuoteActivity = z.output<typeof quoteActivitySchema>;

export const quoteConvertAnswer = z.object({
  quote: quoteSchema,
  invoice: z.object({ id, invoiceNumber: z.string() }),
});

const tag = "Quotes";
const ids = idParams;
const noFields = z.object({}).describe("No fields");
const token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "Not a link of Bahi's.") });

export const quoteRoutes = [
  route({
    method: "GET",
    path: "/api/quotes",
    summary: "List quotes (status incl. expired, search, page)",
    tag,
    auth: "user",
    query: quoteListQuery,
    responses: { 200: page(quoteSummarySchema) },
  }),
  route({
    method: "GET",
    path: "/api/quotes/next-number",
    summary: "The number the next quote dated quoteDate (default today) would get",
    tag,
    auth: "user",
    query: quoteNextNumberQuery,
    responses: { 200: z.object({ quoteNumber: z.string() }) },
  }),
  route({
    method: "POST",
    path: "/api/quotes",
    summary: "Create a quote (a draft; without quoteNumber it takes the next of its series)",
    tag,
    auth: "user",
    body: quoteInputSchema,
    responses: { 201: quoteAnswer },
  }),
  route({
    method: "GET",
    path: "/api/quotes/:id",
    summary: "Read a quote",
    tag,
    auth: "user",
    params: ids,
    responses: { 200: quoteAnswer },
  }),
  route({
    method: "PUT",
    path: "/api/quotes/:id",
    summary: "Replace a draft or sent quote (409 quote_closed once answered or converted)",
    tag,
    auth: "user",
    params: ids,
    body: quoteInputSchema,
    responses: { 200: quoteAnswer },
  }),
  route({
    method: "DELETE",
    path: "/api/quotes/:id",
    summary: "Delete a quote (an invoice made from it stays)",
    tag,
    auth: "user",
    params: ids,
    responses: { 204: null },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/status",
    summary: "Mark sent, or record the client's answer given elsewhere (accepted, declined)",
    tag,
    auth: "user",
    params: ids,
    body: quoteStatusChange,
    responses: { 200: quoteAnswer },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/convert",
    summary: "Copy an accepted quote into a new draft invoice, linked both ways (once)",
    tag,
    auth: "user",
    params: ids,
    body: noFields,
    responses: { 201: quoteConvertAnswer },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/send",
    summary: "E-mail the quote with its public link (marks it sent); attaching the PDF costs one credit",
    tag,
    auth: "user",
    params: ids,
    body: sendBody,
    responses: {
      200: z.object({
        sent: z.literal(true),
        link: z.string(),
        creditsRemaining: z.number().int().nullable(),
      }),
    },
  }),
  route({
    method: "GET",
    path: "/api/quotes/:id/public-link",
    summary: "The quote's public link, if it has one",
    tag,
    auth: "user",
    params: ids,
    responses: { 200: quoteLinkAnswer },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/public-link",
    summary: "Make the quote's public link (a draft is marked sent first)",
    tag,
    auth: "user",
    params: ids,
    body: noFields,
    responses: { 200: quoteLinkAnswer },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/public-link/renew",
    summary: "Replace the quote's public link (the old one stops working)",
    tag,
    auth: "user",
    params: ids,
    body: noFields,
    responses: { 200: quoteLinkAnswer },
  }),
  route({
    method: "GET",
    path: "/api/quotes/:id/activity",
    summary: "What happened to the quote (newest first)",
    tag,
    auth: "user",
    params: ids,
    responses: { 200: quoteActivitySchema },
  }),
  route({
    method: "POST",
    path: "/api/quotes/:id/pdf",
    summary: "The quote as a PDF, for one download credit (402 without credits)",
    tag,
    auth: "user",
    params: ids,
    responses: { 200: { contentType: "application/pdf", description: "The quote PDF" } },
  }),
  route({
    method: "GET",
    path: "/api/quotes/:id/pdf",
    summary: "Always 405: a download spends a credit, so it is a POST",
    tag,
    auth: "public",
    params: ids,
    responses: { 405: errorSchema },
  }),
  route({
    method: "GET",
    path: "/api/invoices/:id/source-quote",
    summary: "The quote this invoice was converted from, if any",
    tag,
    auth: "user",
    params: ids,
    responses: { 200: z.object({ quote: z.object({ id, quoteNumber: z.string() }).nullable() }) },
  }),
  ...(["accept", "decline"] as const).map((verb) =>
    route({
      method: "POST",
      path: `/api/public/quotes/:token/${verb}`,
      summary: `The client ${verb}s the quote from its public page (no sign-in; the link is the key)`,
      tag,
      auth: "public",
      params: token,
      body: quoteAnswerBody,
      responses: { 200: z.object({ status: z.enum(QUOTE_STORED_STATUSES) }) },
    }),
  ),
];
