import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { addDays } from "#domain/dates";
import {
  DISPLAY_STATUSES,
  type DisplayStatus,
  displayStatus,
  invoiceBalanceDueMinor,
  STORED_STATUSES,
  type StoredStatus,
  statusCells,
} from "#domain/status";
import { presentInvoiceSummary } from "#server/presenters/invoices";
import { dashboardFigures, receivablesFigures } from "#server/services/dashboard";
import { describeEachDb, testAppForSuite } from "#server/testing/harness";
import { insertPersonWithBusiness } from "#server/testing/people";
import { type Db, queryRows } from "../client";
import { invoicePayments, invoices } from "../schema";
import { dashboardData } from "./dashboard";
import { rebuildInvoiceTotals } from "./invoice-totals";
import { listInvoices, listInvoicesForExport } from "./invoices";
import { balanceDueSql, displayStatusSql } from "./status";

// The status rule has one home (#domain/status, STATUS_TABLE) and one SQL twin built from it
// (./status.ts). Over random invoices and days around their due dates, on both databases: the SQL
// shows what the domain shows, every list filter lists exactly the invoices whose badge says its
// status and counts them exactly, and the dashboard's breakdown, outstanding and "Paid" are sums of
// the same rule and of the payments (a credit note's share is no money received).

const BASE = "2026-11-15";

interface Payment {
  amountMinor: number;
  dayOffset: number;
  creditNote: boolean;
}

interface Shape {
  status: StoredStatus;
  totalMinor: number;
  /** For a due invoice: how much of its total was paid, in thousandths (0: nothing). */
  paidShare: number;
  dueOffset: number | null;
  dateOffset: number;
  creditNote: boolean;
  paidDayOffset: number;
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  status: fc.constantFrom(...STORED_STATUSES),
  totalMinor: fc.integer({ min: 0, max: 5_000_000 }),
  paidShare: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 })),
  // Due dates a few days either side of the days the test looks from, and none.
  dueOffset: fc.option(fc.integer({ min: -4, max: 4 }), { nil: null }),
  dateOffset: fc.integer({ min: -70, max: 0 }),
  creditNote: fc.boolean(),
  paidDayOffset: fc.integer({ min: -70, max: 0 }),
});

/** What an invoice of this shape has received, as payments (the stored amount is their sum). */
function paymentsOf(shape: Shape): Payment[] {
  const { status, totalMinor } = shape;
  let paid = 0;
  if (status === "paid") paid = totalMinor;
  else if (status === "due" && totalMinor > 1) paid = Math.floor((totalMinor * shape.paidShare) / 1000);
  if (paid <= 0) return [];
  // A credit note covers part of it (or all), the rest is money received.
  if (shape.creditNote) {
    const credited = Math.max(1, Math.floor(paid / 3));
    return [
      { amountMinor: credited, dayOffset: shape.paidDayOffset, creditNote: true },
      ...(paid - credited > 0 ? [{ amountMinor: paid - credited, dayOffset: 0, creditNote: false }] : []),
    ];
  }
  return [{ amountMinor: paid, dayOffset: shape.paidDayOffset, creditNote: false }];
}

interface Made {
  id: string;
  status: StoredStatus;
  currency: string;
  totalMinor: number;
  dueDate: string | null;
  paidMinor: number;
  invoiceDate: string;
  payments: { amountMinor: number; paidOn: string; creditNote: boolean }[];
}

async function seed(db: Db, businessId: string, shapes: Shape[]): Promise<Made[]> {
  const made: Made[] = shapes.map((shape, i) => {
    const payments = paymentsOf(shape).map((p) => ({
      amountMinor: p.amountMinor,
      paidOn: addDays(BASE, p.dayOffset),
      creditNote: p.creditNote,
    }));
    return {
      id: randomUUID(),
      status: shape.status,
      currency: i % 7 === 6 ? "USD" : "INR",
      totalMinor: shape.totalMinor,
      dueDate: shape.dueOffset === null ? null : addDays(BASE, shape.dueOffset),
      paidMinor: payments.reduce((sum, p) => sum + p.amountMinor, 0),
      invoiceDate: addDays(BASE, shape.dateOffset),
      payments,
    };
  });
  await db.insert(invoices).values(
    made.map((m, i) => ({
      id: m.id,
      businessId,
      invoiceNumber: `S-${String(i).padStart(3, "0")}`,
      clientName: "Client",
      totalMinor: m.totalMinor,
      currency: m.currency,
      status: m.status,
      invoiceDate: m.invoiceDate,
      dueDate: m.dueDate,
      amountPaidMinor: m.paidMinor,
      invoiceData: {},
    })),
  );
  const payments = made.flatMap((m) =>
    m.payments.map((p) => ({
      id: randomUUID(),
      businessId,
      invoiceId: m.id,
      amountMinor: p.amountMinor,
      paidOn: p.paidOn,
      method: "other" as const,
      source: p.creditNote ? ("credit_note" as const) : ("manual" as const),
    })),
  );
  if (payments.length > 0) await db.insert(invoicePayments).values(payments);
  // The kept totals as an import leaves them (invoice-totals.test.ts holds them equal to the ones
  // kept change by change).
  await db.transaction((tx) => rebuildInvoiceTotals(tx as unknown as Db, businessId));
  return made;
}

const ids = (list: { id: string }[]) => list.map((r) => r.id).sort();

async function expectOneRule(db: Db, businessId: string, made: Made[], today: string) {
  const shown = new Map(made.map((m) => [m.id, displayStatus(m.status, m.dueDate, today, m.paidMinor)]));

  // The SQL twin: the shown status and the balance due of every row.
  const rows = await queryRows<{ id: string; shown: DisplayStatus; balance: string }>(
    db,
    sql`select id, ${displayStatusSql(sql`${today}::date`)} as shown, ${balanceDueSql()}::text as balance
        from ${invoices} where business_id = ${businessId}`,
  );
  for (const row of rows) {
    const m = made.find((x) => x.id === row.id)!;
    const invoice = `${m.status} due ${m.dueDate} paid ${m.paidMinor} of ${m.totalMinor} on ${today}`;
    expect({ invoice, shown: row.shown, balance: Number(row.balance) }).toEqual({
      invoice,
      shown: shown.get(m.id),
      balance: invoiceBalanceDueMinor(m.status, m.totalMinor, m.paidMinor),
    });
  }

  // Every filter lists exactly the invoices whose badge says its status, and counts them exactly.
  for (const status of DISPLAY_STATUSES) {
    const expected = made.filter((m) => shown.get(m.id) === status).map((m) => m.id);
    const page = await listInvoices(db, businessId, {
      status,
      sort: "date_desc",
      today,
      page: 1,
      pageSize: 100,
    });
    expect({ status, ids: ids(page.rows) }).toEqual({ status, ids: expected.sort() });
    expect({ status, total: page.total, exact: page.totalIsExact }).toEqual({
      status,
      total: expected.length,
      exact: true,
    });
    for (const row of page.rows) expect(presentInvoiceSummary(row, today).displayStatus).toBe(status);
    // With dates besides (another statement, counted), and in the export.
    const dated = await listInvoices(db, businessId, {
      status,
      from: "2000-01-01",
      sort: "due_asc",
      today,
      page: 1,
      pageSize: 100,
    });
    expect({ status, ids: ids(dated.rows), total: dated.total }).toEqual({
      status,
      ids: expected.sort(),
      total: expected.length,
    });
    const exported = await listInvoicesForExport(db, businessId, { status, sort: "date_desc", today });
    expect({ status, ids: ids(exported) }).toEqual({ status, ids: expected.sort() });
  }

  // The dashboard: its breakdown is the badges' sums; outstanding is the balances' sum; "Paid" is
  // the money received (payments by their date, credit notes left out).
  const data = await dashboardData(db, businessId, today);
  const figures = dashboardFigures(data.buckets, data.dueStatuses, data.received, "INR", today);
  const inr = made.filter((m) => m.currency === "INR");
  expect(figures.statusBreakdown).toEqual(
    DISPLAY_STATUSES.map((status) => {
      const these = inr.filter((m) => shown.get(m.id) === status);
      return {
        status,
        count: these.length,
        amountMinor: these.reduce((sum, m) => sum + m.totalMinor, 0),
      };
    }),
  );
  const month = today.slice(0, 7);
  const receivedIn = (m: Made, within: (paidOn: string) => boolean) =>
    m.payments.filter((p) => !p.creditNote && within(p.paidOn) && p.paidOn <= today);
  const paidThisMonth = inr.filter((m) => receivedIn(m, (d) => d.startsWith(month)).length > 0);
  expect(figures.month.paid).toEqual({
    amountMinor: paidThisMonth
      .flatMap((m) => receivedIn(m, (d) => d.startsWith(month)))
      .reduce((sum, p) => sum + p.amountMinor, 0),
    count: paidThisMonth.length,
  });
  const issuedThisMonth = inr.filter((m) => m.invoiceDate.startsWith(month) && m.status === "due");
  expect(figures.month.outstanding.amountMinor).toBe(
    issuedThisMonth.reduce((sum, m) => sum + invoiceBalanceDueMinor(m.status, m.totalMinor, m.paidMinor), 0),
  );
  expect(figures.month.overdue.amountMinor).toBe(
    issuedThisMonth
      .filter((m) => shown.get(m.id) === "overdue")
      .reduce((sum, m) => sum + invoiceBalanceDueMinor(m.status, m.totalMinor, m.paidMinor), 0),
  );
  const [receivables] = receivablesFigures(data.receivables, data.received, "INR", today);
  expect(receivables).toMatchObject({
    currency: "INR",
    receivedMonthMinor: figures.month.paid.amountMinor,
    outstandingMinor: inr.reduce(
      (sum, m) => sum + invoiceBalanceDueMinor(m.status, m.totalMinor, m.paidMinor),
      0,
    ),
  });
  expect(receivables!.ageing.current).toBe(
    inr
      .filter((m) => ["due", "partially_paid"].includes(shown.get(m.id)!))
      .reduce((sum, m) => sum + invoiceBalanceDueMinor(m.status, m.totalMinor, m.paidMinor), 0),
  );
}

describeEachDb("the status rule in SQL and in the domain", (kind) => {
  const t = testAppForSuite(kind);

  it("has a cell for every stored status, side of the due date and payment", () => {
    expect(statusCells()).toHaveLength(STORED_STATUSES.length * 2 * 2);
    // Zoho's rule (decision 0054): partly paid before the due date, overdue after it.
    expect(displayStatus("due", "2026-11-15", "2026-11-15", 1)).toBe("partially_paid");
    expect(displayStatus("due", "2026-11-14", "2026-11-15", 1)).toBe("overdue");
    expect(displayStatus("due", null, "2026-11-15", 1)).toBe("partially_paid");
  });

  it("agrees with itself over random invoices and days: badges, filters, counts and the dashboard", async () => {
    const db = t.database.db;
    await fc.assert(
      fc.asyncProperty(
        fc.array(shapeArb, { minLength: 1, maxLength: 24 }),
        fc.integer({ min: -2, max: 2 }),
        async (shapes, todayOffset) => {
          const businessId = randomUUID();
          await insertPersonWithBusiness(db, {
            id: businessId,
            email: `${businessId}@example.com`,
            name: "Status",
          });
          const made = await seed(db, businessId, shapes);
          // The seeded day and the days either side, where due dates fall on both sides.
          await expectOneRule(db, businessId, made, addDays(BASE, todayOffset));
        },
      ),
      { seed: 20261127, numRuns: 12, endOnFailure: true },
    );
  }, 120_000);

  it("does not count a credit note as money received on the dashboard", async () => {
    const db = t.database.db;
    const businessId = randomUUID();
    await insertPersonWithBusiness(db, { id: businessId, email: `${businessId}@example.com`, name: "Notes" });
    // November: ₹2,10,000 received on two invoices, and a ₹3,360 credit note settling a third.
    const shape = (totalMinor: number, creditNote: boolean): Shape => ({
      status: "paid",
      totalMinor,
      paidShare: 0,
      dueOffset: 10,
      dateOffset: -5,
      creditNote,
      paidDayOffset: -1,
    });
    await seed(db, businessId, [shape(10_000_000, false), shape(11_000_000, false)]);
    await db.insert(invoices).values({
      id: randomUUID(),
      businessId,
      invoiceNumber: "S-CN",
      clientName: "Client",
      totalMinor: 336_000,
      currency: "INR",
      status: "paid",
      invoiceDate: addDays(BASE, -3),
      amountPaidMinor: 336_000,
      invoiceData: {},
    });
    const [credited] = await queryRows<{ id: string }>(
      db,
      sql`select id from ${invoices} where business_id = ${businessId} and invoice_number = 'S-CN'`,
    );
    await db.insert(invoicePayments).values({
      id: randomUUID(),
      businessId,
      invoiceId: credited!.id,
      amountMinor: 336_000,
      paidOn: addDays(BASE, -2),
      method: "other",
      source: "credit_note",
    });
    await db.transaction((tx) => rebuildInvoiceTotals(tx as unknown as Db, businessId));
    const data = await dashboardData(db, businessId, BASE);
    const figures = dashboardFigures(data.buckets, data.dueStatuses, data.received, "INR", BASE);
    expect(figures.month.invoiced.amountMinor).toBe(21_336_000);
    expect(figures.month.paid).toEqual({ amountMinor: 21_000_000, count: 2 });
    expect(figures.financialYear.paid.amountMinor).toBe(21_000_000);
    expect(figures.revenueByMonth.at(-1)).toEqual({
      month: "2026-11",
      invoicedMinor: 21_336_000,
      paidMinor: 21_000_000,
    });
    const [receivables] = receivablesFigures(data.receivables, data.received, "INR", BASE);
    expect(receivables!.receivedMonthMinor).toBe(21_000_000);
  });
});
