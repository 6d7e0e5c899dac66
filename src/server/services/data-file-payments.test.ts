import { describe, expect, it } from "vitest";
import { contractOf } from "#contract";
import { fieldErrors } from "#contract/common";
import { thrown } from "#domain/testing/thrown";
import { AppError } from "../errors";
import { invoiceRequest } from "../testing/invoice-request";
import { checkPaymentTotals, parseDataFile } from "./data-file";
import { paymentsTotalProblem, readInvoicePayments } from "./data-file-payments";

const company = {
  name: "Kesari Traders",
  email: "",
  address: "",
  phone: "",
  gstin: "",
  logoImageId: null,
  signatureImageId: null,
  upiQrImageId: null,
};

/** An invoice of the file: one line of 1,000.00 (no tax), issued. */
const invoice = (n: number, over: Record<string, unknown> = {}) =>
  invoiceRequest(`INV-${n}`, {
    items: [{ id: "l1", name: "Consulting", quantity: "1", rate: "1000" }],
    ...over,
  });
const payment = (over: Record<string, unknown> = {}) => ({
  amount: "400.00",
  paidOn: "2026-05-10",
  method: "upi",
  reference: "UTR 1",
  note: "",
  ...over,
});
/** `payment()` as read: 400.00 by UPI, entered by hand. */
const READ_PAYMENT = {
  amountMinor: 40_000,
  paidOn: "2026-05-10",
  method: "upi",
  reference: "UTR 1",
  note: "",
  source: "manual",
};
const file = (invoices: unknown[]) => ({ invoices, clients: [], productServices: [], settings: {} });

const refusal = (check: () => unknown) => thrown(AppError, check);

describe("readInvoicePayments", () => {
  const due = { currency: "INR", status: "due" } as const;

  it("reads amounts as exact minor units in the currency's decimals", () => {
    const read = readInvoicePayments(
      [payment(), payment({ amount: 0.1, method: "cash", reference: null, note: undefined })],
      due,
    );
    expect(read).toEqual({
      problems: [],
      payments: [
        READ_PAYMENT,
        { amountMinor: 10, paidOn: "2026-05-10", method: "cash", reference: "", note: "", source: "manual" },
      ],
    });
    expect(
      readInvoicePayments([payment({ amount: "600" })], { currency: "JPY", status: "due" }),
    ).toMatchObject({ problems: [], payments: [{ amountMinor: 600 }] });
    expect(readInvoicePayments([payment({ amount: "600.5" })], { currency: "JPY", status: "due" })).toEqual({
      payments: [],
      problems: ["payments.0.amount: Must be a whole amount more than 0."],
    });
  });

  it("names each bad payment by its place, with the payments route's messages", () => {
    const { problems } = readInvoicePayments(
      [
        payment({ amount: "0" }),
        payment({ amount: "-5" }),
        payment({ amount: "abc" }),
        payment({ paidOn: "2026-02-30" }),
        payment({ method: "barter" }),
        payment({ note: "n".repeat(501) }),
        payment({ amount: "1e15" }),
      ],
      due,
    );
    const route = fieldErrors(
      contractOf("POST", "/api/invoices/:id/payments")!.body!.safeParse({
        amountMinor: 1,
        paidOn: "2026-02-30",
        method: "barter",
        note: "n".repeat(501),
      }).error!,
    );
    expect(problems).toEqual([
      "payments.0.amount: Must be an amount more than 0 with at most 2 decimals.",
      "payments.1.amount: Must be an amount more than 0 with at most 2 decimals.",
      "payments.2.amount: Must be an amount more than 0 with at most 2 decimals.",
      `payments.3.paidOn: ${route.paidOn}`,
      `payments.4.method: ${route.method}`,
      `payments.5.note: ${route.note}`,
      "payments.6.amount: Must be an amount more than 0 with at most 2 decimals.",
    ]);
  });

  it("takes none on a draft or cancelled invoice, and reads absent, null or empty as none", () => {
    expect(readInvoicePayments([payment()], { currency: "INR", status: "draft" }).problems).toEqual([
      "payments: A draft invoice takes no payments.",
    ]);
    expect(readInvoicePayments([payment()], { currency: "INR", status: "cancelled" }).problems).toEqual([
      "payments: A cancelled invoice takes no payments.",
    ]);
    for (const none of [undefined, null, []]) {
      expect(readInvoicePayments(none, { currency: "INR", status: "draft" })).toEqual({
        payments: [],
        problems: [],
      });
    }
    expect(readInvoicePayments("400", due).problems).toEqual(["payments: Must be a list of payments."]);
    expect(readInvoicePayments(Array(1001).fill(payment()), due).problems).toEqual([
      "payments: At most 1000 payments.",
    ]);
  });

  it("keeps a 'Marked as paid' payment as such only on a paid invoice", () => {
    const marked = payment({ amount: "1000", source: "status" });
    const paid = readInvoicePayments([marked], { currency: "INR", status: "paid" });
    expect(paid.payments[0]?.source).toBe("status");
    expect(readInvoicePayments([marked], due).payments[0]?.source).toBe("manual");
    const gateway = readInvoicePayments([payment({ source: "razorpay", externalId: "pay_1" })], due);
    expect(gateway.payments[0]).toEqual(READ_PAYMENT);
  });
});

describe("paymentsTotalProblem", () => {
  const pays = (...minor: number[]) =>
    minor.map((amountMinor) => ({
      amountMinor,
      paidOn: "2026-05-10",
      method: "cash" as const,
      reference: "",
      note: "",
      source: "manual" as const,
    }));

  it("never more than the total; the whole total when paid, less when due", () => {
    const due = { currency: "INR", status: "due" } as const;
    const paid = { currency: "INR", status: "paid" } as const;
    expect(paymentsTotalProblem(due, pays(40_000, 20_000), 100_000)).toBeNull();
    expect(paymentsTotalProblem(paid, pays(40_000, 60_000), 100_000)).toBeNull();
    expect(paymentsTotalProblem(paid, [], 100_000)).toBeNull();
    expect(paymentsTotalProblem(due, pays(60_000, 60_000), 100_000)).toBe(
      "payments: They add up to ₹1,200.00, more than the invoice's total (₹1,000.00).",
    );
    expect(paymentsTotalProblem(paid, pays(60_000), 100_000)).toBe(
      "payments: A paid invoice's payments must add up to its total (₹1,000.00); these add up to ₹600.00.",
    );
    expect(paymentsTotalProblem(due, pays(100_000), 100_000)).toBe(
      "payments: They add up to the whole total (₹1,000.00), so the invoice's status must be paid.",
    );
  });
});

describe("the whole-file check of payments", () => {
  it("names the invoice's index for a bad payment, beside the file's other errors", () => {
    const refused = refusal(() =>
      parseDataFile(
        file([
          invoice(1, { payments: [payment()] }),
          invoice(2, { status: "draft", payments: [payment()] }),
          invoice(3, { payments: [payment({ method: "barter" })] }),
        ]),
      ),
    );
    expect(refused.message).toBe(
      [
        "Invoice import error at index 1: payments: A draft invoice takes no payments.",
        "Invoice import error at index 2: payments.0.method: Choose how it was paid.",
      ].join("\n"),
    );
    expect(refused.fields).toEqual({
      "invoices.1": "payments: A draft invoice takes no payments.",
      "invoices.2": "payments.0.method: Choose how it was paid.",
    });
  });

  it("checks the sums against totals computed from the lines, with tax, for the company", () => {
    const taxed = {
      items: [{ id: "l1", name: "Tea", quantity: "2", rate: "450", taxPercent: "5" }], // 945.00
    };
    const parsed = parseDataFile(
      file([
        invoice(1, {
          ...taxed,
          status: "paid",
          payments: [payment({ amount: "900" }), payment({ amount: "45" })],
        }),
        invoice(2, { ...taxed, payments: [payment({ amount: "945.00" })] }),
        invoice(3, {
          ...taxed,
          status: "paid",
          totalAmount: "1.00",
          payments: [payment({ amount: "1.00" })],
        }),
        invoice(4, { status: "paid" }),
      ]),
    );
    expect(parsed.invoices.map((i) => i.payments.length)).toEqual([2, 1, 1, 0]);
    const refused = refusal(() => checkPaymentTotals(parsed.invoices, company));
    // The file's own totalAmount is not believed: the total comes from the lines.
    expect(refused.message).toBe(
      [
        "Invoice import error at index 1: payments: They add up to the whole total (₹945.00), so the invoice's status must be paid.",
        "Invoice import error at index 2: payments: A paid invoice's payments must add up to its total (₹945.00); these add up to ₹1.00.",
      ].join("\n"),
    );
    expect(() => checkPaymentTotals(parsed.invoices.slice(0, 1), company)).not.toThrow();
  });
});
