import { valuesOf } from "./labelled-values";

// The activity log of a business (issue 31 phase 3, decision 0077): who did what to which record
// and when. The words of each action and kind of record, and how long entries are kept, are here
// so that the server, the CSV file and the web page say the same thing.

/** Every action the log records, in the words the list and the CSV file show. */
export const ACTIVITY_ACTION_LABELS = {
  created: "Created",
  edited: "Edited",
  issued: "Issued",
  status_changed: "Status changed",
  cancelled: "Cancelled",
  deleted: "Deleted",
  sent: "Sent by e-mail",
  payment_recorded: "Payment recorded",
  payment_changed: "Payment changed",
  payment_deleted: "Payment deleted",
  settings_changed: "Settings changed",
  data_exported: "Data exported",
  data_imported: "Data imported",
  data_cleared: "Data cleared",
  bank_statement_imported: "Bank statement imported",
  key_created: "API key created",
  key_revoked: "API key revoked",
  member_invited: "Member invited",
  invitation_withdrawn: "Invitation withdrawn",
  member_role_changed: "Role changed",
  member_removed: "Member removed",
};
export type ActivityAction = keyof typeof ACTIVITY_ACTION_LABELS;
export const ACTIVITY_ACTIONS = valuesOf(ACTIVITY_ACTION_LABELS);

/** The kinds of record an entry can be about, in words. */
export const ACTIVITY_RECORD_LABELS = {
  invoice: "Invoice",
  quote: "Quote",
  proforma: "Proforma invoice",
  challan: "Delivery challan",
  credit_note: "Credit note",
  debit_note: "Debit note",
  client: "Client",
  product: "Product",
  statement: "Statement of account",
  settings: "Settings",
  data: "Data",
  api_key: "API key",
  member: "Member",
};
export type ActivityRecordKind = keyof typeof ACTIVITY_RECORD_LABELS;
export const ACTIVITY_RECORD_KINDS = valuesOf(ACTIVITY_RECORD_LABELS);

/** Who did it: a member (by user id), an API key of the business, or Bahi itself (a job). */
export type ActivityActorKind = "member" | "api_key" | "system";
export const ACTIVITY_ACTOR_KINDS = ["member", "api_key", "system"] as const satisfies ActivityActorKind[];

export interface ActivityActor {
  kind: ActivityActorKind;
  /** The member's user id or the key's id; null for the system. */
  id: string | null;
  name: string;
}

export const SYSTEM_ACTOR: ActivityActor = { kind: "system", id: null, name: "Bahi (automatic)" };

/** How an actor reads in the list and the CSV file. */
export function actorLabel(actor: { kind: ActivityActorKind; name: string }): string {
  if (actor.kind === "api_key") return `API key "${actor.name}"`;
  return actor.name;
}

/** An actor filter's value: "member:<user id>", "api_key:<key id>" or "system". */
export function actorFilterValue(actor: { kind: ActivityActorKind; id: string | null }): string {
  return actor.kind === "system" || !actor.id ? "system" : `${actor.kind}:${actor.id}`;
}

export function parseActorFilter(value: string): { kind: ActivityActorKind; id: string | null } | null {
  if (value === "system") return { kind: "system", id: null };
  const at = value.indexOf(":");
  const kind = value.slice(0, at);
  const id = value.slice(at + 1);
  if (at < 1 || !id || (kind !== "member" && kind !== "api_key")) return null;
  return { kind, id };
}

/** Entries are kept one year: anything older than this instant goes (the retention job). */
export function activityCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - 1);
  return cutoff;
}

const STATUS_WORDS: Record<string, string> = {
  draft: "Draft",
  due: "Due",
  paid: "Paid",
  cancelled: "Cancelled",
  // A member's role (member_role_changed).
  owner: "Owner",
  accountant: "Accountant",
  staff: "Staff",
};

/** The entry in words, without its actor or time: "Status changed: Draft → Due". */
export function describeActivity(e: {
  action: ActivityAction;
  recordKind: ActivityRecordKind | null;
  recordLabel: string;
  detail: Record<string, unknown>;
}): string {
  // "Settings changed", "Data cleared": the action names the record already.
  const named = e.recordKind === "settings" || e.recordKind === "data";
  const what =
    e.recordKind && !named
      ? `${ACTIVITY_RECORD_LABELS[e.recordKind]}${e.recordLabel ? ` ${e.recordLabel}` : ""}`
      : e.recordLabel;
  const words = (s: unknown) => STATUS_WORDS[String(s)] ?? String(s);
  const extra =
    (e.action === "status_changed" || e.action === "member_role_changed") && e.detail.from && e.detail.to
      ? ` (${words(e.detail.from)} → ${words(e.detail.to)})`
      : "";
  return `${ACTIVITY_ACTION_LABELS[e.action]}: ${what}${extra}`.replace(/: $/, "");
}
