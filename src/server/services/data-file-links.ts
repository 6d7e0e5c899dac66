import type { ClientRecord, InvoiceRecord } from "#contract/data-file";
import type { ImportedQuote } from "#contract/data-file-documents";
import {
  type InvoiceSharingRecord,
  invoiceSharingRecordSchema,
  type PublicLinkRecord,
  type StatementRecord,
  statementRecordSchema,
} from "#contract/data-file-links";
import { describeIssues, type FailRecord, parsedRecords } from "./data-file-documents";
import type { LinkKind, PublicLinkProof } from "./public-link-proof";

// The public links sent and the reminders sent, in the export file and back (decision 0087).

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A link as the file writes it, with the proof that this business's export made it. */
export function exportedPublicLink(
  proof: PublicLinkProof,
  businessId: string,
  kind: LinkKind,
  link: { token: string | null; views?: number; firstViewedAt?: Date | null; createdAt?: Date | null },
) {
  if (!link.token) return undefined;
  return {
    token: link.token,
    proof: proof.prove(businessId, kind, link.token),
    ...(link.views !== undefined
      ? { views: link.views, firstViewedAt: iso(link.firstViewedAt ?? null) }
      : {}),
    ...(link.createdAt !== undefined ? { createdAt: iso(link.createdAt) } : {}),
  };
}

/** What an invoice of the file carries about its link and reminders; only what it has. */
export function exportedInvoiceSharing(
  proof: PublicLinkProof,
  businessId: string,
  row: {
    publicToken: string | null;
    publicViews: number;
    publicFirstViewedAt: Date | null;
    remindersOff: boolean;
  },
  reminders: Array<{ point: string; sentAt: Date }>,
) {
  const publicLink = exportedPublicLink(proof, businessId, "invoice", {
    token: row.publicToken,
    views: row.publicViews,
    firstViewedAt: row.publicFirstViewedAt,
  });
  return {
    ...(publicLink ? { publicLink } : {}),
    ...(reminders.length > 0
      ? { reminders: reminders.map((r) => ({ point: r.point, sentAt: r.sentAt.toISOString() })) }
      : {}),
    ...(row.remindersOff ? { remindersOff: true } : {}),
  };
}

/**
 * An invoice's link and reminders as the file has them. A link that cannot be read is none; a
 * reminders list that cannot be read refuses the invoice (it decides what the job sends next).
 */
export function readInvoiceSharing(raw: unknown): { sharing: InvoiceSharingRecord; problems: string[] } {
  const parsed = invoiceSharingRecordSchema.safeParse(isRecord(raw) ? raw : {});
  if (parsed.success) return { sharing: parsed.data, problems: [] };
  return {
    sharing: { publicLink: null, reminders: null, remindersOff: false },
    problems: describeIssues(parsed.error.issues),
  };
}

/** The file's `statements`: each names a client of the file by its id. */
export function readStatementRecords(
  raw: unknown[],
  clients: ClientRecord[],
  fail: FailRecord,
): StatementRecord[] {
  const clientIds = new Set(clients.map((c) => c.id).filter(Boolean));
  const periods = new Set<string>();
  const statements: StatementRecord[] = [];
  for (const { index, record, problems } of parsedRecords(raw, statementRecordSchema, fail)) {
    if (!clientIds.has(record.clientId))
      problems.push(`clientId: ${record.clientId} is not a client of this file.`);
    const period = `${record.clientId} ${record.fromDate} ${record.toDate} ${record.currency}`;
    if (periods.has(period))
      problems.push("This client's statement for this period and currency appears twice.");
    periods.add(period);
    if (problems.length > 0) fail(index, problems);
    else statements.push(record);
  }
  return statements;
}

/**
 * Keeps the file's links that this server's export made for this business, each token once, and
 * drops every other (the document gets a new link when it is shared again). Answers how many
 * were dropped.
 */
export function keepOwnLinks(
  proof: PublicLinkProof,
  businessId: string,
  data: { invoices: InvoiceRecord[]; quotes: ImportedQuote[]; statements: StatementRecord[] },
): number {
  const seen = new Set<string>();
  let dropped = 0;
  const keep = (kind: LinkKind, link: PublicLinkRecord | null): PublicLinkRecord | null => {
    if (!link) return null;
    if (seen.has(link.token) || !proof.verify(businessId, kind, link.token, link.proof)) {
      dropped++;
      return null;
    }
    seen.add(link.token);
    return link;
  };
  for (const invoice of data.invoices) {
    if (invoice.sharing) invoice.sharing.publicLink = keep("invoice", invoice.sharing.publicLink);
  }
  for (const quote of data.quotes) quote.record.publicLink = keep("quote", quote.record.publicLink);
  for (const statement of data.statements) statement.publicLink = keep("statement", statement.publicLink);
  return dropped;
}
