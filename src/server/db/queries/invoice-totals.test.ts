import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { addDays } from "#domain/dates";
import { type InvoiceInput, invoiceInputSchema } from "#domain/invoice";
import { AGEING_LIMITS } from "#domain/payments";
import type { StoredStatus } from "#domain/status";
import { AppError } from "#server/errors";
import { dashboardFigures } from "#server/services/dashboard";
import { recordPayment } from "#server/services/invoice-payments";
import {
  changeInvoiceStatus,
  createInvoice,
  deleteInvoice,
  duplicateInvoice,
  updateInvoice,
} from "#server/services/invoices";
import { describeEachDb, testAppForSuite } from "#server/testing/harness";
import { insertPersonWithBusiness } from "#server/testing/people";
import { type Db, queryRows } from "../client";
import { dashboardData, type InvoiceBucket, invoiceBuckets } from "./dashboard";
import { rebuildInvoiceTotals } from "./invoice-totals";

// The dashboard's totals must always equal a fresh GROUP BY over the invoices, and the dashboard
// read from them must equal the one computed by scanning the invoices (the query it replaced).

const BASE = "2026-03-10";
const STATUSES: StoredStatus[] = ["draft", "due", "paid", "cancelled"];

/** The dashboard's old query: every invoice of the user, grouped in one scan. */
async function scannedBuckets(db: Db, businessId: string, today: string): Promise<InvoiceBucket[]> {
  const rows = await queryRows<{
    currency: string;
    month: string;
    status: StoredStatus;
    overdue: boolean;
    count: number;
    amount: string;
    paid: string;
  }>(
    db,
    sql`select currency, to_char(invoice_date, 'YYYY-MM') as month, status,
          (status = 'due' and due_date is not null and due_date < ${today}::date) as overdue,
          count(*)::int as count, sum(total_minor)::text as amount, sum(amount_paid_minor)::text as paid
        from invoices
        where business_id = ${businessId}
        group by 1, 2, 3, 4`,
  );
  return rows.map(({ amount, paid, ...r }) => ({
    ...r,
    count: Number(r.count),
    amountMinor: Number(amount),
    paidMinor: Number(paid),
  }));
}

const sorted = (buckets: InvoiceBucket[]) =>
  buckets
    .map(({ currency, month, status, overdue, count, amountMinor, paidMinor }) => ({
      currency,
      month,
      status,
      overdue,
      count,
      amountMinor,
      paidMinor,
    }))
    .sort((a, b) =>
      `${a.currency}${a.month}${a.status}${a.overdue}`.localeCompare(
        `${b.currency}${b.month}${b.status}${b.overdue}`,
      ),
    );

async function storedTotals(db: Db, businessId: string) {
  return queryRows(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, currency, status, due_month::text as due_month,
          count, total_minor::text as total
        from invoice_month_totals where business_id = ${businessId}
        order by month, currency, status, due_month`,
  );
}

async function dueBalances(db: Db, businessId: string) {
  return queryRows(
    db,
    sql`select currency, due_date::text as due_date, part_paid, count, total_minor::text as total,
          balance_minor::text as balance
        from invoice_due_balances where business_id = ${businessId}
        order by currency, due_date, part_paid`,
  );
}

async function regroupedTotals(db: Db, businessId: string) {
  return queryRows(
    db,
    sql`select to_char(month, 'YYYY-MM-DD') as month, currency, status, due_month::text as due_month,
          count, total_minor::text as total
        from (
          select date_trunc('month', invoice_date)::date as month, currency, status,
            case when status = 'due' and due_date is not null
              then date_trunc('month', due_date)::date else 'infinity'::date end as due_month,
            count(*)::int as count, sum(total_minor)::bigint as total_minor
          from invoices where business_id = ${businessId}
          group by 1, 2, 3, 4
        ) g
        order by month, currency, status, due_month`,
  );
}

interface Shape {
  status: StoredStatus;
  dateOffset: number;
  dueOffset: number | null;
  currency: "INR" | "USD";
  rate: number;
}

function inputOf(shape: Shape, number: string): InvoiceInput {
  const invoiceDate = addDays(BASE, shape.dateOffset);
  return invoiceInputSchema.parse({
    invoiceNumber: number,
    status: shape.status,
    invoiceDate,
    dueDate: shape.dueOffset === null ? null : addDays(invoiceDate, shape.dueOffset),
    paymentDate: shape.status === "paid" ? invoiceDate : null,
    currency: shape.currency,
    client: { name: "Client" },
    items: [{ id: "l1", name: "Thing", quantity: "1", rate: String(shape.rate), taxPercent: "0" }],
  });
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  status: fc.constantFrom(...STATUSES),
  // Around three months either side of BASE, so months, due months and "today" all cross.
  dateOffset: fc.integer({ min: -90, max: 90 }),
  dueOffset: fc.option(fc.integer({ min: 0, max: 60 }), { nil: null }),
  currency: fc.constantFrom("INR" as const, "USD" as const),
  rate: fc.integer({ min: 0, max: 5000 }),
});

type Op =
  | { kind: "create"; shape: Shape }
  | { kind: "edit"; pick: number; shape: Shape }
  | { kind: "status"; pick: number; status: StoredStatus }
  | { kind: "delete"; pick: number }
  | { kind: "duplicate"; pick: number }
  | { kind: "pay"; pick: number; amount: number; dayOffset: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant("create" as const), shape: shapeArb }), weight: 3 },
  {
    arbitrary: fc.record({ kind: fc.constant("edit" as const), pick: fc.nat(), shape: shapeArb }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant("status" as const),
      pick: fc.nat(),
      status: fc.constantFrom(...STATUSES),
    }),
    weight: 2,
  },
  { arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("duplicate" as const), pick: fc.nat() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("pay" as const),
      pick: fc.nat(),
      amount: fc.integer({ min: 1, max: 200_000 }),
      dayOffset: fc.integer({ min: -60, max: 30 }),
    }),
    weight: 2,
  },
);

/**
 * The receivables as the dashboard computed them before the due balances were kept: every due
 * invoice's balance, scanned, by currency and ageing bucket.
 */
async function scannedBalances(db: Db, businessId: string, today: string) {
  const [l1, l2, l3] = AGEING_LIMITS.map((days) => addDays(today, -days));
  const rows = await queryRows<{ currency: string; due: string | null; balance: string }>(
    db,
    sql`select currency, due_date::text as due, (total_minor - amount_paid_minor)::text as balance
        from invoices where business_id = ${businessId} and status = 'due'`,
  );
  const byCurrency = new Map<string, number[]>();
  for (const r of rows) {
    const buckets = byCurrency.get(r.currency) ?? [0, 0, 0, 0, 0];
    const due = r.due ?? "9999-12-31";
    const i = due >= today ? 0 : due >= l1! ? 1 : due >= l2! ? 2 : due >= l3! ? 3 : 4;
    buckets[i]! += Number(r.balance);
    byCurrency.set(r.currency, buckets);
  }
  return [...byCurrency.entries()]
    .map(([currency, buckets]) => ({ currency, buckets }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/** A command refused with this error code is expected here (a number clash, a deleted invoice). */
const refused =
  (...codes: string[]) =>
  (error: unknown): null => {
    if (error instanceof AppError && codes.includes(error.code)) return null;
    throw error;
  };

async function newUser(db: Db): Promise<string> {
  const id = randomUUID();
  await insertPersonWithBusiness(db, { id, email: `${id}@example.com`, name: "Totals" });
  return id;
}

/** The totals equal a fresh GROUP BY, and the dashboard equals the scanning one, on several days. */
async function expectConsistent(db: Db, businessId: string) {
  expect(await storedTotals(db, businessId)).toEqual(await regroupedTotals(db, businessId));
  const kept = await dueBalances(db, businessId);
  await db.transaction((tx) => rebuildInvoiceTotals(tx as unknown as Db, businessId));
  expect(kept).toEqual(await dueBalances(db, businessId));
  const todays = [BASE, "2026-03-01", "2026-03-31", addDays(BASE, -45), addDays(BASE, 75), "2026-04-01"];
  for (const today of todays) {
    const data = await dashboardData(db, businessId, today);
    const read = data.buckets;
    expect(sorted(await invoiceBuckets(db, businessId, today))).toEqual(sorted(read));
    const { balances } = (await dashboardData(db, businessId, today)).receivables;
    const kept = balances
      .filter((b) => b.buckets.some((m) => m !== 0))
      .sort((a, b) => a.currency.localeCompare(b.currency));
    expect(kept).toEqual(await scannedBalances(db, businessId, today));
    const scanned = await scannedBuckets(db, businessId, today);
    expect(sorted(read)).toEqual(sorted(scanned));
    const figures = (buckets: InvoiceBucket[]) =>
      dashboardFigures(buckets, data.dueStatuses, data.received, "INR", today);
    expect(figures(read)).toEqual(figures(scanned));
  }
}

describeEachDb("dashboard totals", (kind) => {
  const t = testAppForSuite(kind);

  it("stay equal to the invoices after any sequence of creates, edits, status changes, deletes and duplicates", async () => {
    const db = t.database.db;
    let serial = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 14 }), async (ops) => {
        const businessId = await newUser(db);
        const ids: string[] = [];
        const pick = (n: number) => ids[n % ids.length];
        for (const op of ops) {
          if (op.kind === "create") {
            const row = await createInvoice(db, businessId, inputOf(op.shape, `T-${++serial}`));
            ids.push(row.id);
          } else if (ids.length === 0) {
          } else if (op.kind === "edit") {
            // An invoice with payments keeps its status and total until they are deleted.
            await updateInvoice(db, businessId, pick(op.pick), inputOf(op.shape, `T-${++serial}`)).catch(
              refused("invoice_has_payments"),
            );
          } else if (op.kind === "status") {
            await changeInvoiceStatus(db, businessId, pick(op.pick), { status: op.status }).catch(
              refused("invoice_has_payments"),
            );
          } else if (op.kind === "pay") {
            // Refused when the invoice takes no payment or the amount passes its balance.
            await recordPayment(db, businessId, pick(op.pick), {
              amountMinor: op.amount,
              paidOn: addDays(BASE, op.dayOffset),
              method: "cash",
              reference: "",
              note: "",
            }).catch(refused("invoice_not_payable", "validation_failed"));
          } else if (op.kind === "delete") {
            const id = pick(op.pick);
            // An issued invoice is cancelled, never deleted (decision 0056): only drafts go.
            const deleted = await deleteInvoice(db, businessId, id).then(
              () => true,
              refused("invoice_has_payments", "issued_invoice_not_deletable"),
            );
            if (deleted) ids.splice(ids.indexOf(id), 1);
          } else {
            const copy = await duplicateInvoice(db, businessId, pick(op.pick)).catch(
              refused("invoice_number_taken"),
            );
            if (copy) ids.push(copy.id);
          }
        }
        await expectConsistent(db, businessId);
      }),
      { seed: 20261123, numRuns: kind === "pglite" ? 40 : 15, endOnFailure: true },
    );
  }, 120_000);

  it("are rebuilt from the invoices (import, clearing data) and removed with the account", async () => {
    const db = t.database.db;
    const businessId = await newUser(db);
    for (let i = 0; i < 3; i++) {
      await createInvoice(
        db,
        businessId,
        inputOf({ status: "due", dateOffset: -i * 20, dueOffset: 10, currency: "INR", rate: 100 }, `R-${i}`),
      );
    }
    await db.execute(sql`delete from invoice_month_totals where business_id = ${businessId}`);
    await db.execute(sql`delete from invoice_due_balances where business_id = ${businessId}`);
    await db.transaction((tx) => rebuildInvoiceTotals(tx as unknown as Db, businessId));
    expect((await storedTotals(db, businessId)).length).toBe(3);
    await expectConsistent(db, businessId);
    await db.execute(sql`delete from "user" where id = ${businessId}`);
    expect(await storedTotals(db, businessId)).toEqual([]);
  });

  it("are backfilled from the invoices by the migration that adds them", async () => {
    const db = t.database.db;
    const businessId = await newUser(db);
    for (const [i, status] of STATUSES.entries()) {
      await createInvoice(
        db,
        businessId,
        inputOf({ status, dateOffset: -i * 31, dueOffset: 40, currency: "INR", rate: 10 + i }, `M-${i}`),
      );
    }
    const expected = await storedTotals(db, businessId);
    const migration = readFileSync(
      new URL("../migrations/0004_dashboard_totals.sql", import.meta.url),
      "utf8",
    ).split("--> statement-breakpoint");
    const backfill = migration.find((statement) => statement.includes("INSERT INTO"))!;
    // Migration 0007 adds what paid invoices received (payments came after the totals).
    const paid = readFileSync(new URL("../migrations/0007_get_paid_api_keys.sql", import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('UPDATE "invoice_month_totals"'))!;
    // Migration 0008 adds the due balances the receivables read.
    const balances = readFileSync(new URL("../migrations/0008_due_balances.sql", import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .find((statement) => statement.includes('INSERT INTO "invoice_due_balances"'))!;
    // Migration 0017 rebuilds them by the status rule's axes (paid > 0) with the invoices' totals.
    const axes = readFileSync(new URL("../migrations/0017_status_axes.sql", import.meta.url), "utf8")
      .split("--> statement-breakpoint")
      .filter((statement) => /^\s*(--.*\n)*\s*(DELETE|INSERT)/.test(statement));
    expect(axes).toHaveLength(2);
    const expectedBalances = await dueBalances(db, businessId);
    // The old migrations name the owner column as it was then; migration 0022 renamed it.
    const today = (statement: string) => statement.replace(/\buser_id\b/g, "business_id");
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from invoice_month_totals`);
      await tx.execute(sql`delete from invoice_due_balances`);
      await tx.execute(sql.raw(today(backfill)));
      await tx.execute(sql.raw(today(paid)));
      await tx.execute(sql.raw(today(balances)));
      for (const statement of axes) await tx.execute(sql.raw(today(statement)));
    });
    expect(await dueBalances(db, businessId)).toEqual(expectedBalances);
    expect(await storedTotals(db, businessId)).toEqual(expected);
    await expectConsistent(db, businessId);
  });

  it.runIf(kind === "postgres")(
    "stay equal to the invoices when many changes of one user run at once",
    async () => {
      const db = t.database.db;
      const businessId = await newUser(db);
      const shape = (i: number): Shape => ({
        status: STATUSES[i % 4],
        dateOffset: (i % 3) * 10, // few months, so transactions meet on the same rows
        dueOffset: i % 2 ? 5 : null,
        currency: i % 5 ? "INR" : "USD",
        rate: 100 + i,
      });
      const ids = await Promise.all(
        Array.from(
          { length: 24 },
          async (_, i) => (await createInvoice(db, businessId, inputOf(shape(i), `C-${i}`))).id,
        ),
      );
      // Deleted by another of these, a duplicate's timestamp number taken by another, or issued
      // when its delete came (only drafts are deleted).
      const gone = refused("not_found", "invoice_number_taken", "issued_invoice_not_deletable");
      await Promise.all(
        ids.flatMap((id, i) => [
          changeInvoiceStatus(db, businessId, id, { status: STATUSES[(i + 1) % 4] }).catch(gone),
          i % 3 === 0
            ? deleteInvoice(db, businessId, id).catch(gone)
            : updateInvoice(db, businessId, id, inputOf(shape(i + 7), `C-${i}`)).catch(gone),
          duplicateInvoice(db, businessId, id).catch(gone),
          createInvoice(db, businessId, inputOf(shape(i + 3), `D-${i}`)),
        ]),
      );
      await expectConsistent(db, businessId);
    },
    60_000,
  );
});
