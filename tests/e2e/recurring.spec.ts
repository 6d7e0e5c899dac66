import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freshDataDir, outboxMailsTo, uniqueEmail } from "./fixtures";

// Recurring invoices in the browser, on a server of their own started with the test clock
// (TEST_CLOCK=1, which the shared server must not have: moving its clock would move every other
// test's "today"). Make an invoice recurring (a start date already past asks first), move the
// server's clock on, run its jobs, and see the invoices it made.

const PORT = 3400 + (process.pid % 500);
const BASE = `http://localhost:${PORT}`;
let server: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A first start creates the database: on a busy 2-core machine (the unit tests run beside these)
  // that can take most of a minute, as the shared server's start may (playwright.config.ts).
  test.setTimeout(180_000);
  dataDir = freshDataDir("bahi-e2e-recurring-");
  server = spawn(process.execPath, ["dist/server/main.mjs"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE,
      NODE_ENV: "test",
      TEST_CLOCK: "1",
      LOG_LEVEL: "warn",
      AUTH_REQUESTS_PER_IP: "10000",
    },
    stdio: "ignore",
  });
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline && server.exitCode === null) {
    const up = await fetch(`${BASE}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the recurring test's server did not start (exit code ${server.exitCode})`);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((r) => server?.once("exit", r));
  rmSync(dataDir, { recursive: true, force: true });
});

/** The verification link the server wrote to its outbox for `email`. */
async function verificationLink(email: string): Promise<string> {
  const outbox = path.join(dataDir, "outbox");
  for (let i = 0; i < 50; i++) {
    for (const mail of outboxMailsTo(outbox, email)) {
      const link = mail.match(/https?:\/\/\S+verify-email\S+/)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no verification mail to ${email}`);
}

test("make an invoice recurring, move the server's clock on, and see the invoices it made", async ({
  page,
}) => {
  const headers = { origin: BASE };
  const clock = (now: string) => page.request.post(`${BASE}/api/test/clock`, { data: { now }, headers });
  expect((await clock("2027-01-10T06:00:00Z")).status()).toBe(200);

  const email = uniqueEmail("recurring");
  const password = "kesari-chai-42";
  const up = await page.request.post(`${BASE}/api/auth/sign-up/email`, {
    data: { email, password, name: "Asha" },
    headers,
  });
  expect(up.status()).toBe(200);
  const link = new URL(await verificationLink(email));
  await page.request.get(`${BASE}${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(
    (
      await page.request.post(`${BASE}/api/auth/sign-in/email`, { data: { email, password }, headers })
    ).status(),
  ).toBe(200);
  const created = await page.request.post(`${BASE}/api/invoices`, {
    headers,
    data: {
      invoiceNumber: "RETAINER-1",
      status: "due",
      invoiceDate: "2027-01-10",
      dueDate: "2027-01-25",
      currency: "INR",
      client: { name: "Kesari Traders", email: "accounts@kesari.example" },
      items: [{ id: "l1", name: "Monthly retainer", quantity: "1", rate: "15000" }],
    },
  });
  expect(created.status()).toBe(201);
  const invoice = (await created.json()).invoice as { id: string };

  await page.goto(`${BASE}/invoice/edit/${invoice.id}`);
  await page.getByRole("button", { name: "Make recurring…" }).click();
  const dialog = page.getByRole("dialog", { name: "Make recurring" });
  await dialog.getByLabel("How often").selectOption("monthly");
  await dialog.getByLabel("First invoice on").fill("2026-12-15");
  await dialog.getByLabel("Each time").selectOption("issue");
  await dialog.getByRole("button", { name: "Save recurring invoice" }).click();
  // The start date is past on the server's clock: it asks before making the invoice already due.
  const confirm = page.getByRole("alertdialog", { name: "Make the invoices already due?" });
  await expect(confirm).toContainText("1 invoice will be created now, dated 15 Dec 2026.");
  await confirm.getByRole("button", { name: "Create them" }).click();
  await expect(dialog.getByRole("status")).toContainText("Monthly, next on 15 Jan 2027");
  await dialog.getByRole("link", { name: "See recurring invoices" }).click();

  const card = page.getByTestId("recurring-profile");
  await expect(card.getByTestId("recurring-made")).toHaveText("1");
  await expect(card.getByTestId("recurring-next")).toHaveText("15 Jan 2027");

  // A month and a day later: the server makes January's and February's invoices, in order.
  expect((await clock("2027-02-16T06:00:00Z")).status()).toBe(200);
  expect((await page.request.post(`${BASE}/api/test/run-jobs`, { data: {}, headers })).status()).toBe(200);
  await page.reload();
  await expect(card.getByTestId("recurring-made")).toHaveText("3");
  await expect(card.getByTestId("recurring-next")).toHaveText("15 Mar 2027");
  await card.getByRole("button", { name: "History" }).click();
  const history = card.getByRole("list", { name: "History" });
  await expect(history.getByRole("listitem")).toHaveCount(3);
  await history.getByRole("listitem").nth(2).getByRole("link").click();
  await expect(page.getByLabel("Invoice Date")).toHaveValue("2027-02-15");

  // Changed for the invoices to come: due a week after their date.
  await page.goto(`${BASE}/recurring`);
  await card.getByRole("button", { name: "Change" }).click();
  const edit = page.getByRole("dialog", { name: "Change recurring invoice" });
  await edit.getByLabel("Due after … days").fill("7");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved: the next invoices follow it")).toBeVisible();
  expect((await clock("2027-03-15T06:00:00Z")).status()).toBe(200);
  await page.request.post(`${BASE}/api/test/run-jobs`, { data: {}, headers });
  await page.reload();
  await expect(card.getByTestId("recurring-made")).toHaveText("4");
  await card.getByRole("button", { name: "History" }).click();
  await history.getByRole("listitem").nth(3).getByRole("link").click();
  await expect(page.getByLabel("Due Date")).toHaveValue("2027-03-22");

  // Paused, then stopped: no more invoices.
  await page.goto(`${BASE}/recurring`);
  await card.getByRole("button", { name: "Pause" }).click();
  await expect(card.getByTestId("recurring-status")).toHaveText("Paused");
  await card.getByRole("button", { name: "Stop" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Stop" }).click();
  await expect(card.getByTestId("recurring-status")).toHaveText("Finished");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    await page.evaluate(() => window.innerWidth),
  );
});
