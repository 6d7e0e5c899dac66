// The schema fixture itself: each kind of constraint of the published INV-01 1.1 schema refuses a
// payload that breaks it, and each defect of the published text is handled with its published
// meaning (the fixture's $comment lists them). Payloads start from one valid Bahi e-invoice.
import Ajv from "ajv";
import schema from "../../tests/fixtures/einvoice-inv01-1.1.schema.json";
import { buildEInvoice, type EInvoiceInput, type EInvoicePayload } from "./gst-einvoice";
import { almirahLine, firstB2bInvoice, gstin, puneBuyer, schemaCheck } from "./testing/einvoice";

const check = schemaCheck(new Ajv({ allErrors: true, strict: true }).compile(schema));

const goods = almirahLine({
  unitPriceMinor: 100000,
  grossMinor: 100000,
  taxableMinor: 100000,
  cgstMinor: 9000,
  sgstMinor: 9000,
  totalMinor: 118000,
});

const intraState: EInvoiceInput = {
  ...firstB2bInvoice,
  seller: {
    gstin: gstin("27AAPFU0939F1Z"),
    legalName: "Sharma Traders Private Limited",
    address1: "12, Linking Road",
    location: "Mumbai",
    pin: "400050",
    stateCode: "27",
    phone: "9820012345",
  },
  buyer: puneBuyer,
  lines: [goods, { ...goods, description: "Installation", isService: true, hsnSac: "998729", uqc: "OTH" }],
  values: {
    assessableMinor: 200000,
    cgstMinor: 18000,
    sgstMinor: 18000,
    igstMinor: 0,
    cessMinor: 0,
    discountMinor: 0,
    otherChargesMinor: 0,
    roundOffMinor: 0,
    totalInvoiceMinor: 236000,
  },
};

it("the starting payload is valid", () => {
  expect(check(buildEInvoice(intraState))).toEqual({ valid: true, errors: [] });
});

describe("the schema fixture refuses each kind of broken payload", () => {
  const good = () => structuredClone(buildEInvoice(intraState)) as EInvoicePayload & Record<string, unknown>;
  const refusal = (payload: unknown) => {
    const { valid, errors } = check(payload);
    expect(valid).toBe(false);
    return errors.map((e) => `${e.instancePath} ${e.keyword}`);
  };

  it("a missing required field, at the root and in an item", () => {
    const root = good() as Partial<EInvoicePayload>;
    delete root.ValDtls;
    expect(check(root).errors).toContainEqual(
      expect.objectContaining({ keyword: "required", params: { missingProperty: "ValDtls" } }),
    );
    const item = good() as { ItemList: Partial<EInvoicePayload["ItemList"][number]>[] };
    delete item.ItemList[0].HsnCd;
    expect(refusal(item)).toContain("/ItemList/0 required");
  });

  it("a string too long: a 17-character document number", () => {
    const p = good();
    p.DocDtls.No = "A234567890123456X";
    expect(refusal(p)).toContain("/DocDtls/No maxLength");
  });

  it("patterns: document numbers starting with 0, / or -; a bad GSTIN; HSN 0000 or 5 digits", () => {
    for (const no of ["0123", "/123", "-123"]) {
      const p = good();
      p.DocDtls.No = no;
      expect(refusal(p)).toEqual(["/DocDtls/No pattern"]);
    }
    const g = good();
    g.BuyerDtls.Gstin = "2XAAACR5055K1Z7";
    expect(refusal(g)).toEqual(["/BuyerDtls/Gstin pattern"]);
    for (const hsn of ["0000", "12345"]) {
      const p = good();
      p.ItemList[0].HsnCd = hsn;
      expect(refusal(p)).toEqual(["/ItemList/0/HsnCd pattern"]);
    }
    const d = good();
    d.DocDtls.Dt = "2026-11-05";
    expect(refusal(d)).toEqual(["/DocDtls/Dt pattern"]);
  });

  it("an enum: SupTyp B2C", () => {
    const p = good();
    (p.TranDtls as { SupTyp: string }).SupTyp = "B2C";
    expect(refusal(p)).toEqual(["/TranDtls/SupTyp enum", "/TranDtls/SupTyp pattern"]);
  });

  it("ranges: PIN 99999, round-off 100", () => {
    const p = good();
    p.SellerDtls.Pin = 99999;
    p.ValDtls.RndOffAmt = 100;
    expect(refusal(p)).toEqual(["/SellerDtls/Pin minimum", "/ValDtls/RndOffAmt maximum"]);
  });

  it("types: PIN as a string, an amount as a string", () => {
    const p = good() as unknown as { BuyerDtls: { Pin: unknown }; ValDtls: { AssVal: unknown } };
    p.BuyerDtls.Pin = "411057";
    p.ValDtls.AssVal = "3250.89";
    expect(refusal(p)).toEqual(["/BuyerDtls/Pin type", "/ValDtls/AssVal type"]);
  });

  it("arrays: ItemList must be a list, and every item is checked, not only the first", () => {
    const notList = good() as unknown as { ItemList: unknown };
    notList.ItemList = { SlNo: "1" };
    expect(refusal(notList)).toEqual(["/ItemList type"]);
    const second = good();
    second.ItemList[1].HsnCd = "12";
    expect(refusal(second)).toEqual(["/ItemList/1/HsnCd minLength", "/ItemList/1/HsnCd pattern"]);
  });

  it("keeps the published silences: no decimal limit, no minimum item count", () => {
    // The published text has no multipleOf and no minItems; adding them would invent constraints.
    const p = good();
    p.ValDtls.AssVal = 3250.891;
    p.ItemList = [];
    expect(check(p).valid).toBe(true);
  });
});

describe("the published schema's defects, handled with their published meaning", () => {
  const good = () => structuredClone(buildEInvoice(intraState)) as EInvoicePayload & Record<string, unknown>;
  const props = schema.properties;

  it("(?i) patterns: the rewritten pattern accepts lower case as (?i) did; the enum still refuses it", () => {
    const supTyp = new RegExp(props.TranDtls.properties.SupTyp.pattern, "u");
    const typ = new RegExp(props.DocDtls.properties.Typ.pattern, "u");
    expect(["B2B", "b2b", "SezWop", "DEXP"].every((s) => supTyp.test(s))).toBe(true);
    expect(["B2C", "B2B ", "XB2B"].some((s) => supTyp.test(s))).toBe(false);
    expect(["INV", "crn", "Dbn"].every((s) => typ.test(s))).toBe(true);
    const p = good();
    (p.TranDtls as { SupTyp: string }).SupTyp = "b2b";
    (p.DocDtls as { Typ: string }).Typ = "inv";
    expect(check(p).errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/TranDtls/SupTyp enum",
      "/DocDtls/Typ enum",
    ]);
  });

  it('the "no double quote" pattern refuses a quote and admits a backslash, as Java read ^([^\\"])*$', () => {
    const quoted = good();
    quoted.SellerDtls.LglNm = 'Sharma "Traders"';
    expect(check(quoted).errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/SellerDtls/LglNm pattern",
    ]);
    const slash = good();
    slash.SellerDtls.LglNm = "Sharma \\ Traders";
    expect(check(slash).valid).toBe(true);
  });

  it('"String" and " number" types now check: a phone as a number and a buyer PIN as text are refused', () => {
    const p = good() as unknown as { SellerDtls: { Ph: unknown }; BuyerDtls: { Pin: unknown } };
    p.SellerDtls.Ph = 919820012345;
    p.BuyerDtls.Pin = "411057";
    expect(check(p).errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/SellerDtls/Ph type",
      "/BuyerDtls/Pin type",
    ]);
  });

  it('" InvStDt " and the stray RefDtls required list now bind DocPerdDtls and PrecDocDtls', () => {
    const p = good();
    p.RefDtls = {
      DocPerdDtls: { InvStDt: "01/10/2026" },
      PrecDocDtls: [{ InvNo: "INV/2026-27/0007" }],
    } as never;
    expect(check(p).errors).toEqual([
      expect.objectContaining({
        instancePath: "/RefDtls/DocPerdDtls",
        params: { missingProperty: "InvEndDt" },
      }),
      expect.objectContaining({
        instancePath: "/RefDtls/PrecDocDtls/0",
        params: { missingProperty: "InvDt" },
      }),
    ]);
  });

  it('"AddlDocDtls " with its spaced keys is now a checked list', () => {
    const p = good();
    p.AddlDocDtls = [{ Url: "ab", Info: "Packing list attached" }];
    expect(check(p).errors.map((e) => `${e.instancePath} ${e.keyword}`)).toEqual([
      "/AddlDocDtls/0/Url minLength",
    ]);
  });

  it('patterns keep their quirks: [Y|N] admits "|" where no enum stands beside it (ExpDtls.RefClm)', () => {
    const p = good();
    p.ExpDtls = { RefClm: "|" as "Y" };
    expect(check(p).valid).toBe(true);
  });
});
