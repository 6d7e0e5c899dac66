import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { rmSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type FakeRazorpay, startFakeRazorpay } from "../fakes/razorpay";
import { expect, freshDataDir, outboxMailsTo, test, uniqueEmail } from "./fixtures";

async function openTopUp(page: Page, balance: number) {
  await page.getByRole("button", { name: `${balance} Credits, top up` }).click();
  const dialog = page.getByRole("dialog", { name: "Top Up Your Credits" });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe("buying credits in test mode", () => {
  test("buys the 100 plan and lands on Payment Successful with 125 credits", async ({
    signedInPage: page,
  }) => {
    const dialog = await openTopUp(page, 25);
    await expect(dialog.getByTestId("payments-test-mode")).toHaveText(
      /Payments are in test mode — no money moves\./,
    );
    await expect(dialog.getByRole("listitem").filter({ hasText: "Credits" })).toHaveCount(3);
    await expect(dialog.getByText("Most Popular")).toBeVisible();
    await expect(dialog.getByText("₹149")).toBeVisible();
    await expect(dialog.getByText("100 PDF downloads")).toBeVisible();
    await expect(dialog.getByText(/processed by Razorpay/)).toBeVisible();
    await dialog.getByRole("button", { name: "Purchase Plan: 100 Credits for ₹149" }).click();

    const checkout = page.getByTestId("test-checkout");
    await expect(checkout.getByText("Test mode — no money moves")).toBeVisible();
    await expect(checkout.getByText("₹149.00")).toBeVisible();
    await checkout.getByRole("button", { name: "Pay" }).click();

    await expect(page).toHaveURL(/\/payment-success/);
    await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
    await expect(page.getByTestId("credits-added")).toHaveText("+100");
    await expect(page.getByTestId("new-balance")).toHaveText("125 credits");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "125 Credits, top up" })).toBeVisible();

    // A reload reads the purchase back from the ledger.
    await page.reload();
    await expect(page.getByTestId("credits-added")).toHaveText("+100");
    await expect(page.getByText("100 Credits", { exact: true })).toBeVisible();
    await expect(page.getByTestId("new-balance")).toHaveText("125 credits");

    // My Account shows the ledger and the purchase.
    await page.getByRole("link", { name: "View Credit History" }).click();
    await expect(page.getByTestId("account-credits")).toHaveText("125");
    const history = page.getByRole("region", { name: "Credit history" });
    await expect(history.getByText("Purchase: 100 Credits (₹149.00)")).toBeVisible();
    await expect(history.getByText("Sign-up bonus")).toBeVisible();
    await expect(page.getByRole("region", { name: "Purchases" }).getByText("Paid")).toBeVisible();
  });

  test("dismissing the checkout shows Payment Cancelled and adds nothing", async ({ signedInPage: page }) => {
    const dialog = await openTopUp(page, 25);
    await dialog.getByRole("button", { name: /Purchase Plan: 25 Credits/ }).click();
    const checkout = page.getByTestId("test-checkout");
    await checkout.getByRole("button", { name: "Dismiss" }).click();
    await expect(page.getByText("Payment Cancelled")).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: /Purchase Plan: 25 Credits/ })).toBeEnabled();
    // Escape on the checkout is a dismissal too.
    await dialog.getByRole("button", { name: /Purchase Plan: 500 Credits/ }).click();
    await expect(checkout).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(checkout).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "25 Credits, top up" })).toBeVisible();
  });

  test("a failed payment shows Payment Failed with its description", async ({ signedInPage: page }) => {
    const dialog = await openTopUp(page, 25);
    const buy = dialog.getByRole("button", { name: /Purchase Plan: 500 Credits/ });
    await buy.click();
    await page.getByTestId("test-checkout").getByRole("button", { name: "Fail" }).click();
    await expect(page.getByText("Payment Failed")).toBeVisible();
    await expect(page.getByText(/The test payment was declined/)).toBeVisible();
    await expect(buy).toBeEnabled();
    await dialog.getByRole("button", { name: "Close", exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.goto("/account");
    await expect(page.getByTestId("account-credits")).toHaveText("25");
    await expect(page.getByRole("region", { name: "Purchases" }).getByText("Not completed")).toBeVisible();
  });

  test("the dialog fits a 360 px wide screen", async ({ signedInPage: page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const dialog = await openTopUp(page, 25);
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    for (const name of ["25", "100", "500"]) {
      const button = dialog.getByRole("button", { name: new RegExp(`Purchase Plan: ${name} Credits`) });
      await button.scrollIntoViewIfNeeded();
      await expect(button).toBeInViewport();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dialog.getByRole("button", { name: /Purchase Plan: 100 Credits/ }).click();
    const checkout = page.getByTestId("test-checkout");
    const cbox = await checkout.boundingBox();
    expect(cbox!.x + cbox!.width).toBeLessThanOrEqual(360);
    await checkout.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByTestId("new-balance")).toHaveText("125 credits");
  });
});

// With keys: a second server pointed at the local Razorpay fake, whose Checkout script the test drives.
test.describe("buying credits through Razorpay Checkout (local fake)", () => {
  test.describe.configure({ mode: "serial", timeout: 180_000 });
  let fake: FakeRazorpay;
  let server: ChildProcess;
  let baseURL: string;
  let dataDir: string;

  test.beforeAll(async () => {
    // Its own server's start can take most of a minute on a busy 2-core machine (recurring.spec.ts).
    test.setTimeout(180_000);
    fake = await startFakeRazorpay();
    const port = Number(process.env.E2E_PORT ?? 3100) + 50 + test.info().workerIndex;
    baseURL = `http://localhost:${port}`;
    dataDir = freshDataDir("bahi-e2e-rzp-");
    // The compiled server that `npm test` built, as the main web server runs.
    server = spawn(process.execPath, ["dist/server/main.mjs"], {
      env: {
        ...process.env,
        ...fake.env(),
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: baseURL,
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
        MAIL_OUTBOX: "1",
      },
      stdio: "inherit",
    });
    for (let i = 0; i < 750; i++) {
      const up = await fetch(`${baseURL}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("the server with Razorpay keys did not start");
  });

  test.afterAll(async () => {
    // Wait for the server to close its database before removing the data folder it used.
    if (server && server.exitCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(page: Page) {
    const email = uniqueEmail("rzp");
    const password = "kesari-chai-42";
    const headers = { origin: baseURL };
    const up = await page.request.post(`${baseURL}/api/auth/sign-up/email`, {
      data: { email, password, name: "Asha Rao" },
      headers,
    });
    expect(up.status()).toBe(200);
    const link = await outboxLink(dataDir, email);
    await page.request.get(`${baseURL}${new URL(link).pathname}${new URL(link).search}`, { maxRedirects: 0 });
    const res = await page.request.post(`${baseURL}/api/auth/sign-in/email`, {
      data: { email, password },
      headers,
    });
    expect(res.status()).toBe(200);
    await page.goto(`${baseURL}/dashboard`);
    await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  }

  test("pays through the Checkout script, which is loaded once, and is verified by the server", async ({
    page,
  }) => {
    await signIn(page);
    // Dismiss first: Payment Cancelled, and the dialog comes back.
    let dialog = await openTopUp(page, 25);
    await expect(dialog.getByTestId("payments-test-mode")).toHaveCount(0);
    await dialog.getByRole("button", { name: /Purchase Plan: 25 Credits/ }).click();
    const rzp = page.getByRole("dialog", { name: "Fake Razorpay Checkout" });
    await expect(rzp.getByText("Fake Razorpay: Bahi 4900 INR")).toBeVisible();
    await rzp.getByRole("button", { name: "Fake Dismiss" }).click();
    await expect(page.getByText("Payment Cancelled")).toBeVisible();
    dialog = page.getByRole("dialog", { name: "Top Up Your Credits" });
    await expect(dialog).toBeVisible();

    // Failure: its description is shown.
    await dialog.getByRole("button", { name: /Purchase Plan: 100 Credits/ }).click();
    await page.getByRole("button", { name: "Fake Fail" }).click();
    await expect(page.getByText("Your card was declined by the bank.")).toBeVisible();

    // Payment: verified on the server against Razorpay, then /payment-success.
    await dialog.getByRole("button", { name: /Purchase Plan: 100 Credits/ }).click();
    await page.getByRole("button", { name: "Fake Pay" }).click();
    await expect(page).toHaveURL(/\/payment-success/);
    await expect(page.getByTestId("credits-added")).toHaveText("+100");
    await expect(page.getByTestId("new-balance")).toHaveText("125 credits");
    expect(fake.calls.filter((c) => c === "GET /checkout.js")).toHaveLength(1);
    expect(fake.calls.filter((c) => c === "POST /v1/orders")).toHaveLength(3);
  });
});

async function outboxLink(dataDir: string, email: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  for (let i = 0; i < 100; i++) {
    for (const mail of outboxMailsTo(outbox, email)) {
      const link = mail.match(/https?:\/\/\S+/g)?.find((l) => l.includes("/api/auth/verify-email"));
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no confirmation mail to ${email}`);
}
