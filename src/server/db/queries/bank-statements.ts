import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, sql } from "drizzle-orm";
import type { ColumnMap } from "#domain/bank-statements/statement";
import type { Db } from "../client";
import { bankStatementLayouts, bankStatementLines, invoices } from "../schema";
import { type FindOwned, findOwnedRow, ownedValuesAmong, updateOwnedRow } from "./owned";

// Imported bank statement lines (issue 33, decision 0083). Every function names the business in
// its WHERE clause.

export type BankLineRow = typeof bankStatementLines.$inferSelect;
export type NewBankLine = typeof bankStatementLines.$inferInsert;
export type BankLineStatus = BankLineRow["status"];

export interface LinePayment {
  invoiceId: string;
  paymentId: string;
  amountMinor: number;
}

/** Inserts the lines this account does not hold yet (by line key); answers the ones inserted. */
export async function insertNewLines(tx: Db, lines: NewBankLine[]): Promise<BankLineRow[]> {
  if (lines.length === 0) return [];
  const out: BankLineRow[] = [];
  for (let i = 0; i < lines.length; i += 500) {
    const rows = await tx
      .insert(bankStatementLines)
      .values(lines.slice(i, i + 500))
      .onConflictDoNothing({
        target: [bankStatementLines.businessId, bankStatementLines.account, bankStatementLines.lineKey],
      })
      .returning();
    out.push(...rows);
  }
  return out;
}

/** Which of these keys the account already holds. */
export function existingLineKeys(db: Db, businessId: string, account: string, keys: string[]) {
  const ofAccount = eq(bankStatementLines.account, account);
  return ownedValuesAmong(db, bankStatementLines, bankStatementLines.lineKey, businessId, keys, ofAccount);
}

export const findLine: FindOwned<BankLineRow | undefined> = (db, businessId, id, opts) =>
  findOwnedRow(db, bankStatementLines, businessId, id, opts);

/** The business's lines, newest first; only credits unless `all`. */
export async function listLines(
  db: Db,
  businessId: string,
  opts: { status?: BankLineStatus; limit: number },
): Promise<BankLineRow[]> {
  return db
    .select()
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.businessId, businessId),
        opts.status ? eq(bankStatementLines.status, opts.status) : undefined,
      ),
    )
    .orderBy(desc(bankStatementLines.txnDate), desc(bankStatementLines.sourceRow), asc(bankStatementLines.id))
    .limit(opts.limit);
}

export async function countLinesByStatus(db: Db, businessId: string) {
  const rows = await db
    .select({ status: bankStatementLines.status, n: sql<number>`count(*)::int` })
    .from(bankStatementLines)
    .where(eq(bankStatementLines.businessId, businessId))
    .groupBy(bankStatementLines.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])) as Partial<
    Record<BankLineStatus, number>
  >;
}

export async function updateLine(
  tx: Db,
  businessId: string,
  id: string,
  fields: Partial<
    Pick<
      BankLineRow,
      | "status"
      | "matchTier"
      | "matchReason"
      | "suggestions"
      | "payments"
      | "clientId"
      | "matchedAt"
      | "advanceId"
    >
  >,
): Promise<BankLineRow> {
  const row = await updateOwnedRow(tx, bankStatementLines, businessId, id, {
    ...fields,
    updatedAt: new Date(),
  });
  return row!;
}

/** Payer VPAs learned from matched lines: the VPA and the one client it paid for. */
export async function learnedPayers(db: Db, businessId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectDistinct({ vpa: bankStatementLines.payerVpa, clientId: bankStatementLines.clientId })
    .from(bankStatementLines)
    .where(
      and(
        eq(bankStatementLines.businessId, businessId),
        eq(bankStatementLines.status, "matched"),
        isNotNull(bankStatementLines.payerVpa),
        isNotNull(bankStatementLines.clientId),
      ),
    );
  const byVpa = new Map<string, Set<string>>();
  for (const r of rows) {
    const set = byVpa.get(r.vpa!) ?? new Set<string>();
    set.add(r.clientId!);
    byVpa.set(r.vpa!, set);
  }
  // A VPA that paid for two clients (a shared family account, an agent) teaches nothing.
  return new Map([...byVpa].filter(([, set]) => set.size === 1).map(([vpa, set]) => [vpa, [...set][0]!]));
}

/** The business's issued INR invoices with a balance due, for matching. */
export async function openInvoicesForMatching(db: Db, businessId: string) {
  return db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      clientId: invoices.clientId,
      clientName: invoices.clientName,
      totalMinor: invoices.totalMinor,
      amountPaidMinor: invoices.amountPaidMinor,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      // What a client deducts TDS on: the document's value without GST (CBDT Circular 23/2017).
      taxableMinor: sql<number | null>`(${invoices.invoiceData}->'totals'->>'taxableMinor')::bigint`.mapWith(
        (v) => (v === null ? null : Number(v)),
      ),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, businessId),
        eq(invoices.status, "due"),
        eq(invoices.currency, "INR"),
        gt(invoices.totalMinor, invoices.amountPaidMinor),
      ),
    );
}

/** Invoice numbers and client names by id, of this business. */
export async function invoiceRefs(
  db: Db,
  businessId: string,
  ids: string[],
): Promise<Map<string, { invoiceNumber: string; clientName: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber, clientName: invoices.clientName })
    .from(invoices)
    .where(and(eq(invoices.businessId, businessId), inArray(invoices.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, { invoiceNumber: r.invoiceNumber, clientName: r.clientName }]));
}

/** The layouts the business mapped by hand, by the signature of their header row. */
export async function savedLayouts(db: Db, businessId: string): Promise<Map<string, ColumnMap>> {
  const rows = await db
    .select({ signature: bankStatementLayouts.signature, columns: bankStatementLayouts.columns })
    .from(bankStatementLayouts)
    .where(eq(bankStatementLayouts.businessId, businessId));
  return new Map(rows.map((r) => [r.signature, r.columns as ColumnMap]));
}

/** Saves (or replaces) the business's layout for this header row. */
export async function saveLayout(tx: Db, businessId: string, signature: string, columns: ColumnMap) {
  await tx
    .insert(bankStatementLayouts)
    .values({ id: randomUUID(), businessId, signature, columns })
    .onConflictDoUpdate({
      target: [bankStatementLayouts.businessId, bankStatementLayouts.signature],
      set: { columns, updatedAt: new Date() },
    });
}
