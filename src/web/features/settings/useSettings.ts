import { useQuery } from "@tanstack/react-query";
import { DEFAULT_SETTINGS, mergeSettings, type Settings } from "#domain/settings";
import { useAuth } from "#web/auth/AuthProvider";
import { settingsQuery } from "./settingsQuery";

// The signed-in user's settings for the whole app (the invoice editor takes its defaults here).
// A save that failed leaves a draft on this device (spec §4: "changes stay local only"); the draft
// wins over the server's copy until it is saved or discarded.

export { SETTINGS_QUERY_KEY, settingsQuery } from "./settingsQuery";

/** Not `invoice_`-prefixed, so it is not mistaken for invoice drafts; removed on "clear all data". */
export const draftKey = (userId: string) => `bahi-settings-draft-${userId}`;

export function readDraft(userId: string): Settings | null {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    return raw ? mergeSettings(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, settings: Settings) {
  try {
    localStorage.setItem(draftKey(userId), JSON.stringify(settings));
  } catch {
    // storage full or private mode: the form still holds the changes
  }
}

export function clearDraft(userId: string) {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // nothing to remove
  }
}

export interface SettingsState {
  settings: Settings;
  isLoading: boolean;
  /** The server could not be read: `settings` are the defaults (or the local draft). */
  isError: boolean;
  /** Changes that failed to save are kept on this device and used until saved. */
  hasLocalDraft: boolean;
}

export function useSettings(): SettingsState {
  const { user } = useAuth();
  const query = useQuery({ ...settingsQuery, enabled: Boolean(user) });
  const draft = user ? readDraft(user.id) : null;
  return {
    settings: draft ?? query.data ?? DEFAULT_SETTINGS,
    isLoading: Boolean(user) && query.isLoading,
    isError: query.isError,
    hasLocalDraft: draft !== null,
  };
}
