import type { QuoteStatus } from "#domain/quotes";
import { quoteStatus } from "#domain/quotes";
import { now } from "../clock";
import type { Db } from "../db/client";
import type { QuoteRow } from "../db/queries/quotes";
import { cachedSettings } from "../db/queries/settings";

/** The status the quote shows now (expired is worked out from its date in the owner's zone). */
export async function shownQuoteStatus(db: Db, row: QuoteRow): Promise<QuoteStatus> {
  const settings = await cachedSettings(db, row.userId);
  return quoteStatus(row.status, row.validUntil, now(), settings.timeZone);
}
