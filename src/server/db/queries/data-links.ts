import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import type { InvoiceRecord } from "#contract/data-file";
import type { ImportedQuote } from "#contract/data-file-documents";
import type { StatementRecord } from "#contract/data-file-links";
import type { Db } from "../client";
import { invoiceReminders, invoices, quotes, statements } from "../schema";
import { inChunks } from "./data-documents";
import { rowsOfBusiness } from "./owned";

// The public links and the reminders sent of the user's data set (decision 0087): read for the
// export, written by the import in its transaction. Every statement names the business.

export async function readExportLinks(db: Db, businessId: string) {
  const invoiceLinks = await db
    .select({
      id: invoices.id,
      publicToken: invoices.publicToken,
      publicViews: invoices.publicViews,
      publicFirstViewedAt: invoices.publicFirstViewedAt,
      remindersOff: invoices.remindersOff,
    })
    .from(invoices)
    .where(eq(invoices.businessId, businessId));
  const reminderRows = await db
    .select({
      invoiceId: invoiceReminders.invoiceId,
      point: invoiceReminders.point,
      sentAt: invoiceReminders.sentAt,
    })
    .from(invoiceReminders)
    .where(eq(invoiceReminders.businessId, businessId))
    .orderBy(asc(invoiceReminders.invoiceId), asc(invoiceReminders.point));
  const statementRows = await rowsOfBusiness(db, statements, businessId, [
    asc(statements.createdAt),
    asc(statements.id),
  ]);
  return { invoiceLinks, reminderRows, statementRows };
}

/**
 * Drops the file's tokens that a row of another business holds now (the user's own rows are
 * already deleted in this transaction): a link is never taken from the business that has it.
 * Answers how many were dropped.
 */
export async function dropTakenTokens(
  tx: Db,
  data: { invoices: InvoiceRecord[]; quotes: ImportedQuote[]; statements: StatementRecord[] },
): Promise<number> {
  const tokens = [
    ...data.invoices.map((i) => i.sharing?.publicLink?.token),
    ...data.quotes.map((q) => q.record.publicLink?.token),
    ...data.statements.map((s) => s.publicLink?.token),
  ].filter((t): t is string => Boolean(t));
  if (tokens.length === 0) return 0;
  const taken = new Set<string>();
  await inChunks(tokens, async (chunk) => {
    for (const table of [invoices, quotes, statements] as const) {
      const rows = await tx
        .select({ token: table.publicToken })
        .from(table)
        .where(inArray(table.publicToken, chunk));
      for (const row of rows) if (row.token) taken.add(row.token);
    }
  });
  let dropped = 0;
  const drop = <T extends { token: string } | null>(link: T): T | null => {
    if (!link || !taken.has(link.token)) return link;
    dropped++;
    return null;
  };
  for (const invoice of data.invoices) {
    if (invoice.sharing) invoice.sharing.publicLink = drop(invoice.sharing.publicLink);
  }
  for (const quote of data.quotes) quote.record.publicLink = drop(quote.record.publicLink);
  for (const statement of data.statements) statement.publicLink = drop(statement.publicLink);
  return dropped;
}

/** The columns an imported invoice takes from its file record's link and reminders switch. */
export function invoiceSharingColumns(record: InvoiceRecord) {
  const link = record.sharing?.publicLink;
  return {
    publicToken: link?.token ?? null,
    publicViews: link?.views ?? 0,
    publicFirstViewedAt: link?.firstViewedAt ?? null,
    remindersOff: record.sharing?.remindersOff ?? false,
  };
}

/** The reminders the file's invoices already had, so the job goes on counting from them. */
export async function insertImportedReminders(
  tx: Db,
  businessId: string,
  records: InvoiceRecord[],
  invoiceIds: string[],
): Promise<void> {
  const rows = records.flatMap((record, i) => {
    const points = new Set<string>();
    return (record.sharing?.reminders ?? []).flatMap(({ point, sentAt }) => {
      if (points.has(point)) return [];
      points.add(point);
      return [{ invoiceId: invoiceIds[i]!, point, businessId, ...(sentAt ? { sentAt } : {}) }];
    });
  });
  await inChunks(rows, (chunk) => tx.insert(invoiceReminders).values(chunk));
}

/** The file's statements of account, for the clients as imported (their ids may have changed). */
export async function insertImportedStatements(
  tx: Db,
  businessId: string,
  records: StatementRecord[],
  clientId: (fileId: string) => string | null,
): Promise<void> {
  const rows = records.flatMap((s) => {
    const client = clientId(s.clientId);
    if (!client) return [];
    return [
      {
        id: randomUUID(),
        businessId,
        clientId: client,
        fromDate: s.fromDate,
        toDate: s.toDate,
        currency: s.currency,
        publicToken: s.publicLink?.token ?? null,
        ...(s.createdAt ? { createdAt: s.createdAt } : {}),
      },
    ];
  });
  await inChunks(rows, (chunk) => tx.insert(statements).values(chunk));
}
