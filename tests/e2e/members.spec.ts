import { readFileSync } from "node:fs";
import type { Browser } from "@playwright/test";
import { todayInTimeZone } from "../../src/domain/dates";
import { gstinCheckCharacter } from "../../src/domain/validation";
import { previousMonth } from "../../src/web/features/reports/month";
import { expect, linkFromOutbox, type Page, registerForGst, test, uniqueEmail } from "./fixtures";

// Issue 31 phase 2 (decision 0076): the owner invites an accountant and a staff member from
// Members; each opens the mailed link, signs in and joins; each sees exactly their role's pages
// and controls (decision 0079); staff issues an invoice; the accountant downloads the GSTR-1 JSON
// and records a payment.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const OURS = gstin("27AAPFU0939F1Z");
const BUYER = gstin("29AAACR5055K1Z");
const PASSWORD = "kesari-chai-42";

/** An account for `email`, its address confirmed through the mailed link (through the API). */
async function confirmedAccount(page: Page, email: string, name: string, origin: string) {
  const up = await page.request.post("/api/auth/sign-up/email", {
    data: { email, password: PASSWORD, name },
    headers: { origin },
  });
  expect(up.status()).toBe(200);
  const link = new URL(await linkFromOutbox(email, "/api/auth/verify-email"));
  const verified = await page.request.get(link.pathname + link.search, { maxRedirects: 0 });
  expect(verified.status()).toBeLessThan(400);
}

/** Opens the invitation link in a browser of its own, signs in there and lands in the business. */
async function joinThroughLink(browser: Browser, email: string, name: string, origin: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  const link = new URL(await linkFromOutbox(email, "invitation="));
  await page.goto(link.pathname + link.search);
  // A fresh browser's first page: on a loaded machine the session check can take a while.
  await expect(page.getByRole("status").filter({ hasText: "You are invited to join" })).toContainText(
    "Kesari Traders",
    { timeout: 30_000 },
  );
  await confirmedAccount(page, email, name, origin);
  const form = page.locator("#auth-form-section");
  await form.getByRole("tab", { name: "Login" }).click();
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await form.getByRole("button", { name: "Login" }).click();
  await expect(page.getByText(/^You joined Kesari Traders as /)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
  return page;
}

async function invite(page: Page, email: string, role: "Accountant" | "Staff") {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption({ label: role });
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
}

const nav = (page: Page) => page.getByRole("navigation", { name: "Main" });

test("the owner invites an accountant and staff; each joins by the link and works within their role", async ({
  signedInPage: owner,
  baseURL,
  browser,
}) => {
  test.setTimeout(300_000);
  const origin = baseURL!;
  const renamed = await owner.request.put("/api/settings", {
    headers: { origin },
    data: { companyName: "Kesari Traders" },
  });
  expect(renamed.status()).toBe(200);
  const businesses = (await (await owner.request.get("/api/businesses")).json()).businesses;
  await owner.request.patch(`/api/businesses/${businesses[0].id}`, {
    headers: { origin },
    data: { name: "Kesari Traders" },
  });

  // Members: the owner's page; invite two people.
  await nav(owner).getByRole("link", { name: "Members" }).click();
  await expect(owner.getByRole("heading", { name: "Members", level: 1 })).toBeVisible();
  const accountantEmail = uniqueEmail("ca");
  const staffEmail = uniqueEmail("staff");
  await invite(owner, accountantEmail, "Accountant");
  await invite(owner, staffEmail, "Staff");
  const invitations = owner.getByRole("list", { name: "Invitations" });
  await expect(invitations.getByRole("listitem")).toHaveCount(2);
  await expect(invitations).toContainText(`${accountantEmail}Accountant`);
  // Sent again: a new link, the earlier one dead; staff joins by the new one below (decision 0079).
  await invitations.getByRole("button", { name: `Send the invitation to ${staffEmail} again` }).click();
  await expect(owner.getByText(`Invitation sent again to ${staffEmail}`)).toBeVisible();

  // Staff joins and sees the counter's pages only.
  const staff = await joinThroughLink(browser, staffEmail, "Sunil", origin);
  await expect(nav(staff).getByRole("link", { name: "Create Invoice/Bill" })).toBeVisible();
  await expect(nav(staff).getByRole("link", { name: "Clients" })).toBeVisible();
  for (const hidden of ["Reports", "Settings", "Members"]) {
    await expect(nav(staff).getByRole("link", { name: hidden })).toHaveCount(0);
  }
  await staff.goto("/settings");
  await expect(staff.getByRole("heading", { name: "Not available for your role" })).toBeVisible();
  await staff.goto("/reports");
  await expect(staff.getByRole("heading", { name: "Not available for your role" })).toBeVisible();

  // Staff issues an invoice.
  await nav(staff).getByRole("link", { name: "Create Invoice/Bill" }).click();
  await expect(staff.getByRole("heading", { name: "Create New Invoice" })).toBeVisible();
  await staff.getByRole("combobox", { name: "Client name" }).fill("Walk-in buyer");
  await staff.getByRole("combobox", { name: "Item 1 name" }).fill("Masala tea, 1 kg");
  const form = staff.getByRole("form", { name: "Invoice form" });
  await form.getByLabel("Rate", { exact: true }).fill("1000");
  await staff.getByRole("button", { name: "Issue" }).first().click();
  await expect(staff).toHaveURL(/\/invoice\/edit\//);
  await expect(staff.locator("[data-status=due]").first()).toBeVisible();
  const invoiceUrl = new URL(staff.url()).pathname;
  // Staff changes invoices and clients, and exports nothing; no keys, no credits to buy.
  await expect(staff.getByRole("button", { name: "Save changes" })).toBeVisible();
  await nav(staff).getByRole("link", { name: "Invoices/Bills" }).click();
  await expect(staff.getByRole("link", { name: "New invoice" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await nav(staff).getByRole("link", { name: "Clients" }).click();
  await expect(staff.getByRole("button", { name: "Add Client" })).toBeVisible();
  await expect(staff.getByRole("link", { name: "Export CSV" })).toHaveCount(0);
  await nav(staff).getByRole("link", { name: "My Account" }).click();
  await expect(staff.getByText("Staff cannot buy credits. Ask an owner of this business.")).toBeVisible();
  await expect(staff.getByRole("heading", { name: "API keys" })).toHaveCount(0);

  // The owner registers for GST and has last month's B2B invoice, for the accountant's return.
  await registerForGst(owner, origin, {
    name: "Kesari Traders",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: OURS,
    legalName: "Kesari Traders Private Limited",
  });
  const period = previousMonth(todayInTimeZone(new Date(), "Asia/Kolkata"));
  const b2b = await owner.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: "GST-0001",
      status: "due",
      invoiceDate: `${period}-10`,
      currency: "INR",
      client: {
        name: "Reliable Supplies LLP",
        gstin: BUYER,
        billingAddress: {
          line1: "4 Residency Road",
          city: "Bengaluru",
          state: "Karnataka",
          postalCode: "560025",
        },
      },
      items: [
        {
          id: "l1",
          name: "Steel almirah",
          hsnSac: "94031090",
          quantity: "1",
          rate: "10000",
          taxPercent: "18",
        },
      ],
    },
  });
  expect(b2b.status(), await b2b.text()).toBe(201);

  // The accountant joins: reports yes; no invoice writing, settings or members.
  const accountant = await joinThroughLink(browser, accountantEmail, "Charu", origin);
  await expect(nav(accountant).getByRole("link", { name: "Reports" })).toBeVisible();
  await expect(nav(accountant).getByRole("link", { name: "Invoices/Bills" })).toBeVisible();
  for (const hidden of ["Create Invoice/Bill", "Settings", "Members"]) {
    await expect(nav(accountant).getByRole("link", { name: hidden })).toHaveCount(0);
  }
  await accountant.goto("/members");
  await expect(accountant.getByRole("heading", { name: "Not available for your role" })).toBeVisible();
  await accountant.goto("/dashboard");
  await expect(accountant.getByRole("link", { name: /Create Invoice\/Bill/ })).toHaveCount(0);
  // Lists: exports yes, nothing new; keys of the accountant's role at most; no credits to buy.
  await nav(accountant).getByRole("link", { name: "Invoices/Bills" }).click();
  await expect(accountant.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(accountant.getByRole("link", { name: "New invoice" })).toHaveCount(0);
  await nav(accountant).getByRole("link", { name: "Clients" }).click();
  await expect(accountant.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(accountant.getByRole("button", { name: "Add Client" })).toHaveCount(0);
  await nav(accountant).getByRole("link", { name: "My Account" }).click();
  await expect(accountant.getByLabel("Acts as")).toHaveText("Accountant");
  await expect(
    accountant.getByText("Accountant cannot buy credits. Ask an owner of this business."),
  ).toBeVisible();
  await accountant.goto("/dashboard");

  // The accountant downloads last month's GSTR-1 JSON.
  await nav(accountant).getByRole("link", { name: "Reports" }).click();
  await expect(accountant.getByRole("heading", { name: "Reports" })).toBeVisible();
  const downloading = accountant.waitForEvent("download");
  await accountant.getByRole("button", { name: "Download GSTR-1 JSON" }).click();
  const json = JSON.parse(readFileSync((await (await downloading).path())!, "utf8"));
  expect(json.gstin).toBe(OURS);
  expect(json.b2b[0].inv[0]).toMatchObject({ inum: "GST-0001" });

  // ... and records a payment on the invoice staff issued: the invoice itself reads only.
  await accountant.goto(invoiceUrl);
  await expect(
    accountant.getByText("Accountant cannot create or change invoices, quotes and challans. Ask an owner"),
  ).toBeVisible();
  const bar = accountant.getByRole("toolbar", { name: "Invoice actions" });
  await expect(bar.getByRole("button", { name: "Download PDF" })).toBeVisible();
  for (const hidden of ["Save changes", "Cancel invoice", "Mark paid", "Duplicate", "Send by e-mail"]) {
    await expect(bar.getByRole("button", { name: hidden })).toHaveCount(0);
  }
  const payments = accountant.getByRole("region", { name: "Payments received" });
  await payments.getByRole("button", { name: "Record payment" }).click();
  const dialog = accountant.getByRole("dialog", { name: "Record payment" });
  await dialog.getByLabel("Amount (INR)").fill("400");
  await dialog.getByLabel("Method").selectOption("upi");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(payments.getByTestId("payments-summary")).toContainText("Paid ₹400.00");
  // Deleting a payment is the owner's.
  await expect(payments.getByRole("button", { name: /^Edit payment/ })).toBeVisible();
  await expect(payments.getByRole("button", { name: /^Delete payment/ })).toHaveCount(0);

  // The owner sees both as members now, with their roles.
  await owner.reload();
  const members = owner.getByRole("list", { name: "Members" });
  await expect(members.getByRole("listitem")).toHaveCount(3);
  await expect(members.getByRole("combobox", { name: "Role of Charu" })).toHaveValue("accountant");
  await expect(members.getByRole("combobox", { name: "Role of Sunil" })).toHaveValue("staff");
  await expect(owner.getByRole("list", { name: "Invitations" })).toHaveCount(0);

  // The owner's keys may act as any role.
  await nav(owner).getByRole("link", { name: "My Account" }).click();
  await expect(owner.getByLabel("Acts as").locator("option")).toHaveText(["Owner", "Accountant", "Staff"]);

  // The owner reads the three actions in the activity log, each with who did it (decision 0077).
  await nav(owner).getByRole("link", { name: "Activity" }).click();
  await expect(owner.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
  const entries = owner.getByRole("list", { name: "Activity" }).getByRole("listitem");
  const by = (who: string, what: string) => entries.filter({ hasText: who }).filter({ hasText: what });
  await expect(by("Sunil", "Issued: Invoice")).toHaveCount(1);
  await expect(by("Charu", "Data exported")).toContainText("GSTR-1");
  await expect(by("Charu", "Payment recorded")).toHaveCount(1);

  // The phone width keeps the members page whole.
  await nav(owner).getByRole("link", { name: "Members" }).click();
  await owner.setViewportSize({ width: 360, height: 800 });
  await expect(members.getByRole("button", { name: "Remove Sunil" })).toBeVisible();
  const overflow = await owner.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // A second business of the owner's holds none of the first's invoices, members or log.
  await owner.setViewportSize({ width: 1280, height: 800 });
  await owner.getByRole("button", { name: /Switch business/ }).click();
  await owner.getByRole("button", { name: "New business" }).click();
  await owner.getByLabel("Business name").fill("Kesari Exports");
  await owner.getByRole("button", { name: "Create" }).click();
  await expect(owner).toHaveURL(/\/dashboard$/);
  await nav(owner).getByRole("link", { name: "Invoices/Bills" }).click();
  await expect(owner.getByText("No invoices yet.")).toBeVisible();
  await expect(owner.getByText("GST-0001")).toHaveCount(0);
  await nav(owner).getByRole("link", { name: "Members" }).click();
  await expect(members.getByRole("listitem")).toHaveCount(1);
  await nav(owner).getByRole("link", { name: "Activity" }).click();
  await expect(owner.getByText("No activity yet")).toBeVisible();
});
