import { eq, sql } from "drizzle-orm";
import { DEFAULT_SETTINGS, mergeSettings, type Settings } from "#domain/settings";
import type { Db } from "../client";
import { preparedPerDb } from "../prepared";
import { userSettings } from "../schema";

const settingsRow = preparedPerDb((db) =>
  db
    .select({ settingsData: userSettings.settingsData })
    .from(userSettings)
    .where(eq(userSettings.businessId, sql.placeholder("businessId")))
    .prepare("settings_row"),
);

/**
 * The one reader of a user's settings: the saved ones over the defaults, as the database has them
 * now (inside a transaction: as it sees them). With `saveDefaults`, a user without a row gets the
 * defaults saved as one (the settings page's first load does that); otherwise it never writes.
 * Read it once per request and pass the result down.
 */
export async function readSettings(
  db: Db,
  businessId: string,
  opts: { saveDefaults?: boolean } = {},
): Promise<Settings> {
  const [row] = await settingsRow(db).execute({ businessId });
  if (row) return mergeSettings(row.settingsData);
  if (opts.saveDefaults) {
    await db
      .insert(userSettings)
      .values({ businessId, settingsData: DEFAULT_SETTINGS })
      .onConflictDoNothing();
  }
  return mergeSettings(DEFAULT_SETTINGS);
}

/**
 * How long a process trusts settings it has read for list and get answers, and for how many users
 * (docs/decisions/0014-api-speed.md). A save through this process is seen at once; another process
 * or instance sees it within this time.
 */
export const SETTINGS_CACHE_MS = 5_000;
const SETTINGS_CACHE_ENTRIES = 10_000;

interface SettingsCache {
  entries: Map<string, { settings: Settings; until: number }>;
  /** Counts forgets, so a read that started before one does not keep what it read. */
  forgets: number;
}

/** One cache per database handle (the app's own, never a transaction's): per process, per app. */
const caches = new WeakMap<Db, SettingsCache>();

function cacheOf(db: Db): SettingsCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), forgets: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The user's settings for reads that only show them (lists, one record, the dashboard): kept for
 * SETTINGS_CACHE_MS. Never use it for what a write stores (an invoice's company details, numbers):
 * writes read them in their transaction with readSettings. The answer is shared: do not change it.
 */
export async function cachedSettings(db: Db, businessId: string): Promise<Settings> {
  const cache = cacheOf(db);
  const now = Date.now();
  const kept = cache.entries.get(businessId);
  if (kept && kept.until > now) return kept.settings;
  const forgets = cache.forgets;
  const settings = await readSettings(db, businessId);
  if (cache.forgets === forgets) {
    if (cache.entries.size >= SETTINGS_CACHE_ENTRIES) cache.entries.clear();
    cache.entries.set(businessId, { settings, until: now + SETTINGS_CACHE_MS });
  }
  return settings;
}

/** Drops what this process keeps of the user's settings; call after any change to them has committed. */
export function forgetSettings(db: Db, businessId: string): void {
  const cache = caches.get(db);
  if (!cache) return;
  cache.forgets += 1;
  cache.entries.delete(businessId);
}

/** Saves the user's settings (on the app's handle, not in a transaction) and forgets the kept copy. */
export async function saveSettings(db: Db, businessId: string, settings: Settings): Promise<void> {
  await db
    .insert(userSettings)
    .values({ businessId, settingsData: settings, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: userSettings.businessId,
      set: { settingsData: settings, updatedAt: new Date() },
    });
  forgetSettings(db, businessId);
}
