import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DomainError } from "./errors";
import {
  buildGstr1,
  GSTR1_NOT_OFFERED_MESSAGE,
  type Gstr1Document,
  type Gstr1HsnRow,
  type Gstr1Json,
  type Gstr1Line,
  gstr1HsnRows,
} from "./gst-gstr1";
import { laptopLine, walkInSale } from "./testing/gstr1";
import { thrown } from "./testing/thrown";

// Expectations here are summed from the inputs by hand-labelled section, never through the
// builder's helpers.

const SELLER = "27AAPFU0939F1ZV";
const KA_BUYER = "29AABCT1332L1ZU";
const MH_BUYER = "27AAACR5055K1Z5";

const invoiceValue = (lines: Gstr1Line[]) =>
  lines.reduce((s, l) => s + l.taxableMinor + l.igstMinor + l.cgstMinor + l.sgstMinor + l.cessMinor, 0);

function doc(partial: Partial<Gstr1Document> & Pick<Gstr1Document, "number" | "lines">): Gstr1Document {
  return {
    ...walkInSale("2026-11-10"),
    valueMinor: invoiceValue(partial.lines),
    ...partial,
  };
}

const original = (inv: Gstr1Document) => ({
  number: inv.number,
  date: inv.date,
  valueMinor: inv.valueMinor,
  recipientGstin: inv.recipientGstin,
  placeOfSupply: inv.placeOfSupply,
  exportType: inv.exportType,
});

/** A sale of one line to an unregistered buyer in `placeOfSupply`. */
const walkIn = (number: string, placeOfSupply: string, line: Gstr1Line) =>
  doc({ number, placeOfSupply, lines: [line] });

/** A credit or debit note against an invoice. */
const note = (
  kind: "credit_note" | "debit_note",
  against: Gstr1Document,
  fields: Partial<Gstr1Document> & Pick<Gstr1Document, "number" | "date" | "lines">,
) => doc({ kind, original: original(against), ...fields });

/** One row of the document summary (table 13): a single series of one document kind. */
const docSeries = (
  doc_num: number,
  from: string,
  to: string,
  totnum: number,
  cancel: number,
  net_issue: number,
) => ({
  doc_num,
  docs: [{ num: 1, from, to, totnum, cancel, net_issue }],
});

// ---- one month with every section ----
const b2bInter = doc({
  number: "INV/2026-27/0001",
  date: "2026-11-03",
  recipientGstin: KA_BUYER,
  recipientName: 'Tech, "Bangalore" Pvt Ltd',
  placeOfSupply: "29",
  lines: [
    laptopLine(18, 10_000_00, { igst: 1_800_00 }),
    laptopLine(5, 2_000_00, { igst: 100_00 }, { hsnSac: "4901", description: "Books", quantity: "4" }),
    laptopLine(18, 500_00, { igst: 90_00 }, { quantity: "2.5" }),
  ],
});
const b2bIntra = doc({
  number: "INV/2026-27/0002",
  recipientGstin: MH_BUYER,
  recipientName: '=HYPERLINK("x")',
  lines: [
    laptopLine(
      12,
      3_000_00,
      { cgst: 180_00, sgst: 180_00 },
      { hsnSac: "998314", description: "IT consulting", isService: true, uqc: "" },
    ),
  ],
});
const b2clOverLimit = walkIn("INV/2026-27/0003", "29", laptopLine(18, 84_745_77, { igst: 15_254_24 }));
const b2csAtLimit = walkIn("INV/2026-27/0004", "29", laptopLine(18, 84_745_76, { igst: 15_254_24 }));
const b2csIntra = walkIn("INV/2026-27/0005", "27", laptopLine(18, 1_000_00, { cgst: 90_00, sgst: 90_00 }));
const b2csInterSmall = walkIn("INV/2026-27/0006", "07", laptopLine(18, 2_000_00, { igst: 360_00 }));
const expWithPay = doc({
  number: "INV/2026-27/0007",
  placeOfSupply: "96",
  exportType: "with_payment",
  portCode: "INNSA1",
  shippingBillNumber: "1234567",
  shippingBillDate: "2026-11-12",
  lines: [laptopLine(18, 5_000_00, { igst: 900_00 })],
});
const expWithoutPay = doc({
  number: "INV/2026-27/0008",
  placeOfSupply: "96",
  exportType: "without_payment",
  lines: [laptopLine(0, 3_000_00, {})],
});
const cancelled = doc({
  number: "INV/2026-27/0009",
  cancelled: true,
  recipientGstin: MH_BUYER,
  lines: [laptopLine(18, 7_777_00, { cgst: 699_93, sgst: 699_93 })],
});
const otherMonth = doc({
  number: "INV/2026-27/0099",
  date: "2026-10-31",
  recipientGstin: MH_BUYER,
  lines: [laptopLine(18, 9_999_00, { cgst: 899_91, sgst: 899_91 })],
});
const creditAgainstB2cs = note("credit_note", b2csIntra, {
  number: "CN/2026-27/0001",
  date: "2026-11-20",
  lines: [laptopLine(18, 200_00, { cgst: 18_00, sgst: 18_00 }, { quantity: "0" })],
});
const creditAgainstB2cl = note("credit_note", b2clOverLimit, {
  number: "CN/2026-27/0002",
  date: "2026-11-21",
  placeOfSupply: "29",
  lines: [laptopLine(18, 1_000_00, { igst: 180_00 }, { quantity: "0" })],
});
const creditRegistered = note("credit_note", b2bInter, {
  number: "CN/2026-27/0003",
  date: "2026-11-22",
  recipientGstin: KA_BUYER,
  placeOfSupply: "29",
  lines: [laptopLine(18, 500_00, { igst: 90_00 }, { quantity: "1" })],
});
const debitRegistered = note("debit_note", b2bIntra, {
  number: "DN/2026-27/0001",
  date: "2026-11-25",
  recipientGstin: MH_BUYER,
  lines: [
    laptopLine(12, 100_00, { cgst: 6_00, sgst: 6_00 }, { hsnSac: "998314", isService: true, quantity: "0" }),
  ],
});

/** The month's live invoices, in every sales section. */
const invoices = [
  b2bInter,
  b2bIntra,
  b2clOverLimit,
  b2csAtLimit,
  b2csIntra,
  b2csInterSmall,
  expWithPay,
  expWithoutPay,
];
const all = [
  ...invoices,
  cancelled,
  otherMonth,
  creditAgainstB2cs,
  creditAgainstB2cl,
  creditRegistered,
  debitRegistered,
];

const input = { gstin: SELLER, period: "2026-11", registrationType: "regular" as const, documents: all };

// Totals in paise from the JSON's rupees (each is an exact two-decimal number).
const paise = (rupees: number) => Math.round(rupees * 100);
const sumTaxable = (docs: Gstr1Document[]) =>
  docs.reduce((s, d) => s + d.lines.reduce((t, l) => t + l.taxableMinor, 0), 0);
const sumTax = (docs: Gstr1Document[], key: "igstMinor" | "cgstMinor" | "sgstMinor") =>
  docs.reduce((s, d) => s + d.lines.reduce((t, l) => t + l[key], 0), 0);

function sectionTaxable(report: Gstr1Json) {
  const items = (xs: { itm_det: { txval: number } }[]) => xs.reduce((s, i) => s + paise(i.itm_det.txval), 0);
  return {
    b2b: (report.b2b ?? []).reduce((s, c) => s + c.inv.reduce((t, i) => t + items(i.itms), 0), 0),
    b2cl: (report.b2cl ?? []).reduce((s, c) => s + c.inv.reduce((t, i) => t + items(i.itms), 0), 0),
    b2cs: (report.b2cs ?? []).reduce((s, r) => s + paise(r.txval), 0),
    exp: (report.exp ?? []).reduce(
      (s, e) => s + e.inv.reduce((t, i) => t + i.itms.reduce((u, x) => u + paise(x.txval), 0), 0),
      0,
    ),
    cdnr: (report.cdnr ?? []).reduce(
      (s, c) => s + c.nt.reduce((t, n) => t + (n.ntty === "C" ? -1 : 1) * items(n.itms), 0),
      0,
    ),
    cdnur: (report.cdnur ?? []).reduce((s, n) => s + (n.ntty === "C" ? -1 : 1) * items(n.itms), 0),
    nil: (report.nil?.inv ?? []).reduce(
      (s, n) => s + paise(n.nil_amt) + paise(n.expt_amt) + paise(n.ngsup_amt),
      0,
    ),
    hsn: gstr1HsnRows(report.hsn).reduce((s, h) => s + paise(h.txval), 0),
  };
}

describe("buildGstr1: a month with every section", () => {
  const report = buildGstr1(input);

  it("has the header and every section", () => {
    expect(report.gstin).toBe(SELLER);
    expect(report.fp).toBe("112026");
    expect(report.hash).toBe("hash");
    expect(report.version).toMatch(/^GST3\./);
    for (const key of ["b2b", "b2cl", "b2cs", "cdnr", "cdnur", "exp", "hsn", "doc_issue"] as const) {
      expect(report[key], key).toBeDefined();
    }
  });

  it("sums each section to the documents that belong in it", () => {
    const got = sectionTaxable(report);
    expect(got.b2b).toBe(sumTaxable([b2bInter, b2bIntra]));
    expect(got.b2cl).toBe(sumTaxable([b2clOverLimit]));
    expect(got.b2cs).toBe(
      sumTaxable([b2csAtLimit, b2csIntra, b2csInterSmall]) - sumTaxable([creditAgainstB2cs]),
    );
    expect(got.exp).toBe(sumTaxable([expWithPay, expWithoutPay]));
    expect(got.cdnr).toBe(sumTaxable([debitRegistered]) - sumTaxable([creditRegistered]));
    expect(got.cdnur).toBe(-sumTaxable([creditAgainstB2cl]));
    const credits = [creditAgainstB2cs, creditAgainstB2cl, creditRegistered];
    expect(got.hsn).toBe(sumTaxable([...invoices, debitRegistered]) - sumTaxable(credits));
    const hsn = gstr1HsnRows(report.hsn);
    const hsnTax = (k: "iamt" | "camt" | "samt") => hsn.reduce((s, h) => s + paise(h[k]), 0);
    for (const [k, key] of [
      ["iamt", "igstMinor"],
      ["camt", "cgstMinor"],
      ["samt", "sgstMinor"],
    ] as const) {
      expect(hsnTax(k), k).toBe(sumTax([...invoices, debitRegistered], key) - sumTax(credits, key));
    }
    expect(hsn.every((h) => h.csamt === 0)).toBe(true);
  });

  it("writes B2B per recipient, invoice and rate", () => {
    const ka = report.b2b!.find((c) => c.ctin === KA_BUYER)!;
    expect(ka.inv).toHaveLength(1);
    expect(ka.inv[0]).toEqual({
      inum: "INV/2026-27/0001",
      idt: "03-11-2026",
      val: 14490,
      pos: "29",
      rchrg: "N",
      inv_typ: "R",
      itms: [
        { num: 1, itm_det: { txval: 2000, rt: 5, iamt: 100, camt: 0, samt: 0, csamt: 0 } },
        { num: 2, itm_det: { txval: 10500, rt: 18, iamt: 1890, camt: 0, samt: 0, csamt: 0 } },
      ],
    });
    expect(report.b2b!.map((c) => c.ctin).sort()).toEqual([MH_BUYER, KA_BUYER].sort());
    const sections = { ...report, doc_issue: undefined };
    expect(JSON.stringify(sections)).not.toContain("INV/2026-27/0009");
    expect(JSON.stringify(report)).not.toContain("INV/2026-27/0099");
  });

  it("puts ₹1,00,000.01 in B2CL with IGST only and ₹1,00,000.00 in B2CS", () => {
    expect(report.b2cl).toEqual([
      {
        pos: "29",
        inv: [
          {
            inum: "INV/2026-27/0003",
            idt: "10-11-2026",
            val: 100000.01,
            itms: [{ num: 1, itm_det: { txval: 84745.77, rt: 18, iamt: 15254.24, csamt: 0 } }],
          },
        ],
      },
    ]);
    const inter29 = report.b2cs!.find((r) => r.pos === "29")!;
    expect(inter29).toMatchObject({ sply_ty: "INTER", typ: "OE", rt: 18, txval: 84745.76, iamt: 15254.24 });
  });

  it("reduces the B2CS row by the credit note against a B2CS invoice", () => {
    const intra = report.b2cs!.find((r) => r.pos === "27")!;
    expect(intra).toEqual({
      sply_ty: "INTRA",
      typ: "OE",
      pos: "27",
      rt: 18,
      txval: (1_000_00 - 200_00) / 100,
      iamt: 0,
      camt: (90_00 - 18_00) / 100,
      samt: (90_00 - 18_00) / 100,
      csamt: 0,
    });
    expect(report.cdnur!.map((n) => n.nt_num)).toEqual(["CN/2026-27/0002"]);
    expect(JSON.stringify(report.cdnr)).not.toContain("CN/2026-27/0001");
  });

  it("writes CDNUR against a B2CL invoice and CDNR notes with positive amounts", () => {
    expect(report.cdnur).toEqual([
      {
        typ: "B2CL",
        ntty: "C",
        nt_num: "CN/2026-27/0002",
        nt_dt: "21-11-2026",
        val: 1180,
        pos: "29",
        itms: [{ num: 1, itm_det: { txval: 1000, rt: 18, iamt: 180, csamt: 0 } }],
      },
    ]);
    const mh = report.cdnr!.find((c) => c.ctin === MH_BUYER)!;
    expect(mh.nt[0]).toMatchObject({
      ntty: "D",
      nt_num: "DN/2026-27/0001",
      nt_dt: "25-11-2026",
      val: 112,
      pos: "27",
    });
    const ka = report.cdnr!.find((c) => c.ctin === KA_BUYER)!;
    expect(ka.nt[0]).toMatchObject({ ntty: "C", val: 590, inv_typ: "R", rchrg: "N" });
    expect(ka.nt[0].itms[0].itm_det.txval).toBe(500);
  });

  it("writes exports with and without payment", () => {
    expect(report.exp).toEqual([
      {
        exp_typ: "WPAY",
        inv: [
          {
            inum: "INV/2026-27/0007",
            idt: "10-11-2026",
            val: 5900,
            sbpcode: "INNSA1",
            sbnum: "1234567",
            sbdt: "12-11-2026",
            itms: [{ txval: 5000, rt: 18, iamt: 900, csamt: 0 }],
          },
        ],
      },
      {
        exp_typ: "WOPAY",
        inv: [
          {
            inum: "INV/2026-27/0008",
            idt: "10-11-2026",
            val: 3000,
            itms: [{ txval: 3000, rt: 0, iamt: 0, csamt: 0 }],
          },
        ],
      },
    ]);
  });

  it("summarises HSN with NA for services and exact quantities", () => {
    // From April 2025 the table has two tabs (decision 0082): registered buyers, everyone else.
    const tabs = report.hsn as { hsn_b2b: Gstr1HsnRow[]; hsn_b2c: Gstr1HsnRow[] };
    const b2bLaptops = tabs.hsn_b2b.find((h) => h.hsn_sc === "8471" && h.rt === 18)!;
    const laptops = tabs.hsn_b2c.find((h) => h.hsn_sc === "8471" && h.rt === 18)!;
    // B2B tab: 1 + 2.5 (B2B) - 1 (CDNR); B2C tab: 1 + 1 + 1 + 1 + 1 (B2CL, B2CS x3, WPAY), notes 0 + 0
    expect(b2bLaptops.qty).toBe(2.5);
    expect(laptops.qty).toBe(5);
    expect(laptops.uqc).toBe("NOS");
    expect(laptops.desc).toBe("Laptop");
    const service = gstr1HsnRows(report.hsn).find((h) => h.hsn_sc === "998314")!;
    expect(service).toMatchObject({
      desc: "IT consulting",
      uqc: "NA",
      rt: 12,
      txval: 3100,
      camt: 186,
      samt: 186,
      iamt: 0,
    });
    for (const tab of [tabs.hsn_b2b, tabs.hsn_b2c])
      expect(tab.map((h) => h.num)).toEqual(tab.map((_, i) => i + 1));
  });

  it("counts delivery challans only in the document summary, one row per reason, never in a sales section", () => {
    const challans = [
      { number: "DC/2026-27/0002", date: "2026-11-03", reason: "job_work" as const, cancelled: false },
      { number: "DC/2026-27/0001", date: "2026-11-02", reason: "job_work" as const, cancelled: true },
      {
        number: "DC/2026-27/0003",
        date: "2026-11-04",
        reason: "supply_on_approval" as const,
        cancelled: false,
      },
      { number: "DC/2026-27/0009", date: "2026-12-01", reason: "other" as const, cancelled: false },
    ];
    const withChallans = buildGstr1({ ...input, challans });
    expect({ ...withChallans, doc_issue: undefined }).toEqual({ ...report, doc_issue: undefined });
    expect(withChallans.doc_issue!.doc_det.slice(0, 3)).toEqual(report.doc_issue!.doc_det);
    expect(withChallans.doc_issue!.doc_det.slice(3)).toEqual([
      docSeries(9, "DC/2026-27/0001", "DC/2026-27/0002", 2, 1, 1),
      docSeries(10, "DC/2026-27/0003", "DC/2026-27/0003", 1, 0, 1),
    ]);
    // A month with challans only still has its document summary, and nothing else.
    const only = buildGstr1({ ...input, documents: [], challans, period: "2026-12" });
    expect(only.doc_issue!.doc_det).toEqual([docSeries(12, "DC/2026-27/0009", "DC/2026-27/0009", 1, 0, 1)]);
    expect(only.b2b ?? only.b2cs ?? only.hsn).toBeUndefined();
  });

  it("counts every document of the month in the document summary, the cancelled one too", () => {
    expect(report.doc_issue).toEqual({
      doc_det: [
        docSeries(1, "INV/2026-27/0001", "INV/2026-27/0009", 9, 1, 8),
        docSeries(4, "DN/2026-27/0001", "DN/2026-27/0001", 1, 0, 1),
        docSeries(5, "CN/2026-27/0001", "CN/2026-27/0003", 3, 0, 3),
      ],
    });
  });
});

describe("buildGstr1: B2CL threshold", () => {
  const inter = (number: string, date: string, valueMinor: number) =>
    doc({ number, date, placeOfSupply: "29", valueMinor, lines: [laptopLine(18, valueMinor, {})] });
  const sectionOf = (d: Gstr1Document, period = d.date.slice(0, 7)) => {
    const r = buildGstr1({ ...input, period, documents: [d] });
    return r.b2cl ? "b2cl" : r.b2cs ? "b2cs" : "none";
  };

  it("₹1,00,000.00 is B2CS, ₹1,00,000.01 is B2CL", () => {
    expect(sectionOf(inter("A1", "2026-11-01", 100_000_00))).toBe("b2cs");
    expect(sectionOf(inter("A2", "2026-11-01", 100_000_01))).toBe("b2cl");
  });

  it("₹2,00,000 is B2CS on 31 July 2024 and B2CL from 1 August 2024", () => {
    expect(sectionOf(inter("B1", "2024-07-31", 200_000_00))).toBe("b2cs");
    expect(sectionOf(inter("B2", "2024-08-01", 200_000_00))).toBe("b2cl");
    expect(sectionOf(inter("B3", "2024-07-31", 250_000_01))).toBe("b2cl");
  });

  it("intra-state supplies to unregistered buyers are always B2CS", () => {
    expect(
      sectionOf(doc({ number: "C1", valueMinor: 900_000_00, lines: [laptopLine(18, 900_000_00, {})] })),
    ).toBe("b2cs");
  });

  it("a credit note against a pre-August-2024 ₹2,00,000 invoice reduces B2CS, not CDNUR", () => {
    const old = inter("D1", "2024-07-31", 200_000_00);
    const credit = note("credit_note", old, {
      number: "CN-1",
      date: "2024-08-05",
      placeOfSupply: "29",
      lines: [laptopLine(18, 1_000_00, { igst: 180_00 })],
    });
    const r = buildGstr1({ ...input, period: "2024-08", documents: [credit] });
    expect(r.cdnur).toBeUndefined();
    expect(r.b2cs).toEqual([
      {
        sply_ty: "INTER",
        typ: "OE",
        pos: "29",
        rt: 18,
        txval: -1000,
        iamt: -180,
        camt: 0,
        samt: 0,
        csamt: 0,
      },
    ]);
  });
});

describe("buildGstr1: who files", () => {
  for (const registrationType of ["composition", "unregistered"] as const) {
    it(`refuses a ${registrationType} account`, () => {
      const error = thrown(DomainError, () => buildGstr1({ ...input, registrationType }));
      expect(error.message).toContain(GSTR1_NOT_OFFERED_MESSAGE);
      expect(error.code).toBe("GSTR1_NOT_OFFERED");
    });
  }

  it("refuses a malformed period and a note to an unregistered buyer without its invoice", () => {
    expect(() => buildGstr1({ ...input, period: "2026-13" })).toThrow(DomainError);
    const orphan = { ...creditAgainstB2cs, original: null };
    expect(() => buildGstr1({ ...input, documents: [orphan] })).toThrow(/original invoice/);
  });

  it("formats fp, dates, rt and pos", () => {
    const r = buildGstr1({
      ...input,
      period: "2027-01",
      documents: [
        doc({
          number: "X/1",
          date: "2027-01-05",
          recipientGstin: "07AAACB2230M1ZS",
          placeOfSupply: "07",
          lines: [laptopLine(28, 100_00, { igst: 28_00 })],
        }),
      ],
    });
    expect(r.fp).toBe("012027");
    const inv = r.b2b![0].inv[0];
    expect(inv.idt).toBe("05-01-2027");
    expect(inv.pos).toBe("07");
    expect(inv.itms[0].itm_det.rt).toBe(28);
    expect(r.b2cl).toBeUndefined();
  });
});

// ---- property: every section's taxable value adds up to the HSN summary ----
const gstins = [null, KA_BUYER, MH_BUYER] as const;
const arbLine = fc.record({
  hsnSac: fc.constantFrom("8471", "4901", "998314"),
  description: fc.constant("Item"),
  uqc: fc.constantFrom("NOS", "KGS", "xyz"),
  quantity: fc.integer({ min: 0, max: 5000 }).map((q) => (q / 1000).toFixed(3)),
  isService: fc.boolean(),
  ratePercent: fc.constantFrom(0, 5, 12, 18, 28),
  taxableMinor: fc.integer({ min: 0, max: 30_000_000 }),
  igstMinor: fc.integer({ min: 0, max: 5_000_000 }),
  cgstMinor: fc.integer({ min: 0, max: 2_500_000 }),
  sgstMinor: fc.integer({ min: 0, max: 2_500_000 }),
  cessMinor: fc.integer({ min: 0, max: 100_000 }),
});
const arbOriginal = fc.record({
  number: fc.constant("INV/1"),
  date: fc.constantFrom("2024-07-15", "2026-10-01"),
  valueMinor: fc.integer({ min: 0, max: 40_000_000 }),
  recipientGstin: fc.constantFrom(...gstins),
  placeOfSupply: fc.constantFrom("27", "29", "07", "96"),
  exportType: fc.constantFrom("none", "with_payment", "without_payment" as const),
});
const arbDocument: fc.Arbitrary<Gstr1Document> = fc
  .record({
    kind: fc.constantFrom("invoice", "credit_note", "debit_note" as const),
    number: fc.integer({ min: 1, max: 999 }).map((n) => `INV/2026-27/${String(n).padStart(4, "0")}`),
    date: fc.constantFrom("2026-11-01", "2026-11-30", "2026-10-31", "2026-12-01"),
    cancelled: fc.boolean(),
    recipientGstin: fc.constantFrom(...gstins),
    recipientName: fc.constant("Buyer"),
    placeOfSupply: fc.constantFrom("27", "29", "07", "96"),
    supplierStateCode: fc.constant("27"),
    reverseCharge: fc.boolean(),
    exportType: fc.constantFrom("none", "with_payment", "without_payment" as const),
    sez: fc.boolean(),
    valueMinor: fc.integer({ min: 0, max: 40_000_000 }),
    lines: fc.array(arbLine, { minLength: 1, maxLength: 4 }),
    original: arbOriginal,
    billOfSupply: fc.boolean(),
  })
  .map((d) => (d.kind === "invoice" ? d : { ...d, billOfSupply: false }) as Gstr1Document);

describe("buildGstr1: property", () => {
  it("the sections' taxable value (credit notes negative) equals the HSN summary's", () => {
    fc.assert(
      fc.property(fc.array(arbDocument, { maxLength: 25 }), (documents) => {
        const r = buildGstr1({ ...input, documents });
        const t = sectionTaxable(r);
        expect(t.b2b + t.b2cl + t.b2cs + t.exp + t.cdnr + t.cdnur + t.nil).toBe(t.hsn);
        const live = documents.filter((d) => !d.cancelled && d.date.startsWith("2026-11"));
        const signed = live.reduce((s, d) => s + (d.kind === "credit_note" ? -1 : 1) * sumTaxable([d]), 0);
        expect(t.hsn).toBe(signed);
      }),
      { numRuns: 300 },
    );
  });
});
