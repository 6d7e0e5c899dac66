import { valuesOf } from "./labelled-values";
import type { StoredStatus } from "./status";

// Payments received against an invoice (issue 11 part 4): amounts in integer minor units. The
// invoice's status follows its payments: paid in full is "paid" (dated by the last payment), part
// paid stays "due" and shows as partially paid, and removing a payment reopens it.

export const PAYMENT_METHOD_LABELS = {
  upi: "UPI",
  bank_transfer: "Bank transfer",
  cash: "Cash",
  cheque: "Cheque",
  card: "Card",
  razorpay: "Razorpay",
  other: "Other",
};
export type PaymentMethod = keyof typeof PAYMENT_METHOD_LABELS;
export const PAYMENT_METHODS = valuesOf(PAYMENT_METHOD_LABELS);

/** What is left to pay: never negative. */
export function balanceDueMinor(totalMinor: number, paidMinor: number): number {
  return Math.max(0, totalMinor - paidMinor);
}

export const PAYMENT_MESSAGES = {
  notIssued: "Issue the invoice before recording a payment.",
  cancelled: "A cancelled invoice takes no payments.",
  notPositive: "The amount must be more than zero.",
  exceedsBalance: (balance: string) => `The amount cannot be more than the balance due (${balance}).`,
  totalBelowPaid: (paid: string) => `The total cannot be less than the payments recorded (${paid}).`,
  hasPayments: "This invoice has payments recorded. Delete them first to change its status.",
} as const;

/**
 * Why this payment cannot be recorded (or changed to `amountMinor`), or null when it can. The
 * balance is the one before this payment (for an edit: with the payment's old amount given back).
 */
export function paymentProblem(
  status: StoredStatus,
  amountMinor: number,
  balanceBeforeMinor: number,
  formatBalance: (minor: number) => string,
): string | null {
  if (status === "draft") return PAYMENT_MESSAGES.notIssued;
  if (status === "cancelled") return PAYMENT_MESSAGES.cancelled;
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) return PAYMENT_MESSAGES.notPositive;
  if (amountMinor > balanceBeforeMinor)
    return PAYMENT_MESSAGES.exceedsBalance(formatBalance(balanceBeforeMinor));
  return null;
}

/**
 * What a payment settles of the invoice: the money received and the TDS the client deducted
 * from it (decision 0088), which the client pays to the government for the business.
 */
export function settledMinor(payment: { amountMinor: number; tdsMinor?: number | null }): number {
  return Number(payment.amountMinor) + Number(payment.tdsMinor ?? 0);
}

/** The status and payment date an issued invoice takes from its payments. */
export function statusFromPayments(
  totalMinor: number,
  payments: readonly { amountMinor: number; tdsMinor?: number | null; paidOn: string }[],
): { status: "due" | "paid"; paymentDate: string | null; paidMinor: number } {
  const paidMinor = payments.reduce((sum, p) => sum + settledMinor(p), 0);
  if (paidMinor >= totalMinor && payments.length > 0) {
    // ISO dates sort as text: the last one is the latest.
    const last =
      payments
        .map((p) => p.paidOn)
        .sort()
        .at(-1) ?? null;
    return { status: "paid", paymentDate: last, paidMinor };
  }
  return { status: "due", paymentDate: null, paidMinor };
}

/** Overdue ageing buckets: days past the due date. */
export const AGEING_BUCKETS = ["current", "1-30", "31-60", "61-90", "90+"] as const;
export type AgeingBucket = (typeof AGEING_BUCKETS)[number];

/** The last day (days past due) of the buckets "1-30", "31-60" and "61-90". */
export const AGEING_LIMITS = [30, 60, 90] as const;

export function ageingBucket(daysOverdue: number): AgeingBucket {
  if (daysOverdue <= 0) return "current";
  const i = AGEING_LIMITS.findIndex((limit) => daysOverdue <= limit);
  return AGEING_BUCKETS[i === -1 ? 4 : i + 1]!;
}
