import type { Settings } from "#domain/settings";
import { call, queryKeyOf } from "#web/api";

// Apart from useSettings (which needs the settings schema), so the app's entry can start this
// request at once without carrying the schema.

export const SETTINGS_QUERY_KEY = queryKeyOf("GET /api/settings");

export const settingsQuery = {
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: (): Promise<Settings> => call("GET /api/settings"),
  staleTime: 5 * 60_000,
};
