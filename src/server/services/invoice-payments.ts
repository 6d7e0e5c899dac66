import { randomUUID } from "node:crypto";
import { NOTE_MESSAGES } from "#domain/credit-notes";
import { todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import type { InvoiceDocument } from "#domain/invoice";
import {
  balanceDueMinor,
  PAYMENT_MESSAGES,
  type PaymentMethod,
  paymentProblem,
  settledMinor,
  statusFromPayments,
} from "#domain/payments";
import { TDS_MESSAGES, tdsProblem } from "#domain/tds";
import type { Db } from "../db/client";
import { isUniqueViolation } from "../db/db-errors";
import {
  deleteInvoicePayment,
  deleteStatusPayments,
  type InvoicePaymentRow,
  insertInvoicePayment,
  listInvoicePayments,
  updateInvoicePayment,
} from "../db/queries/invoice-payments";
import {
  findInvoice,
  type InvoiceRow,
  storedInvoiceDocument,
  updateInvoiceRow,
} from "../db/queries/invoices";
import { readSettings } from "../db/queries/settings";
import { AppError, notFound, orNotFound } from "../errors";
import { recordActivity } from "./activity-log";
import { lockAdvance, refuseAdvancePayment } from "./client-advances";
import { refuseIfNotes } from "./credit-note-guard";
import { recordEvent } from "./documents/events";

// Payments received against an invoice (issue 11 part 4; docs/decisions/0026-payments-received.md).
// Each change runs in one transaction that locks the invoice row first, so concurrent payments on
// one invoice take turns and never pass its total; the invoice's status, payment date and amount
// paid are then derived again from all its payments.

export interface PaymentInput {
  amountMinor: number;
  paidOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  /** TDS the client deducted (decision 0088): the invoice is settled by amountMinor + tdsMinor. */
  tdsMinor?: number;
  tdsSection?: string | null;
  tdsRateBp?: number | null;
  /** Realisation in rupees of an invoice in another currency (decision 0089). */
  inrCreditedMinor?: number | null;
  realisationRef?: string;
  /** A payment out of this client advance (decision 0092): at most what is left of it. */
  advanceId?: string | null;
}

/** The input's TDS as stored: none is 0 with no section or rate. */
function tdsOf(input: PaymentInput) {
  const tdsMinor = input.tdsMinor ?? 0;
  return tdsMinor > 0
    ? { tdsMinor, tdsSection: input.tdsSection ?? null, tdsRateBp: input.tdsRateBp ?? null }
    : { tdsMinor: 0, tdsSection: null, tdsRateBp: null };
}

export type PaymentSource =
  | "manual"
  | "status"
  | "razorpay"
  | "upi_report"
  | "credit_note"
  | "bank_statement";

/** The user's invoice, locked until the transaction ends (404 when there is none). */
export async function lockInvoice(tx: Db, businessId: string, invoiceId: string): Promise<InvoiceRow> {
  const current = orNotFound(await findInvoice(tx, businessId, invoiceId, { forUpdate: true }), "Invoice");
  return current;
}

/** Rupees credited are a realisation of an invoice in another currency; an INR invoice has none. */
function refuseRealisation(current: InvoiceRow, input: PaymentInput): void {
  if (current.currency !== "INR" || (input.inrCreditedMinor ?? null) === null) return;
  const problem = "Rupees credited are for invoices in another currency: this invoice is in rupees.";
  throw new AppError("validation_failed", problem, { inrCreditedMinor: problem });
}

function refuse(current: InvoiceRow, input: PaymentInput, balanceMinor: number): void {
  refuseRealisation(current, input);
  const tds = tdsOf(input);
  const money = (m: number) => formatMoney(m, current.currency);
  // The money received may be at most the balance less the TDS that settles the rest.
  const problem = paymentProblem(current.status, input.amountMinor, balanceMinor - tds.tdsMinor, money);
  if (problem && (current.status === "draft" || current.status === "cancelled")) {
    throw new AppError("invoice_not_payable", problem);
  }
  const wrong = tdsProblem(current.currency, tds);
  if (wrong) throw new AppError("validation_failed", wrong.message, { [wrong.field]: wrong.message });
  if (!problem) return;
  const message =
    tds.tdsMinor > 0 && input.amountMinor > 0 ? TDS_MESSAGES.overBalance(money(balanceMinor)) : problem;
  throw new AppError("validation_failed", message, { amountMinor: message });
}

async function noteEvent(
  tx: Db,
  kind: "payment_recorded" | "payment_changed" | "payment_deleted",
  invoice: InvoiceRow,
  payment: InvoicePaymentRow,
) {
  await recordActivity(tx, {
    businessId: payment.businessId,
    action: kind,
    record: { kind: "invoice", id: invoice.id, label: invoice.invoiceNumber },
    detail: {
      paymentId: payment.id,
      amountMinor: Number(payment.amountMinor),
      currency: invoice.currency,
      method: payment.method,
      source: payment.source,
      ...(payment.tdsMinor > 0 ? { tdsMinor: Number(payment.tdsMinor), tdsSection: payment.tdsSection } : {}),
    },
  });
  return recordEvent(tx, {
    businessId: payment.businessId,
    document: { kind: "invoice", id: invoice.id },
    kind,
    detail: {
      amountMinor: Number(payment.amountMinor),
      currency: invoice.currency,
      method: payment.method,
      source: payment.source,
      reference: payment.reference,
      ...(payment.tdsMinor > 0 ? { tdsMinor: Number(payment.tdsMinor), tdsSection: payment.tdsSection } : {}),
    },
  });
}

/** A credit note's share of the balance changes only with its note (decision 0037). */
function refuseCreditNoteShare(payment: InvoicePaymentRow): void {
  if (payment.source === "credit_note")
    throw new AppError("credit_note_not_allowed", NOTE_MESSAGES.creditPayment);
}

/** Derives status, payment date and amount paid from the invoice's payments, and saves them. */
export async function settle(tx: Db, businessId: string, current: InvoiceRow): Promise<InvoiceRow> {
  const payments = await listInvoicePayments(tx, businessId, current.id);
  const next = statusFromPayments(current.totalMinor, payments);
  const document: InvoiceDocument = {
    ...storedInvoiceDocument(current),
    status: next.status,
    paymentDate: next.paymentDate,
  };
  if (next.status !== current.status) {
    const detail = { from: current.status, to: next.status };
    await recordEvent(tx, {
      businessId,
      document: { kind: "invoice", id: current.id },
      kind: "status_changed",
      detail,
    });
  }
  return updateInvoiceRow(tx, businessId, current.id, document, next.paidMinor);
}

export interface PaymentResult {
  payment: InvoicePaymentRow;
  invoice: InvoiceRow;
}

/**
 * Records a payment (at most the balance due) in the caller's transaction, or in its own. A
 * payment id from a gateway (`externalId`) is unique: the same payment is never recorded twice.
 */
export async function recordPayment(
  db: Db,
  businessId: string,
  invoiceId: string,
  input: PaymentInput,
  opts: { source?: PaymentSource; externalId?: string; inTransaction?: boolean } = {},
): Promise<PaymentResult> {
  const run = async (tx: Db) => {
    const current = await lockInvoice(tx, businessId, invoiceId);
    refuse(current, input, balanceDueMinor(current.totalMinor, current.amountPaidMinor));
    if (input.advanceId) {
      const advance = await lockAdvance(tx, businessId, input.advanceId);
      refuseAdvancePayment(advance, current, input.amountMinor);
    }
    const payment = await insertInvoicePayment(tx, {
      id: randomUUID(),
      businessId,
      invoiceId,
      ...input,
      ...tdsOf(input),
      advanceId: input.advanceId ?? null,
      source: opts.source ?? "manual",
      externalId: opts.externalId ?? null,
    });
    await noteEvent(tx, "payment_recorded", current, payment);
    return { payment, invoice: await settle(tx, businessId, current) };
  };
  try {
    return opts.inTransaction ? await run(db) : await db.transaction(run);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("payment_already_recorded", "This payment is already recorded.");
    }
    throw error;
  }
}

/**
 * The invoice, locked, and its payment by this id (undefined when it has none): a credit note's
 * share is refused, as only cancelling the note takes it back.
 */
async function lockedPayment(tx: Db, businessId: string, invoiceId: string, paymentId: string) {
  const current = await lockInvoice(tx, businessId, invoiceId);
  const old = (await listInvoicePayments(tx, businessId, invoiceId)).find((p) => p.id === paymentId);
  if (old) refuseCreditNoteShare(old);
  return { current, old };
}

/** Changes a payment: its new amount at most the balance with its old amount given back. */
export async function editPayment(
  db: Db,
  businessId: string,
  invoiceId: string,
  paymentId: string,
  input: PaymentInput,
): Promise<PaymentResult> {
  return db.transaction(async (tx) => {
    const { current, old } = await lockedPayment(tx, businessId, invoiceId, paymentId);
    if (!old) throw notFound("Payment");
    const balance = balanceDueMinor(current.totalMinor, current.amountPaidMinor - settledMinor(old));
    refuse(current, input, balance);
    // A payment out of an advance stays one: its new amount at most what is left with its old amount back.
    if (old.advanceId) {
      const advance = await lockAdvance(tx, businessId, old.advanceId);
      refuseAdvancePayment(advance, current, input.amountMinor, old.amountMinor);
    }
    const tds = tdsOf(input);
    // A changed deduction is looked for in Form 26AS again.
    const seen = old.tdsSeenIn26as && tds.tdsMinor === old.tdsMinor && tds.tdsSection === old.tdsSection;
    const fields = {
      amountMinor: input.amountMinor,
      paidOn: input.paidOn,
      method: input.method,
      reference: input.reference,
      note: input.note,
      ...tds,
      tdsSeenIn26as: seen,
      inrCreditedMinor: input.inrCreditedMinor ?? null,
      realisationRef: input.realisationRef ?? "",
    };
    const payment = await updateInvoicePayment(tx, { businessId, invoiceId, id: paymentId }, fields);
    await noteEvent(tx, "payment_changed", current, payment!);
    return { payment: payment!, invoice: await settle(tx, businessId, current) };
  });
}

/** Deletes a payment, in the caller's transaction or in its own; a paid invoice reopens. */
export async function deletePayment(
  db: Db,
  businessId: string,
  invoiceId: string,
  paymentId: string,
  opts: { inTransaction?: boolean } = {},
): Promise<InvoiceRow> {
  const run = async (tx: Db) => {
    const { current } = await lockedPayment(tx, businessId, invoiceId, paymentId);
    const deleted = await deleteInvoicePayment(tx, { businessId, invoiceId, id: paymentId });
    if (!deleted) throw notFound("Payment");
    await noteEvent(tx, "payment_deleted", current, deleted);
    return settle(tx, businessId, current);
  };
  return opts.inTransaction ? run(db) : db.transaction(run);
}

/** What a client deducts TDS on: the invoice's value without GST (CBDT Circular 23/2017). */
export function invoiceTaxableMinor(invoice: InvoiceRow): number {
  return storedInvoiceDocument(invoice).totals?.taxableMinor ?? 0;
}

export async function invoicePayments(db: Db, businessId: string, invoiceId: string) {
  const invoice = orNotFound(await findInvoice(db, businessId, invoiceId), "Invoice");
  return { invoice, payments: await listInvoicePayments(db, businessId, invoiceId) };
}

/**
 * What an invoice saved through the editor or a status change has received, and the payment rows
 * that follow (call `afterSave` once the invoice row exists). Marking an invoice paid records its
 * balance as a payment dated by its payment date; moving it away from paid takes that payment
 * back. An invoice with payments of its own cannot go back to draft or be cancelled, nor drop its
 * total below what it received: the user deletes those payments first.
 */
export async function paymentsFollowingStatus(
  tx: Db,
  businessId: string,
  before: InvoiceRow | null,
  after: InvoiceDocument,
): Promise<{ amountPaidMinor: number; afterSave: (invoiceId: string) => Promise<void> }> {
  const payments = before ? await listInvoicePayments(tx, businessId, before.id) : [];
  if (before && (after.status === "draft" || after.status === "cancelled"))
    await refuseIfNotes(tx, businessId, before.id);
  const own = payments.filter((p) => p.source !== "status");
  const ownMinor = own.reduce((sum, p) => sum + settledMinor(p), 0);
  const total = after.totals.totalMinor;
  const fromStatus = payments.some((p) => p.source === "status");
  if (ownMinor > 0 && (after.status === "draft" || after.status === "cancelled")) {
    throw new AppError("invoice_has_payments", PAYMENT_MESSAGES.hasPayments);
  }
  if (ownMinor > total) {
    const message = PAYMENT_MESSAGES.totalBelowPaid(formatMoney(ownMinor, after.currency));
    throw new AppError("invoice_has_payments", message);
  }
  if (after.status !== "paid") {
    if (ownMinor >= total && ownMinor > 0)
      throw new AppError("invoice_has_payments", PAYMENT_MESSAGES.hasPayments);
    return {
      amountPaidMinor: ownMinor,
      afterSave: async (id) => {
        if (fromStatus) await deleteStatusPayments(tx, businessId, id);
      },
    };
  }
  const rest = total - ownMinor;
  return {
    amountPaidMinor: total,
    afterSave: async (id) => {
      if (fromStatus) await deleteStatusPayments(tx, businessId, id);
      if (rest <= 0) return;
      await insertInvoicePayment(tx, {
        id: randomUUID(),
        businessId,
        invoiceId: id,
        amountMinor: rest,
        paidOn: after.paymentDate ?? after.invoiceDate,
        method: "other",
        note: "Marked as paid",
        source: "status",
      });
    },
  };
}

/**
 * Records a payment captured on the business's own Razorpay account (invoice-online-payments.ts)
 * in the transaction that marks its order paid, dated in the user's time zone. Its payment id is
 * the unique `externalId`, so verify, webhook and reconciliation record it once between them.
 */
export async function recordOnlinePayment(
  tx: Db,
  p: { businessId: string; invoiceId: string; amountMinor: number; paymentId: string; paidAt: Date },
): Promise<void> {
  const settings = await readSettings(tx, p.businessId);
  await recordPayment(
    tx,
    p.businessId,
    p.invoiceId,
    {
      amountMinor: p.amountMinor,
      paidOn: todayInTimeZone(p.paidAt, settings.timeZone),
      method: "razorpay",
      reference: p.paymentId,
      note: "Paid online",
    },
    { source: "razorpay", externalId: p.paymentId, inTransaction: true },
  );
}
