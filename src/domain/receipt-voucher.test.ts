import { describe, expect, it } from "vitest";
import { advanceTax } from "./gst-advances";
import { RECEIPT_VOUCHER_DESCRIPTION, receiptVoucherView } from "./receipt-voucher";

// The receipt voucher's contents (CGST Rule 50, decision 0098).

const input = {
  supplier: {
    name: "Sharma Consultants LLP",
    address: "12, Linking Road\nMumbai 400050\nMaharashtra",
    gstin: "27AAPFU0939F1ZV",
  },
  recipient: {
    name: "Asha Designs",
    address: {
      line1: "7 Hill Road",
      line2: "",
      city: "Pune",
      state: "Maharashtra",
      postalCode: "411001",
      country: "",
    },
    gstin: "",
  },
  voucherNumber: "RV/2026-27/0001",
  receivedOn: "2026-11-05",
  description: "",
  amountMinor: 11_800_00,
  ratePercent: 18,
  placeOfSupply: "27",
  split: "cgst_sgst" as const,
  tax: advanceTax(11_800_00, 18, "cgst_sgst"),
};

describe("receiptVoucherView", () => {
  it("within the state: the value, CGST and SGST at half the rate, the advance, in words", () => {
    const v = receiptVoucherView(input);
    expect(v).toMatchObject({
      title: "Receipt Voucher",
      number: "RV/2026-27/0001",
      date: "5 Nov 2026",
      supplier: { name: "Sharma Consultants LLP", gstin: "27AAPFU0939F1ZV", state: "Maharashtra (27)" },
      recipient: {
        name: "Asha Designs",
        lines: ["7 Hill Road", "Pune, Maharashtra, 411001"],
        gstin: "Unregistered",
      },
      description: RECEIPT_VOUCHER_DESCRIPTION,
      placeOfSupply: "Maharashtra (27)",
      reverseCharge: "No",
      amountInWords: "Rupees Eleven Thousand Eight Hundred Only",
    });
    expect(v.rows).toEqual([
      { label: "Value of the service (GST 18 %)", amount: "₹10,000.00" },
      { label: "CGST @ 9 %", amount: "₹900.00" },
      { label: "SGST @ 9 %", amount: "₹900.00" },
      { label: "Advance received", amount: "₹11,800.00" },
    ]);
  });

  it("another state: IGST at the whole rate; the recipient's GSTIN and the description as given", () => {
    const v = receiptVoucherView({
      ...input,
      recipient: { ...input.recipient, gstin: "29AAACR5055K1ZK" },
      description: "Design retainer, December",
      placeOfSupply: "29",
      split: "igst",
      tax: advanceTax(11_800_00, 18, "igst"),
    });
    expect(v.rows.map((r) => r.label)).toEqual([
      "Value of the service (GST 18 %)",
      "IGST @ 18 %",
      "Advance received",
    ]);
    expect(v.rows[1]!.amount).toBe("₹1,800.00");
    expect(v).toMatchObject({ placeOfSupply: "Karnataka (29)", description: "Design retainer, December" });
    expect(v.recipient.gstin).toBe("29AAACR5055K1ZK");
  });
});
