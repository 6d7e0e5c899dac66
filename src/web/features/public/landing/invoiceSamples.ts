import type { LineInput } from "#domain/totals";

/**
 * Illustrative invoices for the landing page, from made-up businesses. Totals are computed by the same
 * domain module as real invoices, so the mock-ups can never show arithmetic the product would not.
 */
export interface SampleInvoice {
  template: "Classic" | "Modern" | "Minimal";
  business: string;
  place: string;
  client: string;
  number: string;
  date: string;
  status: "Paid" | "Due" | "Overdue";
  lines: readonly (LineInput & { item: string })[];
  roundOff: boolean;
}

export const sampleInvoices: readonly SampleInvoice[] = [
  {
    template: "Classic",
    business: "Studio Kaveri Design",
    place: "Bengaluru",
    client: "Annapurna Foods Pvt Ltd",
    number: "INV/2026-27/0042",
    date: "14 Nov 2026",
    status: "Paid",
    lines: [
      { item: "Website redesign", quantity: 1, rate: "85000", taxPercent: 18 },
      { item: "Product photography (day)", quantity: 2, rate: "12500", taxPercent: 18 },
    ],
    roundOff: false,
  },
  {
    template: "Modern",
    business: "Sharma General Store",
    place: "Jaipur",
    client: "Hotel Rajputana",
    number: "INV-18112026-173005",
    date: "18 Nov 2026",
    status: "Due",
    lines: [
      { item: "Basmati rice, 5 kg bag", quantity: 4, rate: "620", taxPercent: 5 },
      { item: "Toor dal, 1 kg", quantity: 10, rate: "165", taxPercent: 5 },
      { item: "Sunflower oil, 1 L", quantity: 6, rate: "148.50", taxPercent: 5 },
    ],
    roundOff: true,
  },
  {
    template: "Minimal",
    business: "Aarav Maths Classes",
    place: "Lucknow",
    client: "Mrs. Kavita Singh",
    number: "INV-01102026-090000",
    date: "1 Oct 2026",
    status: "Overdue",
    lines: [{ item: "Class 10 coaching, October", quantity: 12, rate: "1500", discountPercent: 10 }],
    roundOff: false,
  },
];
