import { randomUUID } from "node:crypto";
import { formatMoney } from "#domain/format";
import { unlinked } from "#domain/mail-address";
import { invoiceBalanceDueMinor } from "#domain/status";
import type { Db } from "../db/client";
import { findUserContact } from "../db/queries/payments";
import {
  insertPaymentReport,
  listPaymentReports,
  type PaymentReportRow,
  type PublicInvoiceRow,
  resolvePaymentReport,
} from "../db/queries/public-invoices";
import { AppError, orNotFound } from "../errors";
import { recordEvent } from "./documents/events";
import { findPublicDocument } from "./documents/public-page";
import { recordPayment } from "./invoice-payments";
import type { MailOutbox } from "./mail-jobs";

// The public invoice page (issue 11 parts 1 and 2; DECISIONS §10: the client never signs in) and
// the "I have paid" reports it takes. docs/decisions/0027-public-invoice-page.md.

/** Reports per invoice per hour: a client reports once or twice; more is noise or abuse. */
const REPORTS_PER_HOUR = 5;

/** The invoice behind a public link; none for a wrong or revoked token, or a draft. */
export async function publicInvoice(db: Db, token: string): Promise<PublicInvoiceRow | undefined> {
  return (await findPublicDocument(db, "invoice", token)) as PublicInvoiceRow | undefined;
}

export const balanceOf = (row: PublicInvoiceRow) =>
  invoiceBalanceDueMinor(row.status, Number(row.totalMinor), Number(row.amountPaidMinor));

/**
 * The client says they paid by UPI: kept as a report for the business to confirm or dismiss (it
 * never changes the invoice by itself), and the business is told by e-mail.
 */
export async function reportPayment(
  deps: { db: Db; mailer: MailOutbox; publicUrl: string; onMailFailed: (error: unknown) => void },
  token: string,
  input: { utr: string; note: string },
): Promise<void> {
  const { db } = deps;
  const row = orNotFound(await publicInvoice(db, token), "Invoice");
  const balance = balanceOf(row);
  if (balance <= 0) throw new AppError("nothing_to_pay", "This invoice has nothing left to pay.");
  const kept = await insertPaymentReport(
    db,
    {
      id: randomUUID(),
      businessId: row.businessId,
      invoiceId: row.id,
      amountMinor: balance,
      utr: input.utr,
      note: input.note,
    },
    { max: REPORTS_PER_HOUR, since: new Date(Date.now() - 3_600_000) },
  );
  if (!kept) {
    throw new AppError(
      "too_many_requests",
      "Thank you: the business already has your reports for this invoice.",
    );
  }
  await recordEvent(db, {
    businessId: row.businessId,
    document: { kind: "invoice", id: row.id },
    kind: "payment_reported",
    detail: { utr: input.utr, amountMinor: balance, currency: row.currency },
  });
  void tellBusiness(deps, row, balance, input).catch(deps.onMailFailed);
}

async function tellBusiness(
  deps: { db: Db; mailer: MailOutbox; publicUrl: string },
  row: PublicInvoiceRow,
  balance: number,
  input: { utr: string; note: string },
) {
  const contact = await findUserContact(deps.db, row.businessId);
  if (!contact) return;
  await deps.mailer.send({
    to: contact.email,
    subject: `Payment reported for invoice ${row.invoiceNumber}`,
    text: [
      `${row.clientName || "Your client"} says they paid invoice ${row.invoiceNumber} by UPI.`,
      "",
      `Balance due: ${formatMoney(balance, row.currency)}`,
      `UPI reference (UTR): ${unlinked(input.utr)}`,
      // A stranger's words: plain text only, no link in them made clickable (decision 0044).
      ...(input.note
        ? [
            "",
            "Note (written by the visitor of your public invoice page; Bahi did not check it):",
            unlinked(input.note),
          ]
        : []),
      "",
      "Check your bank or UPI app, then confirm or dismiss it on the invoice:",
      `${deps.publicUrl}/invoice/edit/${row.id}`,
      "",
      "Bahi",
    ].join("\n"),
  });
}

export async function paymentReports(
  db: Db,
  businessId: string,
  invoiceId: string,
): Promise<PaymentReportRow[]> {
  return listPaymentReports(db, businessId, invoiceId);
}

/** Confirming records the reported payment (at most the balance now due) as a UPI payment. */
export async function confirmPaymentReport(
  db: Db,
  businessId: string,
  invoiceId: string,
  reportId: string,
  paidOn: string,
) {
  return db.transaction(async (tx) => {
    const report = await closeReport(tx, { businessId, invoiceId, id: reportId, status: "confirmed" });
    const { invoice } = await recordPayment(
      tx,
      businessId,
      invoiceId,
      {
        amountMinor: Number(report.amountMinor),
        paidOn,
        method: "upi",
        reference: report.utr,
        note: report.note ? `Reported by the client: ${report.note}` : "Reported by the client",
      },
      { source: "upi_report", inTransaction: true },
    );
    return invoice;
  });
}

export async function dismissPaymentReport(db: Db, businessId: string, invoiceId: string, reportId: string) {
  return closeReport(db, { businessId, invoiceId, id: reportId, status: "dismissed" });
}

/** Closes an open report of the client's, confirmed or dismissed, with its event; 404 when none is open. */
async function closeReport(
  db: Db,
  p: { businessId: string; invoiceId: string; id: string; status: "confirmed" | "dismissed" },
) {
  const report = orNotFound(await resolvePaymentReport(db, p), "Report");
  await recordEvent(db, {
    businessId: p.businessId,
    document: { kind: "invoice", id: p.invoiceId },
    kind: p.status === "confirmed" ? "report_confirmed" : "report_dismissed",
    detail: { utr: report.utr },
  });
  return report;
}
