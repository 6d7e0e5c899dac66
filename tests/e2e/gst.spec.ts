import { expect, test } from "./fixtures";

// GST end to end: register as a regular taxpayer in Settings, then make an intra-state and an
// inter-state tax invoice, watching the preview's split change as the place of supply does.

test("a registered account's tax invoice splits CGST + SGST or IGST live as the place of supply changes", async ({
  signedInPage: page,
}) => {
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "GST registration" });
  await card.getByLabel("Registration").selectOption("regular");
  await card.getByLabel("GSTIN").fill("27AAPFU0939F1ZV");
  await expect(card.getByText("State: Maharashtra (27)")).toBeVisible();
  await card.getByLabel("Legal name").fill("Udyam Traders Private Limited");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings Saved").last()).toBeVisible();

  await page.goto("/invoice/new");
  const form = page.getByRole("form", { name: "Invoice form" });
  // Until a line carries tax the supply reads as exempt: a bill of supply.
  await expect(form.getByTestId("gst-document-type")).toHaveText("Bill of Supply");
  await page.getByRole("combobox", { name: "Client name" }).fill("Sharma Stores");
  await form.getByLabel("GSTIN").fill("27AABCS1429B1ZU");
  await page.getByRole("combobox", { name: "Item 1 name" }).fill("IT consulting");
  await form.getByLabel("HSN/SAC").fill("998314");
  await form.getByLabel("Rate", { exact: true }).fill("1000");
  await form.getByLabel("Tax %").fill("18");
  await expect(form.getByTestId("gst-document-type")).toHaveText("Tax Invoice");

  const preview = page.getByTestId("invoice-page");
  await expect(preview).toContainText("TAX INVOICE");
  await expect(preview).toContainText("CGST @ 9%");
  await expect(preview).toContainText("SGST @ 9%");
  await expect(preview).not.toContainText("IGST");
  const placeOfSupply = form.getByLabel("Place of supply");
  await expect(placeOfSupply.locator("option").first()).toHaveText(
    /Default: Maharashtra \(27\), from the client's GSTIN/,
  );

  // A draft takes no number of the series until it is issued.
  await page.getByRole("button", { name: "Save as draft" }).first().click();
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(form.getByLabel("Invoice number")).toHaveValue(/^DRAFT-[0-9A-F]{8}$/);

  // Changing the place of supply to Karnataka makes the same invoice inter-state at once.
  await placeOfSupply.selectOption("29");
  await expect(preview).toContainText("IGST @ 18%");
  await expect(preview).not.toContainText("CGST @");
  await expect(preview).toContainText("Karnataka (29)");
  await page.getByRole("button", { name: "Save as draft" }).first().click();
  await expect(page.getByText("Unsaved changes")).toHaveCount(0);

  // A new inter-state invoice: the client's GSTIN says Karnataka.
  await page.goto("/invoice/new");
  await page.getByRole("combobox", { name: "Client name" }).fill("Bengaluru Co");
  await form.getByLabel("GSTIN").fill("29AAACB1234C1ZB");
  await page.getByRole("combobox", { name: "Item 1 name" }).fill("IT consulting");
  await form.getByLabel("HSN/SAC").fill("998314");
  await form.getByLabel("Rate", { exact: true }).fill("500");
  await form.getByLabel("Tax %").fill("18");
  await expect(preview).toContainText("IGST @ 18%");
  await expect(preview).toContainText("Place of Supply");
  // A service's unit quantity code is OTH unless the line names another.
  const uqc = form.getByLabel("Item 1 GST unit (UQC)");
  await expect(uqc.locator("option").first()).toHaveText("Automatic: OTH, from the unit");
  await expect(preview).not.toContainText("NOS");
  await uqc.selectOption("NOS");
  await expect(preview).toContainText("NOS");
  await page.getByRole("button", { name: "Save as draft" }).first().click();
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(form.getByLabel("Invoice number")).toHaveValue(/^DRAFT-[0-9A-F]{8}$/);
  // Issued, it takes the series' first number: the other invoice is still a draft and holds none.
  await page.getByRole("button", { name: "Issue" }).first().click();
  await expect(form.getByLabel("Invoice number")).toHaveValue(/^INV\/\d{4}-\d{2}\/0001$/);
});
