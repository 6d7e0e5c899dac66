// How much mail one account may send to others (docs/decisions/0044-mail-limits.md). A limit
// counts recipients, To and Cc alike: one mail to ten people is ten mails to a mail server and to
// the lists that block senders. A new account (younger than a week, no credits bought) gets the
// lower pair, so a throwaway sign-up cannot turn Bahi into a relay.

export interface MailLimits {
  perHour: number;
  perDay: number;
  newPerHour: number;
  newPerDay: number;
}

/**
 * The defaults, after Zoho's free plans: 50 recipients a day per user, To and Cc counted alike
 * (Zoho CRM's free edition; its paid ones allow 300), and a tenth of a new account's day in an hour.
 */
export const DEFAULT_MAIL_LIMITS: MailLimits = { perHour: 50, perDay: 300, newPerHour: 10, newPerDay: 50 };

/** At most this many addresses in To, and as many in Cc, per mail. */
export const MAX_RECIPIENTS_PER_FIELD = 5;

export const NEW_ACCOUNT_DAYS = 7;

export interface MailWindow {
  /** The key part and the length of the window. */
  name: "hour" | "day";
  seconds: number;
  limit: number;
}

export function mailWindowsFor(
  limits: MailLimits,
  account: { createdAt: Date; hasBoughtCredits: boolean },
  now: Date,
): { newAccount: boolean; windows: MailWindow[] } {
  const newAccount =
    !account.hasBoughtCredits && now.getTime() - account.createdAt.getTime() < NEW_ACCOUNT_DAYS * 86_400_000;
  return {
    newAccount,
    windows: [
      { name: "hour", seconds: 3_600, limit: newAccount ? limits.newPerHour : limits.perHour },
      { name: "day", seconds: 86_400, limit: newAccount ? limits.newPerDay : limits.perDay },
    ],
  };
}

/** "in 12 minutes", "in 3 hours": when the window that refused opens again. */
function waitText(seconds: number): string {
  if (seconds < 90) return `in ${Math.max(1, Math.ceil(seconds))} seconds`;
  if (seconds < 90 * 60) return `in ${Math.ceil(seconds / 60)} minutes`;
  return `in ${Math.ceil(seconds / 3600)} hours`;
}

/** The message of a refusal: names the limit, what counts, and when to try again. */
export function mailLimitMessage(window: MailWindow, newAccount: boolean, retryAfterSeconds: number): string {
  const per = window.name === "hour" ? "an hour" : "a day";
  const who = newAccount
    ? " while your account is new (the limit rises after a week, or once you buy credits)"
    : "";
  return `You can send at most ${window.limit} e-mails ${per}${who}; each recipient, To or Cc, counts as one. Please try again ${waitText(retryAfterSeconds)}.`;
}
