import { z } from "zod";
import { CURRENCY_CODES } from "#domain/currencies";
import { GST_REGISTRATION_TYPES } from "#domain/gst-registration";
import {
  FONT_FAMILIES,
  INVOICE_NUMBER_SCHEMES,
  INVOICE_TEMPLATES,
  type Settings,
  settingsSchema,
} from "#domain/settings";
import { routeGroup } from "./registry";

/** What GET and PUT /api/settings answer: every setting, defaults filled in. */
export const settingsAnswer = z.object({
  defaultCurrency: z.enum(CURRENCY_CODES),
  companyName: z.string(),
  companyEmail: z.string(),
  companyAddress: z.string(),
  companyAddressParts: z
    .object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      pin: z.string(),
      stateCode: z.string(),
    })
    .optional()
    .describe("The company address in fields (the e-invoice's seller address); absent when never given"),
  companyPhone: z.string(),
  companyGstin: z.string(),
  companyLogo: z.string().nullable(),
  defaultNotes: z.string(),
  defaultTerms: z.string(),
  primaryColor: z.string(),
  accentColor: z.string(),
  fontFamily: z.enum(FONT_FAMILIES),
  defaultDueDateDays: z.number().int(),
  bankDetails: z.object({
    accountHolderName: z.string(),
    bankName: z.string(),
    accountNumber: z.string(),
    ifscCode: z.string(),
    branchName: z.string(),
    upiId: z.string(),
    upiIdIsMerchant: z.boolean(),
  }),
  includeBankDetails: z.boolean(),
  signatureImage: z.string().nullable(),
  includeSignature: z.boolean(),
  upiQrCodeImage: z.string().nullable(),
  includeUpiQrCode: z.boolean(),
  invoiceNumberScheme: z.enum(INVOICE_NUMBER_SCHEMES),
  allowSellingBeyondStock: z.boolean(),
  defaultTemplate: z.enum(INVOICE_TEMPLATES),
  roundOffTotals: z.boolean(),
  timeZone: z.string(),
  gstRegistration: z
    .object({
      type: z.enum(GST_REGISTRATION_TYPES),
      gstin: z.string(),
      legalName: z.string(),
      tradeName: z.string(),
      turnoverAbove5Crore: z.boolean(),
    })
    .optional()
    .describe("GST registration; absent means not registered (retail invoices)"),
}) satisfies z.ZodType<Settings>;

const settings = routeGroup("Settings");
export const settingsRoutes = [
  settings.get("/api/settings", "The company defaults, over the built-in ones", {
    responses: { 200: settingsAnswer },
  }),
  settings.put("/api/settings", "Save every setting (missing ones take their defaults)", {
    body: settingsSchema,
    responses: { 200: settingsAnswer },
  }),
];
