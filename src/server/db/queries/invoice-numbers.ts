import { and, eq, like, sql } from "drizzle-orm";
import { parseSequentialInvoiceNumber, sequentialInvoiceNumber } from "#domain/invoice-number";
import { type Db, queryRows } from "../client";
import { invoiceSequences, invoices } from "../schema";

// The sequential scheme (DECISIONS §5): INV/2026-27/0001, one series per user and financial year.
// The counter lives in invoice_sequences and moves inside the transaction that creates the
// invoice, so a rolled-back create gives its number back and the series has no gaps. Which
// financial year a date falls in is the domain's rule (#domain/invoice-number); callers pass it.

/** The highest number of the year's series already on an invoice (typed or imported), or 0. */
async function highestUsed(db: Db, userId: string, financialYear: string): Promise<number> {
  const rows = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), like(invoices.invoiceNumber, `INV/${financialYear}/%`)));
  let highest = 0;
  for (const row of rows) {
    const parsed = parseSequentialInvoiceNumber(row.invoiceNumber);
    if (parsed && parsed.financialYear === financialYear) highest = Math.max(highest, parsed.sequence);
  }
  return highest;
}

/**
 * Takes the next number of the series. Call it with the create's transaction: the atomic upsert
 * locks the counter row until that transaction ends, so concurrent creates queue up and each
 * gets its own number. A year's first number follows any number of that series already used.
 */
export async function allocateSequentialNumber(
  tx: Db,
  userId: string,
  financialYear: string,
): Promise<string> {
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into ${invoiceSequences} (user_id, financial_year, last_value)
        values (${userId}, ${financialYear}, 1)
        on conflict (user_id, financial_year)
        do update set last_value = ${invoiceSequences}.last_value + 1
        returning last_value`,
  );
  let value = Number(row.last_value);
  if (value === 1) {
    const highest = await highestUsed(tx, userId, financialYear);
    if (highest >= 1) {
      value = highest + 1;
      await tx
        .update(invoiceSequences)
        .set({ lastValue: value })
        .where(and(eq(invoiceSequences.userId, userId), eq(invoiceSequences.financialYear, financialYear)));
    }
  }
  return sequentialInvoiceNumber(financialYear, value);
}

/**
 * A number of the series typed by hand (or kept on an edit) moves the counter past it, so the
 * next allocated number cannot collide with it.
 */
export async function reserveTypedSequentialNumber(tx: Db, userId: string, invoiceNumber: string) {
  const parsed = parseSequentialInvoiceNumber(invoiceNumber);
  if (!parsed) return;
  await tx
    .insert(invoiceSequences)
    .values({ userId, financialYear: parsed.financialYear, lastValue: parsed.sequence })
    .onConflictDoUpdate({
      target: [invoiceSequences.userId, invoiceSequences.financialYear],
      set: { lastValue: sql`greatest(${invoiceSequences.lastValue}, excluded.last_value)` },
    });
}

/** The number the next sequential create would get, without taking it (a preview for the editor). */
export async function peekSequentialNumber(db: Db, userId: string, financialYear: string): Promise<string> {
  const [row] = await db
    .select({ lastValue: invoiceSequences.lastValue })
    .from(invoiceSequences)
    .where(and(eq(invoiceSequences.userId, userId), eq(invoiceSequences.financialYear, financialYear)));
  const last = row ? row.lastValue : await highestUsed(db, userId, financialYear);
  return sequentialInvoiceNumber(financialYear, last + 1);
}
