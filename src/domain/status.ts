// DECISIONS §5: only these four are stored. "Overdue" is worked out when shown, from the due date
// and today in the user's zone, so it can never go stale in the database.

export const STORED_STATUSES = ["draft", "due", "paid", "cancelled"] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];
export type DisplayStatus = StoredStatus | "overdue" | "partially_paid";

export function isStoredStatus(value: unknown): value is StoredStatus {
  return typeof value === "string" && (STORED_STATUSES as readonly string[]).includes(value);
}

/**
 * Dates are "YYYY-MM-DD", which compare correctly as strings. A due invoice that has received
 * part of its total is "partially paid" until its due date passes; overdue says more then (its
 * balance shows what is left).
 */
export function displayStatus(
  status: StoredStatus,
  dueDate: string | null,
  today: string,
  amountPaidMinor = 0,
): DisplayStatus {
  if (status === "due" && dueDate && dueDate < today) return "overdue";
  if (status === "due" && amountPaidMinor > 0) return "partially_paid";
  return status;
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: "Draft",
  due: "Due",
  paid: "Paid",
  overdue: "Overdue",
  partially_paid: "Partially paid",
  cancelled: "Cancelled",
};
