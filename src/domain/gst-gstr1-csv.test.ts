import { describe, expect, it } from "vitest";
import { buildGstr1, type Gstr1Document } from "./gst-gstr1";
import { GSTR1_CSV_HEADERS, GSTR1_SECTIONS, gstr1Csv, gstr1ReceiverNames } from "./gst-gstr1-csv";
import { csvLines } from "./testing/csv";
import { laptopLine, walkInSale } from "./testing/gstr1";

const line = (rate: number, taxable: number, igst: number, cgst = 0) =>
  laptopLine(rate, taxable, { igst, cgst, sgst: cgst }, { description: "Laptop, 14 inch", quantity: "2" });

const base = walkInSale("2026-11-05");

const documents: Gstr1Document[] = [
  {
    ...base,
    number: "INV/2026-27/0001",
    recipientGstin: "29AABCT1332L1ZU",
    recipientName: '=cmd|"/c calc"!A1, Ltd',
    placeOfSupply: "29",
    valueMinor: 11_800_00,
    lines: [line(18, 10_000_00, 1_800_00)],
  },
  {
    ...base,
    number: "INV/2026-27/0002",
    placeOfSupply: "29",
    valueMinor: 118_000_00,
    lines: [line(18, 100_000_00, 18_000_00)],
  },
  { ...base, number: "INV/2026-27/0003", valueMinor: 1_180_00, lines: [line(18, 1_000_00, 0, 90_00)] },
  {
    ...base,
    kind: "credit_note",
    number: "CN/2026-27/0001",
    valueMinor: 2_360_00,
    original: {
      number: "INV/2026-27/0003",
      date: "2026-11-05",
      valueMinor: 1_180_00,
      recipientGstin: null,
      placeOfSupply: "27",
      exportType: "none",
    },
    lines: [line(18, 2_000_00, 0, 180_00)],
  },
  {
    ...base,
    kind: "credit_note",
    number: "CN/2026-27/0002",
    placeOfSupply: "29",
    valueMinor: 1_180_00,
    original: {
      number: "INV/2026-27/0002",
      date: "2026-11-05",
      valueMinor: 118_000_00,
      recipientGstin: null,
      placeOfSupply: "29",
      exportType: "none",
    },
    lines: [line(18, 1_000_00, 180_00)],
  },
  {
    ...base,
    kind: "credit_note",
    number: "CN/2026-27/0003",
    recipientGstin: "29AABCT1332L1ZU",
    recipientName: '=cmd|"/c calc"!A1, Ltd',
    placeOfSupply: "29",
    valueMinor: 118_00,
    lines: [line(18, 100_00, 18_00)],
  },
  {
    ...base,
    number: "EXP/2026-27/0001",
    placeOfSupply: "96",
    exportType: "without_payment",
    portCode: "INNSA1",
    shippingBillNumber: "7654321",
    shippingBillDate: "2026-11-07",
    valueMinor: 5_000_00,
    lines: [line(0, 5_000_00, 0)],
  },
];

const report = buildGstr1({
  gstin: "27AAPFU0939F1ZV",
  period: "2026-11",
  registrationType: "regular",
  documents,
});
const names = gstr1ReceiverNames(documents);
const sectionLines = (section: (typeof GSTR1_SECTIONS)[number]) => csvLines(gstr1Csv(report, section, names));

describe("gstr1Csv", () => {
  it("has one CSV per section, each starting with the offline tool's headers", () => {
    expect(GSTR1_SECTIONS.join(" ")).toBe("b2b b2cl b2cs cdnr cdnur exp nil at txpd hsn docs");
    for (const section of GSTR1_SECTIONS) {
      const lines = sectionLines(section);
      // From April 2025 the HSN file says which tab each row is on (decision 0082).
      const headers = section === "hsn" ? ["Type", ...GSTR1_CSV_HEADERS.hsn] : GSTR1_CSV_HEADERS[section];
      expect(lines[0]).toBe(headers.join(","));
      // This month has no bill of supply and no advance, so Tables 8 and 11 have their header only.
      expect(lines.length, section).toBeGreaterThan(["nil", "at", "txpd"].includes(section) ? 0 : 1);
    }
    expect(sectionLines("b2b")[0]).toBe(
      "GSTIN/UIN of Recipient,Receiver Name,Invoice Number,Invoice date,Invoice Value,Place Of Supply," +
        "Reverse Charge,Applicable % of Tax Rate,Invoice Type,E-Commerce GSTIN,Rate,Taxable Value,Cess Amount",
    );
  });

  it("writes B2B rows with dd-MMM-yyyy dates, 27-Maharashtra style places, and a formula made safe", () => {
    expect(sectionLines("b2b")[1]).toBe(
      `29AABCT1332L1ZU,"'=cmd|""/c calc""!A1, Ltd",INV/2026-27/0001,05-Nov-2026,11800.00,29-Karnataka,N,,Regular B2B,,18,10000.00,0.00`,
    );
  });

  it("keeps negative amounts as numbers (a B2CS row reduced below zero)", () => {
    expect(sectionLines("b2cs")).toEqual([
      "Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN",
      "OE,27-Maharashtra,,18,-1000.00,0.00,",
    ]);
  });

  it("writes the note, export, HSN and document rows", () => {
    expect(sectionLines("b2cl")[1]).toBe(
      "INV/2026-27/0002,05-Nov-2026,118000.00,29-Karnataka,,18,100000.00,0.00,",
    );
    expect(sectionLines("cdnr")[1]).toBe(
      `29AABCT1332L1ZU,"'=cmd|""/c calc""!A1, Ltd",CN/2026-27/0003,05-Nov-2026,C,29-Karnataka,N,Regular,118.00,,18,100.00,0.00`,
    );
    expect(sectionLines("cdnur")[1]).toBe(
      "B2CL,CN/2026-27/0002,05-Nov-2026,C,29-Karnataka,1180.00,,18,1000.00,0.00",
    );
    expect(sectionLines("exp")[1]).toBe(
      "WOPAY,EXP/2026-27/0001,05-Nov-2026,5000.00,INNSA1,7654321,07-Nov-2026,0,5000.00,0.00",
    );
    // 8471 at 18 %, B2B tab: invoice 10000, credit note -100 (CDNR); B2C tab: invoices 100000 + 1000,
    // credit notes -2000 -1000; quantity 2 - 2 on each tab.
    expect(sectionLines("hsn")).toContain(
      'B2B,8471,"Laptop, 14 inch",NOS,0,11682.00,18,9900.00,1782.00,0.00,0.00,0.00',
    );
    expect(sectionLines("hsn")).toContain(
      'B2C,8471,"Laptop, 14 inch",NOS,0,115640.00,18,98000.00,17820.00,-90.00,-90.00,0.00',
    );
    expect(sectionLines("docs")).toEqual([
      "Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled",
      "Invoices for outward supply,EXP/2026-27/0001,EXP/2026-27/0001,1,0",
      "Invoices for outward supply,INV/2026-27/0001,INV/2026-27/0003,3,0",
      "Credit Note,CN/2026-27/0001,CN/2026-27/0003,3,0",
    ]);
  });

  it("writes only the header for an empty section", () => {
    const empty = buildGstr1({
      gstin: "27AAPFU0939F1ZV",
      period: "2026-12",
      registrationType: "regular",
      documents,
    });
    expect(gstr1Csv(empty, "b2b")).toBe(`\uFEFF${GSTR1_CSV_HEADERS.b2b.join(",")}\r\n`);
  });
});
