// The GST tests' sale: Sharma Traders of Mumbai (regular) sells steel almirahs to Reliable
// Supplies LLP in Bengaluru, inter-state and business to business.
import { gstin } from "./einvoice";

export const SHARMA_GSTIN = gstin("27AAPFU0939F1Z");
export const RELIABLE_GSTIN = gstin("29AAACR5055K1Z");

/** Two steel almirahs at ₹5,000 each, 18 %. */
export const ALMIRAH_LINE = {
  id: "a",
  name: "Steel almirah",
  hsnSac: "94031090",
  unit: "pcs",
  quantity: "2",
  rate: "5000",
  taxPercent: "18",
};

/** Invoice INV/2026-27/0001 of 5 November 2026 to Reliable Supplies, due, as the editor sends it. */
export function almirahSale(over: Record<string, unknown> = {}) {
  return {
    invoiceNumber: "INV/2026-27/0001",
    status: "due",
    invoiceDate: "2026-11-05",
    currency: "INR",
    client: {
      name: "Ravi",
      company: "Reliable Supplies LLP",
      gstin: RELIABLE_GSTIN,
      billingAddress: {
        line1: "4 Residency Road",
        city: "Bengaluru",
        state: "Karnataka",
        postalCode: "560025",
      },
    },
    items: [ALMIRAH_LINE],
    ...over,
  };
}
