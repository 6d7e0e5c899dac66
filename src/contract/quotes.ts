import { z } from "zod";
import {
  ALL_PRE_INVOICE_STATUSES,
  CHALLAN_REASONS,
  DOCUMENT_KINDS,
  KIND_API_PATHS,
  KIND_STATUSES,
  type PreInvoiceKind,
} from "#domain/document-kinds";
import { GST_DOCUMENT_NUMBER_MAX_LENGTH, validateInvoiceNumber } from "#domain/document-number";
import { gstStateByCode } from "#domain/gst-states";
import { checkLines, documentChecks, invoiceInputSchema } from "#domain/invoice";
import { QUOTE_STORED_STATUSES } from "#domain/quotes";
import { INVALID_GSTIN_MESSAGE, isValidGstin, normalizeGstin } from "#domain/validation";
import {
  activityAnswer,
  clientAndTotal,
  id,
  idParams,
  isoDate,
  isoDateTime,
  listPageParams,
  noFields,
  page,
  text,
} from "./common";
import { sendBody, sentAnswer } from "./invoice-payments";
import { pdfRoutes } from "./pdf-routes";
import { publicLinkRoutes } from "./public-link-routes";
import { routeGroup } from "./registry";

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

/** A document number typed by hand, checked as an invoice number is (and at most `max` characters). */
const numberField = (label: string, series: string, max?: number) =>
  z
    .string()
    .trim()
    .superRefine((v, ctx) => {
      const problem =
        validateInvoiceNumber(v) ??
        (max !== undefined && v.length > max ? `${label} must be at most ${max} characters.` : null);
      if (problem) ctx.addIssue({ code: "custom", message: problem.replace("Invoice number", label) });
    })
    .nullable()
    .default(null)
    .describe(`Null: the next number of the date's series (${series}/2026-27/0001)`);

export const quoteInputSchema = z
  .object({
    quoteNumber: numberField("Quote number", "QT"),
    quoteDate: isoDate,
    validUntil: isoDate.nullable().default(null).describe("Valid through the whole of this day"),
    ...documentFields,
  })
  .superRefine(documentChecks("quoteDate", "validUntil", "Valid until cannot be before the quote date."));
export type QuoteInput = z.output<typeof quoteInputSchema>;

// ---- proforma invoices and delivery challans: the same document, their own fields ----

/** A challan's consignee when the goods go to someone other than the client (Rule 55(1)(d)). */
export const consigneeSchema = z.object({
  name: text(200, "Consignee name").pipe(z.string().min(1, "Please enter the consignee's name.")),
  gstin: z
    .string()
    .transform(normalizeGstin)
    .refine((v) => v === "" || isValidGstin(v), INVALID_GSTIN_MESSAGE)
    .default(""),
  address: text(1000, "Consignee address").default(""),
  stateCode: z
    .string()
    .refine((v) => v === "" || gstStateByCode(v) !== undefined, "Choose the consignee's state.")
    .default(""),
});
export type ConsigneeInput = z.output<typeof consigneeSchema>;

export const proformaInputSchema = z
  .object({
    number: numberField("Proforma number", "PF", GST_DOCUMENT_NUMBER_MAX_LENGTH),
    date: isoDate,
    validUntil: isoDate.nullable().default(null).describe("Valid through the whole of this day"),
    ...documentFields,
  })
  .superRefine(documentChecks("date", "validUntil", "Valid until cannot be before the date."));

export const challanInputSchema = z
  .object({
    number: numberField("Challan number", "DC", GST_DOCUMENT_NUMBER_MAX_LENGTH),
    date: isoDate,
    reason: z
      .enum(
        CHALLAN_REASONS,
        "Choose why the goods are sent: supply on approval, job work, liquid gas or other.",
      )
      .describe("Rule 55(1): supply_on_approval, job_work, liquid_gas, other"),
    consignee: consigneeSchema.nullable().default(null).describe("Null: the client receives the goods"),
    ...documentFields,
  })
  .superRefine(checkLines);

export const KIND_INPUT_SCHEMAS = { proforma: proformaInputSchema, challan: challanInputSchema } as const;
export type ProformaInput = z.output<typeof proformaInputSchema>;
export type ChallanInput = z.output<typeof challanInputSchema>;
export type KindInput = ProformaInput | ChallanInput;

/** A proforma's or challan's fields as the quote code keeps them (number, date, valid-until). */
export function asQuoteFields(input: KindInput): {
  input: QuoteInput;
  extra: { challanReason: ChallanInput["reason"] | null; consignee: ConsigneeInput | null };
} {
  const { number, date, ...rest } = input;
  if ("reason" in rest) {
    const { reason, consignee, ...fields } = rest;
    return {
      input: { ...fields, quoteNumber: number, quoteDate: date, validUntil: null },
      extra: { challanReason: reason, consignee },
    };
  }
  const { validUntil, ...fields } = rest;
  return {
    input: { ...fields, quoteNumber: number, quoteDate: date, validUntil },
    extra: { challanReason: null, consignee: null },
  };
}

export const quoteListQuery = z.object({
  status: z.enum(QUOTE_DISPLAY_STATUSES).optional().catch(undefined),
  search: text(200, "Search").optional(),
  ...listPageParams,
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
  ...clientAndTotal,
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

/** What a document that converts into an invoice adds to its summary: that invoice's number and the stored document. */
const convertibleDocument = (stored: string) => ({
  convertedInvoiceNumber: z.string().nullable(),
  document: z.record(z.string(), z.unknown()).describe(stored),
});

export const quoteSchema = quoteSummarySchema.extend({
  sentAt: isoDateTime.nullable(),
  answer: answerSchema,
  ...convertibleDocument("The stored document: an invoice document whose number and dates are the quote's"),
});
export type QuoteAnswer = z.output<typeof quoteSchema>;
const quoteAnswer = z.object({ quote: quoteSchema });

export const quoteLinkAnswer = z.object({ url: z.string().nullable() });
export type QuoteLinkAnswer = z.output<typeof quoteLinkAnswer>;

export const quoteActivitySchema = activityAnswer(
  "created, sent, marked_sent, link_created, link_renewed, viewed, accepted, declined, converted; a challan's issued, returned, cancelled, reopened",
);
export type QuoteActivity = z.output<typeof quoteActivitySchema>;

export const quoteConvertAnswer = z.object({
  quote: quoteSchema,
  invoice: z.object({ id, invoiceNumber: z.string() }),
});

const quotes = routeGroup("Quotes");
const ids = idParams;
const token = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, "Not a link of Bahi's.") });

export const quoteRoutes = [
  quotes.get("/api/quotes", "List quotes (status incl. expired, search, page)", {
    query: quoteListQuery,
    responses: { 200: page(quoteSummarySchema) },
  }),
  quotes.get(
    "/api/quotes/next-number",
    "The number the next quote dated quoteDate (default today) would get",
    { query: quoteNextNumberQuery, responses: { 200: z.object({ quoteNumber: z.string() }) } },
  ),
  quotes.post(
    "/api/quotes",
    "Create a quote (a draft; without quoteNumber it takes the next of its series)",
    { body: quoteInputSchema, responses: { 201: quoteAnswer } },
  ),
  quotes.get("/api/quotes/:id", "Read a quote", { params: ids, responses: { 200: quoteAnswer } }),
  quotes.put(
    "/api/quotes/:id",
    "Replace a draft or sent quote (409 quote_closed once answered or converted)",
    { params: ids, body: quoteInputSchema, responses: { 200: quoteAnswer } },
  ),
  quotes.delete("/api/quotes/:id", "Delete a quote (an invoice made from it stays)", {
    params: ids,
    responses: { 204: null },
  }),
  quotes.post(
    "/api/quotes/:id/status",
    "Mark sent, or record the client's answer given elsewhere (accepted, declined)",
    { params: ids, body: quoteStatusChange, responses: { 200: quoteAnswer } },
  ),
  quotes.post(
    "/api/quotes/:id/convert",
    "Copy an accepted quote into a new draft invoice, linked both ways (once)",
    { params: ids, body: noFields, responses: { 201: quoteConvertAnswer } },
  ),
  quotes.post(
    "/api/quotes/:id/send",
    "E-mail the quote with its public link (marks it sent); attaching the PDF costs one credit",
    {
      params: ids,
      body: sendBody,
      responses: {
        200: sentAnswer,
      },
    },
  ),
  ...publicLinkRoutes(quotes, {
    base: "/api/quotes",
    noun: "quote",
    answer: quoteLinkAnswer,
    makeRule: "a draft is marked sent first",
  }),
  quotes.get("/api/quotes/:id/activity", "What happened to the quote (newest first)", {
    params: ids,
    responses: { 200: quoteActivitySchema },
  }),
  ...pdfRoutes(quotes, {
    base: "/api/quotes",
    summary: "The quote as a PDF, for one download credit (402 without credits)",
    file: "The quote PDF",
  }),
  quotes.get("/api/invoices/:id/source-quote", "The quote this invoice was converted from, if any", {
    params: ids,
    responses: { 200: z.object({ quote: z.object({ id, quoteNumber: z.string() }).nullable() }) },
  }),
  ...(["accept", "decline"] as const).map((verb) =>
    quotes.post(
      `/api/public/quotes/:token/${verb}`,
      `The client ${verb}s the quote from its public page (no sign-in; the link is the key)`,
      {
        auth: "public",
        params: token,
        body: quoteAnswerBody,
        responses: { 200: z.object({ status: z.enum(QUOTE_STORED_STATUSES) }) },
      },
    ),
  ),
];

// ---- the proforma invoice and delivery challan APIs: one set of routes per kind ----

type OtherKind = Exclude<PreInvoiceKind, "quote">;

export const kindListQuery = (kind: OtherKind) =>
  quoteListQuery.extend({ status: z.enum(KIND_STATUSES[kind]).optional().catch(undefined) });
export const kindNextNumberQuery = z.object({ date: isoDate.optional() });
export const kindStatusChange = (kind: OtherKind) =>
  z.object({
    status: z.enum(
      kind === "challan" ? (["issued", "returned", "cancelled"] as const) : (["sent"] as const),
      kind === "challan" ? "Choose issued, returned or cancelled." : "Choose sent.",
    ),
  });
export const kindConvertBody = z.object({
  ids: z
    .array(id)
    .min(1, "Choose what to convert.")
    .max(50, "Convert at most 50 at a time.")
    .describe("Several challans of the same client make one invoice; a proforma converts alone"),
});
export const kindPdfQuery = z.object({
  copies: z
    .enum(["single", "triplicate"])
    .optional()
    .catch(undefined)
    .describe("triplicate: a challan's original, duplicate and triplicate in one PDF (one credit)"),
});

export const kindSummarySchema = z.object({
  id,
  kind: z.enum(["proforma", "challan"]),
  number: z.string(),
  status: z.enum(ALL_PRE_INVOICE_STATUSES as [string, ...string[]]),
  ...clientAndTotal,
  date: isoDate,
  validUntil: isoDate.nullable(),
  reason: z.enum(CHALLAN_REASONS).nullable(),
  convertedInvoiceId: z.string().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type KindSummary = z.output<typeof kindSummarySchema>;

export const kindDocumentSchema = kindSummarySchema.extend({
  consignee: consigneeSchema.nullable(),
  sentAt: isoDateTime.nullable().describe("When a proforma was sent, or a challan issued"),
  returnedAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
  ...convertibleDocument("The stored document: an invoice document whose number and date are this one's"),
});
export type KindDocument = z.output<typeof kindDocumentSchema>;
const kindAnswer = z.object({ document: kindDocumentSchema });

const KIND_TAGS: Record<OtherKind, string> = {
  proforma: "Proforma invoices",
  challan: "Delivery challans",
};

/** The routes of one kind, as the quote's (the kind's noun and rules in the summaries). */
export function kindRoutes<K extends OtherKind>(kind: K) {
  const base = KIND_API_PATHS[kind];
  const { noun } = DOCUMENT_KINDS[kind];
  const kindGroup = routeGroup(KIND_TAGS[kind]);
  return [
    kindGroup.get(base, `List ${noun}s (status, search, page)`, {
      query: kindListQuery(kind),
      responses: { 200: page(kindSummarySchema) },
    }),
    kindGroup.get(
      `${base}/next-number`,
      `The number the next ${noun} dated \`date\` (default today) would get`,
      {
        query: kindNextNumberQuery,
        responses: { 200: z.object({ number: z.string() }) },
      },
    ),
    kindGroup.post(base, `Create a ${noun} (a draft; without number it takes the next of its series)`, {
      body: KIND_INPUT_SCHEMAS[kind],
      responses: { 201: kindAnswer },
    }),
    kindGroup.get(`${base}/:id`, `Read a ${noun}`, { params: ids, responses: { 200: kindAnswer } }),
    kindGroup.put(`${base}/:id`, `Replace a ${noun} while it can be changed (409 document_closed after)`, {
      params: ids,
      body: KIND_INPUT_SCHEMAS[kind],
      responses: { 200: kindAnswer },
    }),
    kindGroup.delete(
      `${base}/:id`,
      kind === "challan" ? "Delete a draft challan (an issued one is cancelled instead)" : `Delete a ${noun}`,
      { params: ids, responses: { 204: null } },
    ),
    kindGroup.post(
      `${base}/:id/status`,
      kind === "challan"
        ? "Issue a draft challan (its goods leave stock), or mark an issued one returned or cancelled (they come back)"
        : "Mark a draft proforma sent",
      { params: ids, body: kindStatusChange(kind), responses: { 200: kindAnswer } },
    ),
    kindGroup.post(
      `${base}/convert`,
      kind === "challan"
        ? "Convert issued challans of one client into one issued invoice, linked both ways (stock is not moved again)"
        : "Convert a proforma into a draft invoice, linked both ways",
      {
        body: kindConvertBody,
        responses: {
          201: z.object({
            documents: z.array(kindDocumentSchema),
            invoice: z.object({ id, invoiceNumber: z.string() }),
          }),
        },
      },
    ),
    kindGroup.post(
      `${base}/:id/send`,
      `E-mail the ${noun} with its public link; attaching the PDF costs one credit`,
      {
        params: ids,
        body: sendBody,
        responses: { 200: sentAnswer },
      },
    ),
    ...publicLinkRoutes(kindGroup, { base, noun, answer: quoteLinkAnswer }),
    kindGroup.get(`${base}/:id/activity`, `What happened to the ${noun} (newest first)`, {
      params: ids,
      responses: { 200: quoteActivitySchema },
    }),
    ...pdfRoutes(kindGroup, {
      base,
      summary: `The ${noun} as a PDF, for one download credit (402 without credits)`,
      file: `The ${noun} PDF`,
      query: kindPdfQuery,
    }),
  ];
}

export const preInvoiceKindRoutes = [
  ...kindRoutes("proforma"),
  ...kindRoutes("challan"),
  quotes.get(
    "/api/invoices/:id/source-documents",
    "The quotes, proforma invoices and delivery challans this invoice was converted from",
    {
      params: ids,
      responses: {
        200: z.object({
          documents: z.array(
            z.object({ id, kind: z.enum(["quote", "proforma", "challan"]), number: z.string() }),
          ),
        }),
      },
    },
  ),
];
