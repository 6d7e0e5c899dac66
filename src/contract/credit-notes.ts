import { z } from "zod";
import { NOTE_KINDS, NOTE_REASONS, NOTE_STATUSES, noteLineSchema } from "#domain/credit-notes";
import { transportSchema } from "#domain/eway-bill";
import { id, isoDate, isoDateTime, listPageParams, page, text } from "./common";
import { invoiceSummarySchema } from "./invoices";
import { pdfRoutes } from "./pdf-routes";
import { routeGroup } from "./registry";

// Credit and debit notes against an issued invoice (decision 0037). Amounts are integers in the
// currency's minor unit, as everywhere in this API.

export const creditNoteBody = z.object({
  invoiceId: id,
  kind: z.enum(NOTE_KINDS, "Choose a credit note or a debit note."),
  noteDate: isoDate,
  reason: z.enum(NOTE_REASONS, "Choose a reason."),
  lines: z.array(noteLineSchema).min(1, "Choose at least one line.").max(500, "At most 500 lines."),
  notes: text(5000, "Notes").optional().default(""),
  /**
   * A credit note's own Transport section (goods coming back; decision 0090): absent when none.
   * Never the original invoice's, whose goods went the other way. A debit note keeps none.
   */
  transport: transportSchema.optional(),
});
export type CreditNoteBody = z.output<typeof creditNoteBody>;

/** An issued credit note's Transport section, added or changed later (null: none). */
export const creditNoteTransportBody = z.object({ transport: transportSchema.nullable() });
export type CreditNoteTransportBody = z.output<typeof creditNoteTransportBody>;

/** Cancelling takes no fields (an empty JSON object). */
export const creditNoteCancelBody = z.object({});

export const creditNoteListQuery = z.object({
  kind: z.enum(NOTE_KINDS).optional().catch(undefined),
  status: z.enum(NOTE_STATUSES).optional().catch(undefined),
  search: text(200, "Search").optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  invoiceId: id.optional(),
  ...listPageParams,
});
export type CreditNoteListQuery = z.output<typeof creditNoteListQuery>;

export const creditNoteSummarySchema = z.object({
  id,
  kind: z.enum(NOTE_KINDS),
  noteNumber: z.string(),
  noteDate: isoDate,
  reason: z.enum(NOTE_REASONS),
  status: z.enum(NOTE_STATUSES),
  currency: z.string(),
  clientName: z.string(),
  invoiceId: id,
  invoiceNumber: z.string(),
  invoiceDate: isoDate,
  taxableMinor: z.number().int(),
  taxMinor: z.number().int(),
  totalMinor: z.number().int(),
  /** What the credit note took off the invoice's balance due (0 for a debit note). */
  appliedMinor: z.number().int(),
  /** A credit note's total beyond the balance it found: owed back to the client. */
  excessMinor: z.number().int(),
  createdAt: isoDateTime,
});
export type CreditNoteSummary = z.output<typeof creditNoteSummarySchema>;

export const creditNoteSchema = creditNoteSummarySchema.extend({
  /** The note's document: an invoice document (client, company, lines, totals, GST) plus `note`. */
  document: z.record(z.string(), z.unknown()),
});
export type CreditNote = z.output<typeof creditNoteSchema>;

export const creditNoteAnswer = z.object({ note: creditNoteSchema, invoice: invoiceSummarySchema });
export type CreditNoteAnswer = z.output<typeof creditNoteAnswer>;

const params = z.object({ id });
const notes = routeGroup("Credit and debit notes");
export const creditNoteRoutes = [
  notes.get(
    "/api/credit-notes",
    "The user's credit and debit notes, newest first, filtered by kind, status, search, dates or invoice",
    { query: creditNoteListQuery, responses: { 200: page(creditNoteSummarySchema) } },
  ),
  notes.post(
    "/api/credit-notes",
    "Issue a note against an issued invoice: numbered CN/ or DN/ per financial year; a credit note lowers the balance due, a sales return puts stock back",
    { body: creditNoteBody, responses: { 201: creditNoteAnswer } },
  ),
  notes.get("/api/credit-notes/:id", "One note with its document and the original invoice's balance", {
    params,
    responses: { 200: creditNoteAnswer },
  }),
  notes.post(
    "/api/credit-notes/:id/cancel",
    "Cancel a note: its credit goes back on the invoice's balance, returned stock leaves again",
    { params, body: creditNoteCancelBody, responses: { 200: creditNoteAnswer } },
  ),
  notes.put(
    "/api/credit-notes/:id/transport",
    "Save an issued credit note's Transport section (the e-way bill of goods coming back); nothing else of a note changes",
    { params, body: creditNoteTransportBody, responses: { 200: creditNoteAnswer } },
  ),
  ...pdfRoutes(notes, {
    base: "/api/credit-notes",
    summary: "The note as a PDF file, for one download credit (402 at none)",
    file: "The note's PDF",
  }),
];
