import { todayInTimeZone } from "#domain/dates";
import { financialYearMonths, financialYearOfIsoDate } from "#domain/invoice-number";
import { AGEING_BUCKETS, type AgeingBucket } from "#domain/payments";
import type { DisplayStatus } from "#domain/status";
import { now } from "../clock";
import type { Db } from "../db/client";
import { dashboardData, type InvoiceBucket, type Receivables } from "../db/queries/dashboard";
import { cachedSettings } from "../db/queries/settings";

// DECISIONS §8. Every figure counts invoices by their invoice date: "invoiced" is what was
// issued (due or paid; drafts and cancelled invoices are not invoiced), "paid" and "outstanding"
// split it, "overdue" is the part of outstanding past its due date. So invoiced = paid + outstanding.

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

const STATUS_ORDER: DisplayStatus[] = ["draft", "due", "overdue", "paid", "cancelled"];

const emptyAmount = (): Amount => ({ amountMinor: 0, count: 0 });

function add(into: Amount, bucket: InvoiceBucket) {
  into.amountMinor += bucket.amountMinor;
  into.count += bucket.count;
}

function figuresOf(buckets: InvoiceBucket[]): Figures {
  const figures = {
    invoiced: emptyAmount(),
    paid: emptyAmount(),
    outstanding: emptyAmount(),
    overdue: emptyAmount(),
  };
  // Part payments of due invoices count as paid, and only their balance as outstanding.
  for (const bucket of buckets) {
    if (bucket.status !== "due" && bucket.status !== "paid") continue;
    add(figures.invoiced, bucket);
    if (bucket.status === "paid") add(figures.paid, bucket);
    else {
      const balance = { ...bucket, amountMinor: bucket.amountMinor - bucket.paidMinor };
      figures.paid.amountMinor += bucket.paidMinor;
      add(figures.outstanding, balance);
      if (bucket.overdue) add(figures.overdue, balance);
    }
  }
  return figures;
}

/** "2026-11" and the 11 months before it, oldest first. */
function lastTwelveMonths(month: string): string[] {
  const [year, m] = month.split("-").map(Number);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(year, m - 1 - (11 - i), 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}

/** The dashboard from the grouped invoices; pure, so it is tested on known buckets. */
export function dashboardFigures(buckets: InvoiceBucket[], currency: string, today: string) {
  const month = today.slice(0, 7);
  const label = financialYearOfIsoDate(today);
  const year = financialYearMonths(today);
  const inYear = (b: InvoiceBucket) => b.month >= year.first && b.month <= year.last;
  const own = buckets.filter((b) => b.currency === currency);

  const others = new Map<
    string,
    { currency: string; invoicedMinor: number; paidMinor: number; outstandingMinor: number }
  >();
  for (const bucket of buckets.filter((b) => b.currency !== currency && inYear(b))) {
    const entry = others.get(bucket.currency) ?? {
      currency: bucket.currency,
      invoicedMinor: 0,
      paidMinor: 0,
      outstandingMinor: 0,
    };
    const f = figuresOf([bucket]);
    entry.invoicedMinor += f.invoiced.amountMinor;
    entry.paidMinor += f.paid.amountMinor;
    entry.outstandingMinor += f.outstanding.amountMinor;
    others.set(bucket.currency, entry);
  }

  const revenueByMonth = lastTwelveMonths(month).map((m) => {
    const f = figuresOf(own.filter((b) => b.month === m));
    return { month: m, invoicedMinor: f.invoiced.amountMinor, paidMinor: f.paid.amountMinor };
  });

  const breakdown = new Map(STATUS_ORDER.map((s) => [s, { status: s, count: 0, amountMinor: 0 }]));
  for (const bucket of own) {
    const status: DisplayStatus = bucket.overdue ? "overdue" : bucket.status;
    const entry = breakdown.get(status)!;
    entry.count += bucket.count;
    entry.amountMinor += bucket.amountMinor;
  }

  return {
    month: figuresOf(own.filter((b) => b.month === month)),
    financialYear: { ...figuresOf(own.filter(inYear)), label },
    otherCurrencies: [...others.values()]
      .filter((o) => o.invoicedMinor !== 0)
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
export function receivablesFigures(owed: Receivables, currency: string) {
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
  for (const r of owed.received) {
    entry(r.currency).receivedMonthMinor += r.monthMinor;
    entry(r.currency).receivedYearMinor += r.yearMinor;
  }
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
export async function readDashboard(db: Db, userId: string) {
  const settings = await cachedSettings(db, userId);
  const today = todayInTimeZone(now(), settings.timeZone);
  const { buckets, recent, lowStock, credits, receivables: owed } = await dashboardData(db, userId, today);
  return {
    currency: settings.defaultCurrency,
    timeZone: settings.timeZone,
    today,
    ...dashboardFigures(buckets, settings.defaultCurrency, today),
    receivables: receivablesFigures(owed, settings.defaultCurrency),
    recent,
    lowStock,
    // An account without a balance row has 0, as the credits module reads it (reading never writes).
    credits: credits ?? 0,
  };
}

export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;
