import { and, asc, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from "drizzle-orm";
import type { NoteKind } from "#domain/credit-notes";
import type { Db } from "../client";
import { creditNotes, invoices } from "../schema";
import { type FindOwned, findOwnedRow, insertRow, ofInvoice, rowsOfInvoice } from "./owned";
import { containsPattern } from "./paging";

// Credit and debit notes (decision 0037). Every function names the owner in its WHERE clause.

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type NewCreditNote = typeof creditNotes.$inferInsert;

export interface CreditNoteFilter {
  kind?: NoteKind;
  status?: "issued" | "cancelled";
  search?: string;
  from?: string;
  to?: string;
  invoiceId?: string;
}

const oneNote = (businessId: string, id: string) =>
  and(eq(creditNotes.id, id), eq(creditNotes.businessId, businessId));

export const findCreditNote: FindOwned<CreditNoteRow | null> = async (db, businessId, id, opts) =>
  (await findOwnedRow(db, creditNotes, businessId, id, opts)) ?? null;

/** The notes issued against one invoice of the user, oldest first. */
export function notesOfInvoice(db: Db, businessId: string, invoiceId: string): Promise<CreditNoteRow[]> {
  return rowsOfInvoice(db, creditNotes, { businessId, invoiceId }, [
    asc(creditNotes.noteDate),
    asc(creditNotes.createdAt),
  ]);
}

export function insertCreditNote(tx: Db, note: NewCreditNote): Promise<CreditNoteRow> {
  return insertRow(tx, creditNotes, note);
}

export async function updateCreditNote(
  tx: Db,
  businessId: string,
  id: string,
  fields: Partial<Pick<CreditNoteRow, "status" | "paymentId" | "appliedMinor" | "noteData">>,
): Promise<CreditNoteRow> {
  const [row] = await tx
    .update(creditNotes)
    .set({ ...fields, updatedAt: new Date() })
    .where(oneNote(businessId, id))
    .returning();
  return row!;
}

function whereOf(businessId: string, filter: CreditNoteFilter): SQL {
  const conditions: SQL[] = [eq(creditNotes.businessId, businessId)];
  if (filter.kind) conditions.push(eq(creditNotes.kind, filter.kind));
  if (filter.status) conditions.push(eq(creditNotes.status, filter.status));
  if (filter.from) conditions.push(gte(creditNotes.noteDate, filter.from));
  if (filter.to) conditions.push(lte(creditNotes.noteDate, filter.to));
  if (filter.invoiceId) conditions.push(eq(creditNotes.invoiceId, filter.invoiceId));
  const search = filter.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(creditNotes.noteNumber, pattern),
        ilike(creditNotes.clientName, pattern),
        sql`${creditNotes.noteData}->'note'->'original'->>'invoiceNumber' ilike ${pattern}`,
      )!,
    );
  }
  return and(...conditions)!;
}

/** One page of the user's notes, newest first, and how many match. */
export async function listCreditNotes(
  db: Db,
  businessId: string,
  params: CreditNoteFilter & { page: number; pageSize: number },
): Promise<{ rows: CreditNoteRow[]; total: number }> {
  const where = whereOf(businessId, params);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(creditNotes)
      .where(where)
      .orderBy(desc(creditNotes.noteDate), desc(creditNotes.createdAt), desc(creditNotes.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    db.select({ n: count() }).from(creditNotes).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Whether the invoice has a note that is not cancelled (it then keeps its status and stays). */
export async function hasIssuedNotes(db: Db, businessId: string, invoiceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: creditNotes.id })
    .from(creditNotes)
    .where(ofInvoice(creditNotes, { businessId, invoiceId }, eq(creditNotes.status, "issued")))
    .limit(1);
  return row !== undefined;
}

/**
 * The user's notes dated in [from, to] with their original invoice's stored document, for the
 * GSTR-1 return (cancelled ones too: the return's document summary counts them).
 */
export async function notesWithOriginalsBetween(
  db: Db,
  businessId: string,
  from: string,
  to: string,
): Promise<{ note: CreditNoteRow; originalData: unknown }[]> {
  const rows = await db
    .select({ note: creditNotes, originalData: invoices.invoiceData })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.businessId, businessId)))
    .where(
      and(
        eq(creditNotes.businessId, businessId),
        gte(creditNotes.noteDate, from),
        lte(creditNotes.noteDate, to),
      ),
    )
    .orderBy(asc(creditNotes.noteDate), asc(creditNotes.noteNumber));
  return rows;
}
