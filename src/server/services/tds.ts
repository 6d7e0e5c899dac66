import { csvText } from "#domain/csv";
import { todayInTimeZone } from "#domain/dates";
import { financialYearOfIsoDate } from "#domain/document-number";
import { clientPan, financialYearDates, type TdsLine, tdsCsvRows, tdsGroups } from "#domain/tds";
import { now } from "../clock";
import type { Db } from "../db/client";
import { cachedSettings } from "../db/queries/settings";
import { markTdsSeen, tdsPayments, tdsReceivable } from "../db/queries/tds";
import { notFound } from "../errors";
import { recordActivity } from "./activity-log";

// TDS deducted by clients (issue 33, decision 0088): the report per quarter and client that the
// business matches with Form 26AS, its CSV, and the "seen in 26AS" tick.

async function yearOf(db: Db, businessId: string, financialYear: string | undefined) {
  if (financialYear) return financialYear;
  const settings = await cachedSettings(db, businessId);
  return financialYearOfIsoDate(todayInTimeZone(now(), settings.timeZone));
}

export async function tdsReport(db: Db, businessId: string, query: { financialYear?: string }) {
  const financialYear = await yearOf(db, businessId, query.financialYear);
  const { from, to } = financialYearDates(financialYear);
  const rows = await tdsPayments(db, businessId, from, to);
  const lines: TdsLine[] = rows.map(({ gstin, ...r }) => ({
    ...r,
    amountMinor: Number(r.amountMinor),
    tdsMinor: Number(r.tdsMinor),
    pan: clientPan(null, gstin),
  }));
  const groups = tdsGroups(lines);
  const sum = (pick: (g: (typeof groups)[number]) => number) => groups.reduce((s, g) => s + pick(g), 0);
  return {
    financialYear,
    receivableMinor: (await tdsReceivable(db, businessId)).amountMinor,
    totals: {
      receivedMinor: sum((g) => g.receivedMinor),
      tdsMinor: sum((g) => g.tdsMinor),
      unseenMinor: sum((g) => g.unseenMinor),
    },
    groups,
  };
}

export async function tdsReportCsv(db: Db, businessId: string, query: { financialYear?: string }) {
  const report = await tdsReport(db, businessId, query);
  return {
    fileName: `TDS_${report.financialYear}.csv`,
    body: csvText(tdsCsvRows(report.financialYear, report.groups)),
  };
}

/** Ticks a payment's TDS as seen in Form 26AS (or not), logged; 404 for a payment without TDS or another business's. */
export async function setTdsSeen(db: Db, businessId: string, paymentId: string, seen: boolean) {
  return db.transaction(async (tx) => {
    const row = await markTdsSeen(tx, businessId, paymentId, seen);
    if (!row) throw notFound("Payment with TDS");
    await recordActivity(tx, {
      businessId,
      action: "payment_changed",
      record: { kind: "invoice", id: row.invoiceId, label: row.invoiceNumber },
      detail: { paymentId, tdsMinor: Number(row.tdsMinor), tdsSeenIn26as: seen },
    });
    return {
      paymentId,
      seenIn26as: seen,
      receivableMinor: (await tdsReceivable(tx, businessId)).amountMinor,
    };
  });
}
