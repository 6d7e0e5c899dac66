import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { addDays } from "#domain/dates";
import { financialYearMonths } from "#domain/document-number";
import { describeEachDb, testAppForSuite } from "#server/testing/harness";
import { insertPersonWithBusiness } from "#server/testing/people";
import { queryRows } from "../client";
import { invoicePayments, invoices } from "../schema";
import { dashboardData, lastTwelveMonths } from "./dashboard";

// The money received per month is kept by the payments' triggers (migration 0021) instead of summed
// per request. Over random payments across months and a financial year's turn, changed in every way
// a payment changes (more, re-dated, deleted, an invoice deleted with its payments, an invoice's
// currency changed), the dashboard's months and year equal the payments summed by hand: credit
// notes left out, dates after today left out, each invoice counted once a month and once a year.

const TODAY = "2026-06-12"; // the financial year 2026-27 began in April: two kept months of it before June
const dayArb = fc.integer({ min: -130, max: 20 }).map((d) => addDays(TODAY, d));

function expected(
  payments: {
    invoiceId: string;
    currency: string;
    amountMinor: number;
    paidOn: string;
    creditNote: boolean;
  }[],
) {
  const from = [
    `${lastTwelveMonths(TODAY.slice(0, 7))[0]}-01`,
    `${financialYearMonths(TODAY).first}-01`,
  ].sort()[0]!;
  const yearStart = `${financialYearMonths(TODAY).first}-01`;
  const counted = payments.filter((p) => !p.creditNote && p.paidOn >= from && p.paidOn <= TODAY);
  const months = new Map<
    string,
    { currency: string; month: string; amountMinor: number; ids: Set<string> }
  >();
  const year = new Map<string, { currency: string; amountMinor: number; ids: Set<string> }>();
  for (const p of counted) {
    const key = `${p.currency}|${p.paidOn.slice(0, 7)}`;
    const m = months.get(key) ?? {
      currency: p.currency,
      month: p.paidOn.slice(0, 7),
      amountMinor: 0,
      ids: new Set(),
    };
    m.amountMinor += p.amountMinor;
    m.ids.add(p.invoiceId);
    months.set(key, m);
    const y = year.get(p.currency) ?? { currency: p.currency, amountMinor: 0, ids: new Set() };
    if (p.paidOn >= yearStart) {
      y.amountMinor += p.amountMinor;
      y.ids.add(p.invoiceId);
    }
    year.set(p.currency, y);
  }
  const byKey = (a: { currency: string; month?: string }, b: { currency: string; month?: string }) =>
    `${a.currency}${a.month}`.localeCompare(`${b.currency}${b.month}`);
  return {
    months: [...months.values()].map(({ ids, ...m }) => ({ ...m, count: ids.size })).sort(byKey),
    year: [...year.values()].map(({ ids, ...y }) => ({ ...y, count: ids.size })).sort(byKey),
  };
}

describeEachDb("the money received, kept per month", (kind) => {
  const t = testAppForSuite(kind);

  it("equals the payments summed, through every way payments come, change and go", async () => {
    const db = t.database.db;
    // Mostly payments (one in four a credit note's share), now and then another change.
    const change = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.record({
          kind: fc.constant("pay" as const),
          invoice: fc.nat(3),
          amountMinor: fc.integer({ min: 1, max: 9_999 }),
          paidOn: dayArb,
          creditNote: fc.nat(3).map((n) => n === 0),
        }),
      },
      fc.record({ kind: fc.constant("move" as const), payment: fc.nat(40), paidOn: dayArb }),
      fc.record({ kind: fc.constant("unpay" as const), payment: fc.nat(40) }),
      fc.record({ kind: fc.constant("delete" as const), invoice: fc.nat(3) }),
      fc.record({ kind: fc.constant("currency" as const), invoice: fc.nat(3) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 15, maxLength: 40 }), async (changes) => {
        const businessId = randomUUID();
        await insertPersonWithBusiness(db, {
          id: businessId,
          email: `${businessId}@example.com`,
          name: "Received",
        });
        const ids = Array.from({ length: 4 }, () => randomUUID());
        await db.insert(invoices).values(
          ids.map((id, i) => ({
            id,
            businessId,
            invoiceNumber: `R-${i}`,
            clientName: "Client",
            totalMinor: 1_000_000,
            currency: i === 3 ? "USD" : "INR",
            status: "due" as const,
            invoiceDate: addDays(TODAY, -400),
            invoiceData: {},
          })),
        );
        const deleted = new Set<number>();
        for (const c of changes) {
          if ("invoice" in c && deleted.has(c.invoice)) continue;
          const payments = await db
            .select({ id: invoicePayments.id })
            .from(invoicePayments)
            .where(eq(invoicePayments.businessId, businessId))
            .orderBy(invoicePayments.id);
          const target =
            c.kind === "move" || c.kind === "unpay"
              ? payments[c.payment % Math.max(1, payments.length)]
              : undefined;
          if (c.kind === "pay") {
            await db
              .insert(invoicePayments)
              .values({
                id: randomUUID(),
                businessId,
                invoiceId: ids[c.invoice]!,
                amountMinor: c.amountMinor,
                paidOn: c.paidOn,
                method: "other",
                source: c.creditNote ? "credit_note" : "manual",
              })
              .onConflictDoNothing();
          } else if (c.kind === "move" && target) {
            await db
              .update(invoicePayments)
              .set({ paidOn: c.paidOn })
              .where(eq(invoicePayments.id, target.id));
          } else if (c.kind === "unpay" && target) {
            await db.delete(invoicePayments).where(eq(invoicePayments.id, target.id));
          } else if (c.kind === "delete") {
            deleted.add(c.invoice);
            await db.delete(invoices).where(eq(invoices.id, ids[c.invoice]!));
          } else if (c.kind === "currency") {
            await db
              .update(invoices)
              .set({ currency: sql`case when ${invoices.currency} = 'INR' then 'USD' else 'INR' end` })
              .where(eq(invoices.id, ids[c.invoice]!));
          }
        }
        const now = await queryRows<{
          invoiceId: string;
          currency: string;
          amountMinor: number;
          paidOn: string;
          creditNote: boolean;
        }>(
          db,
          sql`select p.invoice_id as "invoiceId", i.currency, p.amount_minor::float8 as "amountMinor",
                p.paid_on::text as "paidOn", p.source = 'credit_note' as "creditNote"
              from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id
              where ${inArray(sql`p.invoice_id`, ids)}`,
        );
        const { received } = await dashboardData(db, businessId, TODAY);
        const sort = <R extends { currency: string; month?: string }>(rows: R[]) =>
          [...rows].sort((a, b) => `${a.currency}${a.month}`.localeCompare(`${b.currency}${b.month}`));
        expect({ months: sort(received.months), year: sort(received.year) }).toEqual(expected(now));
      }),
      { seed: 20261127, numRuns: 15, endOnFailure: true },
    );
  });
});
