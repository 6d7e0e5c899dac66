import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { userSettings } from "../db/schema";
import { describeEachDb, testAppForSuite } from "../testing/harness";
import { invoiceRequest } from "../testing/invoice-request";

describeEachDb("settings API", (kind) => {
  const t = testAppForSuite(kind);

  it("refuses a visitor who is not signed in", async () => {
    expect((await t.get("/api/settings")).statusCode).toBe(401);
    expect((await t.send("PUT", "/api/settings", {})).statusCode).toBe(401);
  });

  it("saves the defaults as the user's row on the first read", async () => {
    const s = await t.signUpAndSignIn();
    const id = await t.userIdOf(s.cookie);
    const before = await t.database.db.select().from(userSettings).where(eq(userSettings.businessId, id));
    expect(before).toHaveLength(0);
    const res = await t.get("/api/settings", s.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...DEFAULT_SETTINGS });
    expect(res.json()).toMatchObject({
      defaultCurrency: "INR",
      primaryColor: "#1E3A8A",
      defaultDueDateDays: 30,
    });
    const after = await t.database.db.select().from(userSettings).where(eq(userSettings.businessId, id));
    expect(after).toHaveLength(1);
  });

  it("saves settings and reads them back, removing the retired fields", async () => {
    const s = await t.signUpAndSignIn();
    const id = await t.userIdOf(s.cookie);
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
        accountHolderName: "Kesari Traders",
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
    const put = await t.send("PUT", "/api/settings", wanted, s.cookie);
    expect(put.statusCode).toBe(200);
    const got = (await t.get("/api/settings", s.cookie)).json();
    expect(got).toMatchObject({
      companyName: "Kesari Traders",
      companyGstin: "27AAPFU0939F1ZV",
      defaultCurrency: "EUR",
      defaultDueDateDays: 15,
      fontFamily: "Georgia",
      bankDetails: {
        accountHolderName: "Kesari Traders",
        ifscCode: "SBIN0001234",
        upiId: "kesari@upi",
        upiIdIsMerchant: true,
      },
      invoiceNumberScheme: "sequential",
      defaultTemplate: "modern",
      timeZone: "Europe/Berlin",
    });
    const [row] = await t.database.db.select().from(userSettings).where(eq(userSettings.businessId, id));
    const stored = row!.settingsData as Record<string, unknown>;
    expect(stored).not.toHaveProperty("defaultDiscountPercent");
    expect(stored).not.toHaveProperty("defaultTaxPercent");
    expect(stored).not.toHaveProperty("somethingElse");
    expect(got).not.toHaveProperty("defaultTaxPercent");
  });

  it("refuses bad values with 400 naming each bad field, and keeps the saved settings", async () => {
    const s = await t.signUpAndSignIn();
    await t.putSettings({ companyName: "Before" }, s.cookie);
    const bad = await t.putSettings(
      {
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
    expect((await t.get("/api/settings", s.cookie)).json().companyName).toBe("Before");
  });

  it("refuses a fractional due-days value", async () => {
    const s = await t.signUpAndSignIn();
    const bad = await t.putSettings({ defaultDueDateDays: 2.5 }, s.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.defaultDueDateDays).toBe("Default due days must be a whole number.");
  });

  it("keeps one user's settings away from another's", async () => {
    const a = await t.signUpAndSignIn();
    const b = await t.signUpAndSignIn();
    await t.putSettings({ companyName: "A only" }, a.cookie);
    expect((await t.get("/api/settings", b.cookie)).json().companyName).toBe("");
  });

  describe("kept per process for reads (SETTINGS_CACHE_MS)", () => {
    afterEach(() => vi.useRealTimers());

    /** Saves settings as another process or instance on the same database would: behind this one's back. */
    const saveElsewhere = (businessId: string, settingsData: Record<string, unknown>) =>
      t.database.db
        .insert(userSettings)
        .values({ businessId, settingsData })
        .onConflictDoUpdate({ target: userSettings.businessId, set: { settingsData } });

    const dashboardCurrency = async (cookie: string) =>
      (await t.get("/api/dashboard", cookie)).json().currency as string;

    it("shows a save, an import and a clear to the next read on this process at once", async () => {
      const s = await t.signUpAndSignIn();
      expect(await dashboardCurrency(s.cookie)).toBe("INR");
      const put = await t.putSettings({ defaultCurrency: "EUR" }, s.cookie);
      expect(put.statusCode).toBe(200);
      expect(await dashboardCurrency(s.cookie)).toBe("EUR");
      expect((await t.get("/api/products", s.cookie)).json().currency).toBe("EUR");

      const file = (await t.get("/api/export", s.cookie)).json();
      const imported = await t.post(
        "/api/import",
        { ...file, settings: { ...file.settings, defaultCurrency: "USD" } },
        s.cookie,
      );
      expect(imported.statusCode).toBe(200);
      expect(await dashboardCurrency(s.cookie)).toBe("USD");

      expect((await t.post("/api/functions/clear-user-data", {}, s.cookie)).statusCode).toBe(200);
      expect(await dashboardCurrency(s.cookie)).toBe("INR");
    });

    it("shows a save made elsewhere within 5 s", async () => {
      const s = await t.signUpAndSignIn();
      const id = await t.userIdOf(s.cookie);
      expect(await dashboardCurrency(s.cookie)).toBe("INR");
      await saveElsewhere(id, { ...DEFAULT_SETTINGS, defaultCurrency: "EUR" });
      expect(await dashboardCurrency(s.cookie)).toBe("INR");
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Date.now() + 5_001);
      expect(await dashboardCurrency(s.cookie)).toBe("EUR");
    });

    it("never puts kept company details into an invoice: a save reads them in its transaction", async () => {
      const s = await t.signUpAndSignIn();
      const id = await t.userIdOf(s.cookie);
      await t.putSettings({ companyName: "Old Name Traders" }, s.cookie);
      expect((await t.get("/api/invoices", s.cookie)).statusCode).toBe(200); // keeps the settings
      await saveElsewhere(id, { ...DEFAULT_SETTINGS, companyName: "New Name Traders" });
      const created = await t.post(
        "/api/invoices",
        invoiceRequest("KEPT-1", {
          status: "draft",
          invoiceDate: "2026-11-02",
          dueDate: "2026-12-02",
          client: { name: "Walk-in" },
        }),
        s.cookie,
      );
      expect(created.statusCode).toBe(201);
      expect(created.json().invoice.document.company.name).toBe("New Name Traders");
    });
  });
});
