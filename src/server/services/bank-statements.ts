import { randomUUID } from "node:crypto";
import { csvRows } from "#domain/bank-statements/cells";
import {
  type Allocation,
  type CreditLine,
  type MatchDecision,
  matchCredits,
  type OpenInvoice,
} from "#domain/bank-statements/matching";
import {
  headerSignature,
  lineKey,
  parseStatement,
  type StatementLayout,
  StatementLayoutError,
  sampleRows,
} from "#domain/bank-statements/statement";
import { formatMoney } from "#domain/format";
import type { PaymentMethod } from "#domain/payments";
import type { Db } from "../db/client";
import {
  type BankLineRow,
  countLinesByStatus,
  existingLineKeys,
  findLine,
  insertNewLines,
  invoiceRefs,
  type LinePayment,
  learnedPayers,
  listLines,
  type NewBankLine,
  openInvoicesForMatching,
  savedLayouts,
  saveLayout,
  updateLine,
} from "../db/queries/bank-statements";
import { AppError, notFound } from "../errors";
import { invoiceIdsOf, presentBankLine } from "../presenters/bank-statements";
import { recordActivity } from "./activity-log";
import { type AdvanceInput, createAdvance, deleteAdvance } from "./client-advances";
import { deletePayment, recordPayment } from "./invoice-payments";

// Bank statements in (issue 33, decision 0083): a statement file read into lines (pure parsing in
// src/domain/bank-statements), stored once per account, and its credits matched to open invoices.
// Each import, confirmation and undo is one transaction; every payment goes through
// recordPayment/deletePayment, so the payment rules (never above the balance), the invoice's
// status and the activity log are the same as for a payment recorded by hand.

export interface StatementFile {
  fileName: string;
  text: string;
  /** The account the lines belong to; by default the account number the file names. */
  account?: string;
  /** Columns the user mapped for a layout Bahi does not recognise; saved on import. */
  layout?: StatementLayout;
}

async function read(db: Db, businessId: string, file: StatementFile) {
  try {
    const known = file.layout ? undefined : await savedLayouts(db, businessId);
    const parsed = parseStatement(file.text, { layout: file.layout, known });
    const account =
      file.account?.trim() ||
      parsed.accountNumber ||
      (parsed.bank === "Other" ? "Bank account" : parsed.bank);
    return { parsed, account };
  } catch (error) {
    if (error instanceof StatementLayoutError)
      throw new AppError("validation_failed", error.message, { text: error.message });
    throw error;
  }
}

/**
 * What an import would bring: the layout read, the lines, and which the account holds already. A
 * file whose header row Bahi does not recognise answers its first rows instead, to map by hand.
 */
export async function previewStatement(db: Db, businessId: string, file: StatementFile) {
  let result: Awaited<ReturnType<typeof read>>;
  try {
    result = await read(db, businessId, file);
  } catch (error) {
    if (error instanceof AppError && error.code === "validation_failed")
      return {
        needsLayout: true,
        sample: sampleRows(file.text),
        bank: "Other" as const,
        account: "",
        lines: [],
        problems: [],
      };
    throw error;
  }
  const { parsed, account } = result;
  const keys = parsed.lines.map(lineKey);
  const known = await existingLineKeys(db, businessId, account, keys);
  return {
    needsLayout: false,
    sample: [],
    bank: parsed.bank,
    account,
    lines: parsed.lines.map((l, i) => ({ ...l, alreadyImported: known.has(keys[i]!) })),
    problems: parsed.problems,
  };
}

const methodOf = (line: BankLineRow): PaymentMethod => (line.channel === "UPI" ? "upi" : "bank_transfer");

/**
 * Records the payments of one line's allocations in the caller's transaction. A refusal by the
 * payment rules (the balance changed since the match was made) records nothing for the line and
 * answers null, so the line stays in review.
 */
async function applyAllocations(
  tx: Db,
  businessId: string,
  line: BankLineRow,
  allocations: Allocation[],
  note: string,
  opts: { strict?: boolean } = {},
): Promise<{ payments: LinePayment[]; clientId: string | null } | null> {
  const payments: LinePayment[] = [];
  let clientId: string | null = null;
  for (const a of allocations) {
    try {
      const { payment, invoice } = await recordPayment(
        tx,
        businessId,
        a.invoiceId,
        {
          amountMinor: a.amountMinor,
          paidOn: line.txnDate,
          method: methodOf(line),
          reference: (line.utr ?? line.refNo ?? "").slice(0, 100),
          note: note.slice(0, 500),
          ...a.tds,
        },
        { source: "bank_statement", inTransaction: true },
      );
      payments.push({ invoiceId: a.invoiceId, paymentId: payment.id, amountMinor: a.amountMinor });
      clientId = invoice.clientId ?? clientId;
    } catch (error) {
      // recordPayment refuses before it writes anything: the transaction is still good.
      if (!opts.strict && error instanceof AppError && payments.length === 0) return null;
      throw error;
    }
  }
  return { payments, clientId };
}

function openInvoices(rows: Awaited<ReturnType<typeof openInvoicesForMatching>>): OpenInvoice[] {
  return rows.map((r) => ({
    id: r.id,
    invoiceNumber: r.invoiceNumber,
    clientId: r.clientId,
    clientName: r.clientName,
    balanceMinor: r.totalMinor - r.amountPaidMinor,
    invoiceDate: r.invoiceDate,
    dueDate: r.dueDate,
    // TDS is read off a short payment only while nothing is paid of the invoice.
    taxableMinor: r.amountPaidMinor === 0 ? r.taxableMinor : null,
  }));
}

const creditOf = (l: BankLineRow): CreditLine => ({
  id: l.id,
  txnDate: l.txnDate,
  amountMinor: l.amountMinor,
  narration: l.narration,
  payerVpa: l.payerVpa,
  payerName: l.payerName,
  note: l.note,
});

/** Applies the matcher's decisions to stored lines: automatic ones record payments at once. */
async function applyDecisions(tx: Db, businessId: string, lines: BankLineRow[], decisions: MatchDecision[]) {
  const byId = new Map(lines.map((l) => [l.id, l]));
  let autoMatched = 0;
  for (const d of decisions) {
    const line = byId.get(d.lineId)!;
    if (d.outcome === "auto") {
      const applied = await applyAllocations(
        tx,
        businessId,
        line,
        d.allocations,
        `Bank statement: ${d.reason}`,
      );
      if (applied) {
        autoMatched++;
        await updateLine(tx, businessId, line.id, {
          status: "matched",
          matchTier: d.tier,
          matchReason: d.reason,
          payments: applied.payments,
          clientId: applied.clientId,
          matchedAt: new Date(),
        });
        continue;
      }
    }
    await updateLine(tx, businessId, line.id, {
      status: "review",
      matchTier: d.outcome === "review" ? d.tier : null,
      matchReason: d.reason,
      suggestions: d.suggestions,
    });
  }
  return autoMatched;
}

/**
 * Imports a statement: the lines the account does not hold yet are stored (credits for review,
 * debits set aside) and the new credits matched at once, all in one transaction.
 */
export async function importStatement(db: Db, businessId: string, file: StatementFile) {
  const { parsed, account } = await read(db, businessId, file);
  return db.transaction(async (tx) => {
    if (file.layout) {
      const header = csvRows(file.text)[file.layout.headerRow] ?? [];
      await saveLayout(tx, businessId, headerSignature(header), file.layout.columns);
    }
    const rows: NewBankLine[] = parsed.lines.map((l) => ({
      id: randomUUID(),
      businessId,
      account,
      lineKey: lineKey(l),
      bank: parsed.bank,
      fileName: file.fileName,
      sourceRow: l.row,
      txnDate: l.txnDate,
      valueDate: l.valueDate,
      direction: l.direction,
      amountMinor: l.amountMinor,
      balanceMinor: l.balanceMinor,
      narration: l.narration,
      refNo: l.refNo,
      channel: l.channel,
      utr: l.utr,
      payerName: l.payerName,
      payerVpa: l.payerVpa,
      payerBank: l.payerBank,
      note: l.note,
      status: l.direction === "CR" ? "review" : "ignored",
      matchReason: l.direction === "CR" ? "" : "A debit",
    }));
    // One key twice in one file (a bank repeating a row) is kept once.
    const unique = [...new Map(rows.map((r) => [r.lineKey, r])).values()];
    const inserted = await insertNewLines(tx, unique);
    const credits = inserted.filter((l) => l.direction === "CR");
    const [invoices, payers] = await Promise.all([
      openInvoicesForMatching(tx, businessId),
      learnedPayers(tx, businessId),
    ]);
    const decisions = matchCredits(credits.map(creditOf), openInvoices(invoices), payers);
    const autoMatched = await applyDecisions(tx, businessId, credits, decisions);
    const summary = {
      bank: parsed.bank,
      account,
      lines: parsed.lines.length,
      imported: inserted.length,
      alreadyImported: parsed.lines.length - inserted.length,
      credits: credits.length,
      autoMatched,
      toReview: credits.length - autoMatched,
      problems: parsed.problems,
    };
    await recordActivity(tx, {
      businessId,
      action: "bank_statement_imported",
      record: { kind: "data", id: null, label: file.fileName },
      detail: {
        bank: summary.bank,
        account,
        imported: summary.imported,
        alreadyImported: summary.alreadyImported,
        autoMatched,
      },
    });
    return summary;
  });
}

async function lockedLine(tx: Db, businessId: string, id: string, wanted: BankLineRow["status"][]) {
  const line = await findLine(tx, businessId, id, { forUpdate: true });
  if (!line) throw notFound("Statement line");
  if (!wanted.includes(line.status) || line.direction !== "CR")
    throw new AppError(
      "bank_line_closed",
      line.status === "matched"
        ? "This line is matched already: undo it first."
        : "This line is not waiting for review.",
    );
  return line;
}

/**
 * Confirms a credit in review against one or more invoices (a split): each share at most the
 * invoice's balance, the shares at most the credit. What is left of the credit stays noted.
 */
export async function confirmLine(db: Db, businessId: string, id: string, allocations: Allocation[]) {
  return db.transaction(async (tx) => {
    const line = await lockedLine(tx, businessId, id, ["review"]);
    const sum = allocations.reduce((s, a) => s + a.amountMinor, 0);
    if (sum > line.amountMinor) {
      const message = "The shares cannot add up to more than the credit.";
      throw new AppError("validation_failed", message, { allocations: message });
    }
    // Strict: a refusal by the payment rules reaches the user with its own message.
    const applied = (await applyAllocations(tx, businessId, line, allocations, "Bank statement: confirmed", {
      strict: true,
    }))!;
    const rest = line.amountMinor - sum;
    return updateLine(tx, businessId, id, {
      status: "matched",
      matchTier: "manual",
      matchReason:
        rest > 0 ? `Confirmed; ${formatMoney(rest, "INR")} of the credit not applied` : "Confirmed",
      payments: applied.payments,
      clientId: applied.clientId,
      matchedAt: new Date(),
    });
  });
}

/**
 * Keeps a credit in review as an advance of a client (decision 0092: a real advance, its UTR as the
 * reference, made in the line's transaction), or sets it aside.
 */
export async function closeLine(
  db: Db,
  businessId: string,
  id: string,
  how: { status: "advance"; clientId: string; gst?: AdvanceInput["gst"] } | { status: "ignored" },
) {
  return db.transaction(async (tx) => {
    const line = await lockedLine(tx, businessId, id, ["review"]);
    const advance =
      how.status === "advance"
        ? await createAdvance(
            tx,
            businessId,
            how.clientId,
            {
              amountMinor: line.amountMinor,
              currency: "INR",
              receivedOn: line.txnDate,
              method: methodOf(line),
              reference: (line.utr ?? line.refNo ?? "").slice(0, 100),
              note: "Bank statement: kept as an advance",
              gst: how.gst ?? null,
            },
            { source: "bank_statement", inTransaction: true },
          )
        : null;
    return updateLine(tx, businessId, id, {
      status: how.status,
      matchTier: null,
      matchReason: how.status === "advance" ? "Kept as an advance" : "Set aside",
      clientId: how.status === "advance" ? how.clientId : null,
      advanceId: advance?.id ?? null,
      matchedAt: new Date(),
    });
  });
}

/**
 * Undoes a line: removes exactly the payments it recorded (one already deleted by hand is skipped)
 * and puts it back in review with fresh suggestions.
 */
export async function undoLine(db: Db, businessId: string, id: string) {
  return db.transaction(async (tx) => {
    const line = await lockedLine(tx, businessId, id, ["matched", "advance", "ignored"]);
    // Its advance goes with it, unless some of it is applied already (refused, saying so).
    if (line.advanceId)
      await deleteAdvance(tx, businessId, line.advanceId, { inTransaction: true, lineUndo: true });
    for (const p of line.payments as LinePayment[]) {
      try {
        await deletePayment(tx, businessId, p.invoiceId, p.paymentId, { inTransaction: true });
      } catch (error) {
        if (!(error instanceof AppError && error.code === "not_found")) throw error;
      }
    }
    const invoices = openInvoices(await openInvoicesForMatching(tx, businessId));
    // Back in review, never applied again by itself: what the matcher would apply is the first suggestion.
    const [decision] = matchCredits([creditOf(line)], invoices, new Map());
    const suggestions =
      decision?.outcome === "auto"
        ? decision.allocations.map((a) => ({ ...a, reason: decision.reason }))
        : (decision?.suggestions ?? []);
    return updateLine(tx, businessId, id, {
      status: "review",
      matchTier: null,
      matchReason: "Undone",
      suggestions,
      payments: [],
      clientId: null,
      advanceId: null,
      matchedAt: null,
    });
  });
}

export { StatementLayoutError };

/** The business's lines, newest first, with the numbers of the invoices they name. */
export async function statementLines(
  db: Db,
  businessId: string,
  query: { status?: BankLineRow["status"]; limit: number },
) {
  const [rows, counts] = await Promise.all([
    listLines(db, businessId, query),
    countLinesByStatus(db, businessId),
  ]);
  const refs = await invoiceRefs(db, businessId, invoiceIdsOf(rows));
  return {
    items: rows.map((r) => presentBankLine(r, refs)),
    counts: { review: 0, matched: 0, advance: 0, ignored: 0, ...counts },
  };
}

/** One line as the API shows it. */
export async function presentedLine(db: Db, businessId: string, row: BankLineRow) {
  return presentBankLine(row, await invoiceRefs(db, businessId, invoiceIdsOf([row])));
}
