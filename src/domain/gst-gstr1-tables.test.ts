import { describe, expect, it } from "vitest";
import { buildGstr1, type Gstr1Document } from "./gst-gstr1";
import { gstr1Csv } from "./gst-gstr1-csv";
import { laptopLine, walkInSale } from "./testing/gstr1";

// Issue 32 part 3 (decision 0082): Table 12 in two tabs from April 2025, and Table 8 for a
// regular taxpayer's bills of supply.

const SELLER = "27AAPFU0939F1ZV";
const KA_BUYER = "29AABCT1332L1ZU";

const sale = (date: string, partial: Partial<Gstr1Document> & Pick<Gstr1Document, "number" | "lines">) =>
  ({
    ...walkInSale(date),
    valueMinor: partial.lines.reduce(
      (s, l) => s + l.taxableMinor + l.igstMinor + l.cgstMinor + l.sgstMinor,
      0,
    ),
    ...partial,
  }) as Gstr1Document;

const month = (period: string, documents: Gstr1Document[]) =>
  buildGstr1({ gstin: SELLER, period, registrationType: "regular", documents });

describe("GSTR-1 Table 12: the layout of the return period", () => {
  const docs = (date: string) => [
    sale(date, {
      number: "INV-1",
      recipientGstin: KA_BUYER,
      placeOfSupply: "29",
      lines: [laptopLine(18, 1_000_00, { igst: 180_00 })],
    }),
    sale(date, { number: "INV-2", lines: [laptopLine(18, 500_00, { cgst: 45_00, sgst: 45_00 })] }),
  ];

  it("March 2025 keeps one list under data", () => {
    const r = month("2025-03", docs("2025-03-31"));
    expect(r.hsn).toEqual({
      data: [
        {
          num: 1,
          hsn_sc: "8471",
          desc: "Laptop",
          uqc: "NOS",
          qty: 2,
          txval: 1500,
          rt: 18,
          iamt: 180,
          camt: 45,
          samt: 45,
          csamt: 0,
        },
      ],
    });
  });

  it("April 2025 on: a B2B tab for registered buyers and a B2C tab for the rest, each numbered from 1", () => {
    const r = month("2025-04", docs("2025-04-01"));
    const row = { hsn_sc: "8471", desc: "Laptop", uqc: "NOS", qty: 1, rt: 18, csamt: 0 };
    expect(r.hsn).toEqual({
      hsn_b2b: [{ num: 1, ...row, txval: 1000, iamt: 180, camt: 0, samt: 0 }],
      hsn_b2c: [{ num: 1, ...row, txval: 500, iamt: 0, camt: 45, samt: 45 }],
    });
    expect(r.hsn).not.toHaveProperty("data");
    const csv = gstr1Csv(r, "hsn").split("\r\n");
    expect(csv[0]).toBe(
      "\uFEFFType,HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount",
    );
    expect(csv.slice(1, 3).map((line) => line.split(",")[0])).toEqual(["B2B", "B2C"]);
  });

  it("a month of B2C sales only writes the B2C tab", () => {
    const r = month("2026-11", [docs("2026-11-02")[1]]);
    expect(Object.keys(r.hsn ?? {})).toEqual(["hsn_b2c"]);
  });
});

describe("GSTR-1 Table 8: a regular taxpayer's bills of supply", () => {
  const exempt = (number: string, partial: Partial<Gstr1Document> = {}) =>
    sale("2026-11-05", {
      number,
      billOfSupply: true,
      lines: [
        laptopLine(0, 700_00, {}, { hsnSac: "0701", description: "Potatoes", uqc: "KGS", quantity: "10" }),
        laptopLine(0, 300_00, {}, { hsnSac: "4901", description: "Books", treatment: "exempt" }),
        laptopLine(0, 50_00, {}, { hsnSac: "2716", description: "Power", uqc: "OTH", treatment: "non_gst" }),
      ],
      ...partial,
    });

  const r = month("2026-11", [
    exempt("INV-10"),
    exempt("INV-11", { recipientGstin: KA_BUYER, placeOfSupply: "29" }),
    exempt("INV-12", { cancelled: true }),
    sale("2026-11-06", { number: "INV-13", lines: [laptopLine(18, 1_000_00, { cgst: 90_00, sgst: 90_00 })] }),
  ]);

  it("reports nil-rated, exempt and non-GST amounts per supply type", () => {
    expect(r.nil).toEqual({
      inv: [
        { sply_ty: "INTRB2B", expt_amt: 300, nil_amt: 700, ngsup_amt: 50 },
        { sply_ty: "INTRAB2C", expt_amt: 300, nil_amt: 700, ngsup_amt: 50 },
      ],
    });
    expect(r.b2b).toBeUndefined();
    expect(r.b2cs).toHaveLength(1);
    expect(r.b2cs![0].txval).toBe(1000);
  });

  it("puts their lines in the HSN summary at rate 0 and counts them as documents issued", () => {
    const potatoes = (
      r.hsn as { hsn_b2c: { hsn_sc: string; qty: number; txval: number; rt: number }[] }
    ).hsn_b2c.find((h) => h.hsn_sc === "0701");
    expect(potatoes).toMatchObject({ qty: 10, txval: 700, rt: 0 });
    expect(r.doc_issue?.doc_det).toEqual([
      { doc_num: 1, docs: [{ num: 1, from: "INV-10", to: "INV-13", totnum: 4, cancel: 1, net_issue: 3 }] },
    ]);
  });

  it("writes the offline tool's exemp sheet as CSV", () => {
    expect(gstr1Csv(r, "nil").split("\r\n").slice(0, 3)).toEqual([
      "\uFEFFDescription,Nil Rated Supplies,Exempted(other than nil rated/non GST supply),Non-GST Supplies",
      "Inter-State supplies to registered persons,700.00,300.00,50.00",
      "Intra-State supplies to unregistered persons,700.00,300.00,50.00",
    ]);
  });
});
