import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "./fixtures";

// Credit notes: an issued invoice of a stock-tracked product, a credit note for a return issued
// from the invoice on the note's own page (the editor shell, beside its print preview); the stock
// comes back on the product and the balance drops on the invoice.

async function setUp(page: Page) {
  const origin = new URL(page.url()).origin;
  const name = `Steel kettle ${Math.random().toString(36).slice(2, 6)}`;
  const product = await page.request.post("/api/products", {
    headers: { origin },
    data: { name, unit: "pc", rate: "1000", availableQuantity: "10", defaultTaxPercent: "18" },
  });
  expect(product.status(), await product.text()).toBe(201);
  const { id: productId } = await product.json();
  const invoice = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-CN-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-03",
      dueDate: "2099-12-31",
      currency: "INR",
      client: { name: "Bharat Stores" },
      items: [{ id: "a", productId, name, unit: "pc", quantity: "4", rate: "1000", taxPercent: "18" }],
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);
  return { name, invoice: (await invoice.json()).invoice as { id: string; invoiceNumber: string } };
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 360, height: 800 },
]) {
  test(`issue a credit note for a return: stock comes back, balance drops (${viewport.width} px)`, async ({
    signedInPage: page,
  }) => {
    await page.setViewportSize(viewport);
    const { name, invoice } = await setUp(page);
    await page.goto(`/invoice/edit/${invoice.id}`);
    const payments = page.getByTestId("payments-summary");
    await expect(payments).toContainText("Balance due ₹4,720.00");

    const notes = page.getByRole("region", { name: "Credit and debit notes" });
    await notes.getByRole("link", { name: "Issue credit note" }).click();
    await expect(page.getByRole("heading", { name: "New Credit Note" })).toBeVisible();
    const form = page.getByRole("form", { name: "Credit note form" });
    await expect(form.getByLabel("Reason")).toHaveValue("sales_return");
    await form.getByLabel(/invoiced 4 pc/).fill("5");
    await expect(form.getByTestId("note-total")).toContainText(
      "At most 4 can still be credited on this line.",
    );
    await form.getByLabel(/invoiced 4 pc/).fill("2");
    await expect(form.getByTestId("note-total")).toContainText("Credit Note total ₹2,360.00");
    // The note's page as it will print: on a phone behind the Preview tab.
    if (viewport.width < 1024) await page.getByRole("tab", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: "Credit note preview" })).toContainText("CREDIT NOTE");
    if (viewport.width < 1024) await page.getByRole("tab", { name: "Edit" }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
    const axe = await new AxeBuilder({ page }).include('[aria-label="Credit note form"]').analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page
      .getByRole("toolbar", { name: "Credit note actions" })
      .getByRole("button", { name: "Issue credit note" })
      .click();

    // The issued note opens on its own page; its invoice is one link away.
    await expect(page.getByRole("heading", { name: /Credit Note CN\/2026-27\/\d{4}/ })).toBeVisible();
    await page.getByRole("link", { name: `Against ${invoice.invoiceNumber}` }).click();
    await expect(notes.getByText(/Credit Note CN\/2026-27\/\d{4}/)).toBeVisible();
    await expect(payments).toContainText("Balance due ₹2,360.00");

    // The stock came back with a logged movement.
    await page.goto("/inventory/manage-items");
    await page.getByRole("button", { name: `Adjust stock of ${name}` }).click();
    const stock = page.getByRole("dialog", { name: /Adjust stock/ });
    await expect(stock.getByText("Credit note (return)")).toBeVisible();
    await expect(stock.getByText("8 pc", { exact: true })).toBeVisible();
    await stock.getByRole("button", { name: "Close" }).click();

    // The list of notes, in the dark theme too.
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/credit-notes");
    await expect(page.getByRole("heading", { name: "Credit & Debit Notes" })).toBeVisible();
    await page.getByLabel("Search").fill(invoice.invoiceNumber);
    const rows = page.getByTestId(viewport.width < 640 ? "note-card" : "note-row");
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Sales return");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      viewport.width,
    );
  });
}
