import { expect, test } from "./fixtures";

// Clients from a spreadsheet: the file is checked (a preview, a bad row named), nothing is imported
// until it is right, then every row arrives.

const file = (text: string) => ({
  name: "clients.csv",
  mimeType: "text/csv",
  buffer: Buffer.from(text, "utf8"),
});

test("import clients from a CSV file: a bad row stops it, the fixed file imports every row", async ({
  signedInPage: page,
}) => {
  await page.goto("/clients");
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import clients from CSV" });
  const bad = "Name,E-mail,City\nAsha Traders,asha@traders.example,Pune\nKesari Sons,not-an-address,Mumbai\n";
  await dialog.getByLabel("CSV file").setInputFiles(file(bad));
  await expect(dialog.getByRole("alert")).toContainText("Line 3: E-mail: Enter a valid e-mail address.");
  await expect(dialog.getByRole("button", { name: "Import 2 clients" })).toBeDisabled();

  await dialog
    .getByLabel("CSV file")
    .setInputFiles(file(bad.replace("not-an-address", "accounts@kesari.example")));
  await expect(dialog.getByRole("table")).toContainText("Kesari Sons");
  await dialog.getByRole("button", { name: "Import 2 clients" }).click();
  await expect(page.getByText("2 clients imported")).toBeVisible();
  await expect(page.getByText("Kesari Sons").first()).toBeVisible();
  await expect(page.getByText("Asha Traders").first()).toBeVisible();
});
