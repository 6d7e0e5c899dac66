import { randomUUID } from "node:crypto";
import { ADVANCE_MESSAGES, advanceApplyProblem, advanceBalanceMinor } from "#domain/advances";
import { formatMoney } from "#domain/format";
import { type AdvanceTax, advanceGstProblems, advanceTax, advanceTaxSplit } from "#domain/gst-advances";
import { currentStateOfGstin } from "#domain/gst-states";
import { defaultPlaceOfSupply, type StateOfAddress } from "#domain/gst-supply";
import type { PaymentMethod } from "#domain/payments";
import { gstRegistrationOf } from "#domain/settings";
import type { Db } from "../db/client";
import {
  type AdvanceRow,
  appliedByAdvance,
  deleteAdvanceRow,
  findAdvanceForUpdate,
  findClientName,
  insertAdvance,
  listAdvances,
} from "../db/queries/client-advances";
import { allocateNumber } from "../db/queries/document-numbers";
import { readSettings } from "../db/queries/settings";
import { AppError, notFound } from "../errors";
import { recordActivity } from "./activity-log";

// Client advances (issue 33, decision 0092): money a client paid before an invoice. Its balance is
// its amount less the invoice payments applied from it (`invoice_payments.advance_id`); a payment
// out of an advance locks the advance row first, so two payments never take the same rupee twice.

export type { AdvanceRow };

export interface AdvanceInput {
  amountMinor: number;
  currency: string;
  receivedOn: string;
  method: PaymentMethod;
  reference: string;
  note: string;
  /**
   * For a service, with GST due on receipt (decision 0098): the rate, and the place of supply
   * (null or absent: the client's state, as an invoice's default). Absent or null: no GST.
   */
  gst?: { ratePercent: number; placeOfSupply?: string | null } | null;
}

export interface AdvanceWithBalance extends AdvanceRow {
  appliedMinor: number;
  balanceMinor: number;
  /** The GST inside the advance, for an advance for a service; else null. */
  tax: AdvanceTax | null;
}

/** The tax inside an advance as recorded (its rate and split), or null when none is due. */
export function taxOfAdvance(
  row: Pick<AdvanceRow, "amountMinor" | "gstRatePercent" | "taxSplit">,
): AdvanceTax | null {
  if (row.gstRatePercent === null || row.taxSplit === null) return null;
  return advanceTax(Number(row.amountMinor), row.gstRatePercent, row.taxSplit);
}

type ClientOfAdvance = NonNullable<Awaited<ReturnType<typeof findClientName>>>;

/**
 * The GST columns of a new advance: none without `gst`; else checked (a regular taxpayer, rupees,
 * a slab rate, a place of supply), split as an invoice's would be, and numbered in the receipt
 * voucher series RV of the financial year it was received in (CGST Rule 50), in the caller's
 * transaction so a refused advance takes no number.
 */
async function gstColumnsOf(tx: Db, businessId: string, client: ClientOfAdvance, input: AdvanceInput) {
  const none = { gstRatePercent: null, placeOfSupply: null, taxSplit: null, voucherNumber: null };
  if (!input.gst) return none;
  const registration = gstRegistrationOf(await readSettings(tx, businessId));
  const supplierState = currentStateOfGstin(registration.gstin);
  const placeOfSupply =
    input.gst.placeOfSupply ||
    (supplierState
      ? defaultPlaceOfSupply(
          {
            gstin: client.gstin,
            billingAddress: client.billingAddress as StateOfAddress,
            shippingAddress: client.shippingAddress as StateOfAddress | null,
          },
          supplierState,
        )
      : null);
  const problems = advanceGstProblems({
    registered: registration.type === "regular" && supplierState !== null,
    currency: input.currency,
    ratePercent: input.gst.ratePercent,
    placeOfSupply,
  });
  const first = Object.values(problems)[0];
  if (first) throw new AppError("validation_failed", first, problems);
  return {
    gstRatePercent: input.gst.ratePercent,
    placeOfSupply: placeOfSupply!,
    taxSplit: advanceTaxSplit(supplierState!, placeOfSupply!),
    voucherNumber: await allocateNumber(tx, businessId, "RV", input.receivedOn),
  };
}

async function withBalances(db: Db, businessId: string, rows: AdvanceRow[]): Promise<AdvanceWithBalance[]> {
  const applied = await appliedByAdvance(
    db,
    businessId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const appliedMinor = applied.get(r.id) ?? 0;
    return {
      ...r,
      appliedMinor,
      balanceMinor: advanceBalanceMinor(r.amountMinor, [{ amountMinor: appliedMinor }]),
      tax: taxOfAdvance(r),
    };
  });
}

async function ownClient(db: Db, businessId: string, clientId: string) {
  const row = await findClientName(db, businessId, clientId);
  if (!row) throw notFound("Client");
  return row;
}

/** The client's advances, oldest first, each with what is left of it. 404 for another business's client. */
export async function listClientAdvances(db: Db, businessId: string, clientId: string) {
  await ownClient(db, businessId, clientId);
  return withBalances(db, businessId, await listAdvances(db, businessId, clientId));
}

/** Records an advance, in the caller's transaction (a bank statement line's) or in its own. */
export async function createAdvance(
  db: Db,
  businessId: string,
  clientId: string,
  input: AdvanceInput,
  opts: { source?: AdvanceRow["source"]; inTransaction?: boolean } = {},
): Promise<AdvanceRow> {
  const run = async (tx: Db) => {
    const client = await ownClient(tx, businessId, clientId);
    const { gst: _choices, ...fields } = input;
    const row = await insertAdvance(tx, {
      id: randomUUID(),
      businessId,
      clientId,
      ...fields,
      ...(await gstColumnsOf(tx, businessId, client, input)),
      source: opts.source ?? "manual",
    });
    await recordActivity(tx, {
      businessId,
      action: "payment_recorded",
      record: { kind: "client", id: clientId, label: client.name },
      detail: {
        advanceId: row.id,
        amountMinor: row.amountMinor,
        currency: row.currency,
        method: row.method,
        source: row.source,
        ...(row.voucherNumber ? { voucherNumber: row.voucherNumber } : {}),
      },
    });
    return row;
  };
  return opts.inTransaction ? run(db) : db.transaction(run);
}

/** The advance, locked until the transaction ends, with what is left of it (404 when there is none). */
export async function lockAdvance(
  tx: Db,
  businessId: string,
  advanceId: string,
): Promise<AdvanceWithBalance> {
  const row = await findAdvanceForUpdate(tx, businessId, advanceId);
  if (!row) throw notFound("Advance");
  const [advance] = await withBalances(tx, businessId, [row]);
  return advance!;
}

/**
 * Refuses a payment of `amountMinor` out of this advance (locked) for an invoice of this client and
 * currency: another client's, another currency, or more than is left (`givenBackMinor`: the
 * payment's old amount, when it is changed).
 */
export function refuseAdvancePayment(
  advance: AdvanceWithBalance,
  invoice: { clientId: string | null; currency: string },
  amountMinor: number,
  givenBackMinor = 0,
): void {
  const fail = (message: string) => {
    throw new AppError("validation_failed", message, { advanceId: message });
  };
  if (invoice.clientId !== advance.clientId) fail(ADVANCE_MESSAGES.otherClient);
  if (invoice.currency !== advance.currency)
    fail(ADVANCE_MESSAGES.otherCurrency(advance.currency, invoice.currency));
  const problem = advanceApplyProblem(amountMinor, advance.balanceMinor + givenBackMinor, (m) =>
    formatMoney(m, advance.currency),
  );
  if (problem) {
    throw new AppError("validation_failed", problem, { amountMinor: problem });
  }
}

/** Deletes an advance of which nothing is applied (else refused, naming what is). */
export async function deleteAdvance(
  db: Db,
  businessId: string,
  advanceId: string,
  opts: { inTransaction?: boolean; lineUndo?: boolean; clientId?: string } = {},
): Promise<void> {
  const run = async (tx: Db) => {
    const advance = await lockAdvance(tx, businessId, advanceId);
    if (opts.clientId && advance.clientId !== opts.clientId) throw notFound("Advance");
    if (advance.appliedMinor > 0) {
      const applied = formatMoney(advance.appliedMinor, advance.currency);
      const message = opts.lineUndo
        ? ADVANCE_MESSAGES.lineApplied(applied)
        : ADVANCE_MESSAGES.applied(applied);
      throw new AppError("advance_applied", message);
    }
    await deleteAdvanceRow(tx, businessId, advanceId);
    const client = await ownClient(tx, businessId, advance.clientId);
    await recordActivity(tx, {
      businessId,
      action: "payment_deleted",
      record: { kind: "client", id: advance.clientId, label: client.name },
      detail: {
        advanceId,
        amountMinor: advance.amountMinor,
        currency: advance.currency,
        method: advance.method,
      },
    });
  };
  return opts.inTransaction ? run(db) : db.transaction(run);
}

/** The advances of the invoice's client in its currency with something left: what Record payment offers. */
export async function openAdvancesFor(
  db: Db,
  businessId: string,
  invoice: { clientId: string | null; currency: string },
): Promise<AdvanceWithBalance[]> {
  if (!invoice.clientId) return [];
  const rows = await listAdvances(db, businessId, invoice.clientId, invoice.currency);
  return (await withBalances(db, businessId, rows)).filter((a) => a.balanceMinor > 0);
}
