import { readFileSync } from "node:fs";
import { todayInTimeZone } from "../../src/domain/dates";
import { validateTallyExport } from "../../src/domain/tally/validate";
import { previousMonth } from "../../src/web/features/reports/month";
import { expect, registerForGst, test } from "./fixtures";

// Export to Tally in the browser (issue 32 part 1): a regular taxpayer with an invoice last month
// opens Reports > Export to Tally, renames a ledger, chooses item invoices, and downloads the masters and vouchers files,
// which the validator passes.

const OURS = "29AAACG0569P1Z3";

test("a regular taxpayer downloads last month's Tally masters and vouchers", async ({
  signedInPage: page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerForGst(page, baseURL!, {
    name: "Bahi Demo Traders",
    address: "1 MG Road\nBengaluru 560001\nKarnataka",
    gstin: OURS,
    legalName: "Bahi Demo Traders",
  });
  const period = previousMonth(todayInTimeZone(new Date(), "Asia/Kolkata"));
  const invoice = await page.request.post("/api/invoices", {
    headers,
    data: {
      invoiceNumber: "INV-0001",
      status: "due",
      invoiceDate: `${period}-10`,
      currency: "INR",
      client: {
        name: "Sharma Enterprises",
        gstin: "29ACEFS6707L1ZL",
        billingAddress: { state: "Karnataka" },
      },
      items: [
        {
          id: "l1",
          name: "Steel almirah",
          hsnSac: "94031090",
          quantity: "1",
          rate: "10000.50",
          taxPercent: "18",
        },
      ],
      roundOff: true,
    },
  });
  expect(invoice.status(), await invoice.text()).toBe(201);

  await page.getByRole("link", { name: "Reports" }).first().click();
  await page.getByRole("link", { name: "Export to Tally" }).click();
  await expect(page.getByRole("heading", { name: "Export to Tally" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "From", exact: true })).toHaveValue(`${period}-01`);

  const salesAt18 = page.getByLabel("18%", { exact: true });
  await salesAt18.fill("GST Sales 18%");
  await page.getByLabel("Sales vouchers as").selectOption("item");
  await page.getByRole("button", { name: "Save ledger names" }).click();
  await expect(page.getByText("Ledger names saved")).toBeVisible();

  const files: Record<string, string> = {};
  for (const part of ["masters", "vouchers"] as const) {
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: new RegExp(`Download ${part}`) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^bahi-${part}-${period}-01-${period}-\\d\\d\\.xml$`),
    );
    files[part] = readFileSync((await download.path())!, "utf8");
  }
  expect(files.masters).toContain('<LEDGER NAME="GST Sales 18%"');
  expect(files.masters).toContain('<STOCKITEM NAME="Steel almirah" ACTION="Create">');
  expect(files.vouchers).toContain("<VCHENTRYMODE>Item Invoice</VCHENTRYMODE>");
  expect(files.vouchers).toContain("<VOUCHERNUMBER>INV-0001</VOUCHERNUMBER>");
  const to = (await page.getByRole("textbox", { name: "To", exact: true }).inputValue()) as string;
  const { problems } = validateTallyExport({
    masters: files.masters!,
    vouchers: files.vouchers!,
    from: `${period}-01`,
    to,
    companyGstin: OURS,
  });
  expect(problems).toEqual([]);
});
