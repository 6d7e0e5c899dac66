import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { InvoiceCompanyRecord } from "#contract/data-file";
import type {
  DocumentRecord,
  ImportedCreditNote,
  ImportedQuote,
  ImportedRecurringProfile,
} from "#contract/data-file-documents";
import { NOTE_SERIES, type NoteDocument } from "#domain/credit-notes";
import { DOCUMENT_KINDS, PRE_INVOICE_KINDS, type PreInvoiceStatus } from "#domain/document-kinds";
import { financialYearOfIsoDate } from "#domain/document-number";
import { buildInvoiceDocument, type InvoiceCompany, type InvoiceDocument } from "#domain/invoice";
import type { Db } from "../client";
import { creditNotes, invoices, quotes, recurringProfiles, recurringRuns } from "../schema";
import { reserveNumbers } from "./document-numbers";
import { rowsOfBusiness } from "./owned";
import { quoteColumnsOf } from "./quotes";

// Bahi's own records of the export file (quotes, recurring profiles, credit notes): read for the
// export, written by the import in its transaction once the invoices are in. Every statement
// names the user.

const CHUNK = 500;

export async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += CHUNK) await write(rows.slice(i, i + CHUNK));
}

/**
 * Inserts rows keeping the ids the file gave them; an id that another account already uses (a
 * file imported into a second account on this server) gets a new one. Answers file id -> id.
 */
export async function insertKeepingFileIds<T extends { id: string }>(
  rows: T[],
  insert: (chunk: T[]) => Promise<Array<{ id: string }>>,
): Promise<Map<string, string>> {
  const ids = new Map(rows.map((r) => [r.id, r.id]));
  const taken = new Set(rows.map((r) => r.id));
  await inChunks(rows, async (chunk) => {
    for (const row of await insert(chunk)) taken.delete(row.id);
  });
  const retried = rows
    .filter((r) => taken.has(r.id))
    .map((r) => {
      const id = randomUUID();
      ids.set(r.id, id);
      return { ...r, id };
    });
  await inChunks(retried, insert);
  return ids;
}

/** What the import's invoices became, for the records that name them. */
export interface ImportLinks {
  /** The new id and the number of each of the file's invoices, by its place in the checked list. */
  invoiceIds: string[];
  invoiceNumbers: string[];
  invoiceDates: string[];
  clientId: (fileId: string | null) => string | null;
  productId: (fileId: string | null) => string | null;
  /** A document's company: its own snapshot (with only the user's images) or the settings'. */
  company: (snapshot: InvoiceCompanyRecord | null) => InvoiceCompany;
}

/** A record's document with its client and products as imported, computed as the routes do. */
export function importedDocument({ input, company }: DocumentRecord, links: ImportLinks): InvoiceDocument {
  const linked = {
    ...input,
    clientId: links.clientId(input.clientId),
    items: input.items.map((item) => ({ ...item, productId: links.productId(item.productId) })),
  };
  return buildInvoiceDocument(linked, links.company(company));
}

const stamps = (r: { createdAt?: Date; updatedAt?: Date }) => ({
  ...(r.createdAt ? { createdAt: r.createdAt } : {}),
  ...(r.updatedAt ? { updatedAt: r.updatedAt } : {}),
});

// ---- quotes ----

/** The user's quotes, oldest first, with the number of the invoice each was converted into. */
export async function readExportQuotes(db: Db, businessId: string) {
  return db
    .select({ quote: quotes, convertedInvoiceNumber: invoices.invoiceNumber })
    .from(quotes)
    .leftJoin(invoices, and(eq(invoices.id, quotes.convertedInvoiceId), eq(invoices.businessId, businessId)))
    .where(eq(quotes.businessId, businessId))
    .orderBy(asc(quotes.quoteDate), asc(quotes.quoteNumber));
}

/**
 * The file's quotes, linked both ways to the invoices they were converted into, with the public
 * link the import kept (decision 0087); no activity comes with them.
 */
export async function insertImportedQuotes(
  tx: Db,
  businessId: string,
  records: ImportedQuote[],
  links: ImportLinks,
): Promise<void> {
  const rows = records.map((q) => {
    const r = q.record;
    return {
      id: r.id ?? randomUUID(),
      businessId,
      kind: r.kind,
      ...quoteColumnsOf(importedDocument(q, links)),
      status: r.status as PreInvoiceStatus,
      challanReason: r.challanReason,
      consignee: r.consignee,
      returnedAt: r.returnedAt,
      cancelledAt: r.cancelledAt,
      sentAt: r.sentAt,
      answeredAt: r.answeredAt,
      answerName: r.answerName,
      answerComment: r.answerComment,
      convertedInvoiceId: q.convertedInvoice === null ? null : links.invoiceIds[q.convertedInvoice]!,
      convertedAt: r.convertedAt,
      // The link the business sent, when the import kept it (decision 0087).
      publicToken: r.publicLink?.token ?? null,
      publicTokenCreatedAt: r.publicLink ? (r.publicLink.createdAt ?? new Date()) : null,
      ...stamps(r),
    };
  });
  const ids = await insertKeepingFileIds(rows, (chunk) =>
    tx.insert(quotes).values(chunk).onConflictDoNothing().returning({ id: quotes.id }),
  );
  const linked = new Set<string>();
  for (const row of rows) {
    // An invoice made from several challans names the first of them.
    if (!row.convertedInvoiceId || linked.has(row.convertedInvoiceId)) continue;
    linked.add(row.convertedInvoiceId);
    await tx
      .update(invoices)
      .set({ quoteId: ids.get(row.id)! })
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, row.convertedInvoiceId)));
  }
  // The next number of each kind follows the highest of each year's series in the file.
  for (const kind of PRE_INVOICE_KINDS) {
    const numbers = rows.filter((row) => row.kind === kind).map((row) => row.quoteNumber);
    await reserveNumbers(tx, businessId, DOCUMENT_KINDS[kind].series, numbers);
  }
}

// ---- credit and debit notes ----

/** The user's notes, oldest first, with their original invoice's number. */
export async function readExportCreditNotes(db: Db, businessId: string) {
  return db
    .select({ note: creditNotes, invoiceNumber: invoices.invoiceNumber })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.businessId, businessId)))
    .where(eq(creditNotes.businessId, businessId))
    .orderBy(asc(creditNotes.noteDate), asc(creditNotes.noteNumber));
}

/**
 * The file's notes against the imported invoices. Their shares of the balance are already among
 * the invoice's payments (`sharePayments`: note number -> payment id, source "credit_note"); the
 * stock a return brought back is already in the file's quantities, so nothing moves again.
 */
export async function insertImportedCreditNotes(
  tx: Db,
  businessId: string,
  records: ImportedCreditNote[],
  links: ImportLinks,
  sharePayments: Map<string, string>,
): Promise<void> {
  const rows = records.map((n) => {
    const r = n.record;
    const built = importedDocument(n, links);
    const document: NoteDocument = {
      ...built,
      note: {
        kind: r.kind,
        reason: r.reason,
        original: {
          invoiceId: links.invoiceIds[n.invoice]!,
          invoiceNumber: links.invoiceNumbers[n.invoice]!,
          invoiceDate: links.invoiceDates[n.invoice]!,
        },
        originalLineIds: n.originalLineIds,
      },
    };
    return {
      id: r.id ?? randomUUID(),
      businessId,
      kind: r.kind,
      invoiceId: links.invoiceIds[n.invoice]!,
      noteNumber: r.noteNumber,
      financialYear: financialYearOfIsoDate(r.noteDate),
      noteDate: r.noteDate,
      reason: r.reason,
      status: r.status,
      currency: built.currency,
      clientName: built.clientName,
      taxableMinor: built.totals.taxableMinor,
      taxMinor: built.totals.taxMinor,
      totalMinor: built.totals.totalMinor,
      appliedMinor: n.appliedMinor,
      paymentId: sharePayments.get(r.noteNumber) ?? null,
      noteData: document,
      ...stamps(r),
    };
  });
  await insertKeepingFileIds(rows, (chunk) =>
    tx.insert(creditNotes).values(chunk).onConflictDoNothing().returning({ id: creditNotes.id }),
  );
  for (const kind of ["credit", "debit"] as const) {
    const numbers = rows.filter((row) => row.kind === kind).map((row) => row.noteNumber);
    await reserveNumbers(tx, businessId, NOTE_SERIES[kind], numbers);
  }
}

// ---- recurring profiles ----

export async function readExportRecurringProfiles(db: Db, businessId: string) {
  const profileRows = await rowsOfBusiness(db, recurringProfiles, businessId, [
    asc(recurringProfiles.createdAt),
    asc(recurringProfiles.id),
  ]);
  const runRows = await rowsOfBusiness(db, recurringRuns, businessId, [
    asc(recurringRuns.profileId),
    asc(recurringRuns.periodIndex),
  ]);
  return { profileRows, runRows };
}

/**
 * The file's profiles with the periods they handled (so the job goes on from the same period and
 * makes none twice), the invoices they made marked as theirs again.
 */
export async function insertImportedRecurringProfiles(
  tx: Db,
  businessId: string,
  records: ImportedRecurringProfile[],
  links: ImportLinks,
): Promise<void> {
  const invoiceAt = (at: number | null) => (at === null ? null : links.invoiceIds[at]!);
  const rows = records.map((p) => {
    const r = p.record;
    const document = importedDocument(p, links);
    return {
      id: r.id ?? randomUUID(),
      businessId,
      sourceInvoiceId: invoiceAt(p.sourceInvoice),
      clientName: document.clientName,
      currency: document.currency,
      totalMinor: document.totals.totalMinor,
      document,
      schedule: r.schedule,
      state: r.state,
      action: r.action,
      attachPdf: r.attachPdf,
      dueDays: r.dueDays,
      status: r.status,
      nextDate: r.nextDate,
      stoppedAt: r.stoppedAt,
      lastInvoiceId: invoiceAt(p.lastInvoice),
      ...stamps(r),
    };
  });
  const ids = await insertKeepingFileIds(rows, (chunk) =>
    tx.insert(recurringProfiles).values(chunk).onConflictDoNothing().returning({ id: recurringProfiles.id }),
  );
  const runRows = records.flatMap((p, i) =>
    p.record.runs.map((run, n) => ({
      profileId: ids.get(rows[i]!.id)!,
      periodIndex: run.periodIndex,
      businessId,
      periodDate: run.periodDate,
      outcome: run.outcome,
      invoiceId: invoiceAt(p.runInvoices[n]!),
      invoiceNumber: run.invoiceNumber,
    })),
  );
  await inChunks(runRows, (chunk) => tx.insert(recurringRuns).values(chunk));
  for (const run of runRows) {
    if (!run.invoiceId) continue;
    await tx
      .update(invoices)
      .set({ recurringProfileId: run.profileId })
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, run.invoiceId)));
  }
}
