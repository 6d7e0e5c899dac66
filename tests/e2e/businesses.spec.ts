import { expect, type Page, test } from "./fixtures";

// Issue 31 phase 1 (decision 0072): a person makes a second business from the switcher in the
// sidebar's header, works in it (none of the first's data there), and switches back.

const switcher = (page: Page) => page.getByRole("button", { name: /Switch business/ });

async function clientsShown(page: Page) {
  await page.goto("/clients");
  await expect(page.getByRole("heading", { name: "Manage Clients" })).toBeVisible();
}

test("create a second business from the switcher, switch, see none of the first's data, switch back", async ({
  signedInPage: page,
  user,
  baseURL,
}) => {
  const made = await page.request.post("/api/clients", {
    data: { name: "First Firm Buyer" },
    headers: { origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  await clientsShown(page);
  await expect(
    page.getByRole("list", { name: "Clients" }).getByRole("heading", { name: "First Firm Buyer" }),
  ).toBeVisible();
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByTestId("current-business")).toHaveText(user.name);

  await switcher(page).click();
  await expect(switcher(page)).toHaveAttribute("aria-expanded", "true");
  await page.getByRole("button", { name: "New business" }).click();
  await page.getByLabel("Business name").fill("Rao Exports");
  await page.getByRole("button", { name: "Create" }).click();
  // Made and entered: the dashboard of the new business.
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar.getByTestId("current-business")).toHaveText("Rao Exports");
  await expect(page.getByRole("button", { name: /^0 Credits/ })).toBeVisible();
  await clientsShown(page);
  await expect(page.getByText("No clients yet")).toBeVisible();
  await expect(page.getByText("First Firm Buyer")).toHaveCount(0);

  await switcher(page).click();
  const list = page.getByRole("list", { name: "Your businesses" });
  await expect(list.getByRole("button", { name: /Rao Exports/ })).toHaveAttribute("aria-current", "true");
  await list.getByRole("button", { name: user.name }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(sidebar.getByTestId("current-business")).toHaveText(user.name);
  await expect(page.getByRole("button", { name: /^25 Credits/ })).toBeVisible();
  await clientsShown(page);
  await expect(
    page.getByRole("list", { name: "Clients" }).getByRole("heading", { name: "First Firm Buyer" }),
  ).toBeVisible();
});

test("rename the current business from the switcher", async ({ signedInPage: page }) => {
  const sidebar = page.getByRole("complementary");
  await switcher(page).click();
  await page.getByRole("button", { name: "Rename" }).click();
  await page.getByLabel("New name").fill("  ");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByRole("alert")).toHaveText("Name is required.");
  await page.getByLabel("New name").fill("Asha Traders");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(sidebar.getByTestId("current-business")).toHaveText("Asha Traders");
  await page.reload();
  await expect(sidebar.getByTestId("current-business")).toHaveText("Asha Traders");
});

test("the switcher fits a 360 px screen in the menu drawer, in both themes", async ({
  signedInPage: page,
  baseURL,
}) => {
  const made = await page.request.post("/api/businesses", {
    data: { name: "A business with a rather long name for a small phone screen" },
    headers: { origin: baseURL! },
  });
  expect(made.status()).toBe(201);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByTestId("mobile-drawer");
    await drawer.getByRole("button", { name: /Switch business/ }).click();
    const list = drawer.getByRole("list", { name: "Your businesses" });
    await expect(list.getByRole("button")).toHaveCount(2);
    await expect(drawer.getByRole("button", { name: "New business" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const box = await drawer.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    // Switching from the drawer closes it and lands on the dashboard of the other business.
    await list.getByRole("button", { name: /rather long name/ }).click();
    await expect(drawer).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(drawer.getByTestId("current-business")).toContainText("rather long name");
    // Back to the first for the next round.
    await drawer.getByRole("button", { name: /Switch business/ }).click();
    await drawer.getByRole("list", { name: "Your businesses" }).getByRole("button").first().click();
    await expect(drawer).toBeHidden();
  }
});
