// @vitest-environment jsdom
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { companySnapshot } from "#domain/company-snapshot";
import { buildInvoiceDocument, type InvoiceDocument, type InvoiceInput } from "#domain/invoice";
import { buildInvoicePage } from "#domain/invoice-page";
import { DEFAULT_SETTINGS } from "#domain/settings";
import { UPI_SPLIT_NOTE } from "#domain/upi";
import { newInvoiceInput } from "../editor/draft";
import { InvoicePreview } from "./InvoicePreview";

afterEach(cleanup);

function input(patch: Partial<InvoiceInput> = {}): InvoiceInput {
  const base = newInvoiceInput(DEFAULT_SETTINGS, "INV-21112026-101500", "2026-11-21");
  return {
    ...base,
    client: { ...base.client, name: "Asha Traders", gstin: "27AAPFU0939F1ZV" },
    items: [
      {
        ...base.items[0],
        name: "Teak Chair",
        hsnSac: "9403",
        unit: "pcs",
        quantity: "3",
        rate: "1000",
        taxPercent: "18",
      },
    ],
    ...patch,
  };
}

const show = (doc: InvoiceDocument) => render(<InvoicePreview page={buildInvoicePage(doc)} />);

const company = { ...companySnapshot(DEFAULT_SETTINGS), name: "Kesari Works", signatureImageId: "sig1" };

describe("InvoicePreview", () => {
  it("draws the company, client, items, tax by rate, total and words", () => {
    show(buildInvoiceDocument(input(), company));
    const page = screen.getByTestId("invoice-page");
    expect(within(page).getByText("Kesari Works")).toBeTruthy();
    expect(screen.getByTestId("preview-client").textContent).toBe("Asha Traders");
    expect(screen.getByTestId("preview-number").textContent).toBe("INV-21112026-101500");
    expect(within(page).getByText("9403")).toBeTruthy();
    expect(within(page).getByText("1,000.00")).toBeTruthy();
    expect(within(page).getByText("Tax @ 18%")).toBeTruthy();
    expect(screen.getByTestId("preview-total").textContent).toBe("₹3,540.00");
    expect(screen.getByTestId("preview-words").textContent).toBe(
      "Rupees Three Thousand Five Hundred Forty Only",
    );
    expect(within(page).getByText("Authorised Signatory")).toBeTruthy();
    // A new invoice is a draft, and its PDF says so.
    expect(screen.getByTestId("preview-stamp").textContent).toBe("DRAFT");
  });

  it("follows the template and shows a PAID mark, the signature and bank details when asked", () => {
    const doc = buildInvoiceDocument(
      input({
        template: "modern",
        status: "paid",
        paymentDate: "2026-11-21",
        includeSignature: true,
        includeBankDetails: true,
        bankDetails: {
          accountHolderName: "Kesari Works LLP",
          bankName: "State Bank of India",
          accountNumber: "1234",
          ifscCode: "",
          branchName: "",
          upiId: "",
          upiIdIsMerchant: false,
        },
      }),
      company,
    );
    show(doc);
    expect(screen.getByTestId("invoice-page").dataset.template).toBe("modern");
    expect(screen.getByTestId("preview-stamp").textContent).toBe("PAID");
    expect(screen.getByAltText("Signature").getAttribute("src")).toBe("/api/images/sig1");
    expect(screen.getByText("State Bank of India")).toBeTruthy();
    expect(screen.getByText("A/c Name")).toBeTruthy();
    expect(screen.getByText("Kesari Works LLP")).toBeTruthy();
  });

  it("shows the round-off line and a CANCELLED mark", () => {
    const doc = buildInvoiceDocument(
      input({
        status: "cancelled",
        roundOff: true,
        items: [{ ...input().items[0], rate: "99.70", taxPercent: "0" }],
      }),
      company,
    );
    show(doc);
    expect(screen.getByText("Round Off")).toBeTruthy();
    expect(screen.getByTestId("preview-total").textContent).toBe("₹299.00");
    expect(screen.getByTestId("preview-stamp").textContent).toBe("CANCELLED");
  });

  it("notes under the UPI QR that a total above ₹1,00,000 may need to be split, as the PDF does", () => {
    const withUpi = (rate: string) =>
      buildInvoiceDocument(
        input({
          status: "due",
          includeUpiQrCode: true,
          bankDetails: { ...input().bankDetails, upiId: "kesari@okhdfc" },
          items: [{ ...input().items[0], quantity: "1", rate, taxPercent: "0" }],
        }),
        company,
      );
    show(withUpi("100001"));
    expect(screen.getByTestId("upi-split-note").textContent).toBe(UPI_SPLIT_NOTE);
    cleanup();
    show(withUpi("100000"));
    expect(screen.queryByTestId("upi-split-note")).toBeNull();
  });
});
