// Bahi's e-invoice JSON for each kind of supply, checked value by value and against
// tests/fixtures/einvoice-inv01-1.1.schema.json (a well-formed rendering of NIC's INV-01 1.1 schema;
// its $comment names the source and every departure). The fixture's own refusals: gst-einvoice-schema.test.ts.
import Ajv from "ajv";
import schema from "../../tests/fixtures/einvoice-inv01-1.1.schema.json";
import { buildEInvoice, type EInvoiceInput } from "./gst-einvoice";
import { almirahLine, BUYER_MH, firstB2bInvoice, gstin, puneBuyer, schemaCheck } from "./testing/einvoice";

const check = schemaCheck(new Ajv({ allErrors: true, strict: true }).compile(schema));

const SELLER_MH = gstin("27AAPFU0939F1Z");
const BUYER_KA = gstin("29AABCT1332L1Z");
const SELLER_CH = gstin("04AAACC1206D1Z");
const BUYER_CH = gstin("04AABCT1332L1Z");

const seller = {
  gstin: SELLER_MH,
  legalName: "Sharma Traders Private Limited",
  tradeName: "Sharma Traders",
  address1: "12, Linking Road",
  address2: "Bandra West",
  location: "Mumbai",
  pin: "400050",
  stateCode: "27",
  phone: "+91 98200 12345",
  email: "accounts@sharma.example",
};

const zeroValues = { cessMinor: 0, discountMinor: 0, otherChargesMinor: 0, roundOffMinor: 0 };

/** Mumbai to Pune: CGST + SGST. 2 x 1,250.50 less 10 %, and a service at 999.99; rounded off by -0.05. */
const intraState: EInvoiceInput = {
  ...firstB2bInvoice,
  seller,
  buyer: puneBuyer,
  lines: [
    almirahLine({
      quantity: "2",
      unitPriceMinor: 125050,
      grossMinor: 250100,
      discountMinor: 25010,
      taxableMinor: 225090,
      cgstMinor: 20258,
      sgstMinor: 20258,
      totalMinor: 265606,
    }),
    almirahLine({
      description: "Installation",
      isService: true,
      hsnSac: "998729",
      uqc: "OTH",
      unitPriceMinor: 99999,
      grossMinor: 99999,
      taxableMinor: 99999,
      cgstMinor: 9000,
      sgstMinor: 9000,
      totalMinor: 117999,
    }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 325089,
    cgstMinor: 29258,
    sgstMinor: 29258,
    igstMinor: 0,
    roundOffMinor: -5,
    totalInvoiceMinor: 383600,
  },
};

/** Mumbai to Bengaluru: IGST. 0.125 tonne at 1,000.00 at 12 %. */
const interState: EInvoiceInput = {
  ...intraState,
  number: "INV/2026-27/0002",
  buyer: {
    gstin: BUYER_KA,
    legalName: "Karnataka Builders Private Limited",
    tradeName: "KB",
    placeOfSupply: "29",
    address1: "80 Feet Road, Koramangala",
    location: "Bengaluru",
    pin: "560034",
    stateCode: "29",
  },
  lines: [
    almirahLine({
      description: "Steel rods",
      hsnSac: "7214",
      quantity: "0.125",
      uqc: "TON",
      unitPriceMinor: 100000,
      grossMinor: 12500,
      taxableMinor: 12500,
      gstRatePercent: "12",
      igstMinor: 1500,
      totalMinor: 14000,
    }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 12500,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: 1500,
    totalInvoiceMinor: 14000,
  },
};

/** Within Chandigarh, a union territory without legislature: CGST + UTGST, UTGST in SgstAmt. */
const unionTerritory: EInvoiceInput = {
  ...intraState,
  number: "CH-17",
  seller: {
    ...seller,
    gstin: SELLER_CH,
    address1: "SCO 21, Sector 17",
    location: "Chandigarh",
    pin: "160017",
    stateCode: "04",
  },
  buyer: {
    gstin: BUYER_CH,
    legalName: "Tricity Interiors",
    placeOfSupply: "04",
    address1: "Plot 9, Industrial Area Phase 2",
    location: "Chandigarh",
    pin: "160002",
    stateCode: "04",
  },
  lines: [
    almirahLine({
      unitPriceMinor: 1000000,
      grossMinor: 1000000,
      taxableMinor: 1000000,
      cgstMinor: 90000,
      sgstMinor: 90000,
      totalMinor: 1180000,
    }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 1000000,
    cgstMinor: 90000,
    sgstMinor: 90000,
    igstMinor: 0,
    totalInvoiceMinor: 1180000,
  },
};

const exportBuyer = {
  legalName: "Acme Imports Inc",
  placeOfSupply: "96",
  address1: "500 Harbor Blvd",
  location: "Long Beach",
  stateCode: "96",
};

/** Export with payment of IGST: 83,456.78 at 18 %. */
const exportWithPayment: EInvoiceInput = {
  ...intraState,
  number: "EXP/2026-27/001",
  supplyType: "EXPWP",
  buyer: exportBuyer,
  lines: [
    almirahLine({
      unitPriceMinor: 8345678,
      grossMinor: 8345678,
      taxableMinor: 8345678,
      igstMinor: 1502222,
      totalMinor: 9847900,
    }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 8345678,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: 1502222,
    totalInvoiceMinor: 9847900,
  },
  exportDetails: {
    shippingBillNumber: "7654321",
    shippingBillDate: "2026-11-20",
    portCode: "inbom4",
    refundClaimed: true,
    foreignCurrency: "USD",
    countryCode: "US",
  },
};

/** Export under LUT, without payment: IGST 0. */
const exportWithoutPayment: EInvoiceInput = {
  ...exportWithPayment,
  number: "EXP/2026-27/002",
  supplyType: "EXPWOP",
  lines: [
    almirahLine({ unitPriceMinor: 8345678, grossMinor: 8345678, taxableMinor: 8345678, totalMinor: 8345678 }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 8345678,
    cgstMinor: 0,
    sgstMinor: 0,
    igstMinor: 0,
    totalInvoiceMinor: 8345678,
  },
  exportDetails: { refundClaimed: false, foreignCurrency: "usd", countryCode: "" },
};

/** A credit note for part of INV/2026-27/0007: 1 almirah returned. */
const creditNote: EInvoiceInput = {
  ...intraState,
  documentKind: "credit_note",
  number: "CN/2026-27/0001",
  date: "2026-11-25",
  lines: [
    almirahLine({
      unitPriceMinor: 125050,
      grossMinor: 125050,
      taxableMinor: 125050,
      cgstMinor: 11255,
      sgstMinor: 11255,
      totalMinor: 147560,
    }),
  ],
  values: {
    ...zeroValues,
    assessableMinor: 125050,
    cgstMinor: 11255,
    sgstMinor: 11255,
    igstMinor: 0,
    totalInvoiceMinor: 147560,
  },
  precedingInvoice: { number: "INV/2026-27/0007", date: "2026-10-15" },
};

/** Every number in the payload, with its path. */
function numbers(value: unknown, path = ""): [string, number][] {
  if (typeof value === "number") return [[path, value]];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => numbers(v, `${path}/${k}`));
  }
  return [];
}

describe("buildEInvoice: every case validates against the well-formed INV-01 1.1 schema", () => {
  const cases: [string, EInvoiceInput][] = [
    ["intra-state", intraState],
    ["inter-state", interState],
    ["union territory", unionTerritory],
    ["export with payment", exportWithPayment],
    ["export without payment", exportWithoutPayment],
    ["credit note", creditNote],
  ];
  it.each(cases)("%s", (_name, input) => {
    const payload = buildEInvoice(input);
    expect(check(payload)).toEqual({ valid: true, errors: [] });
    // The published schema limits no decimals; the data dictionary's 2 (3 for Qty, UnitPrice, GstRt) is ours to keep.
    for (const [path, n] of numbers(payload)) {
      const places = /(Qty|UnitPrice|GstRt)$/.test(path) ? 3 : 2;
      expect(String(n), path).toMatch(new RegExp(`^-?\\d+(\\.\\d{1,${places}})?$`));
    }
  });

  it("intra-state: dates dd/mm/yyyy, PIN as a number, CGST + SGST to the paisa, round-off negative", () => {
    const p = buildEInvoice(intraState);
    expect(p.Version).toBe("1.1");
    expect(p.TranDtls).toEqual({ TaxSch: "GST", SupTyp: "B2B", RegRev: "N", IgstOnIntra: "N" });
    expect(p.DocDtls).toEqual({ Typ: "INV", No: "INV/2026-27/0001", Dt: "05/11/2026" });
    expect(p.SellerDtls.Pin).toBe(400050);
    expect(p.SellerDtls.Ph).toBe("919820012345");
    expect(p.BuyerDtls).toMatchObject({ Gstin: BUYER_MH, Pos: "27", Stcd: "27", Pin: 411057 });
    expect(p.BuyerDtls).not.toHaveProperty("TrdNm");
    expect(p.BuyerDtls).not.toHaveProperty("Addr2");
    expect(p.ItemList[0]).toMatchObject({
      SlNo: "1",
      Qty: 2,
      Unit: "NOS",
      UnitPrice: 1250.5,
      TotAmt: 2501,
      Discount: 250.1,
      AssAmt: 2250.9,
      GstRt: 18,
      CgstAmt: 202.58,
      SgstAmt: 202.58,
      IgstAmt: 0,
      TotItemVal: 2656.06,
    });
    expect(p.ItemList[1]).toMatchObject({ SlNo: "2", IsServc: "Y", HsnCd: "998729", UnitPrice: 999.99 });
    expect(p.ValDtls).toEqual({
      AssVal: 3250.89,
      CgstVal: 292.58,
      SgstVal: 292.58,
      IgstVal: 0,
      CesVal: 0,
      Discount: 0,
      OthChrg: 0,
      RndOffAmt: -0.05,
      TotInvVal: 3836,
    });
    expect(p).not.toHaveProperty("RefDtls");
    expect(p).not.toHaveProperty("ExpDtls");
  });

  it("inter-state: IGST, Pos 29, quantity to 3 decimals", () => {
    const p = buildEInvoice(interState);
    expect(p.BuyerDtls).toMatchObject({ Pos: "29", Stcd: "29", Pin: 560034 });
    expect(p.BuyerDtls).not.toHaveProperty("TrdNm"); // "KB" is shorter than the schema's 3
    expect(p.ItemList[0]).toMatchObject({
      Qty: 0.125,
      Unit: "TON",
      TotAmt: 125,
      GstRt: 12,
      IgstAmt: 15,
      CgstAmt: 0,
    });
    expect(p.ValDtls).toMatchObject({ IgstVal: 15, CgstVal: 0, SgstVal: 0, TotInvVal: 140 });
  });

  it("union territory without legislature: UTGST travels in SgstAmt and SgstVal", () => {
    const p = buildEInvoice(unionTerritory);
    expect(p.SellerDtls).toMatchObject({ Stcd: "04", Pin: 160017 });
    expect(p.BuyerDtls).toMatchObject({ Pos: "04", Stcd: "04" });
    expect(p.ItemList[0]).toMatchObject({ CgstAmt: 900, SgstAmt: 900, IgstAmt: 0, TotItemVal: 11800 });
    expect(p.ValDtls).toMatchObject({ CgstVal: 900, SgstVal: 900, TotInvVal: 11800 });
  });

  it("export with payment: URP, Pos and state 96, PIN 999999, IGST, export details", () => {
    const p = buildEInvoice(exportWithPayment);
    expect(p.TranDtls.SupTyp).toBe("EXPWP");
    expect(p.BuyerDtls).toMatchObject({ Gstin: "URP", Pos: "96", Stcd: "96", Pin: 999999 });
    expect(p.ItemList[0]).toMatchObject({ AssAmt: 83456.78, IgstAmt: 15022.22, TotItemVal: 98479 });
    expect(p.ExpDtls).toEqual({
      ShipBNo: "7654321",
      ShipBDt: "20/11/2026",
      Port: "INBOM4",
      RefClm: "Y",
      ForCur: "USD",
      CntCode: "US",
    });
  });

  it("export without payment: IGST 0, blank export fields left out", () => {
    const p = buildEInvoice(exportWithoutPayment);
    expect(p.TranDtls.SupTyp).toBe("EXPWOP");
    expect(p.ItemList[0].IgstAmt).toBe(0);
    expect(p.ValDtls).toMatchObject({ IgstVal: 0, TotInvVal: 83456.78 });
    expect(p.ExpDtls).toEqual({ RefClm: "N", ForCur: "USD" });
  });

  it("credit note: CRN with its preceding invoice", () => {
    const p = buildEInvoice(creditNote);
    expect(p.DocDtls).toEqual({ Typ: "CRN", No: "CN/2026-27/0001", Dt: "25/11/2026" });
    expect(p.RefDtls).toEqual({ PrecDocDtls: [{ InvNo: "INV/2026-27/0007", InvDt: "15/10/2026" }] });
    expect(buildEInvoice({ ...creditNote, documentKind: "debit_note" }).DocDtls.Typ).toBe("DBN");
  });

  it("amounts come from paise exactly, where float arithmetic would not", () => {
    // 0.1 + 0.2 style: 1,00,00,000.07 rupees and 0.29 survive as written.
    const p = buildEInvoice({
      ...interState,
      lines: [
        almirahLine({
          unitPriceMinor: 29,
          grossMinor: 29,
          taxableMinor: 29,
          totalMinor: 29,
          gstRatePercent: "0.25",
        }),
      ],
      values: {
        ...zeroValues,
        assessableMinor: 1000000007,
        cgstMinor: 0,
        sgstMinor: 0,
        igstMinor: 0,
        totalInvoiceMinor: 1000000007,
      },
    });
    expect(JSON.stringify(p.ValDtls.AssVal)).toBe("10000000.07");
    expect(JSON.stringify(p.ItemList[0].UnitPrice)).toBe("0.29");
    expect(p.ItemList[0].GstRt).toBe(0.25);
  });

  it("a double quote in a name becomes an apostrophe, which the schema admits", () => {
    const p = buildEInvoice({
      ...intraState,
      buyer: { ...intraState.buyer, legalName: 'The "Best" Stores' },
    });
    expect(p.BuyerDtls.LglNm).toBe("The 'Best' Stores");
    expect(check(p).valid).toBe(true);
  });

  it("refuses input the e-invoice cannot carry, naming the field", () => {
    expect(() => buildEInvoice({ ...intraState, date: "2026-02-30" })).toThrow(/^date:/);
    expect(() => buildEInvoice({ ...intraState, number: "0001" })).toThrow(/^number:/);
    expect(() => buildEInvoice({ ...intraState, seller: { ...seller, pin: "40005" } })).toThrow(
      /^seller\.pin:/,
    );
    expect(() => buildEInvoice({ ...intraState, lines: [almirahLine({ quantity: "1.2345" })] })).toThrow(
      /lines\[0\]\.quantity/,
    );
    expect(() => buildEInvoice({ ...intraState, lines: [almirahLine({ hsnSac: "0000" })] })).toThrow(
      /lines\[0\]\.hsnSac/,
    );
    expect(() => buildEInvoice({ ...intraState, lines: [almirahLine({ grossMinor: 10.5 })] })).toThrow(
      /lines\[0\]\.gross/,
    );
    expect(() =>
      buildEInvoice({ ...intraState, values: { ...intraState.values, roundOffMinor: 10000 } }),
    ).toThrow(/roundOff/);
  });
});
