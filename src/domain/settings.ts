import { z } from "zod";
import { companyAddressPartsSchema } from "./company-address";
import { CURRENCY_CODES } from "./currencies";
import { isValidTimeZone } from "./dates";
import { parseIntegerInput } from "./decimal";
import { DEFAULT_GST_REGISTRATION, type GstRegistration, gstRegistrationSchema } from "./gst-registration";
import { isValidEmail, isValidGstin, isValidIfsc, isValidUpiId } from "./validation";

// The spec §3 Settings entity (`settings_data`, camelCase as the spec has it) plus Bahi's own
// choices. `settingsSchema` validates what a user saves and reports each bad field;
// `mergeSettings` reads whatever is stored and never fails, so an old or damaged row still loads.

export const FONT_FAMILIES = [
  "Inter",
  "Roboto",
  "Lato",
  "Open Sans",
  "Montserrat",
  "Verdana",
  "Georgia",
  "Times New Roman",
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const INVOICE_TEMPLATES = ["classic", "modern", "minimal"] as const;
export type InvoiceTemplate = (typeof INVOICE_TEMPLATES)[number];

export const INVOICE_NUMBER_SCHEMES = ["timestamp", "sequential"] as const;

export const DEFAULT_TERMS =
  "This invoice was created with Bahi. Bahi is not liable for any losses arising from the use of " +
  "invoices created with it. You are responsible for checking that this invoice meets the legal and " +
  "tax requirements that apply to you.";

/** The terms a document other than an invoice prints by default: the same words, its own noun. */
export function defaultTermsOf(noun: string): string {
  return (
    `This ${noun} was created with Bahi. Bahi is not liable for any losses arising from the use of ` +
    `documents created with it. You are responsible for checking that this ${noun} meets the legal and ` +
    "tax requirements that apply to you."
  );
}

/** The default terms as a quote says them (a quote is not an invoice). */
export const DEFAULT_QUOTE_TERMS = defaultTermsOf("quote");

/**
 * The terms a document of this noun ("invoice", "quote", "delivery challan"...) prints: the user's
 * own, or, while they are still one of Bahi's defaults, the default that names this document.
 */
export function termsFor(noun: string, terms: string): string {
  const trimmed = terms.trim();
  const isDefault =
    trimmed === DEFAULT_TERMS || trimmed === DEFAULT_QUOTE_TERMS || trimmed === defaultTermsOf(noun);
  if (!isDefault) return terms;
  return noun === "invoice" ? DEFAULT_TERMS : defaultTermsOf(noun);
}

export const DEFAULT_TIME_ZONE = "Asia/Kolkata";

export const SETTINGS_LIMITS = {
  name: 200,
  address: 1000,
  longText: 5000,
  phone: 40,
  accountNumber: 40,
} as const;

const text = (label: string, max: number, fallback = "") =>
  z.string().trim().max(max, `${label} must be at most ${max} characters.`).default(fallback);

/** Empty, or passing `check` once trimmed (and upper-cased when asked). */
const optionalCode = (label: string, max: number, check: (s: string) => boolean, upper = false) =>
  z
    .string()
    .trim()
    .max(max, `${label} is not valid.`)
    .transform((s) => (upper ? s.toUpperCase() : s))
    .refine((s) => s === "" || check(s), `${label} is not valid.`)
    .default("");

const colour = (label: string, fallback: string) =>
  z
    .string()
    .trim()
    .regex(/^#[0-9A-Fa-f]{6}$/, `${label} must be a colour like #1E3A8A.`)
    .transform((s) => s.toUpperCase())
    .default(fallback);

/** Images are stored once and referred to by id (DECISIONS §7); the id is short, never image data. */
const imageRef = z.string().min(1).max(200).nullable().default(null);

export const bankDetailsSchema = z.object({
  /** The name the account is held in: a payer's bank asks for it with the number and IFSC. */
  accountHolderName: text("Account holder's name", SETTINGS_LIMITS.name),
  bankName: text("Bank name", SETTINGS_LIMITS.name),
  accountNumber: text("Account number", SETTINGS_LIMITS.accountNumber),
  ifscCode: optionalCode("IFSC code", 11, isValidIfsc, true),
  branchName: text("Branch name", SETTINGS_LIMITS.name),
  upiId: optionalCode("UPI ID", 320, isValidUpiId),
  /** A merchant UPI ID (DECISIONS §10): only then do payment links carry a transaction reference `tr`. */
  upiIdIsMerchant: z.boolean().default(false),
});
export type BankDetails = z.output<typeof bankDetailsSchema>;

export const settingsSchema = z.object({
  defaultCurrency: z.enum(CURRENCY_CODES).default("INR"),
  companyName: text("Company name", SETTINGS_LIMITS.name),
  companyEmail: optionalCode("Company e-mail", 254, isValidEmail),
  companyAddress: text("Company address", SETTINGS_LIMITS.address),
  // The same address in fields (decision 0082): the e-invoice's seller address (Addr1, Addr2,
  // Loc, Pin, Stcd) is read from them. Absent on settings saved before; `companyAddress` stays
  // the printed text.
  companyAddressParts: companyAddressPartsSchema.optional(),
  companyPhone: text("Company phone", SETTINGS_LIMITS.phone),
  // The GSTIN printed on a retail invoice of an unregistered account (spec §3). Once the account
  // is GST-registered, `gstRegistration.gstin` is the one printed and the one every GST rule
  // reads (companySnapshot puts it in the invoice's company block); this field is then unused.
  companyGstin: optionalCode("GSTIN", 15, isValidGstin, true),
  companyLogo: imageRef,
  defaultNotes: text("Default notes", SETTINGS_LIMITS.longText),
  defaultTerms: text("Default terms", SETTINGS_LIMITS.longText, DEFAULT_TERMS),
  primaryColor: colour("Primary colour", "#1E3A8A"),
  accentColor: colour("Accent colour", "#2DD4BF"),
  fontFamily: z.enum(FONT_FAMILIES).default("Roboto"),
  // The form's number input may hand over "30"; a fraction or text is refused, not truncated.
  defaultDueDateDays: z
    .preprocess(
      (v) => (typeof v === "string" ? parseIntegerInput(v) : v),
      z
        .number("Default due days must be a whole number.")
        .int("Default due days must be a whole number.")
        .min(0, "Default due days cannot be negative.")
        .max(3650, "Default due days must be at most 3650."),
    )
    .default(30),
  bankDetails: bankDetailsSchema.prefault({}),
  includeBankDetails: z.boolean().default(false),
  signatureImage: imageRef,
  includeSignature: z.boolean().default(false),
  upiQrCodeImage: imageRef,
  includeUpiQrCode: z.boolean().default(false),
  invoiceNumberScheme: z.enum(INVOICE_NUMBER_SCHEMES).default("timestamp"),
  allowSellingBeyondStock: z.boolean().default(false),
  defaultTemplate: z.enum(INVOICE_TEMPLATES).default("classic"),
  roundOffTotals: z.boolean().default(false),
  timeZone: z
    .string()
    .trim()
    .refine(isValidTimeZone, "Time zone is not a known IANA time zone.")
    .default(DEFAULT_TIME_ZONE),
  // Bahi's own (DECISIONS §10). Absent means not registered: read it through
  // gstRegistrationOf(settings), which applies the default. It is optional rather than
  // defaulted so that DEFAULT_SETTINGS and every settings row stored before GST read exactly as
  // before. mergeSettings parses it as one field: a stored value that no longer passes (e.g.
  // "regular" without a GSTIN) falls back to absent ("none") as a whole, so a half registration
  // is never used to make tax invoices.
  gstRegistration: gstRegistrationSchema.optional(),
});

export type Settings = z.output<typeof settingsSchema>;
export type SettingsInput = z.input<typeof settingsSchema>;

const defaults = settingsSchema.parse({});
Object.freeze(defaults.bankDetails);
export const DEFAULT_SETTINGS: Settings = Object.freeze(defaults);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Each field parsed alone, so one bad value falls back to its own default only. */
function mergeFields(
  shape: Record<string, z.ZodType>,
  saved: unknown,
  fallback: Record<string, unknown>,
): Record<string, unknown> {
  const source = isRecord(saved) ? saved : {};
  const merged: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(shape)) {
    const parsed = field.safeParse(source[key]);
    merged[key] = parsed.success ? parsed.data : fallback[key];
  }
  return merged;
}

/** Saved settings over the defaults (spec §4 "Settings load"); never throws. */
export function mergeSettings(saved: unknown): Settings {
  const { bankDetails: _bank, ...topShape } = settingsSchema.shape;
  const merged = mergeFields(topShape, saved, DEFAULT_SETTINGS);
  merged.bankDetails = mergeFields(
    bankDetailsSchema.shape,
    isRecord(saved) ? saved.bankDetails : undefined,
    DEFAULT_SETTINGS.bankDetails,
  );
  return merged as Settings;
}

/** The account's GST registration, "none" when it never said (old rows, DEFAULT_SETTINGS). */
export function gstRegistrationOf(settings: Pick<Settings, "gstRegistration">): GstRegistration {
  return settings.gstRegistration ?? DEFAULT_GST_REGISTRATION;
}

/**
 * The registration after choosing its type: a GSTIN already typed under Company Defaults is
 * carried in when the registration has none, so Settings asks for it once (issue 32, 0082).
 */
export function registrationOfType(
  settings: Pick<Settings, "gstRegistration" | "companyGstin">,
  type: GstRegistration["type"],
): GstRegistration {
  const registration = gstRegistrationOf(settings);
  const gstin =
    registration.gstin.trim() === "" ? settings.companyGstin.trim().toUpperCase() : registration.gstin;
  return { ...registration, type, gstin: type === "none" ? registration.gstin : gstin };
}

/** Fields the earlier product kept in settings and removes on save (spec §3). */
const RETIRED_FIELDS = ["defaultDiscountPercent", "defaultTaxPercent"];

export function cleanSettingsForSave(s: Record<string, unknown>): Record<string, unknown> {
  const cleaned = { ...s };
  for (const field of RETIRED_FIELDS) delete cleaned[field];
  return cleaned;
}

/** The settings' own fields, each listed: nothing else a stored object may carry leaves with them. */
export function settingsFields(s: Settings) {
  return {
    defaultCurrency: s.defaultCurrency,
    companyName: s.companyName,
    companyEmail: s.companyEmail,
    companyAddress: s.companyAddress,
    ...(s.companyAddressParts
      ? {
          companyAddressParts: {
            line1: s.companyAddressParts.line1,
            line2: s.companyAddressParts.line2,
            city: s.companyAddressParts.city,
            pin: s.companyAddressParts.pin,
            stateCode: s.companyAddressParts.stateCode,
          },
        }
      : {}),
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
      accountHolderName: s.bankDetails.accountHolderName,
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
    // Only when the account said something about GST (absent = not registered, as stored).
    ...(s.gstRegistration
      ? {
          gstRegistration: {
            type: s.gstRegistration.type,
            gstin: s.gstRegistration.gstin,
            legalName: s.gstRegistration.legalName,
            tradeName: s.gstRegistration.tradeName,
            turnoverAbove5Crore: s.gstRegistration.turnoverAbove5Crore,
          },
        }
      : {}),
  } satisfies Settings;
}
