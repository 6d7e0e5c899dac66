import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, linkFromOutbox, test, uniqueEmail } from "./fixtures";

// A client's statement of account (issue 32 part 2, decision 0081): from the client's card, pick the
// period, read the activity and the open items, download the CSV and the PDF, share the link (its
// page asks for the exact balance by UPI) and send the statement by e-mail.

test("a client's statement: period, both statements, CSV, PDF, link and e-mail", async ({
  signedInPage: page,
}) => {
  const origin = new URL(page.url()).origin;
  const headers = { origin };
  const email = uniqueEmail("meera");
  const settings = await page.request.get("/api/settings");
  const saved = await page.request.put("/api/settings", {
    headers,
    data: {
      ...(await settings.json()),
      companyName: "Kesari Traders",
      bankDetails: { ...(await settings.json()).bankDetails, upiId: "kesari@okhdfc" },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const client = await page.request.post("/api/clients", { headers, data: { name: "Meera Stores", email } });
  const clientId = (await client.json()).id as string;
  const invoiceOf = async (invoiceDate: string, rate: string) => {
    const res = await page.request.post("/api/invoices", {
      headers,
      data: {
        invoiceNumber: `ST-${Math.random().toString(36).slice(2, 8)}`,
        status: "due",
        invoiceDate,
        dueDate: "2026-05-15",
        currency: "INR",
        clientId,
        client: { name: "Meera Stores" },
        items: [{ id: "a", name: "Saree", quantity: "1", rate }],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).invoice as { id: string; invoiceNumber: string };
  };
  const first = await invoiceOf("2026-04-15", "11801");
  await invoiceOf("2026-04-20", "2000");
  const paid = await page.request.post(`/api/invoices/${first.id}/payments`, {
    headers,
    data: { amountMinor: 10_621_00, paidOn: "2026-04-25", method: "upi", reference: "UTR516001238743" },
  });
  expect(paid.status()).toBe(201);

  await page.goto("/clients");
  await page.getByRole("link", { name: "Statement of account of Meera Stores" }).click();
  await expect(page.getByRole("heading", { name: "Statement of account: Meera Stores" })).toBeVisible();
  const period = page.getByRole("form", { name: "Statement period" });
  await period.getByLabel("From").fill("2026-04-01");
  await period.getByLabel("To").fill("2026-06-30");
  await period.getByRole("button", { name: "Show statement" }).click();
  await expect(page.getByTestId("statement-period")).toContainText("1 Apr 2026 to 30 Jun 2026");

  const activity = page.getByTestId("statement-activity");
  await expect(activity.getByRole("row")).toHaveCount(1 + 1 + 3 + 2);
  await expect(activity).toContainText(`Invoice ${first.invoiceNumber}`);
  await expect(activity).toContainText("UPI · UTR516001238743");
  await expect(page.getByTestId("statement-closing")).toHaveText("₹3,180.00 Dr");
  await page.getByRole("tab", { name: "Open items and ageing" }).click();
  await expect(page.getByTestId("statement-open-total")).toHaveText("₹3,180.00 Dr");
  // 46 days past the 15 May due date on 30 June.
  await expect(page.getByTestId("statement-open-items")).toContainText("46");
  await expect(page.getByTestId("statement-ageing")).toContainText("₹3,180.00");
  const axe = await new AxeBuilder({ page }).include("main").analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "CSV", exact: true }).click();
  const csv = await downloading;
  expect(csv.suggestedFilename()).toBe("statement-meera-stores-2026-04-01-2026-06-30.csv");
  const rows = readFileSync((await csv.path())!, "utf8")
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(rows.at(-1)).toBe("2026-06-30,Closing Balance,,,INR,,,3180.00,Dr");

  const pdfDownload = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PDF" }).click();
  expect((await pdfDownload).suggestedFilename()).toBe("statement-meera-stores-2026-04-01-2026-06-30.pdf");

  await page.getByRole("button", { name: "Share link" }).click();
  const link = page.getByLabel("Public link of the statement");
  await expect(link).toHaveValue(/\/s\/[A-Za-z0-9_-]{32}$/);
  const url = await link.inputValue();

  await page.getByRole("button", { name: "Send statement" }).click();
  const dialog = page.getByRole("dialog", { name: "Send by e-mail" });
  await expect(dialog.getByLabel("To")).toHaveValue(email);
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(page.getByText("Statement sent")).toBeVisible();
  expect(await linkFromOutbox(email, "/s/")).toBe(url);

  const publicPage = await page.context().newPage();
  await publicPage.goto(new URL(url).pathname);
  await expect(publicPage.getByRole("heading", { name: "STATEMENT OF ACCOUNT" })).toBeVisible();
  // On a computer the balance is asked for with a QR; the upi:// link is what a phone shows.
  await expect(publicPage.getByRole("heading", { name: "Pay ₹3,180.00 with UPI" })).toBeVisible();
  await expect(publicPage.locator("a.upi-link")).toHaveAttribute(
    "href",
    /^upi:\/\/pay\?pa=kesari%40okhdfc&pn=Kesari%20Traders&am=3180\.00&cu=INR/,
  );
});
