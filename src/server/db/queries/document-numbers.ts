import { and, eq, sql } from "drizzle-orm";
import {
  type DocumentSeries,
  financialYearOfIsoDate,
  formatDocumentNumber,
  nextDocumentNumber,
  parseDocumentNumber,
} from "#domain/document-number";
import { type Db, queryRows } from "../client";
import { documentSequences } from "../schema";

// Every numbered series (INV, QT, CN, DN, DC, PF: decision 0056) in one table, one counter per
// user, series and financial year. The counter moves inside the transaction that issues the
// document, so a rolled-back issue gives its number back and the series has no gaps. Which
// financial year a date falls in is the domain's rule (#domain/document-number).

/**
 * Takes the next number of the series in the financial year of `documentDate` ("YYYY-MM-DD").
 * Call it with the issuing transaction: the atomic upsert locks the counter row until that
 * transaction ends, so concurrent issues queue up and each gets its own number.
 */
export async function allocateNumber(
  tx: Db,
  businessId: string,
  series: DocumentSeries,
  documentDate: string,
): Promise<string> {
  const financialYear = financialYearOfIsoDate(documentDate);
  const [row] = await queryRows<{ last_value: number }>(
    tx,
    sql`insert into ${documentSequences} (business_id, series, financial_year, last_value)
        values (${businessId}, ${series}, ${financialYear}, 1)
        on conflict (business_id, series, financial_year)
        do update set last_value = ${documentSequences}.last_value + 1
        returning last_value`,
  );
  return formatDocumentNumber(series, financialYear, Number(row!.last_value));
}

/**
 * A number of the series typed by hand, kept on an edit or imported moves its year's counter
 * past it (never back), so a later allocation cannot collide with it. Other numbers: nothing.
 */
export async function reserveNumber(tx: Db, businessId: string, series: DocumentSeries, number: string) {
  const parsed = parseDocumentNumber(number, series);
  if (!parsed) return;
  await tx
    .insert(documentSequences)
    .values({ businessId, series, financialYear: parsed.financialYear, lastValue: parsed.sequence })
    .onConflictDoUpdate({
      target: [documentSequences.businessId, documentSequences.series, documentSequences.financialYear],
      set: { lastValue: sql`greatest(${documentSequences.lastValue}, excluded.last_value)` },
    });
}

/** Numbers from an imported file: each year's counter moves past the highest of that year. */
export async function reserveNumbers(
  tx: Db,
  businessId: string,
  series: DocumentSeries,
  numbers: Iterable<string>,
) {
  const highest = new Map<string, { number: string; sequence: number }>();
  for (const number of numbers) {
    const parsed = parseDocumentNumber(number, series);
    if (!parsed) continue;
    const seen = highest.get(parsed.financialYear);
    if (!seen || parsed.sequence > seen.sequence) highest.set(parsed.financialYear, { number, ...parsed });
  }
  for (const { number } of highest.values()) await reserveNumber(tx, businessId, series, number);
}

/** The number the next allocation dated `documentDate` would get, without taking it (a preview). */
export async function peekNumber(
  db: Db,
  businessId: string,
  series: DocumentSeries,
  documentDate: string,
): Promise<string> {
  const financialYear = financialYearOfIsoDate(documentDate);
  const [row] = await db
    .select({ lastValue: documentSequences.lastValue })
    .from(documentSequences)
    .where(
      and(
        eq(documentSequences.businessId, businessId),
        eq(documentSequences.series, series),
        eq(documentSequences.financialYear, financialYear),
      ),
    );
  return nextDocumentNumber(series, financialYear, row?.lastValue ?? 0);
}
