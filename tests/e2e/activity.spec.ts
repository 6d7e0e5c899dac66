import { readFileSync } from "node:fs";
import { expect, type Page, type TestUser, test } from "./fixtures";

// The activity log (issue 31 phase 3): a few actions, each seen in the log with who did it and a
// link to its record; filtered by action; the filtered list downloaded as CSV; on a phone too.

/** Signed in through the API, on the activity page (no wait for the dashboard's welcome toast). */
async function signIn(page: Page, user: TestUser, baseURL: string) {
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL },
  });
  expect(res.status()).toBe(200);
}

async function makeInvoice(page: Page, origin: string) {
  const invoiceNumber = `INV-ACT-${Math.random().toString(36).slice(2, 8)}`;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber,
      status: "draft",
      invoiceDate: "2026-11-03",
      dueDate: "2099-12-31",
      currency: "INR",
      client: { name: "Bharat Stores" },
      items: [{ id: "a", name: "Tea", quantity: "4", rate: "250" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invoice as { id: string; invoiceNumber: string };
}

test("actions appear in the activity log; filter by action; download the CSV", async ({
  page,
  user,
  baseURL,
}) => {
  await signIn(page, user, baseURL!);
  const invoice = await makeInvoice(page, baseURL!);
  const issued = await page.request.post(`/api/invoices/${invoice.id}/status`, {
    headers: { origin: baseURL! },
    data: { status: "due" },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  // One action through the app's own pages: an API key made in My Account.
  await page.goto("/account");
  const card = page.getByRole("heading", { name: "API keys" }).locator("..");
  await card.getByLabel("Key name").fill("Tally sync");
  await card.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("dialog", { name: "Your new API key" }).getByRole("button", { name: "Done" }).click();

  await page.getByRole("navigation").getByRole("link", { name: "Activity" }).first().click();
  await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const log = page.getByRole("list", { name: "Activity" });
  await expect(log.getByRole("listitem")).toHaveCount(3);
  // Newest first: the key, the issue, the invoice made.
  await expect(log.getByRole("listitem").nth(0)).toContainText("Test User");
  await expect(log.getByRole("listitem").nth(0)).toContainText("API key created: API key Tally sync");
  await expect(log.getByRole("listitem").nth(1)).toContainText(`Issued: Invoice ${invoice.invoiceNumber}`);
  await expect(log.getByRole("listitem").nth(2)).toContainText(`Created: Invoice ${invoice.invoiceNumber}`);

  await page.getByLabel("Action").selectOption({ label: "Issued" });
  await expect(log.getByRole("listitem")).toHaveCount(1);
  await expect(log.getByRole("listitem")).toContainText(invoice.invoiceNumber);

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bahi-activity-\d{4}-\d\d-\d\d\.csv$/);
  const rows = readFileSync((await download.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(rows).toHaveLength(2);
  expect(rows[0]).toBe("Time,Who,Actor type,Action,Record type,Record,Record id,Description");
  expect(rows[1]).toContain(`Test User,member,Issued,Invoice,${invoice.invoiceNumber},${invoice.id}`);

  // The record's link opens it.
  await log.getByRole("link", { name: `Invoice ${invoice.invoiceNumber}` }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/edit/${invoice.id}$`));
});

test.describe("on a phone, in the dark theme", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, colorScheme: "dark" });

  test("the log and its filters fit the screen", async ({ page, user, baseURL }) => {
    await signIn(page, user, baseURL!);
    const invoice = await makeInvoice(page, baseURL!);
    await page.goto("/activity");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    const log = page.getByRole("list", { name: "Activity" });
    await expect(log.getByRole("listitem")).toHaveCount(1);
    await expect(log).toContainText(`Created: Invoice ${invoice.invoiceNumber}`);
    await expect(page.locator("html")).toHaveClass(/dark/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByLabel("Record").selectOption({ label: "API key" });
    await expect(page.getByRole("heading", { name: "No activity matches these filters" })).toBeVisible();
  });
});
