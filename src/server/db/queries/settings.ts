import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS, mergeSettings, type Settings } from "#domain/settings";
import type { Db } from "../client";
import { userSettings } from "../schema";

async function settingsRow(db: Db, userId: string) {
  const [row] = await db
    .select({ settingsData: userSettings.settingsData })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return row;
}

/**
 * The one reader of a user's settings: the saved ones over the defaults. With `saveDefaults`, a
 * user without a row gets the defaults saved as one (the settings page's first load does that);
 * otherwise it never writes. Read it once per request and pass the result down.
 */
export async function readSettings(
  db: Db,
  userId: string,
  opts: { saveDefaults?: boolean } = {},
): Promise<Settings> {
  const row = await settingsRow(db, userId);
  if (row) return mergeSettings(row.settingsData);
  if (opts.saveDefaults) {
    await db.insert(userSettings).values({ userId, settingsData: DEFAULT_SETTINGS }).onConflictDoNothing();
  }
  return mergeSettings(DEFAULT_SETTINGS);
}

export async function saveSettings(db: Db, userId: string, settings: Settings): Promise<void> {
  await db
    .insert(userSettings)
    .values({ userId, settingsData: settings, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: userSettings.userId,
      set: { settingsData: settings, updatedAt: new Date() },
    });
}
