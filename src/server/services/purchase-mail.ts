import { planById } from "#domain/credits";
import { formatMoney } from "#domain/format";
import { PAYMENT_MESSAGES } from "#domain/messages";
import type { Db } from "../db/client";
import { findUserContact, type PaymentOrder } from "../db/queries/payments";
import { readCreditBalance } from "./credits";
import type { Mailer } from "./mail";

/** The receipt mailed to the buyer once an order's credits are in the balance. */
export async function sendPurchaseMail(db: Db, mailer: Mailer, order: PaymentOrder): Promise<void> {
  const contact = await findUserContact(db, order.businessId);
  if (!contact) return;
  const { credits } = await readCreditBalance(db, order.businessId);
  const plan = planById(order.planId);
  const price = formatMoney(order.amountPaise, "INR");
  await mailer.send({
    to: contact.email,
    subject: `Bahi: ${order.credits} credits added to your account`,
    text: [
      `Hello${contact.name ? ` ${contact.name}` : ""},`,
      "",
      `Thank you for your purchase. ${PAYMENT_MESSAGES.creditsAdded(order.credits)}`,
      "",
      `Plan: ${plan?.name ?? `${order.credits} Credits`}`,
      `Price: ${price}${order.testMode ? " (test mode: no money moved)" : ""}`,
      `Order: ${order.providerOrderId}`,
      `Your balance is now ${credits} credits. Credits do not expire.`,
      "",
      "Bahi",
    ].join("\n"),
  });
}
