import { type Settings, settingsFields } from "#domain/settings";

/** Settings as the API shows them (src/contract/settings.ts): every field, nothing more. */
export const presentSettings = (s: Settings) => settingsFields(s);
