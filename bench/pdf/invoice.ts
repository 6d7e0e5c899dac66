// The sample invoice of the benchmark, already computed into display strings: a template draws it
// and computes nothing. The arithmetic here is bench-only (the product's lives in src/domain).

export interface InvoiceLine {
  index: string;
  description: string;
  hsn: string;
  qty: string;
  unit: string;
  rate: string;
  discount: string;
  tax: string;
  amount: string;
}

export interface InvoiceView {
  title: string;
  invoiceNumber: string;
  invoiceDate: string;
  dueDate: string;
  company: { name: string; lines: string[] };
  client: { name: string; lines: string[] };
  lines: InvoiceLine[];
  taxSummary: { label: string; taxable: string; tax: string }[];
  totals: { label: string; value: string }[];
  grandTotal: string;
  amountInWords: string;
  notes: string;
  terms: string;
  bank: string[];
  upiId: string;
}

const inr = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Paise to "₹1,23,456.00" (Indian digit grouping). */
export const rupees = (paise: number) => `₹${inr.format(paise / 100)}`;

const ONES =
  "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen".split(
    " ",
  );
const TENS = "  twenty thirty forty fifty sixty seventy eighty ninety".split(" ");
function belowHundred(n: number): string {
  return n < 20 ? ONES[n] : TENS[Math.floor(n / 10)] + (n % 10 ? `-${ONES[n % 10]}` : "");
}
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} hundred` : "", rest ? belowHundred(rest) : ""]
    .filter(Boolean)
    .join(" ");
}
/** Whole rupees in the Indian system (crore, lakh, thousand). */
function rupeeWords(n: number): string {
  if (n === 0) return "zero";
  const parts: string[] = [];
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  if (crore) parts.push(`${rupeeWords(crore)} crore`);
  if (lakh) parts.push(`${belowHundred(lakh)} lakh`);
  if (thousand) parts.push(`${belowHundred(thousand)} thousand`);
  if (n % 1000) parts.push(belowThousand(n % 1000));
  return parts.join(" ");
}

const ITEMS: [string, string, number, string, number, number, number][] = [
  // description, HSN/SAC, qty, unit, rate (paise), discount %, GST %
  ["Website design - landing page", "998314", 1, "job", 4_500_000, 0, 18],
  ["Annual hosting plan", "998315", 1, "yr", 1_199_900, 10, 18],
  ["Domain registration (.in)", "998315", 2, "yr", 79_900, 0, 18],
  ["A4 copier paper, 75 gsm", "4802", 40, "ream", 28_500, 5, 12],
  ["Laser printer toner cartridge", "8443", 6, "pcs", 345_000, 0, 18],
  ["Basmati rice, 25 kg bag", "1006", 10, "bag", 240_000, 2, 5],
  ["Office chair, ergonomic", "9401", 4, "pcs", 1_249_900, 8, 18],
  ["LED panel light 18 W", "9405", 24, "pcs", 64_900, 0, 12],
  ["Network cable Cat6, 305 m", "8544", 2, "box", 899_000, 0, 18],
  ["On-site support visit", "998713", 3, "visit", 250_000, 0, 18],
  ["Steel almirah, 4 shelves", "9403", 2, "pcs", 1_450_000, 5, 18],
  ["Cotton hand towels", "6302", 50, "pcs", 12_000, 0, 5],
  ["Bookkeeping services (Q1)", "998222", 1, "qtr", 1_800_000, 0, 18],
  ["UPS 1 kVA with battery", "8504", 2, "pcs", 685_000, 3, 18],
  ["Whiteboard 4 x 3 ft", "9610", 3, "pcs", 320_000, 0, 18],
  ["Drinking water dispenser", "8418", 1, "pcs", 1_099_000, 0, 18],
  ["Stationery kit (pens, files)", "9608", 25, "set", 18_900, 0, 12],
  ["Tea and coffee supplies", "0902", 12, "kg", 56_000, 0, 5],
  ["Fire extinguisher, ABC 4 kg", "8424", 4, "pcs", 215_000, 0, 18],
  ["Annual maintenance contract", "998717", 1, "yr", 3_600_000, 12, 18],
];

export function sampleInvoice(): InvoiceView {
  let subtotal = 0;
  let discountTotal = 0;
  const byRate = new Map<number, { taxable: number; tax: number }>();
  const lines = ITEMS.map(([description, hsn, qty, unit, rate, discountPct, gst], i) => {
    const gross = qty * rate;
    const discount = Math.round((gross * discountPct) / 100);
    const taxable = gross - discount;
    const tax = Math.round((taxable * gst) / 100);
    subtotal += gross;
    discountTotal += discount;
    const slab = byRate.get(gst) ?? { taxable: 0, tax: 0 };
    slab.taxable += taxable;
    slab.tax += tax;
    byRate.set(gst, slab);
    return {
      index: String(i + 1),
      description,
      hsn,
      qty: String(qty),
      unit,
      rate: inr.format(rate / 100),
      discount: discountPct ? `${discountPct}%` : "-",
      tax: `${gst}%`,
      amount: inr.format((taxable + tax) / 100),
    };
  });
  const taxSummary: InvoiceView["taxSummary"] = [];
  let taxTotal = 0;
  for (const [gst, slab] of [...byRate].sort((a, b) => a[0] - b[0])) {
    const half = Math.round(slab.tax / 2);
    taxTotal += slab.tax;
    taxSummary.push({ label: `CGST ${gst / 2}%`, taxable: rupees(slab.taxable), tax: rupees(half) });
    taxSummary.push({
      label: `SGST ${gst / 2}%`,
      taxable: rupees(slab.taxable),
      tax: rupees(slab.tax - half),
    });
  }
  const exact = subtotal - discountTotal + taxTotal;
  const grand = Math.round(exact / 100) * 100;
  return {
    title: "TAX INVOICE",
    invoiceNumber: "INV-2025-00042",
    invoiceDate: "12 Aug 2025",
    dueDate: "11 Sep 2025",
    company: {
      name: "Shree Ganesh Traders",
      lines: [
        "14, MG Road, Fort",
        "Mumbai, Maharashtra 400001",
        "GSTIN 27AAPFU0939F1ZV",
        "accounts@shreeganesh.example · +91 98200 12345",
      ],
    },
    client: {
      name: "राम कुमार Enterprises",
      lines: ["22, Anna Salai, சென்னை (Chennai)", "Tamil Nadu 600002", "GSTIN 33AABCR1234Q1Z5"],
    },
    lines,
    taxSummary,
    totals: [
      { label: "Subtotal", value: rupees(subtotal) },
      { label: "Discount", value: `-${rupees(discountTotal)}` },
      { label: "Taxable value", value: rupees(subtotal - discountTotal) },
      { label: "GST", value: rupees(taxTotal) },
      { label: "Round off", value: rupees(grand - exact) },
    ],
    grandTotal: rupees(grand),
    amountInWords: `Indian Rupees ${rupeeWords(grand / 100)} only`.replace(/^./, (c) => c.toUpperCase()),
    notes:
      "Thank you for your business. Goods once sold will be taken back only within 7 days with the original bill.",
    terms:
      "Payment due within 30 days. Interest at 18% p.a. is charged on overdue amounts. Subject to Mumbai jurisdiction.",
    bank: ["HDFC Bank, Fort branch", "A/c 50200012345678", "IFSC HDFC0000060"],
    upiId: "shreeganesh@hdfcbank",
  };
}
