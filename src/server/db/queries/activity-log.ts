import { and, desc, eq, getTableColumns, lt, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { PageCount } from "#contract/common";
import type { ActivityAction, ActivityActorKind, ActivityRecordKind } from "#domain/activity-log";
import type { Db } from "../client";
import { isoTimestampOf } from "../iso-timestamp";
import { activityLog } from "../schema";
import { newestFirst, type PageParams, pageOf } from "./paging";

// The activity log's rows (decision 0077): one insert in the caller's transaction, the filtered
// list a page at a time (keyset on business, time, id), the same list for the CSV file, the actors
// seen, and the retention delete.

export interface ActivityInsert {
  id: string;
  businessId: string;
  actorKind: ActivityActorKind;
  actorId: string | null;
  actorName: string;
  action: ActivityAction;
  recordKind: ActivityRecordKind | null;
  recordId: string | null;
  recordLabel: string;
  detail: Record<string, unknown>;
}

/** An API key's entry names the key as it is called now (read in the same statement). */
export async function insertActivity(db: Db, e: ActivityInsert): Promise<void> {
  await db.execute(sql`
    insert into ${activityLog} (id, business_id, actor_kind, actor_id, actor_name, action,
      record_kind, record_id, record_label, detail)
    values (${e.id}, ${e.businessId}, ${e.actorKind}, ${e.actorId},
      ${
        e.actorKind === "api_key"
          ? sql`coalesce((select name from api_keys where id = ${e.actorId} and business_id = ${e.businessId}), ${e.actorName})`
          : e.actorName
      },
      ${e.action}, ${e.recordKind}, ${e.recordId}, ${e.recordLabel}, ${JSON.stringify(e.detail)}::jsonb)`);
}

export interface ActivityFilter {
  businessId: string;
  actor?: { kind: ActivityActorKind; id: string | null };
  action?: ActivityAction;
  recordKind?: ActivityRecordKind;
  /** First and last day (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
}

const { businessId: _owner, ...answered } = getTableColumns(activityLog);
const listColumns = { ...answered, createdAt: isoTimestampOf(activityLog.createdAt) };
export type ActivityRow = Omit<typeof activityLog.$inferSelect, "businessId" | "createdAt"> & {
  createdAt: string;
};

type Value = (name: string) => SQL | Placeholder;

/**
 * The filter's condition, each value through `p`: placeholders for the list (one prepared statement
 * per set of filters), the values themselves for the CSV file's plain query.
 */
function filterWhere(f: Omit<ActivityFilter, "businessId" | "timeZone">, p: Value): SQL {
  const t = activityLog;
  const conditions: SQL[] = [eq(t.businessId, p("businessId"))];
  if (f.actor) {
    conditions.push(sql`${t.actorKind} = ${p("actorKind")}`);
    conditions.push(sql`${t.actorId} is not distinct from ${p("actorId")}::text`);
  }
  if (f.action) conditions.push(sql`${t.action} = ${p("action")}`);
  if (f.recordKind) conditions.push(sql`${t.recordKind} = ${p("recordKind")}`);
  if (f.from)
    conditions.push(
      sql`${t.createdAt} >= (${p("from")}::date)::timestamp at time zone ${p("timeZone")}::text`,
    );
  if (f.to)
    conditions.push(
      sql`${t.createdAt} < ((${p("to")}::date + 1)::timestamp at time zone ${p("timeZone")}::text)`,
    );
  return and(...conditions)!;
}

function filterValues(f: ActivityFilter): Record<string, unknown> {
  return {
    businessId: f.businessId,
    actorKind: f.actor?.kind,
    actorId: f.actor?.id ?? null,
    action: f.action,
    recordKind: f.recordKind,
    from: f.from,
    to: f.to,
    timeZone: f.timeZone,
  };
}

function shapeKey(f: ActivityFilter): string {
  return `activity:${[f.actor, f.action, f.recordKind, f.from, f.to].map((v) => (v ? 1 : 0)).join("")}`;
}

/** One page of the business's log, newest first, and how many entries match (counted up to a limit). */
export async function listActivity(
  db: Db,
  f: ActivityFilter,
  p: PageParams,
): Promise<{ rows: ActivityRow[]; nextCursor: string | null } & PageCount> {
  return pageOf<ActivityRow>(
    db,
    shapeKey(f),
    () => ({
      table: activityLog,
      columns: listColumns,
      where: filterWhere(f, sql.placeholder),
      ...newestFirst(activityLog),
    }),
    filterValues(f),
    p,
  );
}

/** The CSV file holds at most this many entries (a year of a busy business's log is far below it). */
export const ACTIVITY_EXPORT_LIMIT = 100_000;

/** Every entry of the filter, newest first, for the CSV file. */
export async function listActivityForExport(db: Db, f: ActivityFilter): Promise<ActivityRow[]> {
  const values = filterValues(f);
  const where = filterWhere(f, (name) => sql`${values[name]}`);
  return db
    .select(listColumns)
    .from(activityLog)
    .where(where)
    .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
    .limit(ACTIVITY_EXPORT_LIMIT);
}

export interface ActivityActorRow {
  kind: ActivityActorKind;
  id: string | null;
  name: string;
}

/** Everyone who appears in the business's log, under the name of their latest entry. */
export async function listActivityActors(db: Db, businessId: string): Promise<ActivityActorRow[]> {
  const rows = await db
    .select({
      kind: activityLog.actorKind,
      id: activityLog.actorId,
      name: sql<string>`(array_agg(${activityLog.actorName} order by ${activityLog.createdAt} desc))[1]`,
    })
    .from(activityLog)
    .where(eq(activityLog.businessId, businessId))
    .groupBy(activityLog.actorKind, activityLog.actorId);
  return rows.sort((a, b) => a.name.localeCompare(b.name));
}

/** Deletes every business's entries older than `cutoff`; answers how many went. */
export async function deleteActivityBefore(db: Db, cutoff: Date): Promise<number> {
  const gone = await db
    .delete(activityLog)
    .where(lt(activityLog.createdAt, cutoff))
    .returning({ id: activityLog.id });
  return gone.length;
}
