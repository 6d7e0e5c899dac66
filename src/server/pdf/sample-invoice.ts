import {
  buildInvoiceDocument,
  type InvoiceDocument,
  type InvoiceInput,
  invoiceInputSchema,
} from "#domain/invoice";

// A realistic invoice for tests, golden pages and the benchmark (20 lines, GST at several rates,
// Devanagari and Tamil in the client block). Computed by the domain, as a saved invoice is.

const ITEMS: [string, string, string, string, string, string, string][] = [
  // name, HSN/SAC, quantity, unit, rate, discount %, tax %
  ["Website design - landing page", "998314", "1", "job", "45000", "0", "18"],
  ["Annual hosting plan", "998315", "1", "yr", "11999", "10", "18"],
  ["Domain registration (.in)", "998315", "2", "yr", "799", "0", "18"],
  ["A4 copier paper, 75 gsm", "4802", "40", "ream", "285", "5", "12"],
  ["Laser printer toner cartridge", "8443", "6", "pcs", "3450", "0", "18"],
  ["Basmati rice, 25 kg bag", "1006", "10", "bag", "2400", "2", "5"],
  ["Office chair, ergonomic", "9401", "4", "pcs", "12499", "8", "18"],
  ["LED panel light 18 W", "9405", "24", "pcs", "649", "0", "12"],
  ["Network cable Cat6, 305 m", "8544", "2", "box", "8990", "0", "18"],
  ["On-site support visit", "998713", "3", "visit", "2500", "0", "18"],
  ["Steel almirah, 4 shelves", "9403", "2", "pcs", "14500", "5", "18"],
  ["Cotton hand towels", "6302", "50", "pcs", "120", "0", "5"],
  ["Bookkeeping services (Q1)", "998222", "1", "qtr", "18000", "0", "18"],
  ["UPS 1 kVA with battery", "8504", "2", "pcs", "6850", "3", "18"],
  ["Whiteboard 4 x 3 ft", "9610", "3", "pcs", "3200", "0", "18"],
  ["Drinking water dispenser", "8418", "1", "pcs", "10990", "0", "18"],
  ["Stationery kit (pens, files)", "9608", "25", "set", "189", "0", "12"],
  ["Tea and coffee supplies", "0902", "12.5", "kg", "560", "0", "5"],
  ["Fire extinguisher, ABC 4 kg", "8424", "4", "pcs", "2150", "0", "18"],
  [
    "Annual maintenance contract for all office equipment, including quarterly visits",
    "998717",
    "1",
    "yr",
    "36000",
    "12",
    "18",
  ],
];

export function sampleItems(count: number): InvoiceInput["items"] {
  return Array.from({ length: count }, (_, i) => {
    const [name, hsnSac, quantity, unit, rate, discountPercent, taxPercent] = ITEMS[i % ITEMS.length];
    return {
      id: `line-${i + 1}`,
      productId: null,
      name: i < ITEMS.length ? name : `${name} (${Math.floor(i / ITEMS.length) + 1})`,
      hsnSac,
      unit,
      quantity,
      rate,
      discountPercent,
      taxPercent,
    };
  });
}

export function sampleInvoiceDocument(
  overrides: Partial<Record<keyof InvoiceInput, unknown>> = {},
  company: Partial<InvoiceDocument["company"]> = {},
): InvoiceDocument {
  const input = invoiceInputSchema.parse({
    invoiceNumber: "INV-12082025-103000",
    status: "due",
    invoiceDate: "2025-08-12",
    dueDate: "2025-09-11",
    currency: "INR",
    client: {
      name: "राम कुमार Enterprises",
      company: "Ram Kumar & Sons Pvt. Ltd.",
      email: "accounts@ramkumar.example",
      phone: "+91 44 2345 6789",
      gstin: "33AABCR1234Q1ZC",
      billingAddress: {
        line1: "22, Anna Salai",
        line2: "சென்னை (Chennai)",
        city: "Chennai",
        state: "Tamil Nadu",
        postalCode: "600002",
        country: "India",
      },
      shippingAddress: {
        line1: "Plot 7, SIPCOT Industrial Park",
        line2: "",
        city: "Sriperumbudur",
        state: "Tamil Nadu",
        postalCode: "602105",
        country: "India",
      },
    },
    items: sampleItems(20),
    roundOff: true,
    notes:
      "Thank you for your business. Goods once sold will be taken back only within 7 days with the original bill.",
    terms:
      "Payment due within 30 days. Interest at 18% p.a. is charged on overdue amounts. Subject to Mumbai jurisdiction.",
    includeBankDetails: true,
    bankDetails: {
      accountHolderName: "Shree Ganesh Traders",
      bankName: "HDFC Bank",
      accountNumber: "50200012345678",
      ifscCode: "HDFC0000060",
      branchName: "Fort, Mumbai",
      upiId: "shreeganesh@hdfcbank",
    },
    includeSignature: true,
    includeUpiQrCode: true,
    template: "classic",
    primaryColor: "#1E3A8A",
    accentColor: "#2DD4BF",
    fontFamily: "Roboto",
    ...overrides,
  });
  return buildInvoiceDocument(input, {
    name: "Shree Ganesh Traders",
    email: "accounts@shreeganesh.example",
    address: "14, MG Road, Fort\nMumbai, Maharashtra 400001",
    phone: "+91 98200 12345",
    gstin: "27AAPFU0939F1ZV",
    logoImageId: "logo",
    signatureImageId: "signature",
    upiQrImageId: null,
    ...company,
  });
}
