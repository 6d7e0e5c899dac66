import type { Page } from "@playwright/test";
import { UPI_SPLIT_NOTE } from "#domain/upi";
import { INVALID_GSTIN_MESSAGE } from "#domain/validation";
import { expect, test } from "./fixtures";

// Small things found from outside (the Hardening issue's hygiene items).

/** Collects CSP violations and console messages from the first script on. */
async function watchConsole(page: Page) {
  const messages: string[] = [];
  page.on("console", (m) => messages.push(`${m.type()}: ${m.text()}`));
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener("securitypolicyviolation", (e) => {
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return {
    messages,
    csp: () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp),
  };
}

test("robots.txt is a real text file that keeps the app, the API and public invoices out", async ({
  request,
}) => {
  const res = await request.get("/robots.txt");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/^text\/plain/);
  const body = await res.text();
  expect(body).not.toContain("<html");
  expect(body).toMatch(/^User-agent: \*$/m);
  for (const path of ["/api/", "/i/", "/dashboard", "/invoices", "/settings"]) {
    expect(body).toContain(`Disallow: ${path}`);
  }
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test("a new user's dashboard does not jump when the get-started panel appears", async ({
    signedInPage: page,
  }) => {
    await page.addInitScript(() => {
      const w = window as unknown as { __cls: number };
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
          if (!entry.hadRecentInput) w.__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Get started with Bahi" })).toBeVisible();
    await expect(page.getByTestId("dashboard-credits")).toHaveText("25");
    // Layout shifts are reported after the frame that made them.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    console.log(`dashboard CLS at 360 px: ${cls.toFixed(4)}`);
    expect(cls).toBeLessThan(0.1);
  });

  test("the Credits button's accessible name starts with its visible text", async ({
    signedInPage: page,
  }) => {
    const button = page.getByRole("button", { name: /Credits, top up$/ });
    await expect(button).toHaveAccessibleName("25 Credits, top up");
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered (visible) text is what WCAG 2.5.3 compares
    const visible = (await button.innerText()).replace(/\s+/g, " ").trim();
    expect(visible).toBe("25");
  });
});

test("the Credits button's accessible name starts with its visible text on a wide screen", async ({
  signedInPage: page,
}) => {
  const button = page.getByRole("button", { name: /Credits, top up$/ });
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered (visible) text is what WCAG 2.5.3 compares
  const visible = (await button.innerText()).replace(/\s+/g, " ").trim();
  expect(visible).toBe("25 Credits");
  await expect(button).toHaveAccessibleName(/^25 Credits\b/);
});

test("the app loads without CSP reports (zod runs jitless) or React Router's hydrate-fallback warning", async ({
  page,
  user,
  baseURL,
}) => {
  const watch = await watchConsole(page);
  const res = await page.request.post("/api/auth/sign-in/email", {
    data: { email: user.email, password: user.password },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(200);
  // A first load straight onto lazy routes, then the editor, which parses with zod.
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  await page.goto("/invoice/new");
  await expect(page.getByRole("heading", { name: "Create New Invoice" })).toBeVisible();
  await page.getByRole("combobox", { name: "Client name" }).fill("Typed In Traders");
  await page
    .getByRole("toolbar", { name: "Invoice actions" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  await expect(page.getByText("Item name is required.").first()).toBeVisible();

  const found = {
    cspViolations: await watch.csp(),
    cspConsole: watch.messages.filter((m) => /Content Security Policy|unsafe-eval/i.test(m)),
    hydrateFallback: watch.messages.filter((m) => /HydrateFallback/.test(m)),
  };
  expect(found).toEqual({ cspViolations: [], cspConsole: [], hydrateFallback: [] });
});

test("the editor refuses a typed-in client's bad GSTIN with the client dialog's message", async ({
  signedInPage: page,
}) => {
  await page.goto("/invoice/new");
  await expect(page.getByRole("heading", { name: "Create New Invoice" })).toBeVisible();
  await page.getByRole("combobox", { name: "Client name" }).fill("Typed In Traders");
  await page.getByLabel("GSTIN").fill("ABCDEFGHIJKLMNO");
  await page
    .getByRole("toolbar", { name: "Invoice actions" })
    .getByRole("button", { name: "Save as draft" })
    .click();
  const form = page.getByRole("form", { name: "Invoice form" });
  await expect(form.getByText(INVALID_GSTIN_MESSAGE)).toBeVisible();
  await expect(form.getByLabel("GSTIN")).toHaveAttribute("aria-invalid", "true");
});

test("a merchant UPI ID is kept in Settings, and the preview notes a UPI payment above ₹1,00,000 may be split", async ({
  signedInPage: page,
}) => {
  await page.goto("/settings");
  await page.getByRole("switch", { name: "Include bank details" }).click();
  await page.getByLabel("UPI ID (optional)").fill("kesari@okhdfc");
  await page.getByLabel("This UPI ID is a merchant ID").check();
  await page.getByRole("switch", { name: "Include UPI QR code" }).click();
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings Saved").last()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("This UPI ID is a merchant ID")).toBeChecked();

  await page.goto("/invoice/new");
  const form = page.getByRole("form", { name: "Invoice form" });
  await form.getByRole("combobox", { name: "Client name" }).fill("Asha Traders");
  await form.getByRole("combobox", { name: "Item 1 name" }).fill("Handloom order");
  await form.getByLabel("Rate", { exact: true }).fill("150000");
  await expect(page.getByTestId("upi-split-note")).toHaveText(UPI_SPLIT_NOTE);
  await form.getByLabel("Rate", { exact: true }).fill("90000");
  await expect(page.getByTestId("upi-split-note")).toHaveCount(0);
});
