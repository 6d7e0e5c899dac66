import { randomUUID } from "node:crypto";
import { asQuoteFields, type KindInput, type QuoteInput } from "#contract/quotes";
import { addDays, todayInTimeZone } from "#domain/dates";
import {
  canConvertKind,
  canDeleteKind,
  canEditKind,
  canMove,
  DOCUMENT_KINDS,
  kindStockDelta,
  kindTitle,
  type PreInvoiceKind,
  type PreInvoiceStatus,
} from "#domain/document-kinds";
import {
  draftNumber,
  financialYearOfIsoDate,
  isDraftNumber,
  parseDocumentNumber,
} from "#domain/document-number";
import type { InvoiceDocument, InvoiceInput } from "#domain/invoice";
import { canAccept, canConvert, canDecline, type QuoteCheck, type QuoteStoredStatus } from "#domain/quotes";
import { type Settings, termsFor } from "#domain/settings";
import { addStockDeltas } from "#domain/stock";
import { now } from "../clock";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import { allocateNumber, peekNumber, reserveNumber } from "../db/queries/document-numbers";
import type { PageParams } from "../db/queries/paging";
import {
  changeQuoteStatus,
  deleteQuoteRow,
  findKindDocument,
  findQuote,
  insertQuote,
  invoiceNumberOf,
  type KindColumns,
  linkInvoiceToQuote,
  listQuotes,
  type PreInvoiceRow,
  type QuoteFilter,
  type QuoteRow,
  sourceDocumentsOf,
  sourceQuoteOf,
  updateQuoteDocument,
} from "../db/queries/quotes";
import { cachedSettings, readSettings } from "../db/queries/settings";
import { applyStockDelta, type StockReason } from "../db/queries/stock";
import { AppError, notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
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
/** A saved quote, proforma or challan. */
export type SavedDocument = PreInvoiceRow & { clock: QuoteClock; convertedInvoiceNumber?: string | null };

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

const QUOTE_NUMBER_INDEX = "quotes_business_number_uq";

async function withNumberClash<T>(
  attempt: { number: string },
  run: () => Promise<T>,
  kind: PreInvoiceKind = "quote",
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, QUOTE_NUMBER_INDEX)) {
      const message = `${kindTitle(kind)} number ${attempt.number} is already used by another ${DOCUMENT_KINDS[kind].noun}.`;
      throw new AppError("quote_number_taken", message, {
        [kind === "quote" ? "quoteNumber" : "number"]: message,
      });
    }
    throw error;
  }
}

/**
 * The number a new document of `kind` takes: the one typed (which moves the counter past it), else
 * the next of its date's series, or, for a kind numbered when issued (a challan, Rule 55), the
 * draft's provisional number `DRAFT-…` until then (decision 0062).
 */
async function takeNumber(
  tx: Db,
  businessId: string,
  kind: PreInvoiceKind,
  id: string,
  date: string,
  typed: string | null,
): Promise<string> {
  const series = DOCUMENT_KINDS[kind].series;
  if (typed === null) {
    return DOCUMENT_KINDS[kind].numberedWhenIssued
      ? draftNumber(id)
      : allocateNumber(tx, businessId, series, date);
  }
  await reserveNumber(tx, businessId, series, typed);
  return typed;
}

/**
 * The number an edit keeps or takes: the one typed (moving the counter past it), or the current
 * one, unless a draft is re-dated into another financial year: then it takes that year's number
 * (its number of the old year would say the wrong year; once sent, the client has seen it).
 */
async function keepOrRenumber(
  tx: Db,
  businessId: string,
  current: PreInvoiceRow,
  date: string,
  typed: string | null,
): Promise<string> {
  const series = DOCUMENT_KINDS[current.kind].series;
  const number = typed ?? current.quoteNumber;
  if (number !== current.quoteNumber) {
    await reserveNumber(tx, businessId, series, number);
    return number;
  }
  const parsed = parseDocumentNumber(number, series);
  const leavesItsYear =
    current.status === "draft" && parsed !== null && parsed.financialYear !== financialYearOfIsoDate(date);
  return leavesItsYear ? allocateNumber(tx, businessId, series, date) : number;
}

function refuseUnless(check: QuoteCheck) {
  if (!check.ok) throw new AppError("quote_closed", check.message);
}

export async function createQuote(db: Db, businessId: string, input: QuoteInput): Promise<SavedQuote> {
  return (await createDocument(db, businessId, "quote", input, NO_KIND_COLUMNS)) as SavedQuote;
}

const NO_KIND_COLUMNS: KindColumns = { challanReason: null, consignee: null };

async function createDocument(
  db: Db,
  businessId: string,
  kind: PreInvoiceKind,
  input: QuoteInput,
  extra: KindColumns,
): Promise<SavedDocument> {
  return numberedChange(db, kind, input.quoteNumber, async (tx, attempt) => {
    const settings = await readSettings(tx, businessId);
    const id = randomUUID();
    const number = await takeNumber(tx, businessId, kind, id, input.quoteDate, input.quoteNumber);
    attempt.number = number;
    const document = await prepareDocument(tx, businessId, asInvoiceInput(input, number), settings, null);
    const row = await insertQuote(tx, businessId, id, document, kind, extra);
    await recordEvent(tx, { businessId, document: { kind, id }, kind: "created" });
    await recordActivity(tx, { businessId, action: "created", record: { kind, id, label: number } });
    return { ...row, clock: clockOf(settings) };
  });
}

/** One transaction that takes or keeps a number of the kind's series: a clash is the editor's 409. */
function numberedChange<T>(
  db: Db,
  kind: PreInvoiceKind,
  typed: string | null,
  run: (tx: Db, attempt: { number: string }) => Promise<T>,
): Promise<T> {
  const attempt = { number: typed ?? "" };
  return withNumberClash(attempt, () => db.transaction((tx) => run(tx, attempt)), kind);
}

/** A draft or sent quote can be changed; once answered or converted it stays as the client saw it. */
export async function updateQuote(
  db: Db,
  businessId: string,
  id: string,
  input: QuoteInput,
): Promise<SavedQuote> {
  return (await updateDocument(
    db,
    businessId,
    "quote",
    id,
    input,
    NO_KIND_COLUMNS,
    "quote_closed",
  )) as SavedQuote;
}

/**
 * The one edit of every pre-invoice kind: what the kind lets be changed (canEditKind), refused
 * with `closedCode` otherwise; the number kept or renumbered; the document priced again.
 */
async function updateDocument(
  db: Db,
  businessId: string,
  kind: PreInvoiceKind,
  id: string,
  input: QuoteInput,
  extra: KindColumns,
  closedCode: "quote_closed" | "document_closed",
): Promise<SavedDocument> {
  return numberedChange(db, kind, input.quoteNumber, async (tx, attempt) => {
    const current = await findOwn(tx, businessId, kind, id, true);
    const check = canEditKind(kind, current.status);
    if (!check.ok) throw new AppError(closedCode, check.message);
    const settings = await readSettings(tx, businessId);
    const number = await keepOrRenumber(tx, businessId, current, input.quoteDate, input.quoteNumber);
    attempt.number = number;
    const document = await prepareDocument(
      tx,
      businessId,
      asInvoiceInput(input, number),
      settings,
      current.quoteData,
    );
    const row = await updateQuoteDocument(tx, businessId, id, document, extra);
    return { ...row, clock: clockOf(settings) };
  });
}

export async function deleteQuote(db: Db, businessId: string, id: string): Promise<void> {
  const deleted = await db.transaction((tx) => deleteQuoteRow(tx, businessId, id));
  if (!deleted) throw notFound("Quote");
}

export async function readQuote(db: Db, businessId: string, id: string): Promise<SavedQuote> {
  return (await readKindDocument(db, businessId, "quote", id)) as SavedQuote;
}

export async function listUserQuotes(db: Db, businessId: string, query: QuoteFilter & PageParams) {
  return listKindDocuments(db, businessId, "quote", query);
}

export async function nextQuoteNumber(db: Db, businessId: string, quoteDate?: string) {
  const settings = await cachedSettings(db, businessId);
  const date = quoteDate ?? todayInTimeZone(now(), settings.timeZone);
  return { quoteNumber: await peekNumber(db, businessId, "QT", date) };
}

/** Marks a draft sent (sending it or sharing its link does so too); a sent quote stays as it is. */
export async function markQuoteSent<R extends PreInvoiceRow>(
  tx: Db,
  businessId: string,
  quote: R,
): Promise<R> {
  // A challan is issued, never "sent" (its sharing waits for the issue).
  if (quote.status !== "draft" || quote.kind === "challan") return quote;
  const row = await changeQuoteStatus<R>(tx, businessId, quote.id, ["draft"], {
    status: "sent",
    sentAt: now(),
  });
  if (!row) return ((await findKindDocument(tx, businessId, quote.kind, quote.id)) as R | null) ?? quote;
  await recordEvent(tx, { businessId, document: { kind: quote.kind, id: quote.id }, kind: "marked_sent" });
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
  businessId: string,
  id: string,
  verb: "accepted" | "declined",
  answer: QuoteAnswerInput,
): Promise<SavedQuote> {
  return db.transaction(async (tx) => {
    const current = orNotFound(await findQuote(tx, businessId, id, { forUpdate: true }), "Quote");
    const settings = await readSettings(tx, businessId);
    const clock = clockOf(settings);
    const check = verb === "accepted" ? canAccept : canDecline;
    refuseUnless(check(current.status, current.validUntil, clock.now, clock.timeZone));
    const row = await changeQuoteStatus(tx, businessId, id, ["sent"], {
      status: verb,
      answeredAt: clock.now,
      answerName: answer.name,
      answerComment: answer.comment,
      answerIp: answer.ip,
    });
    if (!row) throw new AppError("quote_closed", "This quote was answered a moment ago.");
    await recordEvent(tx, {
      businessId,
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
  businessId: string,
  id: string,
  change: { status: "sent" | "accepted" | "declined"; name: string; comment: string },
): Promise<SavedQuote> {
  if (change.status !== "sent") {
    return answerQuote(db, businessId, id, change.status, {
      name: change.name,
      comment: change.comment,
      ip: null,
      by: "owner",
    });
  }
  return db.transaction(async (tx) => {
    const current = orNotFound(await findQuote(tx, businessId, id, { forUpdate: true }), "Quote");
    if (current.status !== "draft" && current.status !== "sent") {
      throw new AppError("quote_closed", `This quote is ${current.status}, so it cannot be marked sent.`);
    }
    const row = await markQuoteSent(tx, businessId, current);
    return { ...row, clock: clockOf(await readSettings(tx, businessId)) };
  });
}

/**
 * "Convert to invoice": an accepted quote becomes a new draft invoice with the same client, lines,
 * notes and look (the invoice's own number, dated today, due after the default days), and the two
 * are linked both ways in the same transaction. Stock moves only when that invoice is issued.
 */
export async function convertQuote(
  db: Db,
  businessId: string,
  id: string,
): Promise<{ quote: SavedQuote; invoice: { id: string; invoiceNumber: string } }> {
  return db.transaction(async (tx) => {
    const current = orNotFound(await findQuote(tx, businessId, id, { forUpdate: true }), "Quote");
    refuseUnless(canConvert(current.status as QuoteStoredStatus));
    const settings = await readSettings(tx, businessId);
    const invoice = await convertedInvoice(tx, businessId, [current], settings, "draft");
    const [quote] = await markConverted(
      tx,
      businessId,
      [current],
      invoice,
      clockOf(settings),
      () => new AppError("quote_closed", "This quote has already been converted to an invoice."),
    );
    return { quote: quote as SavedQuote, invoice };
  });
}

/** The quote an invoice was converted from (the invoice editor's "From quote" link). */
export async function sourceQuote(db: Db, businessId: string, invoiceId: string) {
  const found = await sourceQuoteOf(db, businessId, invoiceId);
  if (found === undefined) throw notFound("Invoice");
  return found;
}

// ---- proforma invoices and delivery challans (#domain/document-kinds) ----
// The quote's commands with the kind's rules: its series, statuses, stock and conversion.

function refuseKind(check: { ok: true } | { ok: false; message: string }) {
  if (!check.ok) throw new AppError("document_closed", check.message);
}

/** The user's document of `kind`, or 404 naming the kind. */
export async function findOwn(
  tx: Db,
  businessId: string,
  kind: PreInvoiceKind,
  id: string,
  forUpdate = false,
) {
  const row = await findKindDocument(tx, businessId, kind, id, { forUpdate });
  if (!row) throw notFound(kindTitle(kind));
  return row;
}

export async function createKindDocument(
  db: Db,
  businessId: string,
  kind: Exclude<PreInvoiceKind, "quote">,
  input: KindInput,
): Promise<SavedDocument> {
  const { input: fields, extra } = asQuoteFields(input);
  return createDocument(db, businessId, kind, fields, extra);
}

/** A draft (or a proforma sent and not yet converted) can be changed; an issued challan cannot. */
export async function updateKindDocument(
  db: Db,
  businessId: string,
  kind: Exclude<PreInvoiceKind, "quote">,
  id: string,
  input: KindInput,
): Promise<SavedDocument> {
  const { input: fields, extra } = asQuoteFields(input);
  return updateDocument(db, businessId, kind, id, fields, extra, "document_closed");
}

export async function readKindDocument(
  db: Db,
  businessId: string,
  kind: PreInvoiceKind,
  id: string,
): Promise<SavedDocument> {
  const [row, settings] = await Promise.all([
    findOwn(db, businessId, kind, id),
    cachedSettings(db, businessId),
  ]);
  const convertedInvoiceNumber = row.convertedInvoiceId
    ? await invoiceNumberOf(db, businessId, row.convertedInvoiceId)
    : null;
  return { ...row, clock: clockOf(settings), convertedInvoiceNumber };
}

/** Drafts are deleted; an issued challan keeps its number and is cancelled instead. */
export async function deleteKindDocument(db: Db, businessId: string, kind: PreInvoiceKind, id: string) {
  await db.transaction(async (tx) => {
    const current = await findOwn(tx, businessId, kind, id, true);
    refuseKind(canDeleteKind(kind, current.status));
    await deleteQuoteRow(tx, businessId, id, kind);
  });
}

export async function listKindDocuments(
  db: Db,
  businessId: string,
  kind: PreInvoiceKind,
  query: QuoteFilter & PageParams,
) {
  const settings = await cachedSettings(db, businessId);
  const clock = clockOf(settings);
  const today = todayInTimeZone(clock.now, clock.timeZone);
  return { ...(await listQuotes(db, businessId, { ...query, today, kind })), clock };
}

export async function nextKindNumber(db: Db, businessId: string, kind: PreInvoiceKind, date?: string) {
  const settings = await cachedSettings(db, businessId);
  const day = date ?? todayInTimeZone(now(), settings.timeZone);
  return { number: await peekNumber(db, businessId, DOCUMENT_KINDS[kind].series, day) };
}

const STOCK_REASONS: Partial<Record<PreInvoiceStatus, StockReason>> = {
  issued: "challan_issued",
  returned: "challan_returned",
  cancelled: "challan_cancelled",
};

/**
 * Moves stock as a document of `kind` goes from `before` to `after`, with the invoice's rule
 * (#domain/document-kinds kindStockDelta): a challan holds its goods out of stock while issued.
 */
async function moveKindStock(
  tx: Db,
  businessId: string,
  row: PreInvoiceRow,
  before: PreInvoiceStatus,
  after: PreInvoiceStatus,
  settings: Settings,
) {
  await applyStockDelta(tx, businessId, kindStockDelta(row.kind, linesOf(row), before, after), {
    reason: STOCK_REASONS[after] ?? "challan_issued",
    invoiceId: row.id,
    invoiceNumber: row.quoteNumber,
    allowSellingBeyondStock: settings.allowSellingBeyondStock,
  });
}

const linesOf = (row: PreInvoiceRow) => (Array.isArray(row.quoteData.items) ? row.quoteData.items : []);

const STATUS_TIMES: Partial<Record<PreInvoiceStatus, "sentAt" | "returnedAt" | "cancelledAt">> = {
  sent: "sentAt",
  issued: "sentAt",
  returned: "returnedAt",
  cancelled: "cancelledAt",
};

/**
 * The number a document keeps when it leaves draft: a challan on its provisional number takes the
 * next of its series, dated as the challan is, in the issuing transaction (decision 0062).
 */
async function issuedNumber(tx: Db, businessId: string, row: PreInvoiceRow): Promise<PreInvoiceRow> {
  if (!isDraftNumber(row.quoteNumber)) return row;
  const number = await allocateNumber(tx, businessId, DOCUMENT_KINDS[row.kind].series, row.quoteDate);
  return { ...row, quoteNumber: number, quoteData: { ...row.quoteData, invoiceNumber: number } };
}

/**
 * The owner's status move (a proforma sent; a challan issued, returned or cancelled), with the
 * number it takes when issued and the stock it moves, in one transaction.
 */
export async function moveKindStatus(
  db: Db,
  businessId: string,
  kind: Exclude<PreInvoiceKind, "quote">,
  id: string,
  to: PreInvoiceStatus,
): Promise<SavedDocument> {
  return db.transaction(async (tx) => {
    const found = await findOwn(tx, businessId, kind, id, true);
    refuseKind(canMove(kind, found.status, to));
    const current = to === "issued" ? await issuedNumber(tx, businessId, found) : found;
    const settings = await readSettings(tx, businessId);
    const clock = clockOf(settings);
    await moveKindStock(tx, businessId, current, current.status, to, settings);
    const at = STATUS_TIMES[to];
    const row = await changeQuoteStatus<PreInvoiceRow>(tx, businessId, id, [current.status], {
      status: to,
      ...(at ? { [at]: clock.now } : {}),
      ...(current !== found ? { quoteNumber: current.quoteNumber, quoteData: current.quoteData } : {}),
    });
    if (!row)
      throw new AppError("document_closed", `This ${DOCUMENT_KINDS[kind].noun} changed a moment ago.`);
    await recordEvent(tx, {
      businessId,
      document: { kind, id },
      kind: to === "sent" ? "marked_sent" : (to as "issued"),
    });
    await recordActivity(tx, {
      businessId,
      action: to === "cancelled" ? "cancelled" : to === "issued" ? "issued" : "status_changed",
      record: { kind, id, label: row.quoteNumber },
      detail: { from: current.status, to },
    });
    return { ...row, clock };
  });
}

/**
 * Converts a proforma, or one or several issued challans of the same client, into one invoice,
 * linked both ways in the same transaction. A proforma becomes a draft invoice (as a quote does).
 * Challans' goods are already out of stock: their hold passes to the invoice, which is issued at
 * once and takes only what the challans did not hold (nothing, as its lines are theirs), so the
 * stock history keeps the challans' issue as the one move (decision 0067).
 */
export async function convertKindDocuments(
  db: Db,
  businessId: string,
  kind: Exclude<PreInvoiceKind, "quote">,
  ids: string[],
): Promise<{ documents: SavedDocument[]; invoice: { id: string; invoiceNumber: string } }> {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 0) throw new AppError("validation_failed", "Choose what to convert.");
  if (unique.length > 1 && !DOCUMENT_KINDS[kind].convertsTogether) {
    throw new AppError("validation_failed", `Convert one ${DOCUMENT_KINDS[kind].noun} at a time.`);
  }
  return db.transaction(async (tx) => {
    const rows: PreInvoiceRow[] = [];
    for (const id of unique) rows.push(await findOwn(tx, businessId, kind, id, true));
    rows.sort((a, b) => a.quoteNumber.localeCompare(b.quoteNumber, "en", { numeric: true }));
    for (const row of rows) refuseKind(canConvertKind(kind, row.status));
    const clientKey = (row: PreInvoiceRow) => row.clientId ?? `name:${row.clientName}`;
    if (rows.some((row) => clientKey(row) !== clientKey(rows[0]))) {
      throw new AppError(
        "validation_failed",
        "Challans converted together must be for the same client. Convert each client's challans separately.",
      );
    }
    const settings = await readSettings(tx, businessId);
    const handedOver = addStockDeltas(
      ...rows.map((row) => kindStockDelta(kind, linesOf(row), row.status, "converted")),
    );
    const status = kind === "challan" ? "due" : "draft";
    const invoice = await convertedInvoice(tx, businessId, rows, settings, status, handedOver);
    const documents = await markConverted(
      tx,
      businessId,
      rows,
      invoice,
      clockOf(settings),
      (row) => new AppError("document_closed", `${row.quoteNumber} changed a moment ago.`),
    );
    return { documents, invoice };
  });
}

/**
 * The invoice that converted documents become, in the caller's transaction: the first one's
 * client, look and notes (challans named in them), every document's lines in order, the invoice's
 * own terms ("This quote…" -> "This invoice…"), its own number, dated today, due after the
 * default days; linked to the first document. `handedOver`: see createInvoiceFromDocument.
 */
async function convertedInvoice(
  tx: Db,
  businessId: string,
  rows: PreInvoiceRow[],
  settings: Settings,
  status: "draft" | "due",
  handedOver?: Map<string, number>,
): Promise<{ id: string; invoiceNumber: string }> {
  const today = todayInTimeZone(now(), settings.timeZone);
  const first = rows[0].quoteData;
  const numbers = rows.map((row) => row.quoteNumber).join(", ");
  const source: InvoiceDocument = {
    ...first,
    items: rows.flatMap((row) => row.quoteData.items),
    terms: termsFor("invoice", first.terms),
    notes:
      rows[0].kind === "challan"
        ? [first.notes.trim(), `Goods sent under delivery challan ${numbers}.`].filter(Boolean).join("\n")
        : first.notes,
  };
  const invoice = await createInvoiceFromDocument(tx, businessId, source, {
    invoiceDate: today,
    dueDate: addDays(today, settings.defaultDueDateDays),
    status,
    handedOver,
  });
  await linkInvoiceToQuote(tx, businessId, invoice.id, rows[0].id);
  return { id: invoice.id, invoiceNumber: invoice.invoiceNumber };
}

/** Each document converted into the invoice, with its event; `closed` refuses one that moved meanwhile. */
async function markConverted(
  tx: Db,
  businessId: string,
  rows: PreInvoiceRow[],
  invoice: { id: string; invoiceNumber: string },
  clock: QuoteClock,
  closed: (row: PreInvoiceRow) => AppError,
): Promise<SavedDocument[]> {
  const documents: SavedDocument[] = [];
  for (const row of rows) {
    const saved = await changeQuoteStatus<PreInvoiceRow>(tx, businessId, row.id, [row.status], {
      status: "converted",
      convertedInvoiceId: invoice.id,
      convertedAt: clock.now,
    });
    if (!saved) throw closed(row);
    await recordEvent(tx, {
      businessId,
      document: { kind: row.kind, id: row.id },
      kind: "converted",
      detail: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
    });
    documents.push({ ...saved, clock, convertedInvoiceNumber: invoice.invoiceNumber });
  }
  return documents;
}

/** The quotes, proformas and challans an invoice was converted from. */
export async function sourceDocuments(db: Db, businessId: string, invoiceId: string) {
  const exists = await sourceQuoteOf(db, businessId, invoiceId);
  if (exists === undefined) throw notFound("Invoice");
  return sourceDocumentsOf(db, businessId, invoiceId);
}
