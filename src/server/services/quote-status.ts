import type { PreInvoiceStatus } from "#domain/document-kinds";
import type { QuoteStatus } from "#domain/quotes";
import { quoteStatus } from "#domain/quotes";
import { now } from "../clock";
import type { Db } from "../db/client";
import type { PreInvoiceRow, QuoteRow } from "../db/queries/quotes";
import { cachedSettings } from "../db/queries/settings";

/** The status the document shows now (a quote's expired is worked out in the owner's zone). */
export async function shownStatus(db: Db, row: PreInvoiceRow): Promise<QuoteStatus | PreInvoiceStatus> {
  if (row.kind !== "quote") return row.status;
  const settings = await cachedSettings(db, row.businessId);
  return quoteStatus((row as QuoteRow).status, row.validUntil, now(), settings.timeZone);
}
