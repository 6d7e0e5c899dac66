// A quote's statuses and their names, apart from the rest of quotes.ts so that a page showing a
// status badge loads no zod schema (src/architecture.test.ts, decision 0012).

export const QUOTE_STORED_STATUSES = ["draft", "sent", "accepted", "declined", "converted"] as const;
export type QuoteStoredStatus = (typeof QUOTE_STORED_STATUSES)[number];
export type QuoteStatus = QuoteStoredStatus | "expired";

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Declined",
  expired: "Expired",
  converted: "Converted",
};

export function isQuoteStoredStatus(value: unknown): value is QuoteStoredStatus {
  return typeof value === "string" && (QUOTE_STORED_STATUSES as readonly string[]).includes(value);
}
