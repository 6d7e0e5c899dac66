import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { userSettings } from "../db/schema";
import { createTestApp, describeEachDb, get, send, signUpAndSignIn, type TestApp } from "../testing/harness";

describeEachDb("settings API", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const userIdOf = async (cookie: string) => (await get(t.app, "/api/profile", cookie)).json().id as string;

  it("refuses a visitor who is not signed in", async () => {
    expect((await get(t.app, "/api/settings")).statusCode).toBe(401);
    expect((await send(t.app, "PUT", "/api/settings", {})).statusCode).toBe(401);
  });

  it("saves the defaults as the user's row on the first read", async () => {
    const s = await signUpAndSignIn(t);
    const id = await userIdOf(s.cookie);
    const before = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, id));
    expect(before).toHaveLength(0);
    const res = await get(t.app, "/api/settings", s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS });
    expect(res.json()).toMatchObject({
      defaultCurrency: "INR",
      primaryColor: "#1E3A8A",
      defaultDueDateDays: 30,
    });
    const after = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, id));
    expect(after).toHaveLength(1);
  });

  it("saves settings and reads them back, removing the retired fields", async () => {
    const s = await signUpAndSignIn(t);
    const id = await userIdOf(s.cookie);
    const wanted = {
      ...DEFAULT_SETTINGS,
      companyName: "Kesari Traders",
      companyEmail: "accounts@kesari.example",
      companyGstin: "27aapfu0939f1zv",
      defaultCurrency: "EUR",
      defaultDueDateDays: "15",
      fontFamily: "Georgia",
      primaryColor: "#112233",
      bankDetails: {
        bankName: "SBI",
        accountNumber: "1234567890",
        ifscCode: "sbin0001234",
        branchName: "Pune",
        upiId: "kesari@upi",
        upiIdIsMerchant: true,
      },
      includeBankDetails: true,
      invoiceNumberScheme: "sequential",
      allowSellingBeyondStock: true,
      defaultTemplate: "modern",
      roundOffTotals: true,
      timeZone: "Europe/Berlin",
      defaultDiscountPercent: 5,
      defaultTaxPercent: 18,
      somethingElse: "dropped",
    };
    const put = await send(t.app, "PUT", "/api/settings", wanted, s.cookie);
    expect(put.statusCode).toBe(200);
    const got = (await get(t.app, "/api/settings", s.cookie)).json();
    expect(got).toMatchObject({
      companyName: "Kesari Traders",
      companyGstin: "27AAPFU0939F1ZV",
      defaultCurrency: "EUR",
      defaultDueDateDays: 15,
      fontFamily: "Georgia",
      bankDetails: { ifscCode: "SBIN0001234", upiId: "kesari@upi", upiIdIsMerchant: true },
      invoiceNumberScheme: "sequential",
      defaultTemplate: "modern",
      timeZone: "Europe/Berlin",
    });
    const [row] = await t.database.db.select().from(userSettings).where(eq(userSettings.userId, id));
    const stored = row!.settingsData as Record<string, unknown>;
    expect(stored).not.toHaveProperty("defaultDiscountPercent");
    expect(stored).not.toHaveProperty("defaultTaxPercent");
    expect(stored).not.toHaveProperty("somethingElse");
    expect(got).not.toHaveProperty("defaultTaxPercent");
  });

  it("refuses bad values with 400 naming each bad field, and keeps the saved settings", async () => {
    const s = await signUpAndSignIn(t);
    await send(t.app, "PUT", "/api/settings", { ...DEFAULT_SETTINGS, companyName: "Before" }, s.cookie);
    const bad = await send(
      t.app,
      "PUT",
      "/api/settings",
      {
        ...DEFAULT_SETTINGS,
        companyName: "After",
        companyGstin: "27AAPFU0939F1ZX",
        defaultDueDateDays: -1,
        primaryColor: "blue",
        fontFamily: "Comic Sans",
        defaultCurrency: "XYZ",
        bankDetails: { ifscCode: "SBIN1234", upiId: "no-at-sign" },
      },
      s.cookie,
    );
    expect(bad.statusCode).toBe(400);
    const error = bad.json().error;
    expect(error.code).toBe("validation_failed");
    expect(Object.keys(error.fields).sort()).toEqual(
      [
        "bankDetails.ifscCode",
        "bankDetails.upiId",
        "companyGstin",
        "defaultCurrency",
        "defaultDueDateDays",
        "fontFamily",
        "primaryColor",
      ].sort(),
    );
    expect(error.fields.companyGstin).toBe("GSTIN is not valid.");
    expect((await get(t.app, "/api/settings", s.cookie)).json().companyName).toBe("Before");
  });

  it("refuses a fractional due-days value", async () => {
    const s = await signUpAndSignIn(t);
    const bad = await send(
      t.app,
      "PUT",
      "/api/settings",
      { ...DEFAULT_SETTINGS, defaultDueDateDays: 2.5 },
      s.cookie,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.defaultDueDateDays).toBe("Default due days must be a whole number.");
  });

  it("keeps one user's settings away from another's", async () => {
    const a = await signUpAndSignIn(t);
    const b = await signUpAndSignIn(t);
    await send(t.app, "PUT", "/api/settings", { ...DEFAULT_SETTINGS, companyName: "A only" }, a.cookie);
    expect((await get(t.app, "/api/settings", b.cookie)).json().companyName).toBe("");
  });
});
