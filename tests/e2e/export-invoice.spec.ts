import { formatPageDate, todayInTimeZone } from "#domain/dates";
import { gstinCheckCharacter } from "#domain/validation";
import { expect, lookAt, registerForGst, test } from "./fixtures";

// An export invoice in two currencies in the browser (issue 34 part 2; decision 0089): the owner
// types the exchange rate of a USD invoice, sees its rupee value, and records the realisation with
// the rupees the bank credited, which shows the exchange loss.

const gstin = (first14: string) => first14 + gstinCheckCharacter(first14);

test("a USD invoice at 83.12 is worth ₹83,120.00; credited ₹82,500.00 it is paid with a loss of ₹620.00", async ({
  signedInPage: page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerForGst(page, baseURL!, {
    name: "Rao Design Studio",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: gstin("27AAPFU0939F1Z"),
    legalName: "Rao Design Studio LLP",
  });
  const today = todayInTimeZone(new Date(), "Asia/Kolkata");
  const res = await page.request.post("/api/invoices", {
    headers,
    data: {
      invoiceNumber: "EXP-1",
      status: "draft",
      invoiceDate: today,
      currency: "USD",
      client: {
        name: "Acme Inc",
        billingAddress: { line1: "1 Market Street", city: "San Francisco", country: "United States" },
      },
      items: [
        { id: "l1", name: "Logo design", hsnSac: "998391", quantity: "1", rate: "1000", taxPercent: "18" },
      ],
      gst: { exportType: "without_payment", lutNumber: "AD270326000123X" },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).invoice.id as string;

  await page.goto(`/invoice/edit/${id}`);
  await page.getByLabel("Rupees for 1 USD").fill("83.12");
  await expect(page.getByTestId("totals-total-inr")).toHaveText("₹83,120.00");
  // The rate's date in the date format the invoice prints, not as ISO text.
  await expect(page.getByText(`at ₹83.1200 per USD on ${formatPageDate(today)}`)).toBeVisible();
  await expect(page.getByTestId("preview-inr")).toContainText("Total in INR");
  await expect(
    page.getByText("Supply meant for export under LUT without payment of integrated tax"),
  ).toBeVisible();
  await lookAt(page, "fx-editor-1280");
  const saved = page.waitForResponse(
    (r) => r.request().method() === "PUT" && r.url().includes(`/api/invoices/${id}`),
  );
  await page.getByRole("button", { name: "Save as draft" }).click();
  expect((await saved).status()).toBe(200);

  // Issued (through the API, as the issue dialog is another spec's), then realised in the browser.
  const issued = await page.request.post(`/api/invoices/${id}/status`, { headers, data: { status: "due" } });
  expect(issued.status(), await issued.text()).toBe(200);
  // The dashboard's receivables: the dollars due, and their rupees at the invoice's rate beside.
  await page.goto("/dashboard");
  const usd = page.getByRole("region", { name: "USD receivables" });
  await expect(usd.getByTestId("outstanding")).toHaveText("$1,000.00");
  await expect(usd.getByTestId("outstanding-inr")).toHaveText("₹83,120.00 at the invoices' rates");
  await page.goto(`/invoice/edit/${id}`);
  // The saved rate comes back into the editor with the invoice.
  await expect(page.getByTestId("totals-total-inr")).toHaveText("₹83,120.00");
  const payments = page.getByRole("region", { name: "Payments received" });
  await payments.getByRole("button", { name: "Record payment" }).click();
  const dialog = page.getByRole("dialog", { name: "Record payment" });
  await expect(dialog.getByLabel("Amount (USD)")).toHaveValue("1000.00");
  await dialog.getByLabel("Rupees credited by the bank (₹)").fill("82500");
  await dialog.getByLabel("FIRC / e-BRC number").fill("FIRC/HDFC/0042");
  await dialog.getByRole("button", { name: "Save payment" }).click();
  await expect(page.getByTestId("payment-realisation")).toContainText("Exchange loss ₹620.00");
  await expect(page.getByTestId("payments-summary")).toContainText("Balance due $0.00");

  await page.setViewportSize({ width: 360, height: 800 });
  await expect(payments).toBeVisible();
  await lookAt(payments, "fx-payments-360");
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  const totals = page.locator("section[aria-labelledby=totals-heading]");
  await expect(totals).toBeVisible();
  await lookAt(totals, "fx-totals-dark-360");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
