import { describe, expect, it } from "vitest";
import { emptyAddress, type InvoiceClient } from "../invoice";
import { buildTallyExport, type TallyExportInput } from "./build";
import type { TallyDocument, TallyReceipt } from "./documents";
import { DEFAULT_TALLY_MAPPING, tallyMappingSchema } from "./mapping";
import { descendants, parseXml, textOf } from "./parse";
import { validateTallyExport } from "./validate";

// The worked vouchers of the research (horizon-specs §1.5: A sales, C credit note, D receipt) as
// the first golden figures, and the validator catching each kind of broken file.

const client = (name: string, gstin: string, state: string): InvoiceClient => ({
  name,
  company: "",
  email: "",
  phone: "",
  gstin,
  billingAddress: { ...emptyAddress(), line1: "12 MG Road", city: "Bengaluru", state, postalCode: "560001" },
  shippingAddress: null,
});
const sharma = client("Sharma Enterprises", "29ACEFS6707L1ZL", "Karnataka");

const sale: TallyDocument = {
  kind: "invoice",
  id: "inv1",
  number: "INV/26-27/0001",
  date: "2026-04-15",
  cancelled: false,
  client: sharma,
  placeOfSupply: "29",
  reverseCharge: false,
  exportType: "none",
  rates: [
    {
      ratePercent: 18,
      taxableMinor: 1000050,
      cgstMinor: 90005,
      sgstMinor: 90005,
      igstMinor: 0,
      services: true,
    },
  ],
  roundOffMinor: 40,
  totalMinor: 1180100,
};
const creditNote: TallyDocument = {
  ...sale,
  kind: "credit_note",
  id: "cn1",
  number: "CN/26-27/0001",
  date: "2026-04-20",
  rates: [
    { ratePercent: 18, taxableMinor: 100000, cgstMinor: 9000, sgstMinor: 9000, igstMinor: 0, services: true },
  ],
  roundOffMinor: 0,
  totalMinor: 118000,
  original: { number: "INV/26-27/0001", date: "2026-04-15" },
};
const receipt: TallyReceipt = {
  id: "pay1",
  invoiceNumber: "INV/26-27/0001",
  client: sharma,
  date: "2026-04-25",
  amountMinor: 1062100,
  method: "upi",
  reference: "516001238743",
  sequence: 1,
};
const input = (over: Partial<TallyExportInput> = {}): TallyExportInput => ({
  businessId: "7f3c",
  company: { name: "Bahi Demo Traders", gstin: "29AAACG0569P1Z3", stateCode: "29" },
  mapping: tallyMappingSchema.parse({ receiptLedgers: { upi: "HDFC Bank A/c 1234" } }),
  from: "2026-04-01",
  to: "2026-04-30",
  documents: [sale, creditNote],
  receipts: [receipt],
  ...over,
});
const check = (files: { masters: string; vouchers: string }, over: Record<string, unknown> = {}) =>
  validateTallyExport({
    ...files,
    from: "2026-04-01",
    to: "2026-04-30",
    companyGstin: "29AAACG0569P1Z3",
    existingLedgers: ["HDFC Bank A/c 1234", "Cash"],
    ...over,
  });
const errors = (r: ReturnType<typeof check>) => r.problems.filter((p) => p.severity === "E");

/** Each ledger line of the voucher numbered `number`: [ledger, ISDEEMEDPOSITIVE, AMOUNT]. */
function linesOf(xml: string, number: string) {
  const voucher = descendants(parseXml(xml), "VOUCHER").find((v) => textOf(v, "VOUCHERNUMBER") === number)!;
  return voucher.children
    .filter((c) => c.name.endsWith("LEDGERENTRIES.LIST"))
    .map((c) => [textOf(c, "LEDGERNAME"), textOf(c, "ISDEEMEDPOSITIVE"), textOf(c, "AMOUNT")]);
}

describe("Tally export: the research's worked vouchers", () => {
  const built = buildTallyExport(input());

  it("writes the sale, the credit note and the receipt with the worked figures and signs", () => {
    expect(linesOf(built.vouchers, "INV/26-27/0001")).toEqual([
      ["Sharma Enterprises", "Yes", "-11801.00"],
      ["Sales @18%", "No", "10000.50"],
      ["Output CGST", "No", "900.05"],
      ["Output SGST", "No", "900.05"],
      ["Round Off", "No", "0.40"],
    ]);
    expect(linesOf(built.vouchers, "CN/26-27/0001")).toEqual([
      ["Sharma Enterprises", "No", "1180.00"],
      ["Sales @18%", "Yes", "-1000.00"],
      ["Output CGST", "Yes", "-90.00"],
      ["Output SGST", "Yes", "-90.00"],
    ]);
    expect(linesOf(built.vouchers, "INV/26-27/0001/R1")).toEqual([
      ["Sharma Enterprises", "No", "10621.00"],
      ["HDFC Bank A/c 1234", "Yes", "-10621.00"],
    ]);
    expect(built.vouchers).toMatch(
      /<BILLALLOCATIONS.LIST>\s+<NAME>INV\/26-27\/0001<\/NAME>\s+<BILLTYPE>New Ref<\/BILLTYPE>/,
    );
    expect(built.vouchers).toContain('REMOTEID="bahi-7f3c-inv-inv1"');
    expect(built.vouchers).toContain("<GUID>bahi-7f3c-cn-cn1</GUID>");
    expect(built.vouchers).toContain("<INSTRUMENTNUMBER>516001238743</INSTRUMENTNUMBER>");
    expect(built.vouchers).toContain(
      '<GSTREGISTRATION TAXTYPE="GST" TAXREGISTRATION="29AAACG0569P1Z3">Karnataka Registration</GSTREGISTRATION>',
    );
  });

  it("makes the masters the vouchers name, with GST details and Tally's &#4; token, not the bank ledger", () => {
    const names = descendants(parseXml(built.masters), "LEDGER").map((l) => l.attrs.NAME);
    expect(names).toEqual(["Sales @18%", "Output CGST", "Output SGST", "Round Off", "Sharma Enterprises"]);
    expect(built.masters).toContain("<GSTAPPLICABLE>&#4; Applicable</GSTAPPLICABLE>");
    expect(built.masters).toContain("<GSTDUTYHEAD>SGST/UTGST</GSTDUTYHEAD>");
    expect(built.masters).toContain("<INCOMETAXNUMBER>ACEFS6707L</INCOMETAXNUMBER>");
    expect(built.masters.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<ENVELOPE>')).toBe(true);
  });

  it("passes the validator, and its totals are the documents' net figures", () => {
    const result = check(built);
    expect(result.problems).toEqual([]);
    expect(result.totals.taxableMinor).toBe(1000050 - 100000);
    expect(result.totals.cgstMinor).toBe(90005 - 9000);
    expect(result.totals.sgstMinor).toBe(90005 - 9000);
    expect(result.totals.igstMinor).toBe(0);
    expect(result.totals.byType.Receipt).toEqual({ count: 1, cancelled: 0, partyDebitMinor: -1062100 });
  });

  it("is the same file every time (stable REMOTEIDs, order and names)", () => {
    expect(buildTallyExport(input({ documents: [creditNote, sale] }))).toEqual(built);
  });

  it("writes a cancelled invoice as a cancelled voucher without entries", () => {
    const files = buildTallyExport(input({ documents: [{ ...sale, cancelled: true }], receipts: [] }));
    expect(files.vouchers).toContain("<ISCANCELLED>Yes</ISCANCELLED>");
    expect(linesOf(files.vouchers, "INV/26-27/0001")).toEqual([]);
    expect(errors(check(files))).toEqual([]);
    expect(check(files).totals.byType.Sales).toEqual({ count: 0, cancelled: 1, partyDebitMinor: 0 });
  });

  it("escapes names once and keeps them apart from the ledgers' names", () => {
    const odd = { ...client("Shah & Sons <Pvt> \u0007Ltd", "", "Karnataka") };
    const roundOff = client("Round Off", "", "Karnataka");
    const files = buildTallyExport(
      input({
        documents: [
          { ...sale, client: odd, id: "a", number: "A-1" },
          { ...sale, client: roundOff, id: "b", number: "A-2" },
        ],
        receipts: [],
      }),
    );
    expect(files.masters).toContain('NAME="Shah &amp; Sons &lt;Pvt&gt; Ltd"');
    const parties = descendants(parseXml(files.masters), "LEDGER").map((l) => l.attrs.NAME);
    expect(parties).toContain("Shah & Sons <Pvt> Ltd");
    expect(parties).toContain("Round Off (Debtor)");
    expect(errors(check(files))).toEqual([]);
  });

  it("writes the pre-3.0 duty heads and registration type for older releases", () => {
    const b2c = {
      ...sale,
      client: client("Walk-in", "", "Karnataka"),
      rates: [{ ...sale.rates[0]!, cgstMinor: 0, sgstMinor: 0, igstMinor: 180009 }],
      placeOfSupply: "27",
      totalMinor: 1000050 + 180009 + 41,
      roundOffMinor: 41,
    };
    const files = buildTallyExport(
      input({ documents: [b2c], receipts: [], mapping: { ...DEFAULT_TALLY_MAPPING, release: "legacy" } }),
    );
    expect(files.masters).toContain("<GSTDUTYHEAD>Integrated Tax</GSTDUTYHEAD>");
    expect(files.masters).toContain("<GSTREGISTRATIONTYPE>Consumer</GSTREGISTRATIONTYPE>");
    expect(files.masters).not.toContain("LEDGSTREGDETAILS.LIST");
    expect(errors(check(files))).toEqual([]);
  });
});

describe("Tally validator: what it refuses", () => {
  const good = buildTallyExport(input());
  const rules = (files: { masters: string; vouchers: string }, over: Record<string, unknown> = {}) =>
    [...new Set(errors(check(files, over)).map((p) => p.rule))].sort();

  it("an unbalanced voucher (V4) and a sign that disagrees with ISDEEMEDPOSITIVE (V5)", () => {
    const vouchers = good.vouchers.replace("<AMOUNT>0.40</AMOUNT>", "<AMOUNT>0.41</AMOUNT>");
    expect(rules({ ...good, vouchers })).toEqual(["V4"]);
    const flipped = good.vouchers.replace(
      /<ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE>(\s+)<AMOUNT>10000.50/,
      "<ISDEEMEDPOSITIVE>Yes</ISDEEMEDPOSITIVE>$1<AMOUNT>10000.50",
    );
    expect(rules({ ...good, vouchers: flipped })).toEqual(["V5"]);
  });

  it("a ledger missing from the masters (M1), and a bank ledger not declared as existing", () => {
    const masters = good.masters.replace(/<LEDGER NAME="Round Off"[\s\S]*?<\/LEDGER>/, "<LEDGER/>");
    expect(rules({ ...good, masters })).toContain("M1");
    expect(rules(good, { existingLedgers: [] })).toEqual(["M1"]);
  });

  it("double escaping (E4), a .LIST suffix dropped (E3), characters XML refuses and broken XML (E1)", () => {
    expect(
      rules({ ...good, masters: good.masters.replace("&#4; Applicable", "&amp;amp; Applicable") }),
    ).toEqual(["E4"]);
    expect(
      rules({ ...good, vouchers: good.vouchers.replaceAll("LEDGERENTRIES.LIST", "LEDGERENTRIES") }),
    ).toContain("E3");
    expect(rules({ ...good, vouchers: good.vouchers.replace("Bahi invoice", "Bahi \u0001invoice") })).toEqual(
      ["E1"],
    );
    expect(rules({ ...good, vouchers: good.vouchers.replace("</NARRATION>", "") })).toEqual(["E1"]);
    expect(rules({ ...good, vouchers: good.vouchers.replace("Bahi invoice", "Bahi &#1; invoice") })).toEqual([
      "E1",
    ]);
  });

  it("a bill allocation that does not add up (V8), an Agst Ref to no invoice, a repeated REMOTEID (V1)", () => {
    const bills = good.vouchers.replace(
      /<BILLTYPE>New Ref<\/BILLTYPE>(\s+)<AMOUNT>-11801.00/,
      "<BILLTYPE>New Ref</BILLTYPE>$1<AMOUNT>-11800.00",
    );
    expect(rules({ ...good, vouchers: bills })).toEqual(["V8"]);
    const alone = buildTallyExport(input({ documents: [creditNote] }));
    expect(rules(alone)).toEqual(["V8"]);
    expect(rules(alone, { knownBills: ["INV/26-27/0001"] })).toEqual([]);
    expect(rules({ ...good, vouchers: good.vouchers.replaceAll("-cn-cn1", "-inv-inv1") })).toEqual(["V1"]);
  });

  it("a date outside the period (V2), a GST number too long (V3), IGST on an intra-state sale (V9)", () => {
    expect(rules(good, { to: "2026-04-19" })).toEqual(["V2"]);
    const long = buildTallyExport(
      input({ documents: [{ ...sale, number: "INV/2026-27/000001" }], receipts: [] }),
    );
    expect(rules(long)).toEqual(["V3"]);
    const igst = buildTallyExport(
      input({
        documents: [
          { ...sale, rates: [{ ...sale.rates[0]!, cgstMinor: 0, sgstMinor: 0, igstMinor: 180010 }] },
        ],
        receipts: [],
      }),
    );
    expect(rules(igst)).toContain("V9");
  });

  it("a party master whose GSTIN fails its checksum or is of another state (M5)", () => {
    const bad = buildTallyExport(
      input({
        documents: [{ ...sale, client: client("Bad", "37BZNPM9430M1KL", "Andhra Pradesh") }],
        receipts: [],
      }),
    );
    expect(rules(bad)).toEqual(["M5"]);
  });
});

describe("Tally export: item invoices (worked voucher B)", () => {
  const mehta = client("Mehta Industries", "27AAPFU0939F1ZV", "Maharashtra");
  const bracket = {
    name: "Steel Bracket SB-10",
    hsnSac: "73269099",
    uqc: "NOS" as const,
    ratePercent: 18,
    services: false,
    quantity: "10",
    rateMinor: 100000,
    discountPercent: "0",
    taxableMinor: 1000000,
  };
  const itemSale: TallyDocument = {
    ...sale,
    id: "inv2",
    number: "INV/26-27/0002",
    date: "2026-04-16",
    client: mehta,
    placeOfSupply: "27",
    rates: [
      {
        ratePercent: 18,
        taxableMinor: 1000000,
        cgstMinor: 0,
        sgstMinor: 0,
        igstMinor: 180000,
        services: false,
      },
    ],
    lines: [bracket],
    roundOffMinor: 0,
    totalMinor: 1180000,
  };
  // Same name, another HSN and a discount with 1.5 units: a second stock item, named apart.
  const other: TallyDocument = {
    ...itemSale,
    id: "inv3",
    number: "INV/26-27/0003",
    rates: [
      {
        ratePercent: 18,
        taxableMinor: 135000,
        cgstMinor: 0,
        sgstMinor: 0,
        igstMinor: 24300,
        services: false,
      },
    ],
    lines: [
      {
        ...bracket,
        hsnSac: "7326",
        uqc: "KGS",
        quantity: "1.5",
        discountPercent: "10",
        taxableMinor: 135000,
      },
    ],
    totalMinor: 159300,
  };
  // A note made from a typed amount stays an accounting voucher.
  const typedNote: TallyDocument = { ...creditNote, lines: undefined };
  const mapping = tallyMappingSchema.parse({
    voucherMode: "item",
    receiptLedgers: { upi: "HDFC Bank A/c 1234" },
  });
  const built = buildTallyExport(
    input({ mapping, documents: [sale, itemSale, other, typedNote], receipts: [] }),
  );

  it("writes the stock items, units and inventory entries, and the validator passes them", () => {
    expect(errors(check(built))).toEqual([]);
    const voucher = descendants(parseXml(built.vouchers), "VOUCHER").find(
      (v) => textOf(v, "VOUCHERNUMBER") === "INV/26-27/0002",
    )!;
    expect(textOf(voucher, "VCHENTRYMODE")).toBe("Item Invoice");
    expect(linesOf(built.vouchers, "INV/26-27/0002")).toEqual([
      ["Mehta Industries", "Yes", "-11800.00"],
      ["Output IGST", "No", "1800.00"],
    ]);
    const entry = descendants(voucher, "ALLINVENTORYENTRIES.LIST")[0]!;
    expect(
      ["STOCKITEMNAME", "ISDEEMEDPOSITIVE", "RATE", "AMOUNT", "ACTUALQTY", "BILLEDQTY"].map((t) =>
        textOf(entry, t),
      ),
    ).toEqual([
      "Steel Bracket SB-10 (73269099, Nos, 18%)",
      "No",
      "1000.00/Nos",
      "10000.00",
      " 10 Nos",
      " 10 Nos",
    ]);
    const allocation = descendants(entry, "ACCOUNTINGALLOCATIONS.LIST")[0]!;
    expect([textOf(allocation, "LEDGERNAME"), textOf(allocation, "AMOUNT")]).toEqual([
      "Sales @18%",
      "10000.00",
    ]);
    expect(built.masters).toContain('<UNIT NAME="Nos" ACTION="Create">');
    expect(built.masters).toContain('<UNIT NAME="Kgs" ACTION="Create">');
    expect(built.masters).toContain(
      '<STOCKITEM NAME="Steel Bracket SB-10 (7326, Kgs, 18%)" ACTION="Create">',
    );
    expect(built.masters).toContain("<HSNCODE>73269099</HSNCODE>");
    // The sales ledger is still created: the allocations name it.
    expect(built.masters).toContain('<LEDGER NAME="Sales @18%"');
    const cn = descendants(parseXml(built.vouchers), "VOUCHER").find(
      (v) => textOf(v, "VOUCHERNUMBER") === "CN/26-27/0001",
    )!;
    expect(textOf(cn, "VCHENTRYMODE")).toBe("Accounting Invoice");
    expect(descendants(cn, "ALLINVENTORYENTRIES.LIST")).toEqual([]);
  });

  it("catches an item voucher whose quantity, allocation, stock item or unit is wrong", () => {
    const broken = (from: string | RegExp, to: string) =>
      errors(check({ ...built, vouchers: built.vouchers.replace(from, to) })).map((p) => p.rule);
    expect(broken("<ACTUALQTY> 10 Nos</ACTUALQTY>", "<ACTUALQTY> 11 Nos</ACTUALQTY>")).toContain("V12");
    expect(broken("<RATE>1000.00/Nos</RATE>", "<RATE>1000.00/Box</RATE>")).toContain("M1");
    expect(
      broken("<STOCKITEMNAME>Steel Bracket SB-10 (73269099", "<STOCKITEMNAME>Steel Bracket SB-11 (73269099"),
    ).toContain("M1");
    expect(
      broken(
        /(<ACCOUNTINGALLOCATIONS.LIST>\s+<LEDGERNAME>Sales @18%<\/LEDGERNAME>\s+<ISDEEMEDPOSITIVE>No<\/ISDEEMEDPOSITIVE>\s+<AMOUNT>)10000.00/,
        "$110000.01",
      ),
    ).toEqual(expect.arrayContaining(["V12", "V4"]));
    expect(broken("<VCHENTRYMODE>Item Invoice", "<VCHENTRYMODE>Accounting Invoice")).toContain("V6");
  });
});
