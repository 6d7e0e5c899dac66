import { expect, registerForGst, test } from "./fixtures";

// A client's state (issue 32 part 3, decision 0082): one saved with a state Bahi cannot read is
// flagged in the clients list; the user picks the state from the list of states and UTs, and a
// GSTIN typed in fills it. A tax invoice to an address whose state cannot be told is refused.

test("a client's unreadable state is flagged, chosen from the list, and never guessed on a tax invoice", async ({
  signedInPage: page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  await registerForGst(page, baseURL!, {
    name: "Sharma Traders",
    gstin: "27AAPFU0939F1ZV",
    legalName: "Sharma Traders LLP",
  });
  const client = {
    name: "Rao Stores",
    billingAddress: { line1: "4 Residency Road", state: "Bengaluru side" },
  };
  expect((await page.request.post("/api/clients", { headers, data: client })).status()).toBe(201);
  // Issuing a tax invoice to that address is refused, not charged CGST + SGST.
  const invoice = await page.request.post("/api/invoices", {
    headers,
    data: {
      invoiceNumber: "INV-77",
      status: "due",
      invoiceDate: "2026-11-10",
      currency: "INR",
      client,
      items: [{ id: "l1", name: "Kettle", hsnSac: "7323", quantity: "1", rate: "1000", taxPercent: "18" }],
    },
  });
  expect(invoice.status()).toBe(400);
  expect((await invoice.json()).error.fields["client.billingAddress.state"]).toMatch(
    /"Bengaluru side" is not one Bahi recognises/,
  );

  await page.goto("/clients");
  const card = page.getByRole("listitem").filter({ hasText: "Rao Stores" });
  await expect(card.getByTestId("client-state-flag")).toContainText("not recognised");
  await card.getByRole("button", { name: "Edit Rao Stores" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Client" });
  const state = dialog.getByLabel("State / UT").first();
  await expect(dialog.getByText(/Typed earlier: “Bengaluru side”/)).toBeVisible();
  await state.selectOption("29");
  await dialog.getByRole("button", { name: /Save/ }).click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId("client-state-flag")).toHaveCount(0);

  // A new client: the GSTIN fills the state.
  await page.getByRole("button", { name: "Add Client" }).first().click();
  const add = page.getByRole("dialog", { name: "Add Client" });
  await add.getByLabel("Name").fill("Kerala Spices");
  await add.getByLabel("GSTIN").fill("32AAPFU0939F1Z4");
  await expect(add.getByLabel("State / UT").first()).toHaveValue("32");
});
