import type { Settings } from "#domain/settings";
import type { Db } from "../db/client";
import { ownedImageIds } from "../db/queries/images";
import { forgetSettings, readSettings, saveSettings } from "../db/queries/settings";
import { AppError } from "../errors";
import { recordSettingsChanged } from "./settings-activity";

export const IMAGE_FIELDS = ["companyLogo", "signatureImage", "upiQrCodeImage"] as const;

/** The settings page's load: the saved settings over the defaults; a first load saves the defaults. */
export function settingsForEditing(db: Db, businessId: string): Promise<Settings> {
  return readSettings(db, businessId, { saveDefaults: true });
}

/** Saves the whole settings (already validated and cleaned), which may only name the user's own images. */
export async function saveUserSettings(db: Db, businessId: string, settings: Settings): Promise<Settings> {
  await assertOwnImages(db, businessId, settings);
  await db.transaction(async (tx) => {
    const before = await readSettings(tx, businessId);
    await saveSettings(tx, businessId, settings);
    // The names of the fields changed, never their values (bank details, keys).
    const fields = (Object.keys(settings) as (keyof Settings)[]).filter(
      (field) => JSON.stringify(settings[field]) !== JSON.stringify(before[field]),
    );
    await recordSettingsChanged(tx, businessId, fields);
  });
  forgetSettings(db, businessId);
  return settings;
}

async function assertOwnImages(db: Db, businessId: string, settings: Settings) {
  const wanted = IMAGE_FIELDS.map((f) => settings[f]).filter((id): id is string => Boolean(id));
  const owned = await ownedImageIds(db, businessId, wanted);
  const fields: Record<string, string> = {};
  for (const field of IMAGE_FIELDS) {
    const id = settings[field];
    if (id && !owned.has(id)) fields[field] = "This image was not found. Please upload it again.";
  }
  const first = Object.entries(fields)[0];
  if (first) throw new AppError("validation_failed", `${first[0]}: ${first[1]}`, fields);
}
