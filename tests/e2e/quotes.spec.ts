import AxeBuilder from "@axe-core/playwright";
import { expect, linkFromOutbox, test, uniqueEmail } from "./fixtures";

// Quotes: the business writes a quote and sends its link; the client opens it without an account
// and accepts it with their name; the business converts it to an invoice and issues that invoice.

test("write a quote, the client accepts it from its link, convert it and issue the invoice", async ({
  signedInPage: page,
  browser,
}) => {
  await page.getByRole("link", { name: "Quotes" }).first().click();
  await expect(page.getByRole("heading", { name: "Quotes" })).toBeVisible();
  await page.getByRole("link", { name: "New quote" }).click();
  await expect(page.getByRole("heading", { name: "New Quote" })).toBeVisible();

  const form = page.getByRole("form", { name: "Quote form" });
  const number = await form.getByLabel("Quote number").inputValue();
  expect(number).toMatch(/^QT\/\d{4}-\d{2}\/0001$/);
  await page.getByRole("combobox", { name: "Client name" }).fill("Lakshmi Stores");
  await page.getByRole("combobox", { name: "Item 1 name" }).fill("Masala tea, 1 kg");
  await form.getByLabel("Quantity").fill("3");
  await form.getByLabel("Rate", { exact: true }).fill("450.50");
  // The live preview draws a quotation.
  const preview = page.locator("#panel-preview");
  await expect(preview.getByText("QUOTATION")).toBeVisible();
  await expect(preview.getByText("Valid Until")).toBeVisible();
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Quote saved as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/quotes\/[0-9a-f-]{36}$/);

  // Send it by e-mail: the client's mail carries the quote's link, and the quote is sent.
  const share = page.getByRole("region", { name: "Send to your client" });
  await share.getByRole("button", { name: "Send by e-mail…" }).click();
  const dialog = page.getByRole("dialog", { name: "Send by e-mail" });
  const clientEmail = uniqueEmail("lakshmi");
  await dialog.getByLabel("To").fill(clientEmail);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Quote sent")).toBeVisible();
  const url = await linkFromOutbox(clientEmail, "/q/");
  expect(url).toMatch(/\/q\/[A-Za-z0-9_-]{32}$/);
  await expect(share.getByTestId("quote-link")).toHaveText(url);
  await expect(page.locator("header, main").getByText("Sent", { exact: true }).first()).toBeVisible();
  await expect(share.getByRole("link", { name: "WhatsApp" })).toHaveAttribute("href", /^https:\/\/wa\.me\//);

  await expect(
    page.getByRole("region", { name: "Client's answer" }).getByRole("button", { name: "Mark accepted…" }),
  ).toBeVisible();

  // The client, on a phone, with no account and no cookie.
  const client = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const phone = await client.newPage();
  await phone.goto(url);
  await expect(phone.getByRole("heading", { name: "QUOTATION" })).toBeVisible();
  await expect(phone.getByText(number).first()).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page: phone }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await phone.getByLabel("Your name").fill("Lakshmi Iyer");
  await phone.getByLabel("Comment (optional)").fill("Please deliver on Monday.");
  await phone.getByRole("button", { name: "Accept quote" }).click();
  await expect(phone.getByRole("status").filter({ hasText: "You accepted this quote" })).toBeVisible();
  await phone.reload();
  await expect(phone.getByText("This quote is already accepted.")).toBeVisible();
  await client.close();

  // Back as the business, on the page left open: the answer is there without a reload; convert it.
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event("visibilitychange")));
  const answer = page.getByRole("region", { name: "Client's answer" });
  await expect(answer.getByRole("button", { name: "Mark accepted…" })).toHaveCount(0);
  await expect(answer.getByTestId("quote-answer")).toContainText("Accepted by Lakshmi Iyer");
  await expect(answer).toContainText("Please deliver on Monday.");
  // Convert to invoice sits in the editor's one action bar at the top.
  await page
    .getByRole("toolbar", { name: "Quote actions" })
    .getByRole("button", { name: "Convert to invoice" })
    .click();
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(page.getByTestId("source-quote")).toHaveText(`From quote ${number}`);
  await expect(page.getByRole("combobox", { name: "Client name" })).toHaveValue("Lakshmi Stores");
  await expect(page.getByRole("combobox", { name: "Item 1 name" })).toHaveValue("Masala tea, 1 kg");
  const invoiceNumber = await page.getByLabel("Invoice number").inputValue();

  // Issue the invoice: it is in the invoices list as due.
  await page.getByRole("button", { name: "Issue" }).first().click();
  await expect(page.getByText("Invoice issued")).toBeVisible();
  await page.goto("/invoices");
  const row = page.getByTestId("invoice-row").filter({ hasText: invoiceNumber });
  await expect(row).toContainText("Lakshmi Stores");
  await expect(row).toContainText("₹1,351.50");

  // The quote shows converted in its list.
  await page.goto("/quotes?status=converted");
  await expect(page.getByTestId("quote-row").filter({ hasText: number })).toContainText("Converted");
});
