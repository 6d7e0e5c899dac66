import type { Db } from "../db/client";
import { recordActivity } from "./activity-log";

/**
 * Records a change of settings in the activity log, in the change's transaction `tx`: the names of
 * the fields changed, never their values (decision 0077). `label` names a part of the settings kept
 * apart (the Tally ledger names); the business's own settings have none.
 */
export function recordSettingsChanged(tx: Db, businessId: string, fields: string[], label = "") {
  return recordActivity(tx, {
    businessId,
    action: "settings_changed",
    record: { kind: "settings", id: null, label },
    detail: { fields },
  });
}
