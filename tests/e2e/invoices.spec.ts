import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// The invoice flow end to end against the real server: pickers, live totals and preview, stock
// moving with the invoice's status, the dashboard, the list's overdue filter, a phone-width
// editor and the preview following typing on a 50-line invoice.

async function apiPost<T>(page: Page, path: string, data: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function stockOf(page: Page, productId: string): Promise<string | null> {
  const res = await page.request.get(`/api/products/${productId}`);
  const body = await res.json();
  return (body.product ?? body).availableQuantity;
}

async function makeClientAndProduct(page: Page) {
  const client = await apiPost<{ id: string }>(page, "/api/clients", {
    name: "Asha Traders",
    company: "Asha Traders Pvt Ltd",
    email: "accounts@asha.example",
    billingAddress: {
      line1: "12 MG Road",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "India",
    },
  });
  const product = await apiPost<{ id: string }>(page, "/api/products", {
    name: "Teak Chair",
    kind: "product",
    hsnSac: "9403",
    unit: "pcs",
    rate: "1000",
    costPrice: "600",
    availableQuantity: "10",
    lowStockLevel: "8",
    defaultTaxPercent: "18",
    defaultDiscountPercent: "0",
  });
  return { clientId: client.id, productId: product.id };
}

function draftInput(overrides: Record<string, unknown> = {}, lines = 1) {
  return {
    invoiceNumber: `T-${Math.random().toString(36).slice(2, 10)}`,
    status: "draft",
    invoiceDate: "2026-01-05",
    dueDate: "2026-02-04",
    currency: "INR",
    client: { name: "Walk-in Customer" },
    items: Array.from({ length: lines }, (_, i) => ({
      id: `l${i}`,
      name: `Service ${i + 1}`,
      quantity: "1",
      rate: "100",
      taxPercent: "18",
    })),
    ...overrides,
  };
}

test("write an invoice from a saved client and product, issue, pay, duplicate and delete the draft copy", async ({
  signedInPage: page,
}) => {
  const { productId } = await makeClientAndProduct(page);
  await page.goto("/invoice/new");
  await expect(page.getByRole("heading", { name: "Create New Invoice" })).toBeVisible();
  await expect(page.getByLabel("Invoice number")).toHaveValue(/^INV-\d{8}-\d{6}$/);

  // The client combobox: type, arrow down, Enter.
  const clientBox = page.getByRole("combobox", { name: "Client name" });
  await clientBox.fill("Asha");
  await expect(page.getByRole("option", { name: /Asha Traders/ })).toBeVisible();
  await clientBox.press("ArrowDown");
  await clientBox.press("Enter");
  await expect(clientBox).toHaveValue("Asha Traders");
  await expect(page.getByText("Saved client", { exact: true })).toBeVisible();

  // The item from inventory fills rate, tax, unit and HSN/SAC.
  const itemBox = page.getByRole("combobox", { name: "Item 1 name" });
  await itemBox.fill("Teak");
  await page.getByRole("option", { name: /Teak Chair/ }).click();
  const form = page.getByRole("form", { name: "Invoice form" });
  await expect(form.getByLabel("Rate", { exact: true })).toHaveValue("1000.00");
  await expect(form.getByLabel("HSN/SAC")).toHaveValue("9403");
  await expect(page.getByText("10 pcs left in stock")).toBeVisible();

  await form.getByLabel("Quantity").fill("3");
  await expect(page.getByTestId("totals-total")).toHaveText("₹3,540.00");
  await expect(page.getByTestId("totals-words")).toHaveText("Rupees Three Thousand Five Hundred Forty Only");
  const preview = page.getByRole("region", { name: "Invoice preview" });
  await expect(preview.getByTestId("preview-total")).toHaveText("₹3,540.00");
  // BILL TO leads with the client's company, the contact person under it.
  await expect(preview.getByTestId("preview-client")).toHaveText("Asha Traders Pvt Ltd");
  await expect(preview.getByText("Tax @ 18%")).toBeVisible();

  // Asking for more than is in stock warns before saving.
  await form.getByLabel("Quantity").fill("12");
  await expect(page.getByText("Only 10 pcs left in stock.")).toBeVisible();
  // Issuing it anyway: the server refuses with insufficient_stock and nothing is saved.
  await page.getByRole("button", { name: "Issue" }).first().click();
  await expect(page.getByText("Not enough stock", { exact: true })).toBeVisible();
  await expect(page.getByText("Not enough stock for Teak Chair: 10 left, 12 needed.")).toBeVisible();
  await expect(page).toHaveURL(/\/invoice\/new$/);
  await form.getByLabel("Quantity").fill("3");

  // Issue: status due, stock drops by 3.
  await page.getByRole("button", { name: "Issue" }).first().click();
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(page.getByRole("heading", { name: "Edit Invoice" })).toBeVisible();
  await expect(page.locator("[data-status=due]").first()).toBeVisible();
  const firstUrl = page.url();
  expect(await stockOf(page, productId)).toBe("7");

  // Mark paid records the payment date and stamps the preview.
  await page.getByRole("button", { name: "Mark paid" }).first().click();
  await page.getByRole("dialog").getByRole("button", { name: "Mark paid" }).click();
  await expect(page.locator("[data-status=paid]").first()).toBeVisible();
  await expect(preview.getByTestId("preview-stamp")).toHaveText("PAID");

  // The dashboard counts it as paid this month.
  await page.getByRole("link", { name: "Dashboard" }).first().click();
  await expect(page.getByTestId("this-month-paid")).toContainText("₹3,540.00");
  await expect(page.getByTestId("this-month-paid")).toContainText("1 invoice");
  await expect(page.getByTestId("low-stock")).toContainText("Teak Chair");

  // Duplicate: a new draft with the same lines.
  await page.goto(firstUrl);
  await page.getByRole("button", { name: "Duplicate" }).first().click();
  await expect(page).not.toHaveURL(firstUrl);
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(page.locator("[data-status=draft]").first()).toBeVisible();
  await expect(page.getByTestId("totals-total")).toHaveText("₹3,540.00");

  // The draft copy can be deleted.
  await page.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete invoice" }).click();
  await expect(page).toHaveURL(/\/invoices$/);
});

test("an issued invoice is cancelled, never deleted: the list offers Cancel and the dialog says why", async ({
  signedInPage: page,
}) => {
  const { productId } = await makeClientAndProduct(page);
  const items = [{ id: "l1", productId, name: "Teak Chair", quantity: "3", rate: "1000", taxPercent: "18" }];
  const { invoice } = await apiPost<{ invoice: { id: string; invoiceNumber: string } }>(
    page,
    "/api/invoices",
    draftInput({ status: "due", items }),
  );
  const number = invoice.invoiceNumber;
  expect(await stockOf(page, productId)).toBe("7");

  // The editor has no Delete for it, only Cancel invoice (Rule 46).
  await page.goto(`/invoice/edit/${invoice.id}`);
  const bar = page.getByRole("toolbar", { name: "Invoice actions" });
  await expect(bar.getByRole("button", { name: "Cancel invoice" })).toBeVisible();
  await expect(bar.getByRole("button", { name: "Delete" })).toHaveCount(0);

  // The list offers Cancel in Delete's place; the dialog says why; cancelled, its stock comes back.
  await page.goto("/invoices");
  const row = page.getByTestId("invoice-row").filter({ hasText: number }).first();
  await expect(row.getByRole("button", { name: `Delete invoice ${number}` })).toHaveCount(0);
  await row.getByRole("button", { name: `Cancel invoice ${number}` }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog.getByRole("heading", { name: `Cancel invoice ${number}?` })).toBeVisible();
  await expect(dialog).toContainText("GST Rule 46 wants tax invoice numbers in one consecutive series");
  await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel invoice" }).click();
  await expect(page.getByText("Invoice cancelled")).toBeVisible();
  await expect(row.locator("[data-status=cancelled]")).toBeVisible();
  await expect(row.getByRole("button", { name: `Cancel invoice ${number}` })).toHaveCount(0);
  expect(await stockOf(page, productId)).toBe("10");
});

test("asks before leaving an invoice with unsaved changes", async ({ signedInPage: page }) => {
  await page.goto("/invoice/new");
  await page.getByRole("combobox", { name: "Client name" }).fill("Someone");
  await page.getByRole("link", { name: "Invoices/Bills" }).first().click();
  const ask = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(/\/invoice\/new$/);
  await page.getByRole("link", { name: "Invoices/Bills" }).first().click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { name: "All Invoices" })).toBeVisible();
});

test("saving a number another invoice has marks the number field and says so", async ({
  signedInPage: page,
}) => {
  await apiPost(page, "/api/invoices", draftInput({ invoiceNumber: "TAKEN-1" }));
  const other = await apiPost<{ invoice: { id: string } }>(page, "/api/invoices", draftInput());
  await page.goto(`/invoice/edit/${other.invoice.id}`);
  await page.getByLabel("Invoice number").fill("TAKEN-1");
  await page.getByRole("button", { name: "Save as draft" }).first().click();
  await expect(page.getByText("Invoice number already used", { exact: true })).toBeVisible();
  const form = page.getByRole("form", { name: "Invoice form" });
  await expect(form.getByText("Invoice number TAKEN-1 is already used by another invoice.")).toBeVisible();
});

test("the list filters by overdue", async ({ signedInPage: page }) => {
  const late = await apiPost<{ invoice: { invoiceNumber: string } }>(
    page,
    "/api/invoices",
    draftInput({
      status: "due",
      invoiceDate: "2024-01-01",
      dueDate: "2024-01-31",
      client: { name: "Late Payer" },
    }),
  );
  await apiPost(
    page,
    "/api/invoices",
    draftInput({ status: "due", dueDate: "2999-01-01", client: { name: "On Time" } }),
  );
  await page.goto("/invoices");
  await expect(page.getByTestId("invoice-row")).toHaveCount(2);
  await page.getByLabel("Status").selectOption("overdue");
  await expect(page).toHaveURL(/status=overdue/);
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  const row = page.getByTestId("invoice-row").first();
  await expect(row).toContainText(late.invoice.invoiceNumber);
  await expect(row).toContainText("Late Payer");
  await expect(row).toContainText("Overdue");
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", /status=overdue/);

  // Search by client, debounced.
  await page.getByLabel("Status").selectOption("");
  await page.getByLabel("Search").fill("On Time");
  await expect(page.getByTestId("invoice-row")).toHaveCount(1);
  await expect(page.getByTestId("invoice-row").first()).toContainText("On Time");
});

test("a new invoice on a 1,280 px laptop: nothing red before typing, the whole rate in view", async ({
  signedInPage: page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/invoice/new");
  const form = page.getByRole("form", { name: "Invoice form" });
  const rate = form.getByLabel("Rate", { exact: true });
  await expect(rate).toBeVisible();
  await expect(form.getByText(/must be a number/)).toHaveCount(0);
  await expect(page.getByText(/has a problem/)).toHaveCount(0);

  await page.getByRole("combobox", { name: "Item 1 name" }).fill("Teak dining table");
  await rate.fill("45000.00");
  // The box is wide enough for what was typed: nothing scrolled out of it.
  expect(await rate.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expect(page.getByTestId("totals-total")).toHaveText("₹45,000.00");

  // One bar of actions at the top, still in view at the bottom of the long page once issued.
  await page.getByRole("combobox", { name: "Client name" }).fill("Mehta Textiles");
  const bar = page.getByRole("toolbar", { name: "Invoice actions" });
  await expect(bar).toHaveCount(1);
  await bar.getByRole("button", { name: "Issue" }).click();
  await expect(page.getByText("Invoice issued")).toBeVisible();
  // Issued, the new invoice's editor opens at its own address (the page is drawn again there).
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(bar.getByRole("button", { name: "Send by e-mail" })).toBeVisible();
  await page.getByRole("heading", { name: "Activity" }).scrollIntoViewIfNeeded();
  await expect(bar.getByRole("button", { name: "Send by e-mail" })).toBeInViewport({ ratio: 1 });
  await expect(bar.getByRole("button", { name: "WhatsApp" })).toBeInViewport({ ratio: 1 });
  await bar.getByRole("button", { name: "Send by e-mail" }).click();
  await expect(page.getByRole("dialog", { name: "Send by e-mail" })).toBeVisible();
  await page.keyboard.press("Escape");

  // The list: every row's actions in view, nothing cut off at the right edge.
  await page.goto("/invoices");
  const row = page.getByTestId("invoice-row").first();
  await expect(row.getByRole("button", { name: /^(Delete|Cancel) invoice/ })).toBeInViewport({ ratio: 1 });
  const table = page.getByRole("table", { name: "Invoices" });
  expect(await table.evaluate((el) => el.parentElement!.scrollWidth <= el.parentElement!.clientWidth)).toBe(
    true,
  );
});

test("the editor and the list fit a 360 px wide phone", async ({ signedInPage: page }) => {
  await apiPost(
    page,
    "/api/invoices",
    draftInput({ client: { name: "A client with a rather long business name" } }),
  );
  await page.setViewportSize({ width: 360, height: 780 });
  const noSideScroll = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto("/invoice/new");
  await expect(page.getByRole("heading", { name: "Create New Invoice" })).toBeVisible();
  await page.getByRole("combobox", { name: "Item 1 name" }).fill("Consulting");
  await page.getByRole("form", { name: "Invoice form" }).getByLabel("Rate", { exact: true }).fill("2500");
  await noSideScroll();
  await page.getByRole("tab", { name: "Preview" }).click();
  await expect(page.getByRole("region", { name: "Invoice preview" })).toBeVisible();
  await expect(page.getByTestId("preview-total")).toHaveText("₹2,500.00");
  await noSideScroll();
  await page.getByRole("tab", { name: "Edit" }).click();
  await expect(page.getByRole("combobox", { name: "Item 1 name" })).toBeVisible();

  await page.goto("/invoices");
  await expect(page.getByTestId("invoice-card")).toHaveCount(1);
  await noSideScroll();
  // The search shows; the other filters fold under one button, so the list starts on the first screen.
  await expect(page.getByTestId("invoice-card").first()).toBeInViewport({ ratio: 1 });
  await expect(page.getByLabel("Status")).toBeHidden();
  await page.getByRole("button", { name: "Filters and sort" }).click();
  await page.getByLabel("Status").selectOption("draft");
  await expect(page.getByRole("button", { name: "Filters and sort (1 set)" })).toBeVisible();
  await expect(page.getByTestId("invoice-card")).toHaveCount(1);
  await page.goto("/dashboard");
  await expect(page.getByText("Revenue, last 12 months")).toBeVisible();
  await noSideScroll();
});

test("the preview follows typing on a 50-line invoice", async ({ signedInPage: page }) => {
  // How fast it follows is a benchmark figure (bench/keystroke.ts), not a test.
  const { invoice } = await apiPost<{ invoice: { id: string } }>(page, "/api/invoices", draftInput({}, 50));
  await page.goto(`/invoice/edit/${invoice.id}`);
  await expect(page.getByTestId("line-item")).toHaveCount(50);
  const total = page.getByTestId("preview-total");
  await expect(total).toHaveText("₹5,900.00");
  const quantity = page.getByRole("listitem", { name: "Item 25" }).getByLabel("Quantity");
  await quantity.click();
  await quantity.press("End");
  await page.keyboard.type("23456789", { delay: 40 });
  await expect(total).toHaveText("₹14,56,79,06,884.00");
  await quantity.press("Backspace");
  await expect(total).toHaveText("₹1,45,67,95,786.00");
});
