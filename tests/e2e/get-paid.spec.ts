import AxeBuilder from "@axe-core/playwright";
import { expect, linkFromOutbox, type Page, test, uniqueEmail } from "./fixtures";

// Getting paid: the business shares an issued invoice's link; the client opens it without an
// account, pays by UPI and says so with the UTR; the business confirms, and the invoice is paid
// everywhere.

const BANK = {
  accountHolderName: "Kesari Traders LLP",
  bankName: "HDFC Bank",
  accountNumber: "50100012345678",
  ifscCode: "HDFC0001234",
  branchName: "Pune",
  upiId: "kesari@okhdfc",
  upiIdIsMerchant: false,
};

async function createInvoice(page: Page) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-GP-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2099-12-21",
      currency: "INR",
      client: { name: "Lakshmi Stores", phone: "98765 43210" },
      items: [{ id: "a", name: "Masala tea, 1 kg", quantity: "3", rate: "450.50", taxPercent: "5" }],
      includeBankDetails: true,
      includeUpiQrCode: true,
      bankDetails: BANK,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invoice as { id: string; invoiceNumber: string };
}

test("share the link, the client reports a UPI payment, the business confirms it: paid everywhere", async ({
  signedInPage: page,
  browser,
}) => {
  const invoice = await createInvoice(page);
  await page.goto(`/invoice/edit/${invoice.id}`);
  const share = page.getByRole("region", { name: "Share with your client" });
  await share.getByRole("button", { name: "Get a link" }).click();
  const url = (await share.getByTestId("public-link").textContent())!.trim();
  expect(url).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
  const whatsApp = share.getByRole("link", { name: "Share on WhatsApp" });
  await expect(whatsApp).toHaveAttribute("href", /^https:\/\/wa\.me\/919876543210\?text=.*INV-GP-/);
  // The message says what is asked: the amount and the due date.
  const text = new URL((await whatsApp.getAttribute("href"))!).searchParams.get("text");
  expect(text).toContain("for ₹1,419.08, due 21 Dec 2099: ");

  // The client, on a phone, with no account and no cookie.
  const client = await browser.newContext({ viewport: { width: 360, height: 800 } });
  const phone = await client.newPage();
  await phone.goto(url);
  await expect(phone.getByRole("heading", { name: "INVOICE", exact: true })).toBeVisible();
  await expect(phone.getByText(invoice.invoiceNumber).first()).toBeVisible();
  const pay = phone.getByRole("link", { name: "Pay ₹1,419.08 with UPI" });
  await expect(pay).toHaveAttribute("href", /^upi:\/\/pay\?pa=kesari%40okhdfc&pn=.*&am=1419\.08&cu=INR/);
  // A phone pays through its UPI app (the QR is for a computer); the UPI ID can be copied.
  await expect(phone.getByRole("img", { name: /UPI QR code/ })).toBeHidden();
  await expect(phone.getByRole("button", { name: "Copy UPI ID" })).toBeVisible();
  // The bank details name the account holder.
  await expect(phone.getByText("Kesari Traders LLP")).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page: phone }).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  await phone.getByText("I have paid").click();
  await phone.getByLabel("UPI reference (UTR)").fill("412345678901");
  await phone.getByRole("button", { name: "Tell the business" }).click();
  await expect(phone.getByRole("status").filter({ hasText: "Thank you" })).toBeVisible();

  // The business sees the report and confirms it.
  await page.reload();
  await expect(share.getByText("Payment reported")).toBeVisible();
  await expect(share).toContainText("412345678901");
  await expect(share.getByTestId("public-views")).toContainText("Opened 1 time");
  // The list marks the invoice until the business confirms or dismisses the report.
  await page.goto(`/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`);
  const row = page.getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber });
  await expect(row.getByTestId("payment-reported")).toHaveText("Payment reported");
  await page.goto(`/invoice/edit/${invoice.id}`);
  await share.getByRole("button", { name: "Confirm payment" }).click();
  const payments = page.getByRole("region", { name: "Payments received" });
  await expect(payments.getByTestId("payments-summary")).toContainText("Balance due ₹0.00");
  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");

  await phone.reload();
  await expect(phone.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");
  await expect(phone.getByRole("link", { name: /with UPI/ })).toHaveCount(0);
  await page.goto("/invoices?status=paid");
  await expect(page.getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber })).toContainText(
    "Paid",
  );
  await client.close();
});

test("send the invoice by e-mail: the link is free, the PDF attached costs a credit", async ({
  signedInPage: page,
}) => {
  const invoice = await createInvoice(page);
  await page.goto(`/invoice/edit/${invoice.id}`);
  const share = page.getByRole("region", { name: "Share with your client" });
  await share.getByRole("button", { name: "Send by e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Send by e-mail" });
  const client = uniqueEmail("client");
  await dialog.getByLabel("To").fill(client);
  await expect(dialog.getByLabel("Subject")).toHaveValue(
    `Invoice ${invoice.invoiceNumber} from Your Company`.replace("Your Company", "us"),
  );
  await expect(dialog.getByLabel("Message")).toHaveValue(/\/i\/[A-Za-z0-9_-]{32}/);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Invoice sent")).toBeVisible();
  expect(await linkFromOutbox(client, "/i/")).toMatch(/\/i\/[A-Za-z0-9_-]{32}$/);
  const credits = page.getByRole("button", { name: /^\d+ Credits/ });
  await expect(credits).toHaveAccessibleName(/^25 Credits\b/);

  await share.getByRole("button", { name: "Send by e-mail" }).click();
  await dialog.getByLabel("To").fill(client);
  await dialog.getByLabel(/Attach the PDF/).check();
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Invoice sent").first()).toBeVisible();
  await expect(credits).toHaveAccessibleName(/^24 Credits\b/);

  // From the list: Send opens the editor with the send dialog open.
  await page.goto(`/invoices?q=${encodeURIComponent(invoice.invoiceNumber)}`);
  await page
    .getByRole("link", { name: `Send invoice ${invoice.invoiceNumber} by e-mail` })
    .first()
    .click();
  await expect(page.getByRole("dialog", { name: "Send by e-mail" })).toBeVisible();
  await expect(page.getByRole("dialog", { name: "Send by e-mail" }).getByLabel("Subject")).toHaveValue(
    `Invoice ${invoice.invoiceNumber} from us`,
  );
});

test("the send dialog starts from the e-mail templates in Settings", async ({ signedInPage: page }) => {
  const invoice = await createInvoice(page);
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "E-mail templates" });
  await card.getByLabel("Subject when sending an invoice").fill("Bill {invoice_number} from {business_name}");
  await card.getByRole("button", { name: "Save templates" }).click();
  await expect(page.getByText("E-mail templates saved")).toBeVisible();
  await page.goto(`/invoice/edit/${invoice.id}`);
  await page
    .getByRole("region", { name: "Share with your client" })
    .getByRole("button", { name: "Send by e-mail" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Send by e-mail" });
  await expect(dialog.getByLabel("Subject")).toHaveValue(`Bill ${invoice.invoiceNumber} from us`);
});

test("a draft is issued first, after a confirmation, before it can be sent", async ({
  signedInPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-DR-${Math.random().toString(36).slice(2, 8)}`,
      status: "draft",
      invoiceDate: "2026-11-21",
      dueDate: "2099-12-21",
      currency: "INR",
      client: { name: "Lakshmi Stores" },
      items: [{ id: "a", name: "Masala tea, 1 kg", quantity: "1", rate: "450", taxPercent: "0" }],
    },
  });
  const draft = (await res.json()).invoice;
  await page.goto(`/invoice/edit/${draft.id}`);
  await page.getByRole("button", { name: "Issue and send…" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Issue invoice" }).click();
  const share = page.getByRole("region", { name: "Share with your client" });
  await expect(share.getByRole("button", { name: "Send by e-mail" })).toBeVisible();
  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "due");
});

test("payment reminders are switched on in Settings and off for one invoice", async ({
  signedInPage: page,
}) => {
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Payment reminders" });
  await card.getByRole("switch", { name: "Send payment reminders" }).click();
  await card.getByLabel("At most … reminders per invoice").fill("3");
  await card.getByRole("button", { name: "Save reminders" }).click();
  await expect(page.getByText("Reminders saved")).toBeVisible();
  await page.reload();
  await expect(card.getByRole("switch", { name: "Send payment reminders" })).toHaveAttribute(
    "aria-checked",
    "true",
  );
  await expect(card.getByLabel("At most … reminders per invoice")).toHaveValue("3");

  const invoice = await createInvoice(page);
  await page.goto(`/invoice/edit/${invoice.id}`);
  const share = page.getByRole("region", { name: "Share with your client" });
  const reminders = share.getByLabel(/Payment reminders for this invoice/);
  await expect(reminders).toBeChecked();
  await reminders.uncheck();
  await page.reload();
  await expect(share.getByLabel(/Payment reminders for this invoice/)).not.toBeChecked();
});
