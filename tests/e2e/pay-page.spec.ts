import path from "node:path";
import { expect, linkFromOutbox, outboxMailsTo, test, uniqueEmail } from "./fixtures";

// The client's page is about paying (issue 33 part 3; docs/decisions/0086): on a 360 px phone the
// first screen says who asks, how much by when, and how to pay; paying online ends on a thank-you
// at the top with the amount and the reference, and the client gets a receipt by e-mail.

test("a client on a phone sees the ask first, pays online, is thanked and gets a receipt", async ({
  signedInPage: page,
  browser,
}) => {
  const origin = new URL(page.url()).origin;
  // The business's test checkout (the server runs with PAYMENTS_TEST_MODE=1): no money moves.
  const gateway = await page.request.put("/api/settings/payment-gateway", {
    headers: { origin },
    data: { testMode: true },
  });
  expect(gateway.status(), await gateway.text()).toBe(200);
  const named = await page.request.put("/api/settings", {
    headers: { origin },
    data: { companyName: "Kesari Traders" },
  });
  expect(named.status(), await named.text()).toBe(200);
  const clientEmail = uniqueEmail("client");
  const made = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber: `INV-PP-${Math.random().toString(36).slice(2, 8)}`,
      status: "due",
      invoiceDate: "2026-11-21",
      dueDate: "2099-12-21",
      currency: "INR",
      client: { name: "Lakshmi Stores", email: clientEmail },
      items: [
        { id: "a", name: "Masala tea, 1 kg", quantity: "3", rate: "450.50", taxPercent: "5" },
        { id: "b", name: "Cardamom, 250 g", quantity: "2", rate: "799", taxPercent: "5" },
      ],
      // No QR printed on the invoice: the page offers UPI all the same.
      includeUpiQrCode: false,
      includeBankDetails: true,
      bankDetails: {
        accountHolderName: "Kesari Traders LLP",
        bankName: "HDFC Bank",
        accountNumber: "50100012345678",
        ifscCode: "HDFC0001234",
        branchName: "Pune",
        upiId: "kesari@okhdfc",
        upiIdIsMerchant: false,
      },
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const invoice = (await made.json()).invoice as { id: string; invoiceNumber: string };
  const shared = await page.request.post(`/api/invoices/${invoice.id}/public-link`, { headers: { origin } });
  const url = (await shared.json()).url as string;

  const client = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await client.newPage();
  await phone.goto(url);
  // The first screen, without scrolling: who asks, how much by when, the ways to pay.
  const ask = phone.getByRole("region", { name: `Invoice ${invoice.invoiceNumber}` });
  await expect(ask.getByText("Kesari Traders", { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(ask.getByTestId("amount-due")).toHaveText("₹3,096.98");
  await expect(ask.getByTestId("amount-due")).toBeInViewport({ ratio: 1 });
  await expect(ask.getByText("Due by 21 Dec 2099")).toBeInViewport({ ratio: 1 });
  const upi = ask.getByRole("link", { name: "Pay ₹3,096.98 with UPI" });
  await expect(upi).toHaveAttribute(
    "href",
    /^upi:\/\/pay\?pa=kesari%40okhdfc&pn=Kesari%20Traders&am=3096\.98&cu=INR&tn=INV-PP-/,
  );
  await expect(upi).toBeInViewport({ ratio: 1 });
  const payOnline = ask.getByRole("button", { name: /^Pay online/ });
  await expect(payOnline).toBeInViewport({ ratio: 1 });
  // No line amount hides off to the right.
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expect(phone.getByRole("region", { name: "Items" }).getByText("1,677.90")).toBeVisible();

  phone.once("dialog", (dialog) => dialog.accept()); // the test checkout's "no money moves"
  await payOnline.click();
  const thanks = phone.getByRole("status").filter({ hasText: "Thank you! ₹3,096.98 received." });
  await expect(thanks).toBeInViewport();
  await expect(thanks).toContainText(/Payment reference: pay_test_[0-9a-f]+/);
  expect(await phone.evaluate(() => window.scrollY)).toBe(0);
  await expect(phone.locator("[data-status]").first()).toHaveAttribute("data-status", "paid");
  await expect(phone.getByRole("link", { name: /with UPI/ })).toHaveCount(0);

  // The receipt, by e-mail, with the reference the page showed.
  expect(await linkFromOutbox(clientEmail, "/i/")).toBe(url);
  const reference = (await thanks.textContent())!.match(/pay_test_[0-9a-f]+/)![0];
  const receipt = outboxMailsTo(path.join(process.env.E2E_DATA_DIR!, "outbox"), clientEmail)[0]!;
  expect(receipt).toContain("Thank you for your payment to Kesari Traders.");
  expect(receipt).toContain(reference);
  await client.close();
});
