// DECISIONS §5: only these four are stored. "Overdue" is worked out when shown, from the due date
// and today in the user's zone, so it can never go stale in the database.

export const STORED_STATUSES = ["draft", "due", "paid", "cancelled"] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];
export type DisplayStatus = StoredStatus | "overdue";

export function isStoredStatus(value: unknown): value is StoredStatus {
  return typeof value === "string" && (STORED_STATUSES as readonly string[]).includes(value);
}

/** Dates are "YYYY-MM-DD", which compare correctly as strings. */
export function displayStatus(status: StoredStatus, dueDate: string | null, today: string): DisplayStatus {
  if (status === "due" && dueDate && dueDate < today) return "overdue";
  return status;
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: "Draft",
  due: "Due",
  paid: "Paid",
  overdue: "Overdue",
  cancelled: "Cancelled",
};
