import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, ne } from "drizzle-orm";
import type { Db } from "../client";
import { creditNotes, invoicePayments, invoices, statements } from "../schema";
import { type FindOwned, findOwnedRow, updateOwnedRow } from "./owned";

// A client's account as a statement reads it (decision 0081): the issued invoices, the payments
// received against them (not a credit note's share, which its note stands for), and the issued
// credit and debit notes, in one currency, up to the period's end. Every query names the business.

export type StatementRow = typeof statements.$inferSelect;

const ISSUED = ["due", "paid"] as const;

/** What one client's statement is computed from, dated on or before `to`. */
export async function clientLedger(
  db: Db,
  q: { businessId: string; clientId: string; currency: string; to: string },
) {
  const ofClient = and(
    eq(invoices.businessId, q.businessId),
    eq(invoices.clientId, q.clientId),
    eq(invoices.currency, q.currency),
    inArray(invoices.status, [...ISSUED]),
  );
  const [invoiceRows, paymentRows, noteRows] = await Promise.all([
    db
      .select({
        id: invoices.id,
        number: invoices.invoiceNumber,
        date: invoices.invoiceDate,
        dueDate: invoices.dueDate,
        totalMinor: invoices.totalMinor,
        createdAt: invoices.createdAt,
      })
      .from(invoices)
      .where(and(ofClient, lte(invoices.invoiceDate, q.to)))
      .orderBy(asc(invoices.invoiceDate), asc(invoices.createdAt)),
    db
      .select({
        id: invoicePayments.id,
        invoiceId: invoicePayments.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        amountMinor: invoicePayments.amountMinor,
        paidOn: invoicePayments.paidOn,
        method: invoicePayments.method,
        reference: invoicePayments.reference,
        createdAt: invoicePayments.createdAt,
        tdsMinor: invoicePayments.tdsMinor,
        tdsSection: invoicePayments.tdsSection,
      })
      .from(invoicePayments)
      .innerJoin(invoices, eq(invoices.id, invoicePayments.invoiceId))
      .where(
        and(
          ofClient,
          eq(invoicePayments.businessId, q.businessId),
          ne(invoicePayments.source, "credit_note"),
          lte(invoicePayments.paidOn, q.to),
        ),
      )
      .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt)),
    db
      .select({
        id: creditNotes.id,
        kind: creditNotes.kind,
        number: creditNotes.noteNumber,
        date: creditNotes.noteDate,
        invoiceId: creditNotes.invoiceId,
        invoiceNumber: invoices.invoiceNumber,
        totalMinor: creditNotes.totalMinor,
        appliedMinor: creditNotes.appliedMinor,
        createdAt: creditNotes.createdAt,
      })
      .from(creditNotes)
      .innerJoin(invoices, eq(invoices.id, creditNotes.invoiceId))
      .where(
        and(
          ofClient,
          eq(creditNotes.businessId, q.businessId),
          eq(creditNotes.status, "issued"),
          eq(creditNotes.currency, q.currency),
          lte(creditNotes.noteDate, q.to),
        ),
      )
      .orderBy(asc(creditNotes.noteDate), asc(creditNotes.createdAt)),
  ]);
  return { invoiceRows, paymentRows, noteRows };
}

export type ClientLedgerRows = Awaited<ReturnType<typeof clientLedger>>;

/** The currencies the client has issued invoices in (a statement is per currency). */
export async function clientCurrencies(db: Db, businessId: string, clientId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ currency: invoices.currency })
    .from(invoices)
    .where(
      and(
        eq(invoices.businessId, businessId),
        eq(invoices.clientId, clientId),
        inArray(invoices.status, [...ISSUED]),
      ),
    )
    .orderBy(asc(invoices.currency));
  return rows.map((r) => r.currency);
}

/** The client's statement for this period and currency, made on first use (one row each). */
export async function upsertStatement(
  db: Db,
  s: { businessId: string; clientId: string; from: string; to: string; currency: string },
): Promise<StatementRow> {
  const key = and(
    eq(statements.businessId, s.businessId),
    eq(statements.clientId, s.clientId),
    eq(statements.fromDate, s.from),
    eq(statements.toDate, s.to),
    eq(statements.currency, s.currency),
  );
  await db
    .insert(statements)
    .values({
      id: randomUUID(),
      businessId: s.businessId,
      clientId: s.clientId,
      fromDate: s.from,
      toDate: s.to,
      currency: s.currency,
    })
    .onConflictDoNothing();
  const [row] = await db.select().from(statements).where(key);
  return row!;
}

export const findStatement: FindOwned<StatementRow | undefined> = (db, businessId, id, opts) =>
  findOwnedRow(db, statements, businessId, id, opts);

/** The statement a public link names (the token alone: whoever holds the link may see it). */
export async function findStatementByToken(db: Db, token: string): Promise<StatementRow | undefined> {
  const [row] = await db.select().from(statements).where(eq(statements.publicToken, token));
  return row;
}

/** Gives the statement this token (a new one revokes the old). */
export function setStatementToken(db: Db, businessId: string, id: string, token: string) {
  return updateOwnedRow(db, statements, businessId, id, { publicToken: token });
}
