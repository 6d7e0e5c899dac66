import { expect, test } from "./fixtures";

// A person makes an API key in My Account, tries a call with it on the API reference page,
// revokes it, and the same call is refused.
test("make an API key, try a call with it on /api/docs, revoke it", async ({ signedInPage: page }) => {
  await page.goto("/account");
  const card = page.getByRole("heading", { name: "API keys" }).locator("..");
  await card.getByLabel("Key name").fill("Google Sheets");
  await card.getByLabel("Access").selectOption("read");
  await card.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog", { name: "Your new API key" });
  const key = (await dialog.getByTestId("new-api-key").textContent())!.trim();
  expect(key).toMatch(/^bahi_sk_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("list", { name: "Your API keys" })).toContainText("Google Sheets");
  await expect(page.getByRole("list", { name: "Your API keys" })).toContainText("Read only");
  // The key is not shown again.
  await expect(page.getByText(key)).toHaveCount(0);

  const docs = await page.context().newPage();
  await docs.goto("/api/docs");
  await docs.getByLabel("API key").fill(key);
  await docs.getByLabel("Path").fill("/api/clients");
  await docs.getByRole("button", { name: "Send" }).click();
  await expect(docs.locator("#try-answer")).toContainText("200");
  await expect(docs.locator("#try-answer")).toContainText('"items"');
  // A read-only key cannot write.
  await docs.getByLabel("Method").selectOption("POST");
  await docs.getByLabel("JSON body").fill('{"name":"Asha Traders"}');
  await docs.getByRole("button", { name: "Send" }).click();
  await expect(docs.locator("#try-answer")).toContainText("403");
  await expect(docs.locator("#try-answer")).toContainText("key_read_only");

  await page.getByRole("button", { name: "Revoke Google Sheets" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByRole("list", { name: "Your API keys" })).toContainText("Revoked");
  await docs.getByLabel("Method").selectOption("GET");
  await docs.getByRole("button", { name: "Send" }).click();
  await expect(docs.locator("#try-answer")).toContainText("401");
});
