import { randomUUID } from "node:crypto";
import {
  ACTIVITY_ACTION_LABELS,
  ACTIVITY_RECORD_LABELS,
  type ActivityAction,
  type ActivityActor,
  type ActivityRecordKind,
  activityCutoff,
  actorLabel,
  describeActivity,
  parseActorFilter,
} from "#domain/activity-log";
import { csvText } from "#domain/csv";
import { currentActor } from "../activity-actor";
import { now } from "../clock";
import type { Db } from "../db/client";
import {
  type ActivityFilter,
  type ActivityRow,
  deleteActivityBefore,
  insertActivity,
  listActivity,
  listActivityActors,
  listActivityForExport,
} from "../db/queries/activity-log";
import type { PageParams } from "../db/queries/paging";
import { readSettings } from "../db/queries/settings";

// The activity log of a business (issue 31 phase 3, decision 0077).

export interface ActivityRecord {
  kind: ActivityRecordKind;
  id: string | null;
  /** What the record is called where people see it: an invoice's number, a key's name. */
  label: string;
}

/**
 * Records an action in the log, in the transaction `tx` of the change itself: if the change fails,
 * its entry goes with it. The actor is the request's (member or API key), the system in a job, or
 * `actor` when the caller knows better.
 */
export async function recordActivity(
  tx: Db,
  e: {
    businessId: string;
    action: ActivityAction;
    record?: ActivityRecord;
    detail?: Record<string, unknown>;
    actor?: ActivityActor;
  },
): Promise<void> {
  const actor = e.actor ?? currentActor();
  await insertActivity(tx, {
    id: activityId(),
    businessId: e.businessId,
    actorKind: actor.kind,
    actorId: actor.id,
    actorName: actor.name,
    action: e.action,
    recordKind: e.record?.kind ?? null,
    recordId: e.record?.id ?? null,
    recordLabel: e.record?.label ?? "",
    detail: e.detail ?? {},
  });
}

let lastMs = 0;
let sameMs = 0;

/**
 * An entry's id, in the order this process wrote them: the time in ms and a counter within the ms
 * (hex, fixed width), then a random UUID. The log is listed newest first by time, then id; two entries
 * of one change often share their time (PGlite's clock counts milliseconds), and the id then keeps
 * "issued" after "created" instead of leaving their order to chance.
 */
function activityId(): string {
  const ms = Date.now();
  if (ms === lastMs) sameMs++;
  else {
    lastMs = ms;
    sameMs = 0;
  }
  return `${ms.toString(16).padStart(12, "0")}${sameMs.toString(16).padStart(4, "0")}-${randomUUID()}`;
}

export interface ActivityQuery {
  actor?: string;
  action?: ActivityAction;
  recordKind?: ActivityRecordKind;
  from?: string;
  to?: string;
}

async function filterOf(db: Db, businessId: string, q: ActivityQuery): Promise<ActivityFilter> {
  const settings = await readSettings(db, businessId);
  return {
    businessId,
    ...(q.actor ? { actor: parseActorFilter(q.actor) ?? { kind: "member", id: "" } } : {}),
    action: q.action,
    recordKind: q.recordKind,
    from: q.from,
    to: q.to,
    timeZone: settings.timeZone,
  };
}

export async function activityPage(db: Db, businessId: string, q: ActivityQuery & PageParams) {
  return listActivity(db, await filterOf(db, businessId, q), q);
}

export function activityActors(db: Db, businessId: string) {
  return listActivityActors(db, businessId);
}

const CSV_HEADER = [
  "Time",
  "Who",
  "Actor type",
  "Action",
  "Record type",
  "Record",
  "Record id",
  "Description",
];

function activityCsv(rows: ActivityRow[]): string {
  return csvText([
    CSV_HEADER,
    ...rows.map((row) => [
      row.createdAt,
      actorLabel({ kind: row.actorKind, name: row.actorName }),
      row.actorKind,
      ACTIVITY_ACTION_LABELS[row.action],
      row.recordKind ? ACTIVITY_RECORD_LABELS[row.recordKind] : "",
      row.recordLabel,
      row.recordId ?? "",
      describeActivity({ ...row, detail: row.detail as Record<string, unknown> }),
    ]),
  ]);
}

/** The filtered log as CSV, newest first. */
export async function exportActivityCsv(
  db: Db,
  businessId: string,
  q: ActivityQuery,
): Promise<{ fileName: string; csv: string }> {
  const rows = await listActivityForExport(db, await filterOf(db, businessId, q));
  const today = now().toISOString().slice(0, 10);
  return { fileName: `bahi-activity-${today}.csv`, csv: activityCsv(rows) };
}

/** Deletes the entries older than a year, of every business (the retention job). */
export function forgetOldActivity(db: Db, at: Date): Promise<number> {
  return deleteActivityBefore(db, activityCutoff(at));
}
