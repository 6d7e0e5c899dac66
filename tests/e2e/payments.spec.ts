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
