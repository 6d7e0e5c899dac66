import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { formatMoney } from "#domain/format";
import { isSingleAddress } from "#domain/mail-address";
import { invoiceBalanceDueMinor } from "#domain/status";
import type { Db } from "../db/client";
import { findInvoice } from "../db/queries/invoices";
import { findUserContact } from "../db/queries/payments";
import { readPublicLink } from "../db/queries/public-invoices";
import { readSettings } from "../db/queries/settings";
import { businessSender } from "./business-mail";
import type { RecordGatewayPayment } from "./invoice-online-payments";
import { recordOnlinePayment } from "./invoice-payments";
import type { MailOutbox } from "./mail-jobs";

// After a client pays an invoice online (issue 33 part 3; docs/decisions/0086): the client gets a
// receipt when the invoice names their e-mail, and the business a "payment received" mail. Both
// are queued in the transaction that records the payment, which runs once per payment whichever
// of Checkout's answer, the webhook or the reconciliation comes first (invoice-online-payments.ts
// marks the order paid in it): so they are sent once, and never for a payment that was not kept.
// A receipt is no mail a stranger can make Bahi send (it takes a captured payment), so it does not
// count against the business's mail limit, whose refusal would otherwise undo the payment.

export interface PaymentMailDeps {
  outbox: MailOutbox;
  publicUrl: string;
}

/** Records a captured online payment and queues its two mails, in the caller's transaction. */
export function recordOnlinePaymentAndTell(deps: PaymentMailDeps): RecordGatewayPayment {
  return async (tx, payment) => {
    await recordOnlinePayment(tx, payment);
    await queuePaymentMails(tx, deps, payment);
  };
}

export async function queuePaymentMails(
  tx: Db,
  deps: PaymentMailDeps,
  p: { businessId: string; invoiceId: string; amountMinor: number; paymentId: string; paidAt: Date },
): Promise<void> {
  const row = await findInvoice(tx, p.businessId, p.invoiceId);
  if (!row) return;
  const doc = row.invoiceData;
  const [settings, link, owner] = await Promise.all([
    readSettings(tx, p.businessId),
    readPublicLink(tx, p.businessId, p.invoiceId),
    findUserContact(tx, p.businessId),
  ]);
  const money = (minor: number) => formatMoney(minor, row.currency);
  const amount = money(p.amountMinor);
  const balance = invoiceBalanceDueMinor(row.status, Number(row.totalMinor), Number(row.amountPaidMinor));
  const paidOn = formatPageDate(todayInTimeZone(p.paidAt, settings.timeZone));
  const business = doc.company.name || settings.companyName || "the business";
  const left = balance > 0 ? `Balance still due: ${money(balance)}` : "The invoice is now paid in full.";
  const facts = [
    `Amount received: ${amount}`,
    `Invoice: ${row.invoiceNumber}`,
    `Paid on: ${paidOn} (online, through Razorpay)`,
    `Payment reference: ${p.paymentId}`,
    left,
  ];

  const clientEmail = doc.client.email?.trim() ?? "";
  if (clientEmail && isSingleAddress(clientEmail)) {
    const sender = await businessSender(tx, p.businessId, doc.company);
    await deps.outbox.send(
      {
        to: clientEmail,
        subject: `Receipt: ${amount} received for invoice ${row.invoiceNumber}`,
        text: [
          `Dear ${doc.client.name || "customer"},`,
          "",
          `Thank you for your payment to ${business}.`,
          "",
          ...facts,
          ...(link?.token ? ["", "The invoice:", `${deps.publicUrl}/i/${link.token}`] : []),
          "",
          business,
        ].join("\n"),
        onBehalfOf: sender,
      },
      undefined,
      { tx },
    );
  }
  if (owner) {
    await deps.outbox.send(
      {
        to: owner.email,
        subject: `Payment received: ${amount} for invoice ${row.invoiceNumber}`,
        text: [
          `${row.clientName || doc.client.name || "Your client"} paid ${amount} online for invoice ${row.invoiceNumber}. It is recorded on the invoice.`,
          "",
          ...facts,
          "",
          clientEmail && isSingleAddress(clientEmail)
            ? `A receipt was sent to ${clientEmail}.`
            : "No receipt was sent: the invoice has no e-mail address for the client.",
          "",
          "Open the invoice:",
          `${deps.publicUrl}/invoice/edit/${row.id}`,
          "",
          "Bahi",
        ].join("\n"),
      },
      undefined,
      { tx },
    );
  }
}
