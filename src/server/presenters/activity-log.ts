import type { ActivityEntry } from "#contract/activity-log";
import type { ActivityRow } from "../db/queries/activity-log";

export function presentActivity(row: ActivityRow): ActivityEntry {
  return {
    id: row.id,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
    action: row.action,
    record: row.recordKind ? { kind: row.recordKind, id: row.recordId, label: row.recordLabel } : null,
    detail: row.detail as Record<string, unknown>,
    createdAt: row.createdAt,
  };
}
