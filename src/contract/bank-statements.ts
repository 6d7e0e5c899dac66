import { z } from "zod";
import { BANK_LAYOUTS } from "#domain/bank-statements/statement";
import { advanceGstBody } from "./client-advances";
import { id, idParams, isoDate, isoDateTime, text } from "./common";
import { paymentBody } from "./invoice-payments";
import { routeGroup } from "./registry";

// Bank statements matched to invoices (issue 33, decision 0083): Reports -> Bank statements.
// Amounts are integers in paise.

const column = z.number().int().min(-1).max(29);
/** Which column (0-based; -1 for none) holds what, in a layout mapped by hand. */
export const columnMapSchema = z
  .object({
    date: column.min(0, "Choose the date column."),
    valueDate: column.default(-1),
    narration: column.min(0, "Choose the narration column."),
    ref: column.default(-1),
    debit: column.default(-1),
    credit: column.default(-1),
    amount: column.default(-1),
    drCr: column.default(-1),
    balance: column.default(-1),
  })
  .refine((c) => c.amount >= 0 || (c.debit >= 0 && c.credit >= 0), {
    path: ["amount"],
    message: "Choose an amount column, or a debit and a credit column.",
  });
export type ColumnMapInput = z.input<typeof columnMapSchema>;

export const statementFileBody = z
  .object({
    fileName: text(200, "File name").optional().default(""),
    text: z
      .string("The file must be text.")
      .min(1, "The file is empty.")
      .max(5_000_000, "The file can be at most 5 MB; split it.")
      .optional()
      .describe(
        "The statement's CSV, TSV or MT940 text as the bank gave it (the header row is found, not assumed)",
      ),
    base64: z
      .string("The file must be base64 text.")
      .min(1, "The file is empty.")
      .max(7_000_000, "The file can be at most 5 MB; split it.")
      .regex(/^[A-Za-z0-9+/=\s]*$/, "The file must be base64 text.")
      .optional()
      .describe("Instead of text: the file's bytes in base64, for an Excel workbook (.xlsx)"),
    account: text(100, "Account")
      .optional()
      .describe(
        "Which account the lines belong to; by default the account number the file names, else the bank",
      ),
    layout: z
      .object({ headerRow: z.number().int().min(0).max(39), columns: columnMapSchema })
      .optional()
      .describe(
        "For a layout Bahi does not recognise: the header row (0-based) and the columns; saved on import",
      ),
  })
  .refine((b) => (b.text === undefined) !== (b.base64 === undefined), {
    path: ["text"],
    message: "Send the file as text or as base64, one of them.",
  });

const problem = z.object({ row: z.number().int(), message: z.string() });

const parsedLine = z.object({
  row: z.number().int(),
  txnDate: isoDate,
  valueDate: isoDate.nullable(),
  direction: z.enum(["CR", "DR"]),
  amountMinor: z.number().int(),
  balanceMinor: z.number().int().nullable(),
  narration: z.string(),
  refNo: z.string().nullable(),
  channel: z.string(),
  utr: z.string().nullable(),
  payerName: z.string().nullable(),
  payerVpa: z.string().nullable(),
  payerBank: z.string().nullable(),
  note: z.string().nullable(),
  alreadyImported: z.boolean(),
});

export const statementPreviewAnswer = z.object({
  /** No header row was recognised: map the columns of `sample` (the file's first rows) by hand. */
  needsLayout: z.boolean(),
  sample: z.array(z.array(z.string())),
  bank: z.enum(BANK_LAYOUTS),
  account: z.string(),
  lines: z.array(parsedLine),
  problems: z.array(problem),
});
export type StatementPreview = z.output<typeof statementPreviewAnswer>;

export const statementImportAnswer = z.object({
  bank: z.enum(BANK_LAYOUTS),
  account: z.string(),
  lines: z.number().int(),
  imported: z.number().int(),
  alreadyImported: z.number().int(),
  credits: z.number().int(),
  autoMatched: z.number().int(),
  toReview: z.number().int(),
  problems: z.array(problem),
});
export type StatementImportAnswer = z.output<typeof statementImportAnswer>;

export const BANK_LINE_STATUSES = ["review", "matched", "advance", "ignored"] as const;

const invoiceRef = z.object({ invoiceId: z.string(), invoiceNumber: z.string(), clientName: z.string() });

export const bankLineSchema = z.object({
  id,
  account: z.string(),
  bank: z.string(),
  txnDate: isoDate,
  direction: z.enum(["CR", "DR"]),
  amountMinor: z.number().int(),
  narration: z.string(),
  channel: z.string(),
  utr: z.string().nullable(),
  payerName: z.string().nullable(),
  payerVpa: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  /** invoice_number or known_payer (applied at once), amount (suggested), manual (confirmed by a person). */
  matchTier: z.string().nullable(),
  matchReason: z.string(),
  suggestions: z.array(
    invoiceRef.extend({
      amountMinor: z.number().int(),
      reason: z.string(),
      /** The credit is this invoice's balance less TDS at a usual rate: confirm it with this TDS. */
      tds: z.object({ tdsMinor: z.number().int(), rateBp: z.number().int(), section: z.string() }).optional(),
    }),
  ),
  payments: z.array(invoiceRef.extend({ paymentId: z.string(), amountMinor: z.number().int() })),
  matchedAt: isoDateTime.nullable(),
});
export type BankLine = z.output<typeof bankLineSchema>;

export const bankLinesAnswer = z.object({
  items: z.array(bankLineSchema),
  counts: z.record(z.enum(BANK_LINE_STATUSES), z.number().int()),
});
export type BankLinesAnswer = z.output<typeof bankLinesAnswer>;

export const bankLinesQuery = z.object({
  status: z.enum(BANK_LINE_STATUSES, "Choose review, matched, advance or ignored.").optional(),
  limit: z.coerce.number("Limit must be a number.").int().min(1).max(500).default(200),
});

export const confirmLineBody = z.object({
  allocations: z
    .array(
      z.object({
        invoiceId: id,
        amountMinor: z
          .number("Amount must be a number.")
          .int()
          .positive("The amount must be more than zero."),
        tds: paymentBody
          .pick({ tdsMinor: true, tdsSection: true, tdsRateBp: true })
          .optional()
          .describe("TDS the client deducted from this invoice's share (decision 0097)"),
      }),
    )
    .min(1, "Choose at least one invoice.")
    .max(20, "At most 20 invoices."),
});

export type ConfirmAllocation = z.input<typeof confirmLineBody>["allocations"][number];

export const advanceLineBody = z.object({
  clientId: id.describe("The client who paid: the credit becomes their advance (decision 0092)"),
  gst: advanceGstBody.describe("For a service: GST due on receipt (decision 0098); absent: none"),
});

const bankStatements = routeGroup("Bank statements");
export const bankStatementRoutes = [
  bankStatements.post(
    "/api/bank-statements/preview",
    "Read a statement file without importing: the layout found, its lines, and the ones imported already",
    { body: statementFileBody, responses: { 200: statementPreviewAnswer } },
  ),
  bankStatements.post(
    "/api/bank-statements/import",
    "Import a statement: new lines only (by UTR, else date, amount and narration), credits matched at once by invoice number or a known payer, the rest in review",
    { body: statementFileBody, responses: { 201: statementImportAnswer } },
  ),
  bankStatements.get(
    "/api/bank-statements/lines",
    "Imported lines, newest first, with their match or their likely invoices",
    { query: bankLinesQuery, responses: { 200: bankLinesAnswer } },
  ),
  bankStatements.post(
    "/api/bank-statements/lines/:id/confirm",
    "Confirm a credit in review against one invoice or several (a split); each share at most its balance",
    { params: idParams, body: confirmLineBody, responses: { 200: bankLineSchema } },
  ),
  bankStatements.post(
    "/api/bank-statements/lines/:id/advance",
    "Keep a credit in review as an advance (money on account, no invoice yet)",
    { params: idParams, body: advanceLineBody, responses: { 200: bankLineSchema } },
  ),
  bankStatements.post(
    "/api/bank-statements/lines/:id/ignore",
    "Set a credit in review aside (not a client's payment)",
    { params: idParams, body: z.object({}), responses: { 200: bankLineSchema } },
  ),
  bankStatements.post(
    "/api/bank-statements/lines/:id/undo",
    "Undo a line's match: removes exactly the payments it recorded, and puts it back in review",
    { params: idParams, body: z.object({}), responses: { 200: bankLineSchema } },
  ),
];
