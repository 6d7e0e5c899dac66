import type { FastifyInstance } from "fastify";
import { cleanSettingsForSave, type Settings, settingsSchema } from "#domain/settings";
import type { Auth } from "../auth/auth";
import { requireUser } from "../auth/session";
import type { Db } from "../db/client";
import { ownedImageIds } from "../db/queries/images";
import { loadSettings, saveSettings } from "../db/queries/settings";
import { AppError } from "../errors";
import { parseBody } from "./validate";

export const IMAGE_FIELDS = ["companyLogo", "signatureImage", "upiQrCodeImage"] as const;

/** GET merges the saved settings over the defaults; PUT validates, cleans and saves them whole. */
export function registerSettingsRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;

  app.get("/api/settings", async (request) => {
    const me = await requireUser(auth, request);
    return presentSettings(await loadSettings(db, me.id));
  });

  app.put("/api/settings", async (request) => {
    const me = await requireUser(auth, request);
    const body =
      request.body && typeof request.body === "object" ? (request.body as Record<string, unknown>) : {};
    const settings = parseBody(settingsSchema, cleanSettingsForSave(body));
    await assertOwnImages(db, me.id, settings);
    await saveSettings(db, me.id, settings);
    return presentSettings(settings);
  });
}

/** Settings may only point at the user's own images. */
async function assertOwnImages(db: Db, userId: string, settings: Settings) {
  const wanted = IMAGE_FIELDS.map((f) => settings[f]).filter((id): id is string => Boolean(id));
  const owned = await ownedImageIds(db, userId, wanted);
  const fields: Record<string, string> = {};
  for (const field of IMAGE_FIELDS) {
    const id = settings[field];
    if (id && !owned.has(id)) fields[field] = "This image was not found. Please upload it again.";
  }
  const first = Object.entries(fields)[0];
  if (first) throw new AppError("validation_failed", `${first[0]}: ${first[1]}`, fields);
}

export function presentSettings(s: Settings) {
  return {
    defaultCurrency: s.defaultCurrency,
    companyName: s.companyName,
    companyEmail: s.companyEmail,
    companyAddress: s.companyAddress,
    companyPhone: s.companyPhone,
    companyGstin: s.companyGstin,
    companyLogo: s.companyLogo,
    defaultNotes: s.defaultNotes,
    defaultTerms: s.defaultTerms,
    primaryColor: s.primaryColor,
    accentColor: s.accentColor,
    fontFamily: s.fontFamily,
    defaultDueDateDays: s.defaultDueDateDays,
    bankDetails: {
      bankName: s.bankDetails.bankName,
      accountNumber: s.bankDetails.accountNumber,
      ifscCode: s.bankDetails.ifscCode,
      branchName: s.bankDetails.branchName,
      upiId: s.bankDetails.upiId,
      upiIdIsMerchant: s.bankDetails.upiIdIsMerchant,
    },
    includeBankDetails: s.includeBankDetails,
    signatureImage: s.signatureImage,
    includeSignature: s.includeSignature,
    upiQrCodeImage: s.upiQrCodeImage,
    includeUpiQrCode: s.includeUpiQrCode,
    invoiceNumberScheme: s.invoiceNumberScheme,
    allowSellingBeyondStock: s.allowSellingBeyondStock,
    defaultTemplate: s.defaultTemplate,
    roundOffTotals: s.roundOffTotals,
    timeZone: s.timeZone,
  } satisfies Settings;
}
