import type { BankLine } from "#contract/bank-statements";
import type { Suggestion } from "#domain/bank-statements/matching";
import type { BankLineRow, LinePayment } from "../db/queries/bank-statements";

export type InvoiceRefs = Map<string, { invoiceNumber: string; clientName: string }>;

/** The invoice ids a line names (its suggestions and payments), to look their numbers up at once. */
export function invoiceIdsOf(rows: BankLineRow[]): string[] {
  return rows.flatMap((r) => [
    ...(r.suggestions as Suggestion[]).map((s) => s.invoiceId),
    ...(r.payments as LinePayment[]).map((p) => p.invoiceId),
  ]);
}

export function presentBankLine(row: BankLineRow, refs: InvoiceRefs): BankLine {
  // An invoice deleted since drops out of the suggestions; a payment keeps its line (its number gone).
  const ref = (invoiceId: string) => ({
    invoiceId,
    invoiceNumber: refs.get(invoiceId)?.invoiceNumber ?? "",
    clientName: refs.get(invoiceId)?.clientName ?? "",
  });
  return {
    id: row.id,
    account: row.account,
    bank: row.bank,
    txnDate: row.txnDate,
    direction: row.direction,
    amountMinor: Number(row.amountMinor),
    narration: row.narration,
    channel: row.channel,
    utr: row.utr,
    payerName: row.payerName,
    payerVpa: row.payerVpa,
    note: row.note,
    status: row.status,
    matchTier: row.matchTier,
    matchReason: row.matchReason,
    suggestions: (row.suggestions as Suggestion[])
      .filter((s) => refs.has(s.invoiceId))
      .map((s) => ({
        ...ref(s.invoiceId),
        amountMinor: s.amountMinor,
        reason: s.reason,
        ...(s.tds ? { tds: s.tds } : {}),
      })),
    payments: (row.payments as LinePayment[]).map((p) => ({
      ...ref(p.invoiceId),
      paymentId: p.paymentId,
      amountMinor: p.amountMinor,
    })),
    matchedAt: row.matchedAt?.toISOString() ?? null,
  };
}
