import { balanceDueMinor } from "./payments";

// DECISIONS §5: only these four are stored. "Overdue" and "partially paid" are worked out when
// shown, from the due date, today in the user's zone and what was paid, so they never go stale in
// the database. The one rule is STATUS_TABLE (decision 0054): the badge, every list filter and
// count, the dashboard and the reminders read it; its SQL twin (server/db/queries/status.ts) is
// built from it, and status-rule.test.ts holds the two together on both databases.

export const STORED_STATUSES = ["draft", "due", "paid", "cancelled"] as const;
export type StoredStatus = (typeof STORED_STATUSES)[number];
export type DisplayStatus = StoredStatus | "overdue" | "partially_paid";

/** Every status a user can see, in the order lists and the dashboard show them. */
export const DISPLAY_STATUSES: readonly DisplayStatus[] = [
  "draft",
  "due",
  "partially_paid",
  "overdue",
  "paid",
  "cancelled",
];

export function isStoredStatus(value: unknown): value is StoredStatus {
  return typeof value === "string" && (STORED_STATUSES as readonly string[]).includes(value);
}

/** Which side of its due date an invoice is on today: "past" once the due date is before today. */
export type DueSide = "not_past" | "past";
export const DUE_SIDES: readonly DueSide[] = ["not_past", "past"];

/**
 * The one status rule: stored status x side of the due date x whether anything was paid -> the
 * status shown. An invoice with no due date is never past it. A due invoice that has received part
 * of its total is "partially paid" until its due date passes; then "overdue" says more (its balance
 * shows what is left), as Zoho Invoice shows it.
 */
export const STATUS_TABLE: Record<
  StoredStatus,
  Record<DueSide, Record<"unpaid" | "part_paid", DisplayStatus>>
> = {
  draft: { not_past: { unpaid: "draft", part_paid: "draft" }, past: { unpaid: "draft", part_paid: "draft" } },
  due: {
    not_past: { unpaid: "due", part_paid: "partially_paid" },
    past: { unpaid: "overdue", part_paid: "overdue" },
  },
  paid: { not_past: { unpaid: "paid", part_paid: "paid" }, past: { unpaid: "paid", part_paid: "paid" } },
  cancelled: {
    not_past: { unpaid: "cancelled", part_paid: "cancelled" },
    past: { unpaid: "cancelled", part_paid: "cancelled" },
  },
};

/** Dates are "YYYY-MM-DD", which compare correctly as strings. */
export function dueSide(dueDate: string | null, today: string): DueSide {
  return dueDate !== null && dueDate < today ? "past" : "not_past";
}

export function displayStatus(
  status: StoredStatus,
  dueDate: string | null,
  today: string,
  amountPaidMinor = 0,
): DisplayStatus {
  return STATUS_TABLE[status][dueSide(dueDate, today)][amountPaidMinor > 0 ? "part_paid" : "unpaid"];
}

/** The cells of the table, one per (stored status, side, paid > 0), with the status they show. */
export function statusCells(): {
  status: StoredStatus;
  side: DueSide;
  partPaid: boolean;
  shown: DisplayStatus;
}[] {
  return STORED_STATUSES.flatMap((status) =>
    DUE_SIDES.flatMap((side) =>
      ([false, true] as const).map((partPaid) => ({
        status,
        side,
        partPaid,
        shown: STATUS_TABLE[status][side][partPaid ? "part_paid" : "unpaid"],
      })),
    ),
  );
}

/**
 * What the client still owes on an invoice: the unpaid part of a due invoice, never negative;
 * nothing on a draft (not yet asked for), a paid or a cancelled one. The SQL form is
 * `balanceDueSql` (server/db/queries/status.ts).
 */
export function invoiceBalanceDueMinor(
  status: StoredStatus,
  totalMinor: number,
  amountPaidMinor: number,
): number {
  return status === "due" ? balanceDueMinor(totalMinor, amountPaidMinor) : 0;
}

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  draft: "Draft",
  due: "Due",
  paid: "Paid",
  overdue: "Overdue",
  partially_paid: "Partially paid",
  cancelled: "Cancelled",
};
