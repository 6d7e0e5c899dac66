import { readFileSync } from "node:fs";
import { expect, type Page, test } from "./fixtures";

// Reports -> Bank statements (issue 33): import an SBI statement, three invoices turn paid at once
// (their numbers are in the narrations), one credit waits in review and is confirmed in one click,
// and one match is undone.

async function invoice(page: Page, invoiceNumber: string, rate: string, taxPercent = "0") {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post("/api/invoices", {
    headers: { origin },
    data: {
      invoiceNumber,
      status: "due",
      invoiceDate: "2026-05-01",
      dueDate: "2026-05-31",
      currency: "INR",
      client: { name: "Lakshmi Stores" },
      items: [{ id: "a", name: "Masala tea, 1 kg", quantity: "1", rate, taxPercent }],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).invoice as { id: string };
}

const statusOf = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/invoices/${id}`)).json()).invoice.status as string;

const STATEMENT = [
  "Account Name\t:\tKESARI TRADERS",
  "Account Number\t:\t00000012345678901",
  "",
  "Txn Date\tValue Date\tDescription\tRef No./Cheque No.\tDebit\tCredit\tBalance",
  "10 May 2026\t10 May 2026\tDEP TFR UPI/CR/612345678901/RAVI KUMAR/HDFC/ravi@okhdfcbank/INV/2026-27/0001\t\t\t1,180.00\t11,180.00",
  "11 May 2026\t11 May 2026\tDEP TFR UPI/CR/612345678902/ANITA SHAH/SBIN/anita@oksbi/INV2026270002\t\t\t2,360.00\t13,540.00",
  "12 May 2026\t12 May 2026\tDEP TFR UPI/CR/612345678903/MOHAN RAO/ICIC/mohan@ybl/for INV-2026-27-0003\t\t\t500.00\t14,040.00",
  "13 May 2026\t13 May 2026\tDEP TFR UPI/CR/612345678904/LATA IYER/HDFC/lata@ybl/payment\t\t\t4,200.00\t18,240.00",
  "14 May 2026\t14 May 2026\tWDL TFR UPI/DR/612345678905/BESCOM/SBIN/bescom@sbi/bill\t\t300.00\t\t17,940.00",
].join("\n");

test("import a statement: three invoices paid at once, one confirmed from review, one undone", async ({
  signedInPage: page,
}) => {
  const paid = [
    await invoice(page, "INV/2026-27/0001", "1180"),
    await invoice(page, "INV/2026-27/0002", "2360"),
    await invoice(page, "INV/2026-27/0003", "500"),
  ];
  const fourth = await invoice(page, "INV/2026-27/0004", "4200");

  await page.goto("/reports");
  await page.getByRole("link", { name: "Bank statements" }).click();
  await expect(page.getByRole("heading", { name: "Bank statements", level: 1 })).toBeVisible();
  await page.getByLabel("Statement file").setInputFiles({
    name: "sbi-may.xls.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(STATEMENT),
  });
  const preview = page.getByTestId("statement-preview");
  await expect(preview).toContainText(
    "A SBI statement of account 00000012345678901: 5 lines, 5 new (4 credits",
  );
  await preview.getByRole("button", { name: "Import 5 lines" }).click();
  await expect(page.getByText("3 paid at once, 1 to review.")).toBeVisible();

  for (const inv of paid) expect(await statusOf(page, inv.id)).toBe("paid");
  await expect(page.getByRole("heading", { name: "Matched and set aside (3)" })).toBeVisible();

  // The credit without an invoice number waits, with the one invoice of that amount first.
  const review = page.getByTestId("review-line");
  await expect(page.getByRole("heading", { name: "To review (1)" })).toBeVisible();
  await expect(review).toContainText("The amount is the balance of INV/2026-27/0004 alone");
  await review.getByRole("button", { name: "Confirm ₹4,200.00 on INV/2026-27/0004" }).click();
  await expect(page.getByRole("heading", { name: "To review (0)" })).toBeVisible();
  expect(await statusOf(page, fourth.id)).toBe("paid");

  // Undo the first match: its invoice is due again, and the credit is back in review.
  await page.getByRole("button", { name: "Undo ₹1,180.00 of" }).click();
  await expect(page.getByRole("heading", { name: "To review (1)" })).toBeVisible();
  expect(await statusOf(page, paid[0]!.id)).toBe("due");
  await expect(page.getByTestId("review-line")).toContainText("INV/2026-27/0001");
});

test("a credit short by the client's 10 % TDS is confirmed with the TDS and the invoice is paid", async ({
  signedInPage: page,
}) => {
  // ₹10,000 + 18 % GST = ₹11,800; the client deducts 10 % of ₹10,000 and sends ₹10,800.
  const fee = await invoice(page, "INV/2026-27/0042", "10000", "18");
  await page.goto("/reports/bank-statements");
  await page.getByLabel("Statement file").setInputFiles({
    name: "sbi-june.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(
      [
        ...STATEMENT.split("\n").slice(0, 4),
        "15 Jun 2026\t15 Jun 2026\tDEP TFR NEFT/N99/KIRAN EXPORTS/INV/2026-27/0042\t\t\t10,800.00\t28,740.00",
      ].join("\n"),
    ),
  });
  await page.getByTestId("statement-preview").getByRole("button", { name: "Import 1 line" }).click();
  const review = page.getByTestId("review-line");
  await expect(review).toContainText("The amount is the balance of INV/2026-27/0042 less TDS");
  await expect(review).toContainText("its balance less 10 % TDS (₹1,000.00)");
  await expect(review.getByLabel("TDS section (10 %)")).toHaveValue("194J");
  // A real part payment of that size is confirmed as it is.
  await expect(
    review.getByRole("button", { name: "Confirm ₹10,800.00 on INV/2026-27/0042 without TDS" }),
  ).toBeVisible();
  await review.getByLabel("TDS section (10 %)").selectOption("194I");
  await review
    .getByRole("button", { name: "Confirm ₹10,800.00 + TDS ₹1,000.00 on INV/2026-27/0042" })
    .click();
  await expect(page.getByRole("heading", { name: "To review (0)" })).toBeVisible();
  expect(await statusOf(page, fee.id)).toBe("paid");
  const payments = (await (await page.request.get(`/api/invoices/${fee.id}/payments`)).json()).payments;
  expect(payments[0]).toMatchObject({ amountMinor: 1_080_000, tdsMinor: 100_000, tdsSection: "194I" });
});

test("an old Excel (.xls) statement from HDFC: previewed and imported like its CSV", async ({
  signedInPage: page,
}) => {
  await page.goto("/reports/bank-statements");
  await page.getByLabel("Statement file").setInputFiles({
    name: "hdfc.xls",
    mimeType: "application/vnd.ms-excel",
    buffer: readFileSync(new URL("../../src/domain/bank-statements/fixtures/xls/hdfc.xls", import.meta.url)),
  });
  const preview = page.getByTestId("statement-preview");
  await expect(preview).toContainText(
    "A HDFC statement of account 50100123456789: 3 lines, 3 new (2 credits",
  );
  await preview.getByRole("button", { name: "Import 3 lines" }).click();
  await expect(page.getByRole("heading", { name: "To review (2)" })).toBeVisible();
  const review = page.getByTestId("review-line");
  await expect(review).toHaveCount(2);
  await expect(review.filter({ hasText: "₹2,360.00" })).toContainText("1 Apr 2026OJAS AKLECHA");
  await expect(review.filter({ hasText: "₹750.50" })).toContainText("3 Apr 2026NEHA GUPTA");
});
