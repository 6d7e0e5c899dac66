import { readFileSync } from "node:fs";
import { expect, linkFromOutbox, type Page, test, uniqueEmail } from "./fixtures";

// Downloading a PDF costs one credit; at zero the top-up dialog opens instead of a download.

async function createInvoice(page: Page): Promise<{ id: string; invoiceNumber: string }> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-PDF-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2026-12-21",
      currency: "INR",
      client: { name: "Lakshmi Stores" },
      items: [{ id: "a", name: "Masala tea, 1 kg", quantity: "3", rate: "450.50", taxPercent: "5" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invoice;
}

test("a PDF download arrives as a real file and costs one credit; at zero the top-up dialog opens", async ({
  signedInPage: page,
}) => {
  const invoice = await createInvoice(page);
  await page.goto("/invoices");
  const credits = page.getByRole("button", { name: /^\d+ Credits/ });
  await expect(credits).toHaveAccessibleName(/^25 Credits\b/);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: `Download PDF of invoice ${invoice.invoiceNumber}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoice.invoiceNumber}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await expect(page.getByText("Download Successful")).toBeVisible();
  await expect(credits).toHaveAccessibleName(/^24 Credits\b/);

  // A plain GET (a link, a prefetch) spends nothing; the download is a POST from the app.
  const origin = new URL(page.url()).origin;
  expect((await page.request.get(`/api/invoices/${invoice.id}/pdf`)).status()).toBe(405);
  expect((await page.request.head(`/api/invoices/${invoice.id}/pdf`)).status()).toBe(405);
  // Spend the rest through the API, then try once more in the page.
  for (let i = 0; i < 24; i++) {
    const res = await page.request.post(`/api/invoices/${invoice.id}/pdf`, { headers: { origin } });
    expect(res.status()).toBe(200);
  }
  const refused = await page.request.post(`/api/invoices/${invoice.id}/pdf`, { headers: { origin } });
  expect(refused.status()).toBe(402);

  await page.goto(`/invoice/edit/${invoice.id}`);
  await page.getByRole("button", { name: "Download PDF" }).first().click();
  await expect(page.getByRole("dialog", { name: "Top Up Your Credits" })).toBeVisible();
  await expect(page.getByText("Most Popular")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Top Up Your Credits" })).toBeHidden();

  // Sending with the PDF attached needs a credit too: the same dialog opens, nothing is sent;
  // the link alone still goes, for nothing.
  const share = page.getByRole("region", { name: "Share with your client" });
  await share.getByRole("button", { name: "Send by e-mail" }).click();
  const send = page.getByRole("dialog", { name: "Send by e-mail" });
  const client = uniqueEmail("lakshmi");
  await send.getByLabel("To").fill(client);
  await send.getByLabel(/Attach the PDF/).check();
  await send.getByRole("button", { name: "Send" }).click();
  await expect(page.getByRole("dialog", { name: "Top Up Your Credits" })).toBeVisible();
  await page.keyboard.press("Escape");
  if (!(await send.isVisible())) await share.getByRole("button", { name: "Send by e-mail" }).click();
  await send.getByLabel("To").fill(client);
  await send.getByLabel(/Attach the PDF/).uncheck();
  await send.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Invoice sent")).toBeVisible();
  await expect(credits).toHaveAccessibleName(/^0 Credits\b/);
  expect(await linkFromOutbox(client, "/i/")).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
});
