import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, linkFromOutbox, type Page, test, uniqueEmail } from "./fixtures";

// Delivery challans and proforma invoices as a person uses them: a challan of a stocked product is
// issued (the stock goes down once), invoiced from the challans' list (the stock does not move
// again) and the invoice links back; a proforma is sent by e-mail, converted, and linked back.
// Each PDF is a real file for one credit.

async function stockedProduct(page: Page) {
  const name = `Brass lamp ${Math.random().toString(36).slice(2, 6)}`;
  const res = await page.request.post("/api/products", {
    headers: { origin: new URL(page.url()).origin },
    data: {
      name,
      unit: "pc",
      rate: "1200",
      availableQuantity: "10",
      defaultTaxPercent: "18",
      hsnSac: "9405",
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { id } = await res.json();
  const stock = async () =>
    (await (await page.request.get(`/api/products/${id}`)).json()).availableQuantity as string;
  return { id, name, stock };
}

/** A challan of one lamp made and issued through the API (another delivery to a client). */
async function issuedChallan(page: Page, productId: string, name: string, client: string) {
  const origin = new URL(page.url()).origin;
  const made = await page.request.post("/api/delivery-challans", {
    headers: { origin },
    data: {
      number: null,
      date: new Date().toISOString().slice(0, 10),
      reason: "job_work",
      currency: "INR",
      client: { name: client },
      items: [{ id: "a", productId, name, quantity: "1", rate: "1200", taxPercent: "18" }],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()).document;
  const issued = await page.request.post(`/api/delivery-challans/${id}/status`, {
    headers: { origin },
    data: { status: "issued" },
  });
  expect(issued.status(), await issued.text()).toBe(200);
  return (await issued.json()).document.number as string;
}

/** Downloads the PDF from the action bar: a real file, and the credits go down by one. */
async function downloadPdf(page: Page, bar: ReturnType<Page["getByRole"]>, button: string, credits: number) {
  const balance = page.getByRole("button", { name: /^\d+ Credits/ });
  await expect(balance).toHaveAccessibleName(new RegExp(`^${credits} Credits\\b`));
  const downloading = page.waitForEvent("download");
  await bar.getByRole("button", { name: button }).click();
  const download = await downloading;
  expect(
    readFileSync((await download.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe("%PDF-");
  await expect(balance).toHaveAccessibleName(new RegExp(`^${credits - 1} Credits\\b`));
  return download.suggestedFilename();
}

async function fillDocument(page: Page, form: ReturnType<Page["getByRole"]>, client: string, item: string) {
  await page.getByRole("combobox", { name: "Client name" }).fill(client);
  const itemBox = page.getByRole("combobox", { name: "Item 1 name" });
  await itemBox.fill(item.slice(0, 10));
  await page.getByRole("option", { name: new RegExp(item) }).click();
  await expect(form.getByLabel("Rate", { exact: true })).toHaveValue("1200.00");
  await form.getByLabel("Quantity").fill("4");
}

test("challans of a stocked product: issued, the stock goes down once; two of one client invoiced together from the list, linked back", async ({
  signedInPage: page,
}) => {
  const product = await stockedProduct(page);
  await page.getByRole("link", { name: "Delivery challans" }).first().click();
  await expect(page.getByRole("heading", { name: "Delivery challans" })).toBeVisible();
  await page.getByRole("link", { name: "New challan" }).click();
  await expect(page.getByRole("heading", { name: "New Delivery Challan" })).toBeVisible();

  const form = page.getByRole("form", { name: "Delivery challan form" });
  // The number shown is the one issuing would take now; a draft holds none of the series.
  await expect(form.getByLabel("Challan number")).toHaveValue(/^DC\/\d{4}-\d{2}\/0001$/);
  await fillDocument(page, form, "Bharat Stores", product.name);
  // As on an invoice, the line says what is left in stock.
  await expect(form.getByText(/^10 pcs? left in stock/)).toBeVisible();
  await form.getByLabel("Reason for sending the goods").selectOption("job_work");
  await form.getByLabel(/someone other than the client/).check();
  await form.getByLabel("Consignee name").fill("Ravi Job Works");
  await form.getByLabel("Consignee address").fill("Plot 7, MIDC\nPune");
  await expect(page.locator("#panel-preview").getByText("DELIVERY CHALLAN", { exact: true })).toBeVisible();
  const bar = page.getByRole("toolbar", { name: "Delivery challan actions" });
  await bar.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Delivery challan saved as a draft")).toBeVisible();
  await expect(page).toHaveURL(/\/delivery-challans\/[0-9a-f-]{36}$/);
  await expect(form.getByLabel("Challan number")).toHaveValue(/^DRAFT-[0-9A-F]{8}$/);
  expect(await product.stock()).toBe("10");

  await bar.getByRole("button", { name: "Issue challan" }).click();
  await expect(page.getByText("Challan issued: its goods left your stock")).toBeVisible();
  await expect(form.getByLabel("Challan number")).toHaveValue(/^DC\/\d{4}-\d{2}\/0001$/);
  const number = await form.getByLabel("Challan number").inputValue();
  await expect(page.locator("main").getByText("Issued", { exact: true }).first()).toBeVisible();
  expect(await product.stock()).toBe("6");
  expect(await downloadPdf(page, bar, "Download PDF", 25)).toBe(`${number.replaceAll("/", "-")}.pdf`);
  await downloadPdf(page, bar, "PDF in triplicate", 24);
  await expect(
    bar.getByRole("link", { name: "WhatsApp" }).or(bar.getByRole("button", { name: "WhatsApp" })),
  ).toBeVisible();

  // Two more deliveries: one more to Bharat Stores, one to another client.
  const second = await issuedChallan(page, product.id, product.name, "Bharat Stores");
  const other = await issuedChallan(page, product.id, product.name, "Kiran Traders");
  expect(await product.stock()).toBe("4");

  // The list, on a phone: choose Bharat's issued challans and make one invoice of them.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto("/delivery-challans");
  const row = page.getByTestId("challan-card").filter({ hasText: number });
  await expect(row).toContainText("Job work");
  await expect(row).toContainText("Issued");
  await row.getByRole("checkbox", { name: `Choose ${number} to convert` }).check();
  await expect(page.getByText("1 challan of Bharat Stores chosen.")).toBeVisible();
  // Only one client's challans go on one invoice.
  await expect(page.getByRole("checkbox", { name: `Choose ${other} to convert` })).toBeDisabled();
  await page.getByRole("checkbox", { name: `Choose ${second} to convert` }).check();
  await expect(page.getByText("2 challans of Bharat Stores chosen.")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page
    .getByRole("region", { name: "Convert challans" })
    .getByRole("button", { name: "Convert to invoice" })
    .click();

  await expect(page).toHaveURL(/\/invoice\/edit\//);
  const sources = page.getByTestId("source-document");
  await expect(sources).toHaveText([`From delivery challan ${number}`, `From delivery challan ${second}`]);
  await expect(page.getByRole("combobox", { name: "Item 1 name" })).toHaveValue(product.name);
  await expect(page.getByRole("combobox", { name: "Item 2 name" })).toHaveValue(product.name);
  await expect(page.getByLabel("Invoice number")).not.toHaveValue(/^DRAFT-/);
  // Issued at once, and the goods did not leave stock a second time.
  await expect(page.locator("header, main").getByText("Due", { exact: true }).first()).toBeVisible();
  expect(await product.stock()).toBe("4");

  await sources.first().click();
  await expect(page).toHaveURL(/\/delivery-challans\//);
  await expect(page.locator("main").getByText("Converted", { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId("converted-invoice")).toHaveText(/^Invoice INV/);
});

test("a proforma: sent by e-mail with its link, WhatsApp with the amount, converted into an invoice that links back", async ({
  signedInPage: page,
}) => {
  const product = await stockedProduct(page);
  await page.getByRole("link", { name: "Proforma invoices" }).first().click();
  await expect(page.getByRole("heading", { name: "Proforma invoices" })).toBeVisible();
  await page.getByRole("link", { name: "New proforma" }).click();
  const form = page.getByRole("form", { name: "Proforma invoice form" });
  const number = await form.getByLabel("Proforma number").inputValue();
  expect(number).toMatch(/^PF\/\d{4}-\d{2}\/0001$/);
  await fillDocument(page, form, "Lakshmi Exports", product.name);
  await expect(page.locator("#panel-preview").getByText("PROFORMA INVOICE", { exact: true })).toBeVisible();
  const bar = page.getByRole("toolbar", { name: "Proforma invoice actions" });
  await bar.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Proforma invoice saved as a draft")).toBeVisible();
  // A proforma keeps the number it was given when made.
  await expect(form.getByLabel("Proforma number")).toHaveValue(number);

  await bar.getByRole("button", { name: "Send by e-mail…" }).click();
  const dialog = page.getByRole("dialog", { name: "Send by e-mail" });
  await expect(dialog.getByLabel("Message")).toHaveValue(/for ₹5,664\.00/);
  const clientEmail = uniqueEmail("lakshmi");
  await dialog.getByLabel("To").fill(clientEmail);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Proforma invoice sent")).toBeVisible();
  const url = await linkFromOutbox(clientEmail, "/q/");
  await expect(page.locator("main").getByText("Sent", { exact: true }).first()).toBeVisible();
  const whatsApp = bar.getByRole("link", { name: "WhatsApp" });
  await expect(whatsApp).toHaveAttribute("href", /^https:\/\/wa\.me\//);
  const text = decodeURIComponent(new URL((await whatsApp.getAttribute("href"))!).searchParams.get("text")!);
  expect(text).toContain(`proforma invoice ${number} for ₹5,664.00`);
  expect(text).toContain(url);
  const pub = await page.context().newPage();
  await pub.goto(url);
  await expect(pub.getByRole("heading", { name: "PROFORMA INVOICE" })).toBeVisible();
  await pub.close();
  await downloadPdf(page, bar, "Download PDF", 25);
  expect(await product.stock()).toBe("10");

  await bar.getByRole("button", { name: "Convert to invoice" }).click();
  await expect(page).toHaveURL(/\/invoice\/edit\//);
  await expect(page.getByTestId("source-document")).toHaveText(`From proforma invoice ${number}`);
  await expect(page.getByRole("combobox", { name: "Client name" })).toHaveValue("Lakshmi Exports");
  expect(await product.stock()).toBe("10");
  await page.goto("/proforma-invoices?status=converted");
  await expect(page.getByTestId("proforma-row").filter({ hasText: number })).toContainText("Converted");
  // The search keeps to the address too, and clearing it shows them all again.
  await page.getByLabel("Search").fill("nobody by that name");
  await expect(page.getByText("No proforma invoices match these filters.")).toBeVisible();
  await expect(page).toHaveURL(/search=nobody/);
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByTestId("proforma-row").filter({ hasText: number })).toContainText("Lakshmi Exports");
});
