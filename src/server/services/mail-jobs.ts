import type { DocumentRef } from "#domain/document-kinds";
import type { MailLimits } from "#domain/mail-limits";
import type { Db } from "../db/client";
import { releaseReminder } from "../db/queries/reminders";
import type { JobQueue } from "../jobs/queue";
import { refundDownloadCredit } from "./credits";
import { recordEvent } from "./documents/events";
import { type Mailer, type MailMessage, UnsendableMailError } from "./mail";

// Mail about invoices (sending one, reminders, a client's payment report) goes out as a job
// (docs/decisions/0032-job-queue.md): kept in the database until the SMTP server took it, retried
// with backoff when it fails, so a flaky mail server loses nothing. What the sender promised
// comes undone only when the last attempt failed: the PDF's credit is given back, a reminder's
// claim is freed (the next run sends it), and the invoice's activity says it was not delivered.

/** What to undo when a mail could not be delivered at all. */
export interface MailGiveUp {
  businessId: string;
  /** The document the mail was about: its activity tells that it was not delivered. */
  document: DocumentRef;
  /** The PDF attached cost a credit: give it back. */
  refundCredit?: { documentNumber: string };
  /** A reminder's schedule point: free it so the next run sends the reminder again. */
  reminderPoint?: string;
}

/**
 * A give-up as mail jobs queued before decision 0057 kept it: an `invoiceId` that held a quote's
 * id when `quote` was set, and the credit's `invoiceNumber`. Such jobs may still be waiting.
 */
interface LegacyGiveUp {
  businessId: string;
  invoiceId: string;
  quote?: boolean;
  refundCredit?: { invoiceNumber: string };
  reminderPoint?: string;
}

/**
 * Jobs queued before businesses (migration 0022) name the owner `userId` (the same id, since each
 * account's business has the account's id).
 */
type BeforeBusinesses<T> = Omit<T, "businessId"> & { userId: string };

/** The give-up in today's words, whichever shape the job was queued with. */
export function readGiveUp(
  queued: MailGiveUp | LegacyGiveUp | BeforeBusinesses<MailGiveUp> | BeforeBusinesses<LegacyGiveUp>,
): MailGiveUp {
  const kept = ("userId" in queued ? { ...queued, businessId: queued.userId } : queued) as
    | MailGiveUp
    | LegacyGiveUp;
  if ("document" in kept) return kept;
  const { businessId, invoiceId, quote, refundCredit, reminderPoint } = kept;
  return {
    businessId,
    document: { kind: quote ? "quote" : "invoice", id: invoiceId },
    ...(refundCredit ? { refundCredit: { documentNumber: refundCredit.invoiceNumber } } : {}),
    ...(reminderPoint ? { reminderPoint } : {}),
  };
}

export const MAIL_JOB = "mail";

/** A mail as a job carries it (attachments in base64: JSON has no bytes). */
interface MailJob {
  message: Omit<MailMessage, "attachments"> & {
    attachments?: { filename: string; contentBase64: string; contentType: string }[];
  };
  giveUp?: MailGiveUp | LegacyGiveUp;
}

/** A Mailer whose `send` queues the mail (answers once it is kept) instead of sending it now. */
export interface MailOutbox extends Mailer {
  /** With `tx`, queued in that transaction: the mail goes only if it commits (call `ready` first). */
  send(message: MailMessage, giveUp?: MailGiveUp, opts?: { tx?: Db }): Promise<void>;
  /** Starts the queue, so that a transaction may queue mails afterwards. */
  ready?(): Promise<void>;
  /** How much a business may mail strangers (services/business-mail.ts claims against it). */
  readonly limits: MailLimits;
}

export function defineMailJobs(
  queue: JobQueue,
  deps: { db: Db; mailer: Mailer; limits: MailLimits },
  /** Tests and the bench retry at once instead of backing off. */
  retry: { limit: number; delaySeconds: number; backoff: boolean } = {
    limit: 6,
    delaySeconds: 5,
    backoff: true,
  },
): MailOutbox {
  queue.define<MailJob>({
    name: MAIL_JOB,
    // Eleven attempts over about seven minutes (5 s doubling, at most a minute apart), then kept
    // as failed: a mail server that is down for a few minutes loses nothing.
    retryLimit: retry.limit,
    retryDelaySeconds: retry.delaySeconds,
    backoff: retry.backoff,
    maxDelaySeconds: 60,
    run: async (job) => {
      const { message } = job;
      try {
        await deps.mailer.send({
          ...message,
          attachments: message.attachments?.map(({ contentBase64, ...a }) => ({
            ...a,
            content: Buffer.from(contentBase64, "base64"),
          })),
        });
      } catch (error) {
        // An address that is not one address (a mail queued before the checks) never gets better:
        // given up at once, with what a failed send undoes, instead of eleven tries.
        if (!(error instanceof UnsendableMailError)) throw error;
        await giveUp(job);
      }
    },
    onGiveUp: (job) => giveUp(job),
  });
  async function giveUp({ message, giveUp: kept }: MailJob) {
    if (!kept) return;
    const { businessId, document, refundCredit, reminderPoint } = readGiveUp(kept);
    if (refundCredit) {
      await refundDownloadCredit(deps.db, {
        businessId,
        document,
        documentNumber: refundCredit.documentNumber,
      });
    }
    if (reminderPoint) await releaseReminder(deps.db, { invoiceId: document.id, point: reminderPoint });
    const to = Array.isArray(message.to) ? message.to : [message.to];
    const detail = { to, creditReturned: Boolean(refundCredit) };
    await recordEvent(deps.db, { businessId, document, kind: "send_failed", detail });
  }
  return {
    limits: deps.limits,
    ready: async () => {
      await queue.start();
    },
    send: (message, giveUp, opts = {}) =>
      queue.send<MailJob>(
        MAIL_JOB,
        {
          message: {
            ...message,
            attachments: message.attachments?.map(({ content, ...a }) => ({
              ...a,
              contentBase64: content.toString("base64"),
            })),
          },
          ...(giveUp ? { giveUp } : {}),
        },
        opts.tx ? { tx: opts.tx } : {},
      ),
  };
}
