import { gstinCheckCharacter } from "../../src/domain/validation";
import { expect, registerForGst, test } from "./fixtures";

// GST on an advance for a service (decision 0098): a regular taxpayer records an advance on the
// client's page "for services", sees the tax inside it and its receipt voucher number, and opens
// the voucher to print.

const OURS = `27AAPFU0939F1Z${gstinCheckCharacter("27AAPFU0939F1Z")}`;

test("an advance for a service shows its GST and receipt voucher number", async ({
  signedInPage: page,
  baseURL,
}) => {
  await registerForGst(page, baseURL!, {
    name: "Sharma Consultants",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: OURS,
    legalName: "Sharma Consultants LLP",
  });
  const client = await page.request.post("/api/clients", {
    headers: { origin: baseURL! },
    data: {
      name: "Asha Designs",
      billingAddress: { line1: "7 Hill Road", city: "Pune", state: "Maharashtra", postalCode: "411001" },
    },
  });
  expect(client.status(), await client.text()).toBe(201);

  await page.goto("/clients");
  await page.getByRole("link", { name: "Statement of account of Asha Designs" }).click();
  const card = page.getByRole("region", { name: "Advances" });
  await card.getByRole("button", { name: "Record advance" }).click();
  const form = card.getByRole("form", { name: "Record advance" });
  await form.getByLabel("Amount (INR)").fill("11800");
  await expect(form.getByText("No GST on receipt: an advance for goods")).toBeVisible();
  await form.getByLabel("For services (GST due on receipt)").check();
  await expect(form.getByLabel("GST rate")).toHaveValue("18");
  await form.getByRole("button", { name: "Save advance" }).click();

  const gst = card.getByTestId("advance-gst");
  await expect(gst).toContainText(/Receipt voucher RV\/\d{4}-\d{2}\/0001/);
  await expect(gst).toContainText("18 % GST, Maharashtra (27): ₹10,000.00 + CGST ₹900.00 + SGST ₹900.00");
  await expect(card.getByTestId("advance-held")).toContainText("₹11,800.00");

  // Its receipt voucher (CGST Rule 50), a page of its own to print.
  await card.getByRole("link", { name: "Print receipt voucher" }).click();
  await expect(page.getByRole("heading", { name: "Receipt Voucher" })).toBeVisible();
  await expect(page.getByTestId("voucher-number")).toContainText(/No\. RV\/\d{4}-\d{2}\/0001/);
  await expect(page.getByText("GSTIN: Unregistered")).toBeVisible();
  await expect(page.getByText("Place of supply: Maharashtra (27)")).toBeVisible();
  const amounts = page.getByRole("table", { name: "Amounts" });
  await expect(amounts.getByRole("row", { name: "CGST @ 9 % ₹900.00" })).toBeVisible();
  await expect(amounts.getByRole("row", { name: "Advance received ₹11,800.00" })).toBeVisible();
  await expect(page.getByText("Rupees Eleven Thousand Eight Hundred Only")).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
});
