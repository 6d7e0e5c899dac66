import { displayNameOf, isSingleAddress } from "#domain/mail-address";
import {
  MAX_RECIPIENTS_PER_FIELD,
  type MailLimits,
  mailLimitMessage,
  mailWindowsFor,
} from "#domain/mail-limits";
import { now } from "../clock";
import type { Db } from "../db/client";
import { findMailSender } from "../db/queries/mail-senders";
import { claimRateLimit, releaseRateLimit } from "../db/queries/rate-limits";
import { readSettings } from "../db/queries/settings";
import { AppError, orNotFound } from "../errors";
import type { BusinessSender } from "./mail";

// Every mail a business sends a stranger through Bahi (an invoice, a quote, a reminder, a
// recurring invoice) passes here first (docs/decisions/0044-mail-limits.md): each address must be
// exactly one address, at most 5 To and 5 Cc, and the account's hourly and daily recipients are
// claimed in the database before anything is queued, so the limit holds across processes.

/** Refused for the account's mail limit: answered 429 with Retry-After. */
export class MailLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("too_many_requests", message);
  }
}

export interface Recipients {
  to: string[];
  cc: string[];
}

/**
 * Each address exactly one valid address (an address saved before the check, such as
 * "a@x.com, b@y.com", is refused here with what to fix), and not more than 5 per field.
 */
export function checkRecipients(recipients: Recipients, whose = "the client's e-mail"): void {
  const fields: Record<string, string> = {};
  for (const field of ["to", "cc"] as const) {
    const list = recipients[field];
    const bad = list.find((address) => !isSingleAddress(address));
    if (bad !== undefined) {
      fields[field] =
        `"${bad.replace(/[\r\n]+/g, " ").slice(0, 80)}" is not one valid e-mail address: fix ${whose} (one address per field) and send again.`;
    } else if (list.length > MAX_RECIPIENTS_PER_FIELD) {
      fields[field] = `At most ${MAX_RECIPIENTS_PER_FIELD} addresses.`;
    }
  }
  if (!recipients.to.length) fields.to = "Enter at least one e-mail address.";
  const problems = Object.entries(fields);
  if (problems.length) {
    throw new AppError("validation_failed", problems.map(([f, m]) => `${f}: ${m}`).join(" "), fields);
  }
}

/**
 * Claims the recipients of one mail against the account's hourly and daily limits, both or
 * neither (one transaction; each claim is one statement that counts and takes). Answers how to
 * give them back when the mail is not queued after all.
 */
export async function claimMailQuota(
  db: Db,
  limits: MailLimits,
  businessId: string,
  recipients: number,
): Promise<{ release(): Promise<void> }> {
  const sender = orNotFound(await findMailSender(db, businessId), "Account");
  const at = now();
  const { newAccount, windows } = mailWindowsFor(limits, sender, at);
  // Counted per person (the business's owner), however many businesses they have (decision 0072);
  // the id of a person's first business is theirs, so counters from before businesses carry on.
  const keyOf = (name: string) => `mail:${name}:${sender.ownerId}`;
  for (const window of windows) {
    if (recipients > window.limit) {
      throw new AppError(
        "validation_failed",
        `${mailLimitMessage(window, newAccount, window.seconds).split(";")[0]}: this mail has ${recipients} recipients. Send it to fewer people.`,
        { to: `At most ${window.limit} recipients, To and Cc together.` },
      );
    }
  }
  await db.transaction(async (tx) => {
    for (const window of windows) {
      const claim = await claimRateLimit(
        tx,
        { key: keyOf(window.name), amount: recipients, limit: window.limit, windowSeconds: window.seconds },
        at,
      );
      if (!claim.claimed) {
        const opens = claim.windowStart.getTime() + window.seconds * 1000;
        // A concurrent send may have opened the window a few milliseconds after this one's `at`:
        // the wait is never longer than the window itself.
        const retryAfter = Math.min(window.seconds, Math.max(1, Math.ceil((opens - at.getTime()) / 1000)));
        // Thrown inside the transaction: the hour's claim made before a refused day goes back too.
        throw new MailLimitError(mailLimitMessage(window, newAccount, retryAfter), retryAfter);
      }
    }
  });
  return {
    release: async () => {
      for (const window of windows) await releaseRateLimit(db, keyOf(window.name), recipients);
    },
  };
}

/**
 * Who the mail is from, as its recipient sees it: the business's name ("Acme via Bahi"), and its
 * own address for replies, never Bahi's. The name: the document's company name, else the company
 * name in the business's settings, else the business's own name. Replies: the document's company
 * e-mail, else the business's e-mail in its settings, else its first owner's (decision 0079). All
 * of the business the mail is sent for: a second business of the same owner names itself.
 */
export async function businessSender(
  db: Db,
  businessId: string,
  company: { name?: string; email?: string } = {},
): Promise<BusinessSender> {
  const [sender, settings] = await Promise.all([
    findMailSender(db, businessId),
    readSettings(db, businessId),
  ]);
  const account = orNotFound(sender, "Account");
  const name = [company.name, settings.companyName, account.name, account.email]
    .map((n) => displayNameOf(n?.trim() ?? ""))
    .find(Boolean);
  const replyTo = [company.email, settings.companyEmail]
    .map((e) => e?.trim() ?? "")
    .find((e) => e !== "" && isSingleAddress(e));
  return { name: name || account.email, replyTo: replyTo ?? account.email };
}

/** All of it: the addresses checked, the quota claimed, the sender named. */
export async function prepareBusinessMail(
  db: Db,
  limits: MailLimits,
  businessId: string,
  recipients: Recipients,
  company: { name?: string; email?: string },
  whose?: string,
): Promise<{ sender: BusinessSender; release(): Promise<void> }> {
  checkRecipients(recipients, whose);
  const sender = await businessSender(db, businessId, company);
  const quota = await claimMailQuota(db, limits, businessId, recipients.to.length + recipients.cc.length);
  return { sender, release: quota.release };
}
