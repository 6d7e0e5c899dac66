import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import type { InvoiceSummary } from "#contract/invoices";
import { invoicePayments } from "../db/schema";
import { recordPayment } from "../services/invoice-payments";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

// The payments received travel in the export file (docs/decisions/0026-payments-received.md,
// addendum), on PGlite and PostgreSQL.

type ExportFile = {
  invoices: Array<Record<string, unknown> & { payments?: Array<Record<string, unknown>> }>;
  clients: unknown[];
  settings: Record<string, unknown>;
  productServices: unknown[];
};

describeEachDb("payments received in the export file", (kind) => {
  const t = testAppForSuite(kind);

  async function invoice(cookie: string, number: string, over: Record<string, unknown> = {}) {
    const res = await t.post("/api/invoices", invoiceRequest(number, over), cookie);
    expect(res.statusCode).toBe(201);
    return res.json().invoice as InvoiceSummary;
  }
  async function pay(cookie: string, id: string, payment: Record<string, unknown>) {
    const res = await t.post(`/api/invoices/${id}/payments`, payment, cookie);
    expect(res.statusCode).toBe(201);
  }
  const exportOf = async (cookie: string) => {
    const res = await t.get("/api/export", cookie);
    expect(res.statusCode).toBe(200);
    return { body: res.body, file: res.json() as ExportFile };
  };
  const importFile = (file: unknown, cookie: string) => t.post("/api/import", file, cookie);
  /** The invoice of this number as the list shows it (ids change with an import). */
  const summaryOf = async (cookie: string, number: string) => {
    const res = await t.get(`/api/invoices?search=${encodeURIComponent(number)}`, cookie);
    return (res.json().items as InvoiceSummary[]).find((i) => i.invoiceNumber === number)!;
  };
  const paymentsOf = async (cookie: string, number: string) => {
    const { id } = await summaryOf(cookie, number);
    return (await t.get(`/api/invoices/${id}/payments`, cookie)).json().payments as Array<
      Record<string, unknown>
    >;
  };
  const receivables = async (cookie: string) => (await t.get("/api/dashboard", cookie)).json().receivables;
  const numberAt = (file: ExportFile, number: string) =>
    file.invoices.findIndex((i) => i.invoiceNumber === number);

  /**
   * A due invoice of ₹1,000 with two payments (₹400 by UPI, then ₹200 by cheque the same day as a
   * third of ₹50 in cash), a paid one of ₹100 with its two real payments, one marked paid, a draft.
   */
  async function seed() {
    const s = await t.signUpAndSignIn();
    const partly = await invoice(s.cookie, "EXP-PART", {
      dueDate: "2099-01-31",
      items: [{ id: "l1", name: "Consulting", quantity: "1", rate: "1000" }],
    });
    await pay(s.cookie, partly.id, {
      amountMinor: 40_000,
      paidOn: "2026-05-10",
      method: "upi",
      reference: "UTR 612345678901",
    });
    await pay(s.cookie, partly.id, {
      amountMinor: 20_000,
      paidOn: "2026-05-20",
      method: "cheque",
      reference: "CHQ 001122",
      note: "HDFC, cleared on the 22nd",
    });
    await pay(s.cookie, partly.id, { amountMinor: 5_000, paidOn: "2026-05-20", method: "cash" });
    const paid = await invoice(s.cookie, "EXP-PAID");
    await pay(s.cookie, paid.id, { amountMinor: 3_000, paidOn: "2026-05-03", method: "cash" });
    await pay(s.cookie, paid.id, {
      amountMinor: 7_000,
      paidOn: "2026-05-04",
      method: "bank_transfer",
      reference: "NEFT N123",
    });
    await invoice(s.cookie, "EXP-MARKED", { status: "paid", paymentDate: "2026-05-06" });
    await invoice(s.cookie, "EXP-DRAFT", { status: "draft" });
    return s;
  }

  it("exports each invoice's payments oldest first, and only on invoices that have some", async () => {
    const s = await seed();
    const { file } = await exportOf(s.cookie);
    const byNumber = Object.fromEntries(file.invoices.map((i) => [i.invoiceNumber, i]));
    expect(byNumber["EXP-PART"]!.payments).toEqual([
      {
        amount: "400.00",
        paidOn: "2026-05-10",
        method: "upi",
        reference: "UTR 612345678901",
        note: "",
        source: "manual",
      },
      {
        amount: "200.00",
        paidOn: "2026-05-20",
        method: "cheque",
        reference: "CHQ 001122",
        note: "HDFC, cleared on the 22nd",
        source: "manual",
      },
      { amount: "50.00", paidOn: "2026-05-20", method: "cash", reference: "", note: "", source: "manual" },
    ]);
    expect(byNumber["EXP-MARKED"]!.payments).toEqual([
      {
        amount: "100.00",
        paidOn: "2026-05-06",
        method: "other",
        reference: "",
        note: "Marked as paid",
        source: "status",
      },
    ]);
    expect(byNumber["EXP-DRAFT"]).not.toHaveProperty("payments");
    // The spec's fields stay as they are.
    expect(byNumber["EXP-PART"]).toMatchObject({ status: "due", totalAmount: "1000.00" });
  });

  it("export -> clear -> import keeps part payments, balances, methods, dates and the dashboard's receivables", async () => {
    const s = await seed();
    const first = await exportOf(s.cookie);
    const partBefore = await summaryOf(s.cookie, "EXP-PART");
    const receivablesBefore = await receivables(s.cookie);
    expect(receivablesBefore[0]).toMatchObject({ currency: "INR", outstandingMinor: 35_000 });
    const paymentsBefore = await paymentsOf(s.cookie, "EXP-PART");

    expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
    expect((await receivables(s.cookie))[0]?.outstandingMinor ?? 0).toBe(0);
    const imported = await importFile(first.file, s.cookie);
    expect(imported.statusCode).toBe(200);

    const part = await summaryOf(s.cookie, "EXP-PART");
    expect(part).toMatchObject({
      status: "due",
      displayStatus: "partially_paid",
      amountPaidMinor: 65_000,
      balanceDueMinor: 35_000,
      paymentDate: null,
    });
    const timeless = (i: InvoiceSummary) => ({ ...i, id: "", createdAt: "", updatedAt: "" });
    expect(timeless(part)).toEqual(timeless(partBefore));
    const strip = (p: Record<string, unknown>) => ({ ...p, id: "", createdAt: "" });
    expect((await paymentsOf(s.cookie, "EXP-PART")).map(strip)).toEqual(paymentsBefore.map(strip));
    expect(await receivables(s.cookie)).toEqual(receivablesBefore);

    // The paid invoice keeps its real payments, not one "Marked as paid" of its total.
    expect(await summaryOf(s.cookie, "EXP-PAID")).toMatchObject({
      status: "paid",
      amountPaidMinor: 10_000,
      balanceDueMinor: 0,
    });
    expect(
      (await paymentsOf(s.cookie, "EXP-PAID")).map((p) => [p.amountMinor, p.method, p.source, p.note]),
    ).toEqual([
      [3_000, "cash", "manual", ""],
      [7_000, "bank_transfer", "manual", ""],
    ]);
    // The one made by marking paid stays that kind: reopening the invoice takes it back.
    const marked = await summaryOf(s.cookie, "EXP-MARKED");
    expect((await paymentsOf(s.cookie, "EXP-MARKED")).map((p) => p.source)).toEqual(["status"]);
    const reopened = await t.post(`/api/invoices/${marked.id}/status`, { status: "due" }, s.cookie);
    expect(reopened.statusCode).toBe(200);
    expect(await paymentsOf(s.cookie, "EXP-MARKED")).toEqual([]);

    // Apart from that change, a second export is the first one again.
    const again = await exportOf(s.cookie);
    const at = numberAt(first.file, "EXP-MARKED");
    expect(again.file.invoices.filter((_, i) => i !== at)).toEqual(
      first.file.invoices.filter((_, i) => i !== at),
    );
  });

  it("gives the same file back after a round trip", async () => {
    const s = await seed();
    const first = await exportOf(s.cookie);
    expect((await importFile(first.file, s.cookie)).statusCode).toBe(200);
    expect((await exportOf(s.cookie)).body).toBe(first.body);
  });

  it("still imports a file made before payments were exported", async () => {
    const s = await seed();
    const { file } = await exportOf(s.cookie);
    const old = structuredClone(file);
    for (const invoice of old.invoices) delete invoice.payments;
    expect((await importFile(old, s.cookie)).statusCode).toBe(200);
    // As before: a paid invoice received its total in one payment, a due one nothing.
    expect(
      (await paymentsOf(s.cookie, "EXP-PAID")).map((p) => [p.amountMinor, p.source, p.note, p.paidOn]),
    ).toEqual([[10_000, "status", "Marked as paid", "2026-05-04"]]);
    expect(await summaryOf(s.cookie, "EXP-PART")).toMatchObject({
      status: "due",
      amountPaidMinor: 0,
      balanceDueMinor: 100_000,
    });
    expect(await paymentsOf(s.cookie, "EXP-PART")).toEqual([]);
    expect((await receivables(s.cookie))[0]).toMatchObject({ outstandingMinor: 100_000 });
  });

  it("refuses bad payments, naming the invoice's index, and changes nothing", async () => {
    const s = await seed();
    const before = await exportOf(s.cookie);
    const part = numberAt(before.file, "EXP-PART");
    const paid = numberAt(before.file, "EXP-PAID");
    const draft = numberAt(before.file, "EXP-DRAFT");
    const payment = { amount: "10.00", paidOn: "2026-05-10", method: "upi", reference: "", note: "" };
    const cases: Array<[(f: ExportFile) => void, string]> = [
      [
        (f) => f.invoices[part]!.payments!.push({ ...payment, amount: "400.00" }),
        `Invoice import error at index ${part}: payments: They add up to ₹1,050.00, more than the invoice's total (₹1,000.00).`,
      ],
      [
        (f) => {
          f.invoices[draft]!.payments = [payment];
        },
        `Invoice import error at index ${draft}: payments: A draft invoice takes no payments.`,
      ],
      [
        (f) => {
          f.invoices[part]!.payments![1]!.method = "bitcoin";
        },
        `Invoice import error at index ${part}: payments.1.method: Choose how it was paid.`,
      ],
      [
        (f) => {
          f.invoices[part]!.payments![0]!.paidOn = "2026-02-30";
        },
        `Invoice import error at index ${part}: payments.0.paidOn: Must be a real date, like 2026-11-21.`,
      ],
      [
        (f) => {
          f.invoices[part]!.payments![0]!.amount = "0.005";
        },
        `Invoice import error at index ${part}: payments.0.amount: Must be an amount more than 0 with at most 2 decimals.`,
      ],
      [
        (f) => {
          f.invoices[part]!.payments![0]!.reference = "r".repeat(101);
        },
        `Invoice import error at index ${part}: payments.0.reference: Reference must be at most 100 characters.`,
      ],
      [
        (f) => {
          f.invoices[paid]!.payments!.pop();
        },
        `Invoice import error at index ${paid}: payments: A paid invoice's payments must add up to its total (₹100.00); these add up to ₹30.00.`,
      ],
      [
        (f) => f.invoices[part]!.payments!.push({ ...payment, amount: "350" }),
        `Invoice import error at index ${part}: payments: They add up to the whole total (₹1,000.00), so the invoice's status must be paid.`,
      ],
      [
        (f) => {
          f.invoices[part]!.payments = { amount: "1" } as never;
        },
        `Invoice import error at index ${part}: payments: Must be a list of payments.`,
      ],
    ];
    for (const [spoil, message] of cases) {
      const file = structuredClone(before.file);
      spoil(file);
      const res = await importFile(file, s.cookie);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: "validation_failed", message });
    }
    expect((await exportOf(s.cookie)).body).toBe(before.body);
  });

  it("leaves a gateway's payment id behind, so two accounts can import one file", async () => {
    const s = await t.signUpAndSignIn();
    const businessId = await t.userIdOf(s.cookie);
    const inv = await invoice(s.cookie, "EXP-ONLINE");
    await recordPayment(
      t.database.db,
      businessId,
      inv.id,
      {
        amountMinor: 2_500,
        paidOn: "2026-05-12",
        method: "razorpay",
        reference: "pay_EXP1",
        note: "Paid online",
      },
      { source: "razorpay", externalId: "pay_EXP1" },
    );
    const { file } = await exportOf(s.cookie);
    expect(file.invoices[0]!.payments).toEqual([
      {
        amount: "25.00",
        paidOn: "2026-05-12",
        method: "razorpay",
        reference: "pay_EXP1",
        note: "Paid online",
        source: "razorpay",
      },
    ]);
    const other = await t.signUpAndSignIn();
    expect((await importFile(file, s.cookie)).statusCode).toBe(200);
    expect((await importFile(file, other.cookie)).statusCode).toBe(200);
    const rows = await t.database.db
      .select({ externalId: invoicePayments.externalId, source: invoicePayments.source })
      .from(invoicePayments)
      .where(eq(invoicePayments.reference, "pay_EXP1"));
    expect(rows).toEqual([
      { externalId: null, source: "manual" },
      { externalId: null, source: "manual" },
    ]);
    expect(await summaryOf(other.cookie, "EXP-ONLINE")).toMatchObject({ amountPaidMinor: 2_500 });
  });
});
