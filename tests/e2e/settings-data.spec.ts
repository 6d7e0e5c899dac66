import { readFileSync } from "node:fs";
import sharp from "sharp";
import { expect, test } from "./fixtures";

const png = (w: number, h: number, colour: string) =>
  sharp({ create: { width: w, height: h, channels: 3, background: colour } })
    .png()
    .toBuffer();

test.describe("settings and data", () => {
  test("saves every section and finds it after a reload", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await expect(page.getByRole("heading", { name: "Settings", exact: true })).toBeVisible();
    await page.getByLabel("Company name").fill("Kesari Traders");
    await page.getByLabel("Company email").fill("accounts@kesari.example");
    await page.getByLabel("Company phone").fill("+91 98765 43210");
    await page.getByLabel("GSTIN (optional)").fill("27aapfu0939f1zv");
    // The company address in fields (decision 0082): the printed text is made from them.
    await page.getByLabel("Address line 1").fill("1 MG Road");
    await page.getByLabel("City or town").fill("Pune");
    await page.getByLabel("PIN code").fill("411001");
    await page.getByLabel("State / UT").selectOption("27");
    await page.getByLabel("Default currency").selectOption("USD");
    await page.getByLabel("Default due days").fill("15");
    await page.getByLabel("Default notes").fill("Thank you for your business.");
    await page.getByLabel("Default terms").fill("Payment within 15 days.");
    await page.getByLabel("Primary colour", { exact: true }).fill("#112233");
    await page.getByLabel("Accent colour", { exact: true }).fill("#445566");
    await page.getByLabel("Font family").selectOption("Georgia");
    await page.getByRole("switch", { name: "Include bank details" }).click();
    await page.getByLabel("Bank name").fill("State Bank of India");
    await page.getByLabel("Account number").fill("1234567890");
    await page.getByLabel("IFSC code").fill("SBIN0001234");
    await page.getByLabel("Branch name").fill("Pune Camp");
    await page.getByLabel("UPI ID (optional)").fill("kesari@sbi");
    await page.getByRole("switch", { name: "Include authorised signature" }).click();
    await page.getByRole("switch", { name: "Include UPI QR code" }).click();
    await page.getByLabel("Invoice number scheme").selectOption("sequential");
    await page.getByLabel("Default template").selectOption("modern");
    await page.getByLabel("Time zone").selectOption("Europe/London");
    await page.getByRole("switch", { name: "Allow selling beyond stock" }).click();
    await page.getByRole("switch", { name: "Round off totals" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").last()).toBeVisible();

    await page.reload();
    await expect(page.getByLabel("Company name")).toHaveValue("Kesari Traders");
    await expect(page.getByLabel("Company email")).toHaveValue("accounts@kesari.example");
    await expect(page.getByLabel("Company phone")).toHaveValue("+91 98765 43210");
    await expect(page.getByLabel("GSTIN (optional)")).toHaveValue("27AAPFU0939F1ZV");
    await expect(page.getByLabel("Address line 1")).toHaveValue("1 MG Road");
    await expect(page.getByLabel("City or town")).toHaveValue("Pune");
    await expect(page.getByLabel("PIN code")).toHaveValue("411001");
    await expect(page.getByLabel("State / UT")).toHaveValue("27");
    await expect(page.getByLabel("Default currency")).toHaveValue("USD");
    await expect(page.getByLabel("Default due days")).toHaveValue("15");
    await expect(page.getByLabel("Default notes")).toHaveValue("Thank you for your business.");
    await expect(page.getByLabel("Default terms")).toHaveValue("Payment within 15 days.");
    await expect(page.getByLabel("Primary colour", { exact: true })).toHaveValue("#112233");
    await expect(page.getByLabel("Accent colour", { exact: true })).toHaveValue("#445566");
    await expect(page.getByLabel("Font family")).toHaveValue("Georgia");
    await expect(page.getByRole("switch", { name: "Include bank details" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByLabel("Bank name")).toHaveValue("State Bank of India");
    await expect(page.getByLabel("IFSC code")).toHaveValue("SBIN0001234");
    await expect(page.getByLabel("UPI ID (optional)")).toHaveValue("kesari@sbi");
    await expect(page.getByRole("switch", { name: "Include authorised signature" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByRole("switch", { name: "Include UPI QR code" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByLabel("Invoice number scheme")).toHaveValue("sequential");
    await expect(page.getByLabel("Default template")).toHaveValue("modern");
    await expect(page.getByLabel("Time zone")).toHaveValue("Europe/London");
    await expect(page.getByRole("switch", { name: "Allow selling beyond stock" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    await expect(page.getByRole("switch", { name: "Round off totals" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    // The appearance switch is the header's theme.
    await page.getByRole("switch", { name: "Dark mode" }).click();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
  });

  test("names a bad GSTIN and IFSC before saving", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await page.getByLabel("GSTIN (optional)").fill("27AAPFU0939F1ZX");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("GSTIN is not valid.")).toBeVisible();
    await expect(page.getByText("Settings Save Error")).toBeVisible();
  });

  test("uploads a logo and shows it; refuses a file over 2 MB", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await page
      .getByLabel("Company logo", { exact: true })
      .setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: await png(120, 60, "#1E3A8A") });
    const preview = page.getByRole("img", { name: "Company logo preview" });
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").last()).toBeVisible();
    await page.reload();
    await expect(page.getByRole("img", { name: "Company logo preview" })).toBeVisible();

    const big = Buffer.concat([await png(10, 10, "#000"), Buffer.alloc(2.1 * 1024 * 1024, 7)]);
    await page
      .getByLabel("Company logo", { exact: true })
      .setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await expect(page.getByText("File Too Large")).toBeVisible();
  });

  test("exports, then imports the file back", async ({ signedInPage: page }) => {
    await page.goto("/settings");
    await page.getByLabel("Company name").fill("Original Name");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").last()).toBeVisible();

    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export All Data" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoice_app_data_\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(readFileSync((await download.path())!, "utf8"));
    // The spec's four sections, then Bahi's own: quotes, credit and debit notes, recurring profiles,
    // statements of account (decision 0087), client advances (decision 0092).
    expect(Object.keys(file).sort()).toEqual([
      "clientAdvances",
      "clients",
      "creditNotes",
      "invoices",
      "productServices",
      "quotes",
      "recurringProfiles",
      "settings",
      "statements",
    ]);
    await expect(page.getByText("Data Exported")).toBeVisible();

    await page.getByLabel("Company name").fill("Changed Name");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").last()).toBeVisible();

    await page
      .locator("#import-file")
      .setInputFiles({ name: "bad.txt", mimeType: "text/plain", buffer: Buffer.from("x") });
    await expect(page.getByText("Invalid file format. Missing required data sections.")).toBeVisible();

    const exported = readFileSync((await download.path())!);
    await page
      .locator("#import-file")
      .setInputFiles({ name: download.suggestedFilename(), mimeType: "application/json", buffer: exported });
    await page.getByRole("alertdialog").getByRole("button", { name: "Replace my data" }).click();
    await expect(page.getByText("Data Imported Successfully")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Company name")).toHaveValue("Original Name");
  });

  test("clearing all data ends signed out", async ({ signedInPage: page }) => {
    // The sign-out comes 3 s after the data is cleared, on the page's clock (decision 0096).
    await page.clock.install();
    await page.goto("/settings");
    await page.getByLabel("Company name").fill("To be cleared");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByText("Settings Saved").last()).toBeVisible();
    await page.evaluate(() => {
      localStorage.setItem("invoice_draft", "x");
      localStorage.setItem("hasWelcomed_x", "1");
      localStorage.setItem("bahi-theme", "dark");
      localStorage.setItem("unrelated", "kept");
    });
    await page.getByRole("button", { name: "Clear All Data" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Clear all application data?");
    await dialog.getByRole("button", { name: "Clear All Data" }).click();
    await expect(page.getByText("You will be signed out in 3 seconds.")).toBeVisible();
    await page.clock.fastForward(3000);
    await expect(page).toHaveURL(/\/auth/, { timeout: 15_000 });
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys).not.toContain("invoice_draft");
    expect(keys).not.toContain("hasWelcomed_x");
    expect(keys).not.toContain("bahi-theme");
    expect(keys).toContain("unrelated");
    const res = await page.request.get("/api/settings");
    expect(res.status()).toBe(401);
  });

  test("fits 360 px without horizontal scrolling", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto("/settings");
    await page.getByRole("button", { name: "Save Settings" }).waitFor();
    await page.getByRole("switch", { name: "Include bank details" }).click();
    const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  });
});
