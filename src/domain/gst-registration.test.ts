import {
  COMPOSITION_DECLARATION,
  DEFAULT_GST_REGISTRATION,
  documentTypeFor,
  GST_DOCUMENT_TITLES,
  gstRegistrationSchema,
} from "./gst-registration";
import { DEFAULT_SETTINGS, gstRegistrationOf, mergeSettings, settingsSchema } from "./settings";

const GSTIN = "27AAPFU0939F1ZV";

function messages(input: unknown): Record<string, string> {
  const result = gstRegistrationSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((i) => [i.path.join("."), i.message]));
}

describe("gstRegistrationSchema", () => {
  it("defaults to not registered", () => {
    expect(gstRegistrationSchema.parse({})).toEqual({
      type: "none",
      gstin: "",
      legalName: "",
      tradeName: "",
      turnoverAbove5Crore: false,
    });
    expect(DEFAULT_GST_REGISTRATION.type).toBe("none");
  });

  it("requires a valid GSTIN and the legal name when registered, with clear messages", () => {
    expect(messages({ type: "regular" })).toEqual({
      gstin: "Enter your GSTIN to register as a regular taxpayer.",
      legalName: "Enter your legal name as it appears on your GST registration certificate.",
    });
    expect(messages({ type: "composition", legalName: "A" })).toEqual({
      gstin: "Enter your GSTIN to register as a composition taxpayer.",
    });
    expect(messages({ type: "regular", gstin: "27AAPFU0939F1ZA", legalName: "A" })).toEqual({
      gstin: "Enter a valid 15-character GSTIN (check the last character).",
    });
  });

  it("normalises the GSTIN to upper case", () => {
    const r = gstRegistrationSchema.parse({
      type: "regular",
      gstin: ` ${GSTIN.toLowerCase()} `,
      legalName: "Sharma",
    });
    expect(r.gstin).toBe(GSTIN);
  });

  it("is part of settings, and old settings rows still load", () => {
    expect(DEFAULT_SETTINGS.gstRegistration).toBeUndefined();
    expect(gstRegistrationOf(DEFAULT_SETTINGS)).toEqual(DEFAULT_GST_REGISTRATION);
    const old = { companyName: "Old Co", companyGstin: GSTIN, defaultDueDateDays: 15 };
    const merged = mergeSettings(old);
    expect(merged.companyName).toBe("Old Co");
    expect(merged.companyGstin).toBe(GSTIN);
    expect(gstRegistrationOf(merged)).toEqual(DEFAULT_GST_REGISTRATION);
    expect(settingsSchema.safeParse(old).success).toBe(true);
  });

  it("loads a saved registration, and falls back as a whole when it no longer passes", () => {
    const saved = {
      type: "regular",
      gstin: GSTIN,
      legalName: "Sharma Traders LLP",
      turnoverAbove5Crore: true,
    };
    expect(mergeSettings({ gstRegistration: saved }).gstRegistration).toEqual({ ...saved, tradeName: "" });
    expect(gstRegistrationOf(mergeSettings({ gstRegistration: { type: "regular" } }))).toEqual(
      DEFAULT_GST_REGISTRATION,
    );
    expect(gstRegistrationOf(mergeSettings({ gstRegistration: "x" }))).toEqual(DEFAULT_GST_REGISTRATION);
    expect(settingsSchema.safeParse({ gstRegistration: { type: "regular" } }).success).toBe(false);
  });
});

describe("documentTypeFor", () => {
  it("chooses the document by registration and supply", () => {
    expect(documentTypeFor("none", { allExemptOrNil: false })).toBe("invoice");
    expect(documentTypeFor("regular", { allExemptOrNil: false })).toBe("tax_invoice");
    expect(documentTypeFor("regular", { allExemptOrNil: true })).toBe("bill_of_supply");
    expect(documentTypeFor("composition", { allExemptOrNil: false })).toBe("bill_of_supply");
  });

  it("has the printed titles", () => {
    expect(GST_DOCUMENT_TITLES).toEqual({
      tax_invoice: "Tax Invoice",
      bill_of_supply: "Bill of Supply",
      invoice: "Invoice",
      credit_note: "Credit Note",
      debit_note: "Debit Note",
    });
    expect(COMPOSITION_DECLARATION).toBe(
      "Composition taxable person, not eligible to collect tax on supplies",
    );
  });
});
