import { readFileSync } from "node:fs";
import { todayInTimeZone } from "../../src/domain/dates";
import { gstinCheckCharacter } from "../../src/domain/validation";
import { previousMonth } from "../../src/web/features/reports/month";
import { expect, registerForGst, test } from "./fixtures";

// GST reports in the browser (issue part 6): a regular taxpayer with a couple of invoices last
// month opens Reports, sees the section figures and downloads the month's GSTR-1 JSON; the B2B
// invoice offers its e-invoice JSON and the B2C one says why not.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);
const OURS = gstin("27AAPFU0939F1Z");
const BUYER = gstin("29AAACR5055K1Z");

test("a regular taxpayer downloads last month's GSTR-1 JSON from Reports", async ({
  signedInPage: page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerForGst(page, baseURL!, {
    name: "Sharma Traders",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: OURS,
    legalName: "Sharma Traders Private Limited",
  });
  const period = previousMonth(todayInTimeZone(new Date(), "Asia/Kolkata"));
  const item = (rate: string) => [
    { id: "l1", name: "Steel almirah", hsnSac: "94031090", quantity: "1", rate, taxPercent: "18" },
  ];
  const b2b = await page.request.post("/api/invoices", {
    headers,
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
      items: item("10000"),
    },
  });
  expect(b2b.status(), await b2b.text()).toBe(201);
  const b2c = await page.request.post("/api/invoices", {
    headers,
    data: {
      invoiceNumber: "GST-0002",
      status: "due",
      invoiceDate: `${period}-11`,
      currency: "INR",
      client: { name: "Walk-in buyer" },
      items: item("500"),
    },
  });
  expect(b2c.status()).toBe(201);

  await page.getByRole("link", { name: "Reports" }).first().click();
  await expect(page.getByRole("heading", { name: "Reports" })).toBeVisible();
  await expect(page.getByLabel("Month", { exact: true })).toHaveValue(period);
  const b2bRow = page.getByTestId("gstr1-row-b2b");
  await expect(b2bRow.getByTestId("gstr1-count")).toHaveText("1");
  await expect(b2bRow.getByTestId("gstr1-taxable")).toContainText("10,000.00");
  await expect(b2bRow.getByTestId("gstr1-tax")).toContainText("1,800.00");
  await expect(page.getByTestId("gstr1-row-b2cs").getByTestId("gstr1-count")).toHaveText("1");

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download GSTR-1 JSON" }).click();
  const download = await downloading;
  const [year, month] = period.split("-");
  expect(download.suggestedFilename()).toBe(`GSTR1_${OURS}_${month}${year}.json`);
  const json = JSON.parse(readFileSync((await download.path())!, "utf8"));
  expect(json.fp).toBe(`${month}${year}`);
  expect(json.b2b[0].ctin).toBe(BUYER);
  expect(json.b2b[0].inv[0]).toMatchObject({ inum: "GST-0001", val: 11800 });

  const csv = page.waitForEvent("download");
  await page.getByRole("button", { name: /Download CSV: B2C small/ }).click();
  expect((await csv).suggestedFilename()).toBe(`GSTR1_${OURS}_${month}${year}_b2cs.csv`);

  // Narrow screens keep the page within the width; the table scrolls on its own.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole("button", { name: "Download GSTR-1 JSON" })).toBeVisible();
  await expect(page.getByTestId("gstr1-item-b2b")).toContainText("10,000.00");
  await expect(
    page.getByTestId("gstr1-item-b2b").getByRole("button", { name: /Download CSV/ }),
  ).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  // The invoice page: the e-invoice download for the B2B invoice, the reason for the B2C one.
  await page.goto(`/invoice/edit/${(await b2b.json()).invoice.id}`);
  await expect(page.getByRole("button", { name: "Download e-invoice JSON" })).toBeVisible();
  await expect(page.getByText("Bahi does not upload to the invoice registration portal")).toBeVisible();
  await page.goto(`/invoice/edit/${(await b2c.json()).invoice.id}`);
  await expect(page.getByTestId("einvoice-reason")).toHaveText(/B2C invoices are not e-invoiced/);
});

test("an unregistered account sees why there is no GSTR-1, with the way to Settings", async ({
  signedInPage: page,
}) => {
  await page.goto("/reports");
  const card = page.getByTestId("gstr1-not-offered");
  await expect(card).toContainText("GSTR-1 is filed by regular taxpayers");
  await card.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/settings$/);
});
