import { expect } from "vitest";
import { todayInTimeZone } from "#domain/dates";
import { financialYearOfIsoDate } from "#domain/document-number";
import { invoiceRequest, quoteRequest } from "#domain/testing/invoice";
import type { TestApp } from "./harness";

export { invoiceRequest, quoteRequest };

/**
 * Creates `invoiceRequest(number, over)` for the holder of `cookie`, under a fresh number that starts
 * with `prefix`; expects it made (201) and answers it.
 */
export async function createInvoice(
  t: TestApp,
  cookie: string,
  over: Record<string, unknown> = {},
  prefix = "T",
) {
  const number = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await t.post("/api/invoices", invoiceRequest(number, over), cookie);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().invoice as { id: string; invoiceNumber: string; totalMinor: number };
}

/** Deletes one of an invoice's payments as the holder of `cookie` (the answer: the invoice reopened, or why not). */
export const deletePayment = (t: TestApp, cookie: string, invoiceId: string, paymentId: string) =>
  t.send("DELETE", `/api/invoices/${invoiceId}/payments/${paymentId}`, undefined, cookie);

/**
 * A new account with two saved clients, Asha Traders and Meera Stores, and `invoice(number, clientId,
 * name, rate)`: a due invoice to that client of one "Goods" line at `rate` rupees (expects it made,
 * answers its id). The set-up of the tests that pay invoices from money received (bank lines, advances).
 */
export async function accountWithTwoClients(t: TestApp) {
  const s = await t.signUpAndSignIn();
  const client = async (name: string) => {
    const res = await t.post("/api/clients", { name }, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json().client ?? res.json()).id as string;
  };
  const asha = await client("Asha Traders");
  const meera = await client("Meera Stores");
  const invoice = async (number: string, clientId: string, name: string, rate: string) => {
    const body = invoiceRequest(number, {
      clientId,
      client: { name },
      items: [{ id: "l1", name: "Goods", quantity: "1", rate }],
    });
    const res = await t.post("/api/invoices", body, s.cookie);
    expect(res.statusCode, res.body).toBe(201);
    return res.json().invoice.id as string;
  };
  return { s, asha, meera, invoice };
}

/**
 * A credit note's request against `invoiceId`, dated `noteDate`: a sales return of these lines of
 * the invoice (each by its line id, with the quantity sent back); `over` changes the rest.
 */
export function creditNoteRequest(
  invoiceId: string,
  noteDate: string,
  lines: { originalLineId: string; quantity: string }[],
  over: Record<string, unknown> = {},
) {
  return { invoiceId, kind: "credit", noteDate, reason: "sales_return", lines, ...over };
}

/** A draft quote to Meera Stores (one teak chair at ₹100) at `email`; expects it made (201), answers its id. */
export async function createQuote(t: TestApp, cookie: string, email: string): Promise<string> {
  const quote = await t.post(
    "/api/quotes",
    quoteRequest({ client: { name: "Meera Stores", email } }),
    cookie,
  );
  expect(quote.statusCode, quote.body).toBe(201);
  return quote.json().quote.id as string;
}

/** Kesari Traders' bank account and UPI id, as a business fills them in. */
export const KESARI_BANK = {
  accountHolderName: "Kesari Traders LLP",
  bankName: "SBI",
  accountNumber: "1234567890",
  ifscCode: "SBIN0001234",
  branchName: "Pune",
  upiId: "kesari@okhdfc",
  upiIdIsMerchant: false,
};

/** An invoice its client can pay by UPI or bank transfer (QR code and bank details printed), due in 2099. */
export function payableInvoiceRequest(invoiceNumber: string, over: Record<string, unknown> = {}) {
  return invoiceRequest(invoiceNumber, {
    includeUpiQrCode: true,
    includeBankDetails: true,
    bankDetails: KESARI_BANK,
    dueDate: "2099-01-31",
    ...over,
  });
}

/**
 * Sends `count` invoices at once, dated today in India and numbered by the server from the series
 * (`?autoNumber=1`), and expects the series' numbers 1 to `count` of this financial year, each once
 * (the account's series is new). Answers the responses and the financial year.
 */
export async function expectGaplessSeries(
  t: TestApp,
  cookie: string,
  body: (today: string) => Record<string, unknown>,
  count = 20,
) {
  const today = todayInTimeZone(new Date(), "Asia/Kolkata");
  const fy = financialYearOfIsoDate(today);
  const numbered = (n: number) => `INV/${fy}/${String(n).padStart(4, "0")}`;
  expect((await t.get("/api/invoices/next-number", cookie)).json()).toEqual({
    scheme: "sequential",
    invoiceNumber: numbered(1),
  });
  const results = await Promise.all(
    Array.from({ length: count }, () =>
      t.post("/api/invoices?autoNumber=1", { ...body(today), invoiceNumber: undefined }, cookie),
    ),
  );
  expect(results.map((r) => r.statusCode)).toEqual(Array(count).fill(201));
  const numbers = results.map((r) => r.json().invoice.invoiceNumber).sort();
  expect(numbers).toEqual(Array.from({ length: count }, (_, i) => numbered(i + 1)));
  return { results, fy, today };
}

/**
 * The body of `POST /api/invoices/:id/recurring` for a profile issuing an invoice on the first day
 * of every month from `startDate`, due in 15 days, never ending (`end`: another end).
 */
export const monthlyOn = (startDate: string, end: Record<string, unknown> = { type: "never" }) => ({
  schedule: { rule: { unit: "month", every: 1, day: "start" }, startDate, end },
  action: "issue",
  attachPdf: false,
  dueDays: 15,
});
