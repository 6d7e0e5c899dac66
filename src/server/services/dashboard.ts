import { todayInTimeZone } from "#domain/dates";
import { financialYearMonths, financialYearOfIsoDate } from "#domain/document-number";
import { AGEING_BUCKETS, type AgeingBucket } from "#domain/payments";
import { DISPLAY_STATUSES, invoiceBalanceDueMinor } from "#domain/status";
import { now } from "../clock";
import type { Db } from "../db/client";
import {
  type DueStatusTotal,
  dashboardData,
  type InvoiceBucket,
  lastTwelveMonths,
  type Receivables,
  type Received,
} from "../db/queries/dashboard";
import { foreignReceivablesInRupees } from "../db/queries/receivables-inr";
import { cachedSettings } from "../db/queries/settings";
import { tdsReceivable } from "../db/queries/tds";

// DECISIONS §8. "Invoiced", "outstanding" and "overdue" count invoices by their invoice date:
// invoiced is what was issued (due or paid; drafts and cancelled invoices are not invoiced),
// outstanding what those still owe (a credit note lowers it), overdue the part of outstanding past
// its due date. "Paid" is money received in the period: the payments by their date, never a credit
// note's share (decision 0054), the same figures as "received" in the receivables.

interface Amount {
  amountMinor: number;
  count: number;
}

interface Figures {
  invoiced: Amount;
  paid: Amount;
  outstanding: Amount;
  overdue: Amount;
}

const emptyAmount = (): Amount => ({ amountMinor: 0, count: 0 });

function add(into: Amount, bucket: Amount) {
  into.amountMinor += bucket.amountMinor;
  into.count += bucket.count;
}

function figuresOf(buckets: InvoiceBucket[], received: Amount): Figures {
  const figures = {
    invoiced: emptyAmount(),
    paid: { ...received },
    outstanding: emptyAmount(),
    overdue: emptyAmount(),
  };
  for (const bucket of buckets) {
    if (bucket.status !== "due" && bucket.status !== "paid") continue;
    add(figures.invoiced, bucket);
    if (bucket.status === "due") {
      const balance = {
        count: bucket.count,
        amountMinor: invoiceBalanceDueMinor("due", bucket.amountMinor, bucket.paidMinor),
      };
      add(figures.outstanding, balance);
      if (bucket.overdue) add(figures.overdue, balance);
    }
  }
  return figures;
}

/** The money received, summed over these months' rows. */
function receivedIn(rows: Received["months"], currency: string, months: (month: string) => boolean): Amount {
  const sum = emptyAmount();
  for (const r of rows) if (r.currency === currency && months(r.month)) add(sum, r);
  return sum;
}

/**
 * The dashboard from the grouped invoices, the due invoices by shown status and the money
 * received; pure, so it is tested on known figures.
 */
export function dashboardFigures(
  buckets: InvoiceBucket[],
  dueStatuses: DueStatusTotal[],
  received: Received,
  currency: string,
  today: string,
) {
  const month = today.slice(0, 7);
  const label = financialYearOfIsoDate(today);
  const year = financialYearMonths(today);
  const inYear = (b: InvoiceBucket) => b.month >= year.first && b.month <= year.last;
  const own = buckets.filter((b) => b.currency === currency);
  const receivedYear = (code: string) => {
    const row = received.year.find((r) => r.currency === code);
    return row ? { amountMinor: row.amountMinor, count: row.count } : emptyAmount();
  };

  const others = new Map<
    string,
    { currency: string; invoicedMinor: number; paidMinor: number; outstandingMinor: number }
  >();
  const otherCodes = new Set([
    ...buckets.filter((b) => b.currency !== currency && inYear(b)).map((b) => b.currency),
    ...received.year.filter((r) => r.currency !== currency).map((r) => r.currency),
  ]);
  for (const code of otherCodes) {
    const f = figuresOf(
      buckets.filter((b) => b.currency === code && inYear(b)),
      receivedYear(code),
    );
    others.set(code, {
      currency: code,
      invoicedMinor: f.invoiced.amountMinor,
      paidMinor: f.paid.amountMinor,
      outstandingMinor: f.outstanding.amountMinor,
    });
  }

  const revenueByMonth = lastTwelveMonths(month).map((m) => {
    const f = figuresOf(
      own.filter((b) => b.month === m),
      receivedIn(received.months, currency, (r) => r === m),
    );
    return { month: m, invoicedMinor: f.invoiced.amountMinor, paidMinor: f.paid.amountMinor };
  });

  // By the status each invoice shows (#domain/status): the due ones from the due balances, split
  // by the status rule in SQL; draft, paid and cancelled are their stored status.
  const breakdown = new Map(DISPLAY_STATUSES.map((s) => [s, { status: s, count: 0, amountMinor: 0 }]));
  for (const bucket of own) {
    if (bucket.status !== "due") add(breakdown.get(bucket.status)!, bucket);
  }
  for (const row of dueStatuses) if (row.currency === currency) add(breakdown.get(row.status)!, row);

  return {
    month: figuresOf(
      own.filter((b) => b.month === month),
      receivedIn(received.months, currency, (r) => r === month),
    ),
    financialYear: { ...figuresOf(own.filter(inYear), receivedYear(currency)), label },
    otherCurrencies: [...others.values()]
      .filter((o) => o.invoicedMinor !== 0 || o.paidMinor !== 0)
      .sort((a, b) => a.currency.localeCompare(b.currency)),
    revenueByMonth,
    statusBreakdown: [...breakdown.values()],
  };
}

type Ageing = Record<AgeingBucket, number>;

/**
 * Per currency (the default first): received this month and this financial year (by payment
 * date), the outstanding balance of due invoices and its ageing by days past the due date.
 */
export function receivablesFigures(owed: Receivables, received: Received, currency: string, today: string) {
  const byCurrency = new Map<
    string,
    {
      currency: string;
      receivedMonthMinor: number;
      receivedYearMinor: number;
      outstandingMinor: number;
      ageing: Ageing;
    }
  >();
  const entry = (code: string) => {
    let found = byCurrency.get(code);
    if (!found) {
      const ageing = Object.fromEntries(AGEING_BUCKETS.map((b) => [b, 0])) as Ageing;
      found = { currency: code, receivedMonthMinor: 0, receivedYearMinor: 0, outstandingMinor: 0, ageing };
      byCurrency.set(code, found);
    }
    return found;
  };
  entry(currency);
  for (const r of received.months) {
    if (r.month === today.slice(0, 7)) entry(r.currency).receivedMonthMinor += r.amountMinor;
  }
  for (const r of received.year) entry(r.currency).receivedYearMinor += r.amountMinor;
  for (const b of owed.balances) {
    const e = entry(b.currency);
    b.buckets.forEach((minor, i) => {
      e.outstandingMinor += minor;
      e.ageing[AGEING_BUCKETS[i]!] += minor;
    });
  }
  return [...byCurrency.values()].sort((a, b) =>
    a.currency === currency ? -1 : b.currency === currency ? 1 : a.currency.localeCompare(b.currency),
  );
}

/**
 * Everything the dashboard shows, on the user's today in their time zone: the figures, the
 * latest invoices, the items low on stock (#domain/stock's isLowStock) and the credit balance.
 */
export async function readDashboard(db: Db, businessId: string) {
  const settings = await cachedSettings(db, businessId);
  const today = todayInTimeZone(now(), settings.timeZone);
  const {
    buckets,
    dueStatuses,
    received,
    recent,
    lowStock,
    credits,
    receivables: owed,
  } = await dashboardData(db, businessId, today);
  const tds = await tdsReceivable(db, businessId);
  const inRupees = settings.defaultCurrency === "INR" ? await foreignReceivablesInRupees(db, businessId) : [];
  return {
    currency: settings.defaultCurrency,
    timeZone: settings.timeZone,
    today,
    ...dashboardFigures(buckets, dueStatuses, received, settings.defaultCurrency, today),
    receivables: receivablesFigures(owed, received, settings.defaultCurrency, today).map((r) => {
      const inr = inRupees.find((f) => f.currency === r.currency);
      return inr ? { ...r, outstandingInrMinor: inr.outstandingInrMinor, withoutRate: inr.withoutRate } : r;
    }),
    recent,
    lowStock,
    // An account without a balance row has 0, as the credits module reads it (reading never writes).
    credits: credits ?? 0,
    tdsReceivable: tds,
  };
}

export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;
