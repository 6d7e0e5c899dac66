import type { FastifyBaseLogger } from "fastify";
import { now } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { RenderQueue } from "../pdf/render-queue";
import { forgetOldActivity } from "../services/activity-log";
import type { BusinessGateways } from "../services/business-gateway";
import { reconcileInvoiceOrders } from "../services/invoice-online-payments";
import type { MailOutbox } from "../services/mail-jobs";
import { sendMonthlyStatements } from "../services/monthly-statements";
import { reconcile } from "../services/payment-events";
import { recordOnlinePaymentAndTell } from "../services/payment-receipts";
import type { Payments } from "../services/payments";
import { runDueRecurring } from "../services/recurring";
import { sendDueReminders } from "../services/reminders";
import type { JobQueue } from "./queue";

/** How often the reminder job looks for reminders due (each goes out within this of its hour). */
const REMINDERS_EVERY_MS = 15 * 60_000;
/** How often the job looks for periods due (each invoice is made within this of its midnight). */
const RECURRING_EVERY_MS = 15 * 60_000;
/** How often activity entries past their year are deleted (an entry lives at most this long beyond it). */
const ACTIVITY_RETENTION_EVERY_MS = 6 * 3_600_000;
/** How often the monthly statements look for a month to send (each goes out within this of midnight). */
const MONTHLY_STATEMENTS_EVERY_MS = 60 * 60_000;

export interface ScheduleDeps {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  payments: Payments;
  gateways: BusinessGateways;
  renderer: RenderQueue;
  outbox: MailOutbox;
}

/**
 * Every periodic job of Bahi, in one place. Each runs once per period across all instances
 * (JobQueue.every); `POST /api/test/run-jobs` runs them in this order.
 */
export function scheduleJobs(queue: JobQueue, deps: ScheduleDeps) {
  const { db, config, payments, gateways, outbox } = deps;
  const publicUrl = config.publicUrl;
  // Credit purchases whose Checkout answer and webhook both went missing: asked of Razorpay.
  if (payments.razorpay) {
    queue.every("reconcile-payments", config.reconcileEveryMs, () => reconcile(payments));
  }
  queue.every("payment-reminders", REMINDERS_EVERY_MS, () =>
    sendDueReminders({ db, mailer: outbox, publicUrl, log: deps.log }, now()),
  );
  // Orders on businesses' own Razorpay accounts whose client closed the page before Checkout
  // answered and whose webhook never came: asked about on the credits' reconciliation schedule.
  queue.every("reconcile-invoice-payments", config.reconcileEveryMs, () =>
    reconcileInvoiceOrders(gateways, recordOnlinePaymentAndTell({ outbox, publicUrl })),
  );
  queue.every("recurring-invoices", RECURRING_EVERY_MS, () =>
    runDueRecurring({ db, queue: deps.renderer, outbox, publicUrl }),
  );
  // The activity log keeps a year (decision 0077), on Bahi's clock.
  queue.every("activity-retention", ACTIVITY_RETENTION_EVERY_MS, () => forgetOldActivity(db, now()));
  // Last month's statement to every client who owes something, once (decision 0081).
  queue.every("monthly-statements", MONTHLY_STATEMENTS_EVERY_MS, () =>
    sendMonthlyStatements({ db, queue: deps.renderer, mailer: outbox, publicUrl }, now()),
  );
}
