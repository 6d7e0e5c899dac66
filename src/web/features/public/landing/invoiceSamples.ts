/** Illustrative invoices for the landing page. Amounts are integer paise, computed once per line. */

export interface SampleLine {
  item: string;
  quantity: number;
  ratePaise: number;
  discountPercent: number;
  taxPercent: number;
}

export interface SampleInvoice {
  template: "Classic" | "Modern" | "Minimal";
  business: string;
  place: string;
  client: string;
  number: string;
  date: string;
  status: "Paid" | "Due" | "Overdue";
  lines: readonly SampleLine[];
  roundOff: boolean;
  amountInWords: string;
}

export interface SampleTotals {
  subtotal: number;
  discount: number;
  tax: number;
  roundOff: number;
  total: number;
}

/** Half away from zero; amounts here are never negative. */
const percentOf = (paise: number, percent: number) => Math.round((paise * percent) / 100);

export function lineAmount(line: SampleLine): number {
  return line.quantity * line.ratePaise;
}

export function sampleTotals(invoice: SampleInvoice): SampleTotals {
  let subtotal = 0;
  let discount = 0;
  let tax = 0;
  for (const line of invoice.lines) {
    const amount = lineAmount(line);
    const lineDiscount = percentOf(amount, line.discountPercent);
    subtotal += amount;
    discount += lineDiscount;
    tax += percentOf(amount - lineDiscount, line.taxPercent);
  }
  const exact = subtotal - discount + tax;
  const total = invoice.roundOff ? Math.round(exact / 100) * 100 : exact;
  return { subtotal, discount, tax, roundOff: total - exact, total };
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
      { item: "Website redesign", quantity: 1, ratePaise: 8_500_000, discountPercent: 0, taxPercent: 18 },
      {
        item: "Product photography (day)",
        quantity: 2,
        ratePaise: 1_250_000,
        discountPercent: 0,
        taxPercent: 18,
      },
    ],
    roundOff: false,
    amountInWords: "Rupees One Lakh Twenty-Nine Thousand Eight Hundred Only",
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
      { item: "Basmati rice, 5 kg bag", quantity: 4, ratePaise: 62_000, discountPercent: 0, taxPercent: 5 },
      { item: "Toor dal, 1 kg", quantity: 10, ratePaise: 16_500, discountPercent: 0, taxPercent: 5 },
      { item: "Sunflower oil, 1 L", quantity: 6, ratePaise: 14_850, discountPercent: 0, taxPercent: 5 },
    ],
    roundOff: true,
    amountInWords: "Rupees Five Thousand Two Hundred Seventy-Two Only",
  },
  {
    template: "Minimal",
    business: "Aarav Maths Classes",
    place: "Lucknow",
    client: "Mrs. Kavita Singh",
    number: "INV-01102026-090000",
    date: "1 Oct 2026",
    status: "Overdue",
    lines: [
      {
        item: "Class 10 coaching, October",
        quantity: 12,
        ratePaise: 150_000,
        discountPercent: 10,
        taxPercent: 0,
      },
    ],
    roundOff: false,
    amountInWords: "Rupees Sixteen Thousand Two Hundred Only",
  },
];
