import { expect, type Page, test } from "./fixtures";

async function noPageScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
}

async function stat(page: Page, id: string) {
  return page.getByTestId(`stat-${id}`).locator("dd").first();
}

test("add a client, a product and a service; adjusting stock changes the overview", async ({
  signedInPage: page,
}) => {
  await page.goto("/clients");
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
  await expect(page.getByText("No clients yet")).toBeVisible();
  await page.getByRole("button", { name: "Add your first client" }).click();
  const clientDialog = page.getByRole("dialog", { name: "Add Client" });
  await clientDialog.getByLabel("Name").fill("Asha Traders");
  await clientDialog.getByLabel("Company").fill("Asha Traders Pvt Ltd");
  await clientDialog.getByLabel("GSTIN").fill("27AAPFU0939F1ZA");
  await clientDialog.getByRole("button", { name: "Add Client" }).click();
  await expect(clientDialog.getByText(/Enter a valid 15-character GSTIN/)).toBeVisible();
  await clientDialog.getByLabel("GSTIN").fill("27AAPFU0939F1ZV");
  await clientDialog.getByLabel("City").first().fill("Pune");
  await clientDialog.getByRole("button", { name: "Add Client" }).click();
  await expect(clientDialog).toBeHidden();
  const clients = page.getByRole("list", { name: "Clients" });
  await expect(clients.getByRole("heading", { name: "Asha Traders" })).toBeVisible();
  await expect(clients.getByText("27AAPFU0939F1ZV")).toBeVisible();

  await page.goto("/inventory/manage-items");
  await expect(page.getByRole("heading", { name: "Manage Inventory Items" })).toBeVisible();
  await page.getByRole("button", { name: "Add Item" }).click();
  let itemDialog = page.getByRole("dialog", { name: "Add Item" });
  await itemDialog.getByLabel("Name").fill("Basmati Rice 5kg");
  await itemDialog.getByLabel("HSN/SAC code").fill("1006");
  await itemDialog.getByLabel("Rate (sale price)").fill("650.50");
  await itemDialog.getByLabel("Cost price").fill("480");
  await itemDialog.getByLabel("Unit").fill("bag");
  await itemDialog.getByLabel("Opening quantity").fill("10");
  await itemDialog.getByLabel("Low-stock level").fill("3");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog).toBeHidden();

  // The next item is added while "Item Added" still shows, and the toast does not cover the page's
  // button (top right, it did: a pointer that reached it as it slid in held it open for good, 0118).
  const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
  await expect(toast).toContainText("Item Added");
  // Where it comes to rest, once it has slid in.
  await toast.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const [toastBox, addBox] = await Promise.all([
    toast.boundingBox(),
    page.getByRole("button", { name: "Add Item" }).boundingBox(),
  ]);
  const apart =
    toastBox!.x >= addBox!.x + addBox!.width ||
    addBox!.x >= toastBox!.x + toastBox!.width ||
    toastBox!.y >= addBox!.y + addBox!.height ||
    addBox!.y >= toastBox!.y + toastBox!.height;
  expect(apart, "the toast is clear of the Add Item button").toBe(true);
  await page.getByRole("button", { name: "Add Item" }).click();
  itemDialog = page.getByRole("dialog", { name: "Add Item" });
  await itemDialog.getByLabel("Service").check();
  await itemDialog.getByLabel("Name").fill("Installation");
  await itemDialog.getByLabel("Rate (sale price)").fill("500");
  await itemDialog.getByRole("button", { name: "Add Item" }).click();
  await expect(itemDialog).toBeHidden();
  const items = page.getByRole("list", { name: "Products and services" });
  await expect(items.getByText("Installation")).toBeVisible();
  await expect(items.getByText("Basmati Rice 5kg")).toBeVisible();

  await page.getByRole("link", { name: "Overview", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Inventory Overview" })).toBeVisible();
  await expect(await stat(page, "units")).toHaveText("10");
  await expect(await stat(page, "cost")).toHaveText("₹4,800.00");
  await expect(await stat(page, "rate")).toHaveText("₹6,505.00");
  await expect(await stat(page, "margin")).toHaveText("₹1,705.00");
  await expect(await stat(page, "services")).toHaveText("1");

  await page.getByRole("link", { name: "Manage Items" }).click();
  await page.getByRole("button", { name: "Adjust stock of Basmati Rice 5kg" }).click();
  const stock = page.getByRole("dialog", { name: /Adjust stock/ });
  await expect(stock.getByText("Opening stock")).toBeVisible();
  await stock.getByLabel("Take out of stock").check();
  await stock.getByLabel(/Quantity/).fill("11");
  await stock.getByLabel("Reason").fill("Sold at the counter");
  await stock.getByRole("button", { name: "Save Adjustment" }).click();
  await expect(stock.getByText(/At most 10 can be taken out/)).toBeVisible();
  await stock.getByLabel(/Quantity/).fill("8");
  await stock.getByRole("button", { name: "Save Adjustment" }).click();
  await expect(stock.getByText("Sold at the counter")).toBeVisible();
  await expect(stock.getByText("2 bag", { exact: true })).toBeVisible();
  await stock.getByRole("button", { name: "Close" }).click();

  await page.goto("/inventory");
  await expect(await stat(page, "units")).toHaveText("2");
  await expect(await stat(page, "cost")).toHaveText("₹960.00");
  await expect(await stat(page, "rate")).toHaveText("₹1,301.00");
  const low = page.getByRole("region", { name: /Low stock/ });
  await expect(low.getByRole("link", { name: "Basmati Rice 5kg" })).toBeVisible();

  await page.goto("/inventory/details");
  await page.getByRole("button", { name: "Services" }).click();
  await expect(
    page.getByRole("list", { name: "Products and services" }).getByText("Installation"),
  ).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Products and services" }).getByText("Basmati Rice 5kg"),
  ).toHaveCount(0);
});

test("the clients and inventory pages fit a 360 px wide screen", async ({ signedInPage: page }) => {
  // Something in every list, so the pages are laid out with content, not just empty states.
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  await page.request.post("/api/clients", {
    headers,
    data: {
      name: "Srinivasa Venkataraghavan Enterprises",
      email: "very.long.address.for.accounts@example.co.in",
    },
  });
  await page.request.post("/api/products", {
    headers,
    data: {
      name: "Stainless steel tiffin box, three tier",
      rate: "1299.99",
      costPrice: "850",
      availableQuantity: 2,
      lowStockLevel: 5,
    },
  });
  await page.setViewportSize({ width: 360, height: 740 });
  for (const [path, heading] of [
    ["/clients", "Manage Clients"],
    ["/inventory", "Inventory Overview"],
    ["/inventory/details", "Inventory Product Details"],
    ["/inventory/manage-items", "Manage Inventory Items"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
    await expect(page.getByRole("status")).toHaveCount(0);
    await noPageScroll(page);
  }
  await page.getByRole("button", { name: "Add Item" }).click();
  await expect(page.getByRole("dialog", { name: "Add Item" })).toBeVisible();
  await noPageScroll(page);
});

test("a list of more than 1,000 clients counts them all, pages on by cursor, and a search says 100+", async ({
  signedInPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  const clients = Array.from({ length: 1001 }, (_, i) => ({
    name: `Bulk ${String(i + 1).padStart(4, "0")}`,
  }));
  const imported = await page.request.post("/api/import", {
    headers: { origin },
    data: { clients, productServices: [], invoices: [], settings: {} },
  });
  expect(imported.status()).toBe(200);
  // Next reads its page from just after the last row shown (a cursor), not by offset.
  const lists: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/clients") lists.push(url);
  });
  await page.goto("/clients");
  const pager = page.getByRole("navigation", { name: "Pages" });
  const list = page.getByRole("list", { name: "Clients" });
  await expect(pager).toContainText("1–20 of 1,001");
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("21–40 of 1,001");
  await expect(list.getByRole("heading", { name: "Bulk 0021" })).toBeVisible();
  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager).toContainText("41–60 of 1,001");
  await expect(list.getByRole("heading", { name: "Bulk 0041" })).toBeVisible();
  await pager.getByRole("button", { name: "Previous" }).click();
  await expect(list.getByRole("heading", { name: "Bulk 0021" })).toBeVisible();
  const byPage = (n: string) => lists.filter((u) => u.searchParams.get("page") === n);
  expect(byPage("1").every((u) => !u.searchParams.has("after"))).toBe(true);
  for (const n of ["2", "3"]) {
    expect(byPage(n).length).toBeGreaterThan(0);
    expect(byPage(n).every((u) => u.searchParams.has("after"))).toBe(true);
  }
  // A search counts up to 100 and says so beyond.
  await page.getByRole("searchbox", { name: "Search clients" }).fill("Bulk");
  await expect(pager).toContainText("1–20 of 100+");
});
