import { formatPageDate } from "./dates";
import { formatMoney } from "./format";
import { type AdvanceTax, advanceTaxComponents } from "./gst-advances";
import { formatStateWithCode, stateCodeOfGstin } from "./gst-states";
import type { TaxSplit } from "./gst-supply";
import type { Address } from "./invoice";
import { addressLines } from "./invoice-page-blocks";
import { amountInWords } from "./words";

// The receipt voucher for an advance received for a service (CGST Rule 50, decision 0098): what it
// must say, worked out here once; the web page only lays it out. Rule 50 asks for the supplier's
// name, address and GSTIN; a consecutive serial number of at most 16 characters unique in the
// financial year; the date; the recipient's name, address and GSTIN (if registered); a description
// of the service; the amount of the advance; the rate and amount of each tax (CGST, SGST or UTGST,
// IGST, cess); the place of supply with its state name and code for an inter-state supply; whether
// tax is payable on reverse charge; and the supplier's signature.

export interface ReceiptVoucherInput {
  supplier: { name: string; address: string; gstin: string };
  recipient: { name: string; address: Address | null; gstin: string };
  voucherNumber: string;
  receivedOn: string;
  /** What the advance is for; empty: a general description. */
  description: string;
  amountMinor: number;
  ratePercent: number;
  placeOfSupply: string;
  split: TaxSplit;
  tax: AdvanceTax;
}

export interface ReceiptVoucherView {
  title: "Receipt Voucher";
  number: string;
  date: string;
  supplier: { name: string; lines: string[]; gstin: string; state: string };
  recipient: { name: string; lines: string[]; gstin: string };
  description: string;
  placeOfSupply: string;
  reverseCharge: "No";
  /** Label and amount rows: the value of the service, each tax, the advance received. */
  rows: { label: string; amount: string }[];
  amountInWords: string;
}

export const RECEIPT_VOUCHER_DESCRIPTION = "Advance received for services to be supplied";

const half = (rate: number) => `${rate / 2} %`;

export function receiptVoucherView(input: ReceiptVoucherInput): ReceiptVoucherView {
  const inr = (minor: number) => formatMoney(minor, "INR");
  const { tax, ratePercent: rate } = input;
  const taxRows = advanceTaxComponents(tax, input.split).map((c) => ({
    label: `${c.name} @ ${c.name === "IGST" ? `${rate} %` : half(rate)}`,
    amount: inr(c.minor),
  }));
  const supplierState = stateCodeOfGstin(input.supplier.gstin);
  return {
    title: "Receipt Voucher",
    number: input.voucherNumber,
    date: formatPageDate(input.receivedOn),
    supplier: {
      name: input.supplier.name,
      lines: input.supplier.address.split("\n").filter((l) => l.trim() !== ""),
      gstin: input.supplier.gstin,
      state: supplierState ? formatStateWithCode(supplierState) : "",
    },
    recipient: {
      name: input.recipient.name,
      lines: addressLines(input.recipient.address),
      gstin: input.recipient.gstin.trim() || "Unregistered",
    },
    description: input.description.trim() || RECEIPT_VOUCHER_DESCRIPTION,
    placeOfSupply: formatStateWithCode(input.placeOfSupply),
    reverseCharge: "No",
    rows: [
      { label: `Value of the service (GST ${rate} %)`, amount: inr(tax.taxableMinor) },
      ...taxRows,
      { label: "Advance received", amount: inr(input.amountMinor) },
    ],
    amountInWords: amountInWords(input.amountMinor, "INR"),
  };
}
