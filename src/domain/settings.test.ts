import {
  cleanSettingsForSave,
  DEFAULT_SETTINGS,
  DEFAULT_TERMS,
  FONT_FAMILIES,
  mergeSettings,
  registrationOfType,
  settingsSchema,
} from "./settings";

describe("DEFAULT_SETTINGS", () => {
  it("has the spec's defaults and ours", () => {
    expect(DEFAULT_SETTINGS).toEqual({
      defaultCurrency: "INR",
      companyName: "",
      companyEmail: "",
      companyAddress: "",
      companyPhone: "",
      companyGstin: "",
      companyLogo: null,
      defaultNotes: "",
      defaultTerms: DEFAULT_TERMS,
      primaryColor: "#1E3A8A",
      accentColor: "#2DD4BF",
      fontFamily: "Roboto",
      defaultDueDateDays: 30,
      bankDetails: {
        accountHolderName: "",
        bankName: "",
        accountNumber: "",
        ifscCode: "",
        branchName: "",
        upiId: "",
        upiIdIsMerchant: false,
      },
      includeBankDetails: false,
      signatureImage: null,
      includeSignature: false,
      upiQrCodeImage: null,
      includeUpiQrCode: false,
      invoiceNumberScheme: "timestamp",
      allowSellingBeyondStock: false,
      defaultTemplate: "classic",
      roundOffTotals: false,
      timeZone: "Asia/Kolkata",
    });
    expect(FONT_FAMILIES).toHaveLength(8);
    expect(DEFAULT_TERMS).toMatch(/not liable for any losses/);
    expect(DEFAULT_TERMS).toMatch(/legal/);
  });

  it("cannot be changed by accident", () => {
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
    expect(Object.isFrozen(DEFAULT_SETTINGS.bankDetails)).toBe(true);
  });
});

describe("settingsSchema", () => {
  it("normalises codes and colours", () => {
    const s = settingsSchema.parse({
      companyGstin: " 27aapfu0939f1zv ",
      primaryColor: "#abcdef",
      defaultDueDateDays: "15",
      bankDetails: { ifscCode: "sbin0001234", upiId: "shop@okicici" },
    });
    expect(s.companyGstin).toBe("27AAPFU0939F1ZV");
    expect(s.primaryColor).toBe("#ABCDEF");
    expect(s.defaultDueDateDays).toBe(15);
    expect(s.bankDetails).toEqual({
      accountHolderName: "",
      bankName: "",
      accountNumber: "",
      ifscCode: "SBIN0001234",
      branchName: "",
      upiId: "shop@okicici",
      upiIdIsMerchant: false,
    });
  });

  it("reports each bad field with a readable message", () => {
    const result = settingsSchema.safeParse({
      companyGstin: "27AAPFU0939F1ZW",
      companyEmail: "nope",
      defaultDueDateDays: 2.5,
      primaryColor: "blue",
      fontFamily: "Comic Sans",
      defaultCurrency: "XYZ",
      timeZone: "Mars/Base",
      companyName: "x".repeat(201),
      bankDetails: { ifscCode: "SBIN1234567", upiId: "shop" },
    });
    expect(result.success).toBe(false);
    const issues = Object.fromEntries(result.error!.issues.map((i) => [i.path.join("."), i.message]));
    expect(issues).toMatchObject({
      companyGstin: "GSTIN is not valid.",
      companyEmail: "Company e-mail is not valid.",
      defaultDueDateDays: "Default due days must be a whole number.",
      primaryColor: "Primary colour must be a colour like #1E3A8A.",
      timeZone: "Time zone is not a known IANA time zone.",
      companyName: "Company name must be at most 200 characters.",
      "bankDetails.ifscCode": "IFSC code is not valid.",
      "bankDetails.upiId": "UPI ID is not valid.",
    });
    expect(Object.keys(issues)).toEqual(expect.arrayContaining(["fontFamily", "defaultCurrency"]));
  });

  it("refuses due days out of range", () => {
    expect(settingsSchema.safeParse({ defaultDueDateDays: -1 }).success).toBe(false);
    expect(settingsSchema.safeParse({ defaultDueDateDays: 3651 }).success).toBe(false);
    expect(settingsSchema.safeParse({ defaultDueDateDays: "abc" }).success).toBe(false);
    expect(settingsSchema.parse({ defaultDueDateDays: 0 }).defaultDueDateDays).toBe(0);
  });
});

describe("mergeSettings", () => {
  it("gives the defaults for nothing saved", () => {
    expect(mergeSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings("garbage")).toEqual(DEFAULT_SETTINGS);
    expect(mergeSettings([])).toEqual(DEFAULT_SETTINGS);
  });

  it("keeps good saved values and drops only the bad ones", () => {
    const merged = mergeSettings({
      companyName: "Sharma Traders",
      defaultCurrency: "USD",
      fontFamily: "Comic Sans",
      defaultDueDateDays: -4,
      companyGstin: "not a gstin",
      bankDetails: { bankName: "SBI", ifscCode: "bad" },
      includeBankDetails: true,
      defaultDiscountPercent: 5,
    });
    expect(merged.companyName).toBe("Sharma Traders");
    expect(merged.defaultCurrency).toBe("USD");
    expect(merged.fontFamily).toBe("Roboto");
    expect(merged.defaultDueDateDays).toBe(30);
    expect(merged.companyGstin).toBe("");
    expect(merged.bankDetails).toEqual({ ...DEFAULT_SETTINGS.bankDetails, bankName: "SBI" });
    expect(merged.includeBankDetails).toBe(true);
    expect(merged).not.toHaveProperty("defaultDiscountPercent");
  });

  it("falls back for a bankDetails that is not an object and returns a fresh object", () => {
    const merged = mergeSettings({ bankDetails: "x" });
    expect(merged.bankDetails).toEqual(DEFAULT_SETTINGS.bankDetails);
    expect(merged.bankDetails).not.toBe(DEFAULT_SETTINGS.bankDetails);
    expect(settingsSchema.parse(merged)).toEqual(merged);
  });
});

describe("cleanSettingsForSave", () => {
  it("drops the retired percent defaults and keeps the rest", () => {
    const input = { companyName: "A", defaultDiscountPercent: 5, defaultTaxPercent: 18 };
    expect(cleanSettingsForSave(input)).toEqual({ companyName: "A" });
    expect(input).toHaveProperty("defaultTaxPercent");
  });
});

describe("registrationOfType (issue 32: the GSTIN asked once)", () => {
  it("carries the Company Defaults GSTIN into a registration that has none", () => {
    const typed = { ...DEFAULT_SETTINGS, companyGstin: "27aapfu0939f1zv" };
    expect(registrationOfType(typed, "regular")).toMatchObject({ type: "regular", gstin: "27AAPFU0939F1ZV" });
    const own = {
      ...typed,
      gstRegistration: { ...registrationOfType(typed, "regular"), gstin: "29AABCT1332L1ZU" },
    };
    expect(registrationOfType(own, "composition").gstin).toBe("29AABCT1332L1ZU");
    expect(registrationOfType(DEFAULT_SETTINGS, "regular").gstin).toBe("");
  });
});
