import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "./fixtures";

// Payments received: a part payment shows the balance in the editor, the list, the preview, the
// PDF and the dashboard; the rest makes the invoice paid.

async function createInvoice(page: Page): Promise<{ id: string; invoiceNumber: string }> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-PAY-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2099-12-21",
      currency: "INR",
      client: { name: "Lakshmi Stores" },
      items: [{ id: "a", name: "Masala tea, 1 kg", quantity: "2", rate: "500", taxPercent: "0" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invoice;
}

test("a part payment leaves a balance everywhere; the rest makes the invoice paid", async ({
  signedInPage: page,
}) => {
  const invoice = await createInvoice(page);
  await page.goto(`/invoice/edit/${invoice.id}`);
  const payments = page.getByRole("region", { name: "Payments received" });
  await expect(payments.getByTestId("payments-summary")).toContainText("Balance due ₹1,000.00");

  await payments.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record payment" });
  await expect(dialog.getByLabel("Amount (INR)")).toHaveValue("1000.00");
  await dialog.getByLabel("Amount (INR)").fill("400");
  await dialog.getByLabel("Method").selectOption("upi");
  await dialog.getByLabel("Reference (UTR, cheque no.)").fill("412345678901");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(payments.getByTestId("payments-summary")).toContainText("Paid ₹400.00 of ₹1,000.00");
  await expect(payments.getByTestId("payments-summary")).toContainText("Balance due ₹600.00");
  await expect(page.getByTestId("preview-payments")).toContainText("Balance due");
  await expect(page.getByTestId("preview-payments")).toContainText("₹600.00");

  // More than the balance is refused with the reason.
  await payments.getByRole("button", { name: "Record payment" }).click();
  await dialog.getByLabel("Amount (INR)").fill("700");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(dialog.getByRole("alert")).toContainText("cannot be more than the balance due (₹600.00)");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // The PDF says what was paid and what is left.
  const downloading = page.waitForEvent("download");
  await page
    .getByRole("button", { name: /Download PDF/ })
    .first()
    .click();
  const file = await (await downloading).path();
  const text = execFileSync("pdftotext", ["-layout", file!, "-"], { encoding: "utf8" });
  expect(text).toMatch(/Amount paid\s+₹400\.00/);
  expect(text).toMatch(/Balance due\s+₹600\.00/);

  await page.goto("/invoices?status=partially_paid");
  const row = page.getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber });
  await expect(row.getByTestId("invoice-balance")).toHaveText("₹600.00");
  await expect(row).toContainText("Partially paid");

  await page.goto("/dashboard");
  await expect(
    page.getByRole("region", { name: "Payments and receivables" }).getByTestId("outstanding"),
  ).toHaveText("₹600.00");
  // The breakdown by status counts it as its badge says, and "Paid" is the money received.
  const partly = page.getByRole("link", { name: "1 partially paid invoices, see them" });
  await expect(partly).toBeVisible();
  await expect(page.getByRole("link", { name: "0 due invoices, see them" })).toBeVisible();
  await expect(page.getByTestId("this-month-paid")).toContainText("₹400.00");
  await partly.click();
  await expect(page.getByTestId("invoice-row").filter({ hasText: invoice.invoiceNumber })).toContainText(
    "Partially paid",
  );

  await page.goto(`/invoice/edit/${invoice.id}`);
  await payments.getByRole("button", { name: "Record payment" }).click();
  await expect(dialog.getByLabel("Amount (INR)")).toHaveValue("600.00");
  await dialog.getByLabel("Method").selectOption("bank_transfer");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(payments.getByTestId("payments-summary")).toContainText("Balance due ₹0.00");
  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");
});

test("a client's TDS settles the invoice with the money received; dashboard and report show it", async ({
  signedInPage: page,
}) => {
  // ₹10,000 of fees + 18 % GST: 194J at 10 % is deducted on ₹10,000 (CBDT Circular 23/2017).
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-TDS-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2099-12-21",
      currency: "INR",
      client: { name: "Mehta Consultants", gstin: "27AAPFU0939F1ZV" },
      items: [{ id: "a", name: "Audit fee", quantity: "1", rate: "10000", taxPercent: "18" }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const invoice = (await res.json()).invoice as { id: string; invoiceNumber: string };

  await page.goto(`/invoice/edit/${invoice.id}`);
  const payments = page.getByRole("region", { name: "Payments received" });
  await payments.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record payment" });
  await dialog.getByLabel("The client deducted TDS").check();
  await expect(dialog.getByLabel("TDS section")).toHaveValue("194J");
  await expect(dialog.getByLabel("TDS rate (%)")).toHaveValue("10");
  await expect(dialog.getByLabel("TDS deducted (INR)")).toHaveValue("1000.00");
  await expect(dialog.getByLabel("Amount received (INR)")).toHaveValue("10800.00");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(payments.getByTestId("payments-summary")).toContainText("Paid ₹11,800.00 of ₹11,800.00");
  await expect(payments.getByRole("list", { name: "Payments" })).toContainText(
    "₹10,800.00 + TDS ₹1,000.00 (194J at 10 %)",
  );

  await expect(page.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");

  await page.goto("/dashboard");
  await expect(page.getByTestId("tds-receivable-amount")).toHaveText("₹1,000.00");
  await expect(page.getByTestId("this-month-paid")).toContainText("₹10,800.00");
  await page.getByRole("link", { name: "Match with Form 26AS" }).click();

  const group = page.getByTestId("tds-group").filter({ hasText: "Mehta Consultants" });
  await expect(group).toContainText("PAN AAPFU0939F");
  await expect(group.getByTestId("tds-group-tds")).toHaveText("₹1,000.00");
  const seen = group.getByRole("checkbox", { name: /Seen in 26AS/ });
  await seen.check();
  await expect(seen).toBeChecked();
  await page.goto("/dashboard");
  await expect(page.getByTestId("tds-receivable")).toHaveCount(0);
});
