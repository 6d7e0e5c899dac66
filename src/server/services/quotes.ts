import { randomUUID } from "node:crypto";
import type { QuoteInput } from "#contract/quotes";
import { addDays, todayInTimeZone } from "#domain/dates";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import { financialYearOfIsoDate } from "#domain/invoice-number";
import { canAccept, canConvert, canDecline, type QuoteCheck, type QuoteStoredStatus } from "#domain/quotes";
import { type Settings, termsFor } from "#domain/settings";
import { now } from "../clock";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import type { PageParams } from "../db/queries/paging";
import {
  allocateQuoteNumber,
  changeQuoteStatus,
  deleteQuoteRow,
  findQuote,
  insertQuote,
  invoiceNumberOf,
  linkInvoiceToQuote,
  listQuotes,
  peekQuoteNumber,
  type QuoteFilter,
  type QuoteRow,
  reserveTypedQuoteNumber,
  sourceQuoteOf,
  updateQuoteDocument,
} from "../db/queries/quotes";
import { cachedSettings, readSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import { recordEvent } from "./documents/events";
import { createInvoiceFromDocument, prepareDocument } from "./invoices";

// The quote commands (issue 16 part 2; #domain/quotes holds the rules). A quote's document is an
// invoice document whose number and dates are the quote's, made by the invoice's own code, so its
// lines and totals are computed exactly as an invoice's. Each command is one transaction.

/** What decides "expired": the instant and the user's time zone. */
export interface QuoteClock {
  now: Date;
  timeZone: string;
}

export type SavedQuote = QuoteRow & { clock: QuoteClock; convertedInvoiceNumber?: string | null };

const clockOf = (settings: Settings): QuoteClock => ({ now: now(), timeZone: settings.timeZone });

/** The quote's fields as the invoice document holds them (number, date and valid-until date). */
function asInvoiceInput(input: QuoteInput, quoteNumber: string): InvoiceInput {
  const { quoteNumber: _, quoteDate, validUntil, ...fields } = input;
  return {
    ...fields,
    invoiceNumber: quoteNumber,
    invoiceDate: quoteDate,
    dueDate: validUntil,
    status: "draft",
    paymentDate: null,
  } as InvoiceInput;
}

const QUOTE_NUMBER_INDEX = "quotes_user_number_uq";

async function withNumberClash<T>(attempt: { number: string }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, QUOTE_NUMBER_INDEX)) {
      const message = `Quote number ${attempt.number} is already used by another quote.`;
      throw new AppError("quote_number_taken", message, { quoteNumber: message });
    }
    throw error;
  }
}

function refuseUnless(check: QuoteCheck) {
  if (!check.ok) throw new AppError("quote_closed", check.message);
}

export async function createQuote(db: Db, userId: string, input: QuoteInput): Promise<SavedQuote> {
  const attempt = { number: input.quoteNumber ?? "" };
  return withNumberClash(attempt, () =>
    db.transaction(async (tx) => {
      const settings = await readSettings(tx, userId);
      let number = input.quoteNumber;
      if (number === null) {
        number = await allocateQuoteNumber(tx, userId, financialYearOfIsoDate(input.quoteDate));
      } else {
        await reserveTypedQuoteNumber(tx, userId, number);
      }
      attempt.number = number;
      const document = await prepareDocument(tx, userId, asInvoiceInput(input, number), settings, null);
      const id = randomUUID();
      const row = await insertQuote(tx, userId, id, document);
      await recordEvent(tx, { userId, document: { kind: "quote", id }, kind: "created" });
      return { ...row, clock: clockOf(settings) };
    }),
  );
}

/** A draft or sent quote can be changed; once answered or converted it stays as the client saw it. */
export async function updateQuote(
  db: Db,
  userId: string,
  id: string,
  input: QuoteInput,
): Promise<SavedQuote> {
  const attempt = { number: input.quoteNumber ?? "" };
  return withNumberClash(attempt, () =>
    db.transaction(async (tx) => {
      const current = await findQuote(tx, userId, id, { forUpdate: true });
      if (!current) throw notFound("Quote");
      if (current.status !== "draft" && current.status !== "sent") {
        throw new AppError(
          "quote_closed",
          `This quote is ${current.status}, so it can no longer be changed.`,
        );
      }
      const settings = await readSettings(tx, userId);
      const number = input.quoteNumber ?? current.quoteNumber;
      attempt.number = number;
      if (number !== current.quoteNumber) await reserveTypedQuoteNumber(tx, userId, number);
      const document = await prepareDocument(
        tx,
        userId,
        asInvoiceInput(input, number),
        settings,
        current.quoteData,
      );
      const row = await updateQuoteDocument(tx, userId, id, document);
      return { ...row, clock: clockOf(settings) };
    }),
  );
}

export async function deleteQuote(db: Db, userId: string, id: string): Promise<void> {
  const deleted = await db.transaction((tx) => deleteQuoteRow(tx, userId, id));
  if (!deleted) throw notFound("Quote");
}

export async function readQuote(db: Db, userId: string, id: string): Promise<SavedQuote> {
  const [row, settings] = await Promise.all([findQuote(db, userId, id), cachedSettings(db, userId)]);
  if (!row) throw notFound("Quote");
  const convertedInvoiceNumber = row.convertedInvoiceId
    ? await invoiceNumberOf(db, userId, row.convertedInvoiceId)
    : null;
  return { ...row, clock: clockOf(settings), convertedInvoiceNumber };
}

export async function listUserQuotes(db: Db, userId: string, query: QuoteFilter & PageParams) {
  const settings = await cachedSettings(db, userId);
  const clock = clockOf(settings);
  const today = todayInTimeZone(clock.now, clock.timeZone);
  return { ...(await listQuotes(db, userId, { ...query, today })), clock };
}

export async function nextQuoteNumber(db: Db, userId: string, quoteDate?: string) {
  const settings = await cachedSettings(db, userId);
  const date = quoteDate ?? todayInTimeZone(now(), settings.timeZone);
  return { quoteNumber: await peekQuoteNumber(db, userId, financialYearOfIsoDate(date)) };
}

/** Marks a draft sent (sending it or sharing its link does so too); a sent quote stays as it is. */
export async function markQuoteSent(tx: Db, userId: string, quote: QuoteRow): Promise<QuoteRow> {
  if (quote.status !== "draft") return quote;
  const row = await changeQuoteStatus(tx, userId, quote.id, ["draft"], { status: "sent", sentAt: now() });
  if (!row) return (await findQuote(tx, userId, quote.id)) ?? quote;
  await recordEvent(tx, { userId, document: { kind: "quote", id: quote.id }, kind: "marked_sent" });
  return row;
}

export interface QuoteAnswerInput {
  name: string;
  comment: string;
  /** The client's address on the public page; null when the owner records an answer given elsewhere. */
  ip: string | null;
  by: "client" | "owner";
}

/**
 * The client's answer: only a sent quote within its valid-until day (in the owner's time zone) can
 * be accepted or declined, once. The update names the stored status it expects, so two answers at
 * once cannot both win.
 */
export async function answerQuote(
  db: Db,
  userId: string,
  id: string,
  verb: "accepted" | "declined",
  answer: QuoteAnswerInput,
): Promise<SavedQuote> {
  return db.transaction(async (tx) => {
    const current = await findQuote(tx, userId, id, { forUpdate: true });
    if (!current) throw notFound("Quote");
    const settings = await readSettings(tx, userId);
    const clock = clockOf(settings);
    const check = verb === "accepted" ? canAccept : canDecline;
    refuseUnless(check(current.status, current.validUntil, clock.now, clock.timeZone));
    const row = await changeQuoteStatus(tx, userId, id, ["sent"], {
      status: verb,
      answeredAt: clock.now,
      answerName: answer.name,
      answerComment: answer.comment,
      answerIp: answer.ip,
    });
    if (!row) throw new AppError("quote_closed", "This quote was answered a moment ago.");
    await recordEvent(tx, {
      userId,
      document: { kind: "quote", id },
      kind: verb,
      detail: { name: answer.name, comment: answer.comment, ip: answer.ip, by: answer.by },
    });
    return { ...row, clock };
  });
}

/** The owner's status change: mark sent, or record an answer the client gave elsewhere. */
export async function changeQuoteStatusByOwner(
  db: Db,
  userId: string,
  id: string,
  change: { status: "sent" | "accepted" | "declined"; name: string; comment: string },
): Promise<SavedQuote> {
  if (change.status !== "sent") {
    return answerQuote(db, userId, id, change.status, {
      name: change.name,
      comment: change.comment,
      ip: null,
      by: "owner",
    });
  }
  return db.transaction(async (tx) => {
    const current = await findQuote(tx, userId, id, { forUpdate: true });
    if (!current) throw notFound("Quote");
    if (current.status !== "draft" && current.status !== "sent") {
      throw new AppError("quote_closed", `This quote is ${current.status}, so it cannot be marked sent.`);
    }
    const row = await markQuoteSent(tx, userId, current);
    return { ...row, clock: clockOf(await readSettings(tx, userId)) };
  });
}

/**
 * "Convert to invoice": an accepted quote becomes a new draft invoice with the same client, lines,
 * notes and look (the invoice's own number, dated today, due after the default days), and the two
 * are linked both ways in the same transaction. Stock moves only when that invoice is issued.
 */
export async function convertQuote(
  db: Db,
  userId: string,
  id: string,
): Promise<{ quote: SavedQuote; invoice: { id: string; invoiceNumber: string } }> {
  return db.transaction(async (tx) => {
    const current = await findQuote(tx, userId, id, { forUpdate: true });
    if (!current) throw notFound("Quote");
    refuseUnless(canConvert(current.status as QuoteStoredStatus));
    const settings = await readSettings(tx, userId);
    const clock = clockOf(settings);
    const today = todayInTimeZone(clock.now, clock.timeZone);
    // The quote's default terms become the invoice's ("This quote…" -> "This invoice…").
    const source: InvoiceDocument = {
      ...current.quoteData,
      terms: termsFor("invoice", current.quoteData.terms),
    };
    const invoice = await createInvoiceFromDocument(tx, userId, source, {
      invoiceDate: today,
      dueDate: addDays(today, settings.defaultDueDateDays),
      status: "draft",
    });
    await linkInvoiceToQuote(tx, userId, invoice.id, id);
    const row = await changeQuoteStatus(tx, userId, id, ["accepted"], {
      status: "converted",
      convertedInvoiceId: invoice.id,
      convertedAt: clock.now,
    });
    if (!row) throw new AppError("quote_closed", "This quote has already been converted to an invoice.");
    await recordEvent(tx, {
      userId,
      document: { kind: "quote", id },
      kind: "converted",
      detail: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
    });
    return {
      quote: { ...row, clock, convertedInvoiceNumber: invoice.invoiceNumber },
      invoice: { id: invoice.id, invoiceNumber: invoice.invoiceNumber },
    };
  });
}

/** The quote an invoice was converted from (the invoice editor's "From quote" link). */
export async function sourceQuote(db: Db, userId: string, invoiceId: string) {
  const found = await sourceQuoteOf(db, userId, invoiceId);
  if (found === undefined) throw notFound("Invoice");
  return found;
}
