import { randomUUID } from "node:crypto";
import { companySnapshot } from "#domain/company-snapshot";
import { addDays, todayInTimeZone } from "#domain/dates";
import { kindStockDelta } from "#domain/document-kinds";
import {
  draftNumber,
  INVOICE_NOT_DELETABLE,
  isDeletable,
  isDraftNumber,
  timestampInvoiceNumber,
} from "#domain/document-number";
import { DomainError } from "#domain/errors";
import { gstDocumentProblems } from "#domain/gst-invoice-checks";
import { isGstRegistered } from "#domain/gst-registration";
import {
  buildInvoiceDocument,
  type InvoiceDocument,
  type InvoiceInput,
  invoiceClientSchema,
  invoiceInputSchema,
} from "#domain/invoice";
import { gstRegistrationOf, type Settings } from "#domain/settings";
import type { StoredStatus } from "#domain/status";
import { addStockDeltas, holdsStock, type StockState, stockDelta } from "#domain/stock";
import { now } from "../clock";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import { allocateNumber, peekNumber, reserveNumber } from "../db/queries/document-numbers";
import {
  deleteInvoiceRow,
  findInvoice,
  findOwnClient,
  type InvoiceRow,
  insertInvoice,
  storedInvoiceDocument,
  updateInvoiceRow,
  usedInvoiceNumbers,
} from "../db/queries/invoices";
import { challansReleasedFrom, releaseConvertedChallans, sourceDocumentsOf } from "../db/queries/quotes";
import { readSettings } from "../db/queries/settings";
import { applyStockDelta, ownProductIds, type StockReason } from "../db/queries/stock";
import { AppError, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
import { refuseIfNotes } from "./credit-note-guard";
import { recordEvent } from "./documents/events";
import { lockInvoice, paymentsFollowingStatus } from "./invoice-payments";

// The invoice commands. Each is ONE transaction holding the invoice change, its number and its
// stock moves, so a refusal (a clash of numbers, not enough stock) leaves nothing half done.

function todayFor(settings: Settings): string {
  return todayInTimeZone(now(), settings.timeZone);
}

/**
 * A saved invoice with the user's date at the save (from the settings the save read), so its
 * answer's display status needs no second read of the settings.
 */
export type SavedInvoice = InvoiceRow & { today: string };

function saved(row: InvoiceRow, settings: Settings): SavedInvoice {
  return { ...row, today: todayFor(settings) };
}

/** Marking paid records the payment date (today unless given); any other status has none. */
function paymentDateFor(status: StoredStatus, given: string | null, today: string): string | null {
  return status === "paid" ? (given ?? today) : null;
}

/**
 * The stored document for an input: the client and company snapshots, ids checked against the
 * user's own clients and products, every total recomputed from the lines. `previous` is the
 * invoice being replaced: a client or product it named that has since been deleted is kept as
 * typed text instead of refusing the save.
 */
export async function prepareDocument(
  tx: Db,
  businessId: string,
  input: InvoiceInput,
  settings: Settings,
  previous: InvoiceDocument | null,
): Promise<InvoiceDocument> {
  const today = todayFor(settings);
  let clientId = input.clientId;
  let client = input.client;
  if (clientId !== null) {
    const saved = await findOwnClient(tx, businessId, clientId);
    if (saved) {
      const snapshot = invoiceClientSchema.safeParse(saved);
      if (snapshot.success) client = snapshot.data;
    } else if (previous?.clientId === clientId) {
      clientId = null;
    } else {
      throw new AppError("validation_failed", "clientId: Client not found.", {
        clientId: "Client not found.",
      });
    }
  }

  const named = [...new Set(input.items.flatMap((item) => (item.productId ? [item.productId] : [])))];
  const own = await ownProductIds(tx, businessId, named);
  const previousProducts = new Set(
    previous ? stockStateOf(previous).lines.map((line) => line.productId) : [],
  );
  const items = input.items.map((item, index) => {
    if (item.productId === null || own.has(item.productId)) return item;
    if (previousProducts.has(item.productId)) return { ...item, productId: null };
    const field = `items.${index}.productId`;
    throw new AppError("validation_failed", `${field}: Product not found.`, {
      [field]: "Product not found.",
    });
  });

  const status = input.status;
  const paymentDate = paymentDateFor(status, input.paymentDate, today);
  let document: InvoiceDocument;
  try {
    document = buildInvoiceDocument(
      { ...input, clientId, client, items, paymentDate },
      companySnapshot(settings),
    );
  } catch (error) {
    if (error instanceof DomainError) {
      throw new AppError("validation_failed", error.message, { [error.field ?? "items"]: error.message });
    }
    throw error;
  }
  const problems = gstDocumentProblems(document);
  const first = Object.entries(problems)[0];
  if (first) throw new AppError("validation_failed", `${first[0]}: ${first[1]}`, problems);
  return document;
}

/**
 * Whether new invoices take the financial year's series: the sequential scheme, or a
 * GST-registered account, whose tax invoices cannot carry the 19-character timestamp number.
 */
function numbersSequentially(settings: Settings): boolean {
  return settings.invoiceNumberScheme === "sequential" || isGstRegistered(gstRegistrationOf(settings));
}

/** Imported documents may lack items; they then hold no stock. */
function stockStateOf(document: InvoiceDocument): StockState {
  return { status: document.status, lines: Array.isArray(document.items) ? document.items : [] };
}

function stockReason(before: StoredStatus | null, after: StoredStatus): StockReason {
  if (before === null || !holdsStock(before)) return "invoice_issued";
  if (after === "cancelled") return "invoice_cancelled";
  if (after === "draft") return "invoice_returned_to_draft";
  return "invoice_edited";
}

/**
 * Moves stock by the difference between the invoice before and after (applyStockDelta: sorted
 * products, refusals, deleted products skipped). `handedOver` is what other documents give back
 * (positive) or take (negative) in the same change: delivery challans converted into the invoice
 * or released by its cancelling (decision 0067). It nets with the invoice's own move, so goods
 * passing between the challans and the invoice write no stock history: nothing moved.
 */
async function moveStock(
  tx: Db,
  businessId: string,
  invoice: { id: string; invoiceNumber: string },
  before: InvoiceDocument | null,
  after: InvoiceDocument,
  settings: Settings,
  handedOver: Map<string, number> = new Map(),
) {
  const delta = addStockDeltas(stockDelta(before && stockStateOf(before), stockStateOf(after)), handedOver);
  await applyStockDelta(tx, businessId, delta, {
    reason: stockReason(before?.status ?? null, after.status),
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    allowSellingBeyondStock: settings.allowSellingBeyondStock,
  });
}

/**
 * Cancelling an issued invoice made from delivery challans returns the challans to "issued"
 * (decision 0067): the goods went out under them and are still out, so they hold them again, and
 * each can be converted again or returned. Answers what they take back, for the invoice's own
 * move to net against.
 */
async function releaseChallans(
  tx: Db,
  businessId: string,
  invoice: { id: string; invoiceNumber: string },
  before: StoredStatus,
  after: StoredStatus,
): Promise<Map<string, number>> {
  if (!holdsStock(before) || after !== "cancelled") return new Map();
  const released = await releaseConvertedChallans(tx, businessId, invoice.id);
  for (const challan of released) {
    await recordEvent(tx, {
      businessId,
      document: { kind: "challan", id: challan.id },
      kind: "reopened",
      detail: { invoiceId: invoice.id, invoiceNumber: invoice.invoiceNumber },
    });
  }
  return addStockDeltas(
    ...released.map((challan) =>
      kindStockDelta("challan", stockStateOf(challan.quoteData).lines, "converted", "issued"),
    ),
  );
}

/**
 * A cancelled invoice whose delivery challans were released stays cancelled: the challans hold
 * the goods again, so reopening it would count them out twice (decision 0067).
 */
async function refuseReopeningReleased(tx: Db, businessId: string, invoiceId: string) {
  if (await challansReleasedFrom(tx, businessId, invoiceId))
    throw new AppError(
      "document_closed",
      "This invoice's delivery challans were released when it was cancelled, so it cannot be reopened. Convert the challans into a new invoice instead.",
    );
}

/**
 * An issued invoice made from delivery challans does not go back to draft: the goods went out
 * under the challans and are still out, so a draft (which holds no stock) would count them back
 * in while the challans stay converted. Cancelling it releases the challans instead (0067).
 */
async function refuseDraftingFromChallans(tx: Db, businessId: string, invoiceId: string) {
  const sources = await sourceDocumentsOf(tx, businessId, invoiceId);
  if (sources.some((source) => source.kind === "challan"))
    throw new AppError(
      "document_closed",
      "This invoice was made from delivery challans, so it cannot go back to draft. Cancel it to release the challans instead.",
    );
}

/** The unique index on (user, invoice number): see schema.ts. */
const INVOICE_NUMBER_INDEX = "invoices_business_number_uq";
/** The unique index on (user, GST number key): a number used in the financial year, in any case. */
const GST_NUMBER_KEY_INDEX = "invoices_business_number_key_uq";

/** Runs a command; a clash on either number index becomes the editor's 409. */
async function withNumberClash<T>(attempt: { number: string }, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, INVOICE_NUMBER_INDEX)) throw numberClash(attempt.number);
    if (isUniqueViolation(error, GST_NUMBER_KEY_INDEX)) throw gstNumberClash(attempt.number);
    throw error;
  }
}

function gstNumberClash(invoiceNumber: string): AppError {
  const message =
    `Invoice number ${invoiceNumber} is already used by another invoice in this financial year ` +
    "(tax invoice numbers are unique ignoring upper and lower case).";
  return new AppError("invoice_number_taken", message, { invoiceNumber: message });
}

function numberClash(invoiceNumber: string): AppError {
  const message = `Invoice number ${invoiceNumber} is already used by another invoice.`;
  return new AppError("invoice_number_taken", message, { invoiceNumber: message });
}

async function createWith(
  tx: Db,
  businessId: string,
  input: InvoiceInput,
  settings: Settings,
  number: { auto: boolean },
  previous: InvoiceDocument | null,
  attempt: { number: string },
  handedOver?: Map<string, number>,
): Promise<InvoiceRow> {
  const id = randomUUID();
  if (number.auto) {
    const invoiceNumber = issued(input.status)
      ? await allocateNumber(tx, businessId, "INV", input.invoiceDate)
      : draftNumber(id);
    input = { ...input, invoiceNumber };
  } else {
    input = { ...input, invoiceNumber: await keptOrIssuedNumber(tx, businessId, settings, null, input) };
  }
  attempt.number = input.invoiceNumber;
  const document = await prepareDocument(tx, businessId, input, settings, previous);
  const paid = await paymentsFollowingStatus(tx, businessId, null, document);
  const row = await insertInvoice(tx, businessId, id, document, paid.amountPaidMinor);
  await paid.afterSave(id);
  await recordEvent(tx, {
    businessId,
    document: { kind: "invoice", id },
    kind: "created",
    detail: { status: document.status },
  });
  const record = { kind: "invoice", id, label: document.invoiceNumber } as const;
  await recordActivity(tx, { businessId, action: "created", record, detail: { status: document.status } });
  if (issued(document.status)) await recordActivity(tx, { businessId, action: "issued", record });
  await moveStock(
    tx,
    businessId,
    { id, invoiceNumber: document.invoiceNumber },
    null,
    document,
    settings,
    handedOver,
  );
  return row;
}

/** The activity log's word for a status change: issuing a draft and cancelling are named. */
function statusAction(from: StoredStatus, to: StoredStatus): "issued" | "cancelled" | "status_changed" {
  if (to === "cancelled") return "cancelled";
  if (from === "draft" && issued(to)) return "issued";
  return "status_changed";
}

/** Due and paid invoices are issued: they hold a number of the series. Drafts and cancelled drafts do not. */
function issued(status: StoredStatus): boolean {
  return status === "due" || status === "paid";
}

/**
 * The number an invoice is saved under (decision 0056). A draft's provisional number is replaced
 * by the series' next number (or a timestamp number, under that scheme) in the transaction that
 * issues it, dated as the invoice is then; any other number is kept, and one of the series typed
 * by hand moves the counter past it.
 */
async function keptOrIssuedNumber(
  tx: Db,
  businessId: string,
  settings: Settings,
  current: InvoiceRow | null,
  next: { invoiceNumber: string; status: StoredStatus; invoiceDate: string },
): Promise<string> {
  if (isDraftNumber(next.invoiceNumber) && issued(next.status)) {
    return numbersSequentially(settings)
      ? allocateNumber(tx, businessId, "INV", next.invoiceDate)
      : freeTimestampNumber(tx, businessId, settings);
  }
  if (next.invoiceNumber !== current?.invoiceNumber)
    await reserveNumber(tx, businessId, "INV", next.invoiceNumber);
  return next.invoiceNumber;
}

/**
 * Saves a new invoice. With `autoNumber` an issued one takes the next number of the invoice
 * date's financial year, and a draft a provisional number until it is issued (decision 0056).
 */
export async function createInvoice(
  db: Db,
  businessId: string,
  input: InvoiceInput,
  opts: { autoNumber?: boolean } = {},
): Promise<SavedInvoice> {
  const attempt = { number: input.invoiceNumber };
  return withNumberClash(attempt, () =>
    db.transaction(async (tx) => {
      const settings = await readSettings(tx, businessId);
      const row = await createWith(
        tx,
        businessId,
        input,
        settings,
        { auto: Boolean(opts.autoNumber) },
        null,
        attempt,
      );
      return saved(row, settings);
    }),
  );
}

/**
 * The number a sequential create dated `invoiceDate` (default: the user's today) would get now,
 * without taking it: the same financial year as createInvoice picks, so the preview and the
 * saved number agree. Null under the timestamp scheme.
 */
export async function nextInvoiceNumber(
  db: Db,
  businessId: string,
  invoiceDate?: string,
): Promise<{ scheme: "timestamp" | "sequential"; invoiceNumber: string | null }> {
  const settings = await readSettings(db, businessId);
  if (!numbersSequentially(settings)) return { scheme: "timestamp", invoiceNumber: null };
  const date = invoiceDate ?? todayFor(settings);
  return { scheme: "sequential", invoiceNumber: await peekNumber(db, businessId, "INV", date) };
}

/** Replaces an invoice's document; stock moves by the difference only. */
export async function updateInvoice(
  db: Db,
  businessId: string,
  id: string,
  input: InvoiceInput,
): Promise<SavedInvoice> {
  const attempt = { number: input.invoiceNumber };
  return withNumberClash(attempt, () =>
    db.transaction(async (tx) => {
      const current = await lockInvoice(tx, businessId, id);
      const settings = await readSettings(tx, businessId);
      input = { ...input, invoiceNumber: await keptOrIssuedNumber(tx, businessId, settings, current, input) };
      attempt.number = input.invoiceNumber;
      const document = await prepareDocument(tx, businessId, input, settings, storedInvoiceDocument(current));
      return saveReplacing(tx, businessId, current, document, settings);
    }),
  );
}

/**
 * Saves `document` over the invoice `current`, with all that follows in the same transaction:
 * the payments its status implies, the status event, challans its cancelling releases, and stock
 * moved by the difference.
 */
async function saveReplacing(
  tx: Db,
  businessId: string,
  current: InvoiceRow,
  document: InvoiceDocument,
  settings: Settings,
): Promise<SavedInvoice> {
  const { id } = current;
  const before = storedInvoiceDocument(current);
  if (before.status === "cancelled" && document.status !== "cancelled")
    await refuseReopeningReleased(tx, businessId, current.id);
  if (holdsStock(before.status) && document.status === "draft")
    await refuseDraftingFromChallans(tx, businessId, current.id);
  const paid = await paymentsFollowingStatus(tx, businessId, current, document);
  const row = await updateInvoiceRow(tx, businessId, id, document, paid.amountPaidMinor);
  await paid.afterSave(id);
  if (before.status !== document.status) {
    const detail = { from: before.status, to: document.status };
    await recordEvent(tx, { businessId, document: { kind: "invoice", id }, kind: "status_changed", detail });
    await recordActivity(tx, {
      businessId,
      action: statusAction(before.status, document.status),
      record: { kind: "invoice", id, label: document.invoiceNumber },
      detail,
    });
  }
  const invoice = { id, invoiceNumber: document.invoiceNumber };
  const released = await releaseChallans(tx, businessId, invoice, before.status, document.status);
  await moveStock(tx, businessId, invoice, before, document, settings, released);
  return saved(row, settings);
}

/** Draft, due, paid or cancelled; stock follows (DECISIONS §6). */
export async function changeInvoiceStatus(
  db: Db,
  businessId: string,
  id: string,
  change: { status: StoredStatus; paymentDate?: string | null },
): Promise<SavedInvoice> {
  const attempt = { number: "" };
  return withNumberClash(attempt, () =>
    db.transaction(async (tx) => {
      const current = await lockInvoice(tx, businessId, id);
      const settings = await readSettings(tx, businessId);
      const before = storedInvoiceDocument(current);
      const keptDate = before.status === "paid" ? before.paymentDate : null;
      const paymentDate = paymentDateFor(change.status, change.paymentDate ?? keptDate, todayFor(settings));
      if (change.status === before.status && paymentDate === before.paymentDate)
        return saved(current, settings);
      const invoiceNumber = await keptOrIssuedNumber(tx, businessId, settings, current, {
        ...before,
        status: change.status,
      });
      attempt.number = invoiceNumber;
      const document: InvoiceDocument = { ...before, invoiceNumber, status: change.status, paymentDate };
      return saveReplacing(tx, businessId, current, document, settings);
    }),
  );
}

/**
 * Deletes a draft. An issued invoice, or a draft holding a number of the series, is cancelled
 * instead, never deleted: its number stays in the series (CGST Rule 46, decision 0056).
 */
export async function deleteInvoice(db: Db, businessId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockInvoice(tx, businessId, id);
    await refuseIfNotes(tx, businessId, id);
    if (!isDeletable(current.status, current.invoiceNumber)) {
      throw new AppError("issued_invoice_not_deletable", INVOICE_NOT_DELETABLE);
    }
    // A draft holds no stock (holdsStock), so nothing moves back.
    await deleteInvoiceRow(tx, businessId, id);
    await recordActivity(tx, {
      businessId,
      action: "deleted",
      record: { kind: "invoice", id, label: current.invoiceNumber },
    });
  });
}

/** A timestamp number, with -2, -3 ... when a duplicate made in the same second already has it. */
async function freeTimestampNumber(tx: Db, businessId: string, settings: Settings): Promise<string> {
  const base = timestampInvoiceNumber(now(), settings.timeZone);
  const candidates = [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`)];
  const used = await usedInvoiceNumbers(tx, businessId, candidates);
  return candidates.find((c) => !used.has(c)) ?? base;
}

/**
 * A new draft with the same client and items: a new number, dated today, due after the
 * default number of days.
 */
export async function duplicateInvoice(db: Db, businessId: string, id: string): Promise<SavedInvoice> {
  return db.transaction(async (tx) => {
    const source = orNotFound(await findInvoice(tx, businessId, id), "Invoice");
    const settings = await readSettings(tx, businessId);
    const today = todayFor(settings);
    return createCopy(tx, businessId, settings, storedInvoiceDocument(source), {
      status: "draft",
      invoiceDate: today,
      dueDate: addDays(today, settings.defaultDueDateDays),
      previous: storedInvoiceDocument(source),
      invalid: "This invoice cannot be duplicated: its saved data is invalid.",
    });
  });
}

/**
 * A new invoice in the caller's transaction from a stored document (a recurring profile's copy, a
 * converted quote, proforma or challans): the next number, the dates and status given, the company
 * details as they are today. Issued ("due") it takes its items from stock, as any issued invoice
 * does, net of `handedOver` (goods its converted challans give it: see moveStock).
 */
export async function createInvoiceFromDocument(
  tx: Db,
  businessId: string,
  source: InvoiceDocument,
  opts: {
    invoiceDate: string;
    dueDate: string | null;
    status: "draft" | "due";
    handedOver?: Map<string, number>;
  },
): Promise<SavedInvoice> {
  const settings = await readSettings(tx, businessId);
  return createCopy(tx, businessId, settings, source, {
    ...opts,
    previous: null,
    invalid: "The recurring invoice cannot be made: its saved data is invalid.",
  });
}

/**
 * A new invoice copied from a stored document: the series' next number (or a timestamp number),
 * the status and dates given, no payment. `previous` is the invoice copied, whose deleted client
 * or products stay as typed text; `invalid` is the refusal when the stored data no longer parses.
 */
async function createCopy(
  tx: Db,
  businessId: string,
  settings: Settings,
  source: InvoiceDocument,
  copy: {
    status: "draft" | "due";
    invoiceDate: string;
    dueDate: string | null;
    previous: InvoiceDocument | null;
    handedOver?: Map<string, number>;
    invalid: string;
  },
): Promise<SavedInvoice> {
  const attempt = { number: "" };
  return withNumberClash(attempt, async () => {
    const sequential = numbersSequentially(settings);
    const copied = invoiceInputSchema.safeParse({
      ...source,
      invoiceNumber: sequential ? "AUTO" : await freeTimestampNumber(tx, businessId, settings),
      status: copy.status,
      invoiceDate: copy.invoiceDate,
      dueDate: copy.dueDate,
      paymentDate: null,
    });
    if (!copied.success) throw new AppError("validation_failed", copy.invalid);
    attempt.number = copied.data.invoiceNumber;
    const row = await createWith(
      tx,
      businessId,
      copied.data,
      settings,
      { auto: sequential },
      copy.previous,
      attempt,
      copy.handedOver,
    );
    return saved(row, settings);
  });
}
