import { addDays, formatPageDate, startOfDayInTimeZone, todayInTimeZone } from "./dates";
import type { QuoteStatus, QuoteStoredStatus } from "./quote-status";
import { DEFAULT_TIME_ZONE } from "./settings";

export {
  isQuoteStoredStatus,
  QUOTE_STATUS_LABELS,
  QUOTE_STORED_STATUSES,
  type QuoteStatus,
  type QuoteStoredStatus,
} from "./quote-status";

// Quotes (estimates). As with invoices (status.ts), only what a person did is stored; "expired"
// is worked out when shown, from the valid-until date and today in the user's time zone, so it
// never goes stale in the database. A quote is valid through the whole of its valid-until day.

/** Whether the valid-until day (in `timeZone`) is over at `now`. No date: never expires. */
export function isQuoteExpired(validUntil: string | null, now: Date, timeZone: string = DEFAULT_TIME_ZONE) {
  return validUntil !== null && todayInTimeZone(now, timeZone) > validUntil;
}

/** The instant a quote stops being valid: the start of the day after its valid-until date. */
export function quoteExpiresAt(validUntil: string, timeZone: string = DEFAULT_TIME_ZONE): Date {
  return startOfDayInTimeZone(addDays(validUntil, 1), timeZone);
}

/**
 * The status to show. Only a sent quote expires: a draft has not been offered yet, and an
 * accepted, declined or converted one keeps the answer it got.
 */
export function quoteStatus(
  stored: QuoteStoredStatus,
  validUntil: string | null,
  now: Date,
  timeZone: string = DEFAULT_TIME_ZONE,
): QuoteStatus {
  return stored === "sent" && isQuoteExpired(validUntil, now, timeZone) ? "expired" : stored;
}

export const QUOTE_MESSAGES = {
  notSent: "Send the quote before recording the client's answer.",
  expired: (validUntil: string) =>
    `This quote was valid until ${formatPageDate(validUntil)} and has expired, so the client's answer cannot be recorded.`,
  declined: "This quote was declined, so it cannot be accepted. Make a new quote instead.",
  alreadyDeclined: "This quote is already declined.",
  alreadyAccepted: "This quote is already accepted.",
  acceptedNoDecline: "This quote was accepted, so it cannot be declined.",
  converted: "This quote has already been converted to an invoice.",
  notAccepted: "Mark the quote accepted before converting it to an invoice.",
} as const;

export type QuoteCheck = { ok: true } | { ok: false; code: string; message: string };

const OK: QuoteCheck = { ok: true };
const refuse = (code: string, message: string): QuoteCheck => ({ ok: false, code, message });

/** What a quote already answered says to a second answer: accepting after a decline, and so on. */
const ANSWERED_MESSAGES = {
  accept: { declined: QUOTE_MESSAGES.declined, accepted: QUOTE_MESSAGES.alreadyAccepted },
  decline: { declined: QUOTE_MESSAGES.alreadyDeclined, accepted: QUOTE_MESSAGES.acceptedNoDecline },
} as const;

/** Only a sent quote, on or before its valid-until day, can be accepted or declined. */
function canAnswer(
  answer: keyof typeof ANSWERED_MESSAGES,
  stored: QuoteStoredStatus,
  validUntil: string | null,
  now: Date,
  timeZone: string,
): QuoteCheck {
  switch (quoteStatus(stored, validUntil, now, timeZone)) {
    case "sent":
      return OK;
    case "draft":
      return refuse("QUOTE_NOT_SENT", QUOTE_MESSAGES.notSent);
    case "expired":
      return refuse("QUOTE_EXPIRED", QUOTE_MESSAGES.expired(validUntil ?? ""));
    case "declined":
      return refuse("QUOTE_DECLINED", ANSWERED_MESSAGES[answer].declined);
    case "accepted":
      return refuse("QUOTE_ACCEPTED", ANSWERED_MESSAGES[answer].accepted);
    case "converted":
      return refuse("QUOTE_CONVERTED", QUOTE_MESSAGES.converted);
  }
}

/** The check for one answer: only a sent quote, on or before its valid-until day, can be given it. */
const answerCheck =
  (answer: keyof typeof ANSWERED_MESSAGES) =>
  (
    stored: QuoteStoredStatus,
    validUntil: string | null,
    now: Date,
    timeZone: string = DEFAULT_TIME_ZONE,
  ): QuoteCheck =>
    canAnswer(answer, stored, validUntil, now, timeZone);

/** Only a sent quote, on or before its valid-until day, can be accepted. */
export const canAccept = answerCheck("accept");

/** Only a sent quote, on or before its valid-until day, can be declined. */
export const canDecline = answerCheck("decline");

/** An accepted quote can be converted to an invoice, once. */
export function canConvert(stored: QuoteStoredStatus): QuoteCheck {
  if (stored === "accepted") return OK;
  if (stored === "converted") return refuse("QUOTE_CONVERTED", QUOTE_MESSAGES.converted);
  return refuse("QUOTE_NOT_ACCEPTED", QUOTE_MESSAGES.notAccepted);
}
