import { DEFAULT_SETTINGS } from "./settings";
import { buildStatementPage } from "./statement-page";
import { buildStatement, type LedgerEntry } from "./statements";

// A statement's page (decision 0081): the invoice page model drawn by the PDF and the public page.

const entries: LedgerEntry[] = [
  {
    kind: "invoice",
    id: "a",
    number: "INV/26-27/0002",
    date: "2026-04-16",
    postedAt: 0,
    amountMinor: 11_800_00,
    dueDate: "2026-05-16",
    details: "Due 16 May 2026",
  },
  {
    kind: "payment",
    id: "p",
    number: "",
    date: "2026-05-01",
    postedAt: 1,
    amountMinor: 1_800_00,
    details: "UPI · against INV/26-27/0002",
    allocations: [{ to: "a", amountMinor: 1_800_00 }],
  },
];
const client = {
  name: "Mehta Industries",
  company: "",
  email: "",
  phone: "",
  gstin: "",
  billingAddress: null,
};
const settings = {
  ...DEFAULT_SETTINGS,
  companyName: "Kesari Traders",
  bankDetails: { ...DEFAULT_SETTINGS.bankDetails, upiId: "kesari@okhdfc" },
};
const page = (e: LedgerEntry[], currency = "INR") =>
  buildStatementPage(buildStatement(e, { from: "2026-04-01", to: "2026-06-30" }), {
    currency,
    client,
    settings,
    generatedOn: "2026-07-01",
    images: { logo: true, signature: true, upiQr: true },
  });

describe("the statement's page", () => {
  it("lists the opening row and each entry with its running balance, the closing balance as the total", () => {
    const p = page(entries);
    expect(p.title).toBe("STATEMENT OF ACCOUNT");
    expect(p.lines.map((l) => [l.date, l.name, l.debit, l.credit, l.balance])).toEqual([
      ["1 Apr 2026", "Opening Balance", "", "", "₹0.00"],
      ["16 Apr 2026", "Invoice INV/26-27/0002\nDue 16 May 2026", "11,800.00", "", "₹11,800.00 Dr"],
      ["1 May 2026", "Payment Received\nUPI · against INV/26-27/0002", "", "1,800.00", "₹10,000.00 Dr"],
    ]);
    expect(p.total).toEqual({ label: "Closing balance", value: "₹10,000.00 Dr" });
    expect(p.billTo.lines).toContain("GSTIN: Unregistered");
    expect(p.tables?.map((t) => t.title)).toEqual([
      "OPEN ITEMS AS ON 30 JUN 2026",
      "AGEING BY DUE DATE AS ON 30 JUN 2026",
    ]);
    expect(p.tables?.[1]?.rows[0]).toEqual([
      "0.00",
      "0.00",
      "10,000.00",
      "0.00",
      "0.00",
      "0.00",
      "₹10,000.00 Dr",
    ]);
  });

  it("asks by UPI for the exact balance owed, and for nothing when the client is in credit or billed abroad", () => {
    expect(page(entries).upi?.uri).toBe(
      "upi://pay?pa=kesari%40okhdfc&pn=Kesari%20Traders&am=10000.00&cu=INR&tn=Statement%20to%202026-06-30",
    );
    const credit: LedgerEntry = { ...entries[1]!, id: "p2", amountMinor: 10_500_00, allocations: [] };
    expect(page([...entries, credit]).upi).toBeNull();
    expect(page(entries, "USD").upi).toBeNull();
  });
});
