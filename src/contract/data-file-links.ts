import { z } from "zod";
import { CURRENCY_CODES } from "#domain/currencies";
import { isoDate } from "#domain/iso-date";
import { recordId, timestamp } from "./data-file";

// What the export file keeps of the links a business sent and the reminders it sent
// (docs/decisions/0087-links-and-reminders-in-the-export-file.md): an invoice's, quote's or
// statement's public link with the proof that this business's export made it, and an invoice's
// reminders already sent, so an import neither breaks the links the clients hold nor lets the
// reminders job send past its limit.

/** The token's form, as share-link.ts makes it (192 random bits, base64url). */
const token = z.string().regex(/^[A-Za-z0-9_-]{32}$/);

/**
 * A document's public link. `proof` is an HMAC of (business, kind, token) under a key derived from
 * the server's AUTH_SECRET: the import keeps the token only for the business whose export made it.
 * Anything unreadable is no link (a new one is made when the document is shared again).
 */
export const publicLinkRecordSchema = z
  .object({
    token,
    proof: z.string().min(1).max(100),
    /** An invoice's views of its page by anyone but its owner, and the first one's time. */
    views: z.number().int().min(0).max(1_000_000_000).default(0),
    firstViewedAt: timestamp.nullable().default(null),
    /** When a quote's link was made. */
    createdAt: timestamp.nullable().default(null),
  })
  .nullable()
  .default(null)
  .catch(null);
export type PublicLinkRecord = NonNullable<z.output<typeof publicLinkRecordSchema>>;

/** The most reminders one invoice of the file may list (a schedule sends a handful). */
export const MAX_REMINDERS_PER_INVOICE = 100;

/** An invoice's reminders already sent: the schedule point each was for, and when it went. */
export const invoiceRemindersRecordSchema = z
  .array(z.object({ point: isoDate, sentAt: timestamp }))
  .max(MAX_REMINDERS_PER_INVOICE, `At most ${MAX_REMINDERS_PER_INVOICE} reminders.`)
  .nullable()
  .default(null);

/** What an invoice of the file carries beside its document, payments and company. */
export const invoiceSharingRecordSchema = z.object({
  publicLink: publicLinkRecordSchema,
  reminders: invoiceRemindersRecordSchema,
  remindersOff: z.boolean().default(false).catch(false),
});
export type InvoiceSharingRecord = z.output<typeof invoiceSharingRecordSchema>;

/**
 * A client's statement of account that was downloaded, shared or sent (decision 0081): the period
 * and currency it covers and its link; it holds no figures (they are computed when it is read).
 */
export const statementRecordSchema = z
  .object({
    id: recordId,
    clientId: z.string().trim().min(1).max(64),
    fromDate: isoDate,
    toDate: isoDate,
    currency: z.enum(CURRENCY_CODES),
    createdAt: timestamp,
    publicLink: publicLinkRecordSchema,
  })
  .refine((s) => s.fromDate <= s.toDate, { path: ["toDate"], message: "Must not be before fromDate." });
export type StatementRecord = z.output<typeof statementRecordSchema>;
