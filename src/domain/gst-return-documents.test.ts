import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import schema from "../../tests/fixtures/einvoice-inv01-1.1.schema.json";
import { companySnapshot } from "./company-snapshot";
import { buildEInvoice } from "./gst-einvoice";
import { E_INVOICE_B2C_MESSAGE } from "./gst-einvoice-eligibility";
import { E_INVOICE_INPUT_MESSAGES, eInvoiceInputOfInvoice, parseCompanyAddress } from "./gst-einvoice-input";
import { buildGstr1 } from "./gst-gstr1";
import { GSTR1_SKIP_REASONS, gstr1DocumentOfInvoice, type StoredGstInvoice } from "./gst-return-documents";
import { buildInvoiceDocument, invoiceInputSchema } from "./invoice";
import { DEFAULT_SETTINGS } from "./settings";
import { gstin, schemaCheck } from "./testing/einvoice";
import { ALMIRAH_LINE, almirahSale, RELIABLE_GSTIN, SHARMA_GSTIN } from "./testing/gst-sale";

const OURS = SHARMA_GSTIN;
const BUYER_KA = RELIABLE_GSTIN;

const company = companySnapshot({
  ...DEFAULT_SETTINGS,
  companyName: "Sharma Traders",
  companyAddress: "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra, India",
  companyPhone: "+91 98200 12345",
  gstRegistration: {
    type: "regular",
    gstin: OURS,
    legalName: "Sharma Traders Private Limited",
    tradeName: "Sharma Traders",
    turnoverAbove5Crore: false,
  },
});

function stored(
  over: Record<string, unknown> = {},
  status: StoredGstInvoice["status"] = "due",
): StoredGstInvoice {
  const input = invoiceInputSchema.parse(
    almirahSale({
      status,
      items: [
        ALMIRAH_LINE,
        { id: "b", name: "Fitting service", hsnSac: "998719", quantity: "1", rate: "1000", taxPercent: "12" },
      ],
      ...over,
    }),
  );
  return {
    invoiceNumber: input.invoiceNumber,
    status,
    invoiceDate: input.invoiceDate,
    currency: input.currency,
    document: buildInvoiceDocument(input, company),
  };
}

const check = schemaCheck(new Ajv({ allErrors: true, strict: true }).compile(schema));

describe("gstr1DocumentOfInvoice", () => {
  it("turns a stored tax invoice into a GSTR-1 document, line by line in paise", () => {
    const result = gstr1DocumentOfInvoice(stored(), OURS);
    expect(result.included).toBe(true);
    if (!result.included) return;
    expect(result.document).toMatchObject({
      kind: "invoice",
      number: "INV/2026-27/0001",
      date: "2026-11-05",
      cancelled: false,
      recipientGstin: BUYER_KA,
      recipientName: "Reliable Supplies LLP",
      placeOfSupply: "29",
      supplierStateCode: "27",
      exportType: "none",
      valueMinor: 1_000_000 + 180_000 + 100_000 + 12_000,
    });
    expect(result.document.lines[0]).toMatchObject({
      ratePercent: 18,
      taxableMinor: 1_000_000,
      igstMinor: 180_000,
      uqc: "PCS",
    });
    expect(result.document.lines[1]).toMatchObject({ ratePercent: 12, isService: true, igstMinor: 12_000 });
    const report = buildGstr1({
      gstin: OURS,
      period: "2026-11",
      registrationType: "regular",
      documents: [result.document],
    });
    expect(report.b2b?.[0].ctin).toBe(BUYER_KA);
  });

  it("keeps a cancelled invoice (for the document summary) and leaves drafts, retail and other GSTINs out", () => {
    const cancelled = gstr1DocumentOfInvoice(stored({}, "cancelled"), OURS);
    expect(cancelled.included && cancelled.document.cancelled).toBe(true);
    expect(gstr1DocumentOfInvoice(stored({}, "draft"), OURS)).toEqual({
      included: false,
      reason: GSTR1_SKIP_REASONS.draft,
    });
    expect(gstr1DocumentOfInvoice(stored(), gstin("27AAACR5055K1Z"))).toEqual({
      included: false,
      reason: GSTR1_SKIP_REASONS.otherGstin,
    });
    const retail = stored();
    const { gstDetails: _omit, ...plain } = retail.document;
    expect(
      gstr1DocumentOfInvoice(
        { ...retail, document: { ...plain, company: { ...plain.company, gst: null } } },
        OURS,
      ),
    ).toEqual({
      included: false,
      reason: GSTR1_SKIP_REASONS.retail,
    });
  });
});

describe("gstr1DocumentOfInvoice: a bill of supply (issue 32)", () => {
  it("is included for Table 8, each line with its nil-rated, exempt or non-GST column", () => {
    const bill = stored({
      items: [
        {
          id: "a",
          name: "Potatoes",
          hsnSac: "0701",
          unit: "kg",
          quantity: "10",
          rate: "30",
          taxPercent: "0",
        },
        {
          id: "b",
          name: "Books",
          hsnSac: "4901",
          quantity: "1",
          rate: "200",
          taxPercent: "0",
          gstTreatment: "exempt",
        },
      ],
    });
    expect(bill.document.gstDetails?.documentType).toBe("bill_of_supply");
    const result = gstr1DocumentOfInvoice(bill, OURS);
    expect(result.included).toBe(true);
    if (!result.included) return;
    expect(result.document.billOfSupply).toBe(true);
    expect(result.document.lines.map((l) => [l.hsnSac, l.treatment, l.taxableMinor])).toEqual([
      ["0701", undefined, 30_000],
      ["4901", "exempt", 20_000],
    ]);
    const report = buildGstr1({
      gstin: OURS,
      period: "2026-11",
      registrationType: "regular",
      documents: [result.document],
    });
    expect(report.nil).toEqual({ inv: [{ sply_ty: "INTRB2B", expt_amt: 200, nil_amt: 300, ngsup_amt: 0 }] });
    expect(report.b2b).toBeUndefined();
  });
});

describe("parseCompanyAddress", () => {
  it("finds the PIN, the place before it and the lines above", () => {
    expect(parseCompanyAddress("12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra, India")).toEqual({
      address1: "12, Linking Road",
      address2: "Bandra West",
      location: "Mumbai",
      pin: "400050",
      stateCode: "27",
    });
    expect(parseCompanyAddress("Shop 4, MG Road, Pune - 411 001, Maharashtra")).toMatchObject({
      address1: "Shop 4",
      location: "Pune",
      pin: "411001",
    });
    expect(parseCompanyAddress("Plot 7\nSector 17\nChandigarh\n160017")).toMatchObject({
      location: "Chandigarh",
      pin: "160017",
    });
    expect(parseCompanyAddress("12 Linking Road\nMumbai").pin).toBeNull();
  });
});

describe("eInvoiceInputOfInvoice", () => {
  it("makes a payload the INV-01 1.1 schema accepts for an inter-state B2B invoice", () => {
    const result = eInvoiceInputOfInvoice(stored());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const payload = buildEInvoice(result.input);
    expect(check(payload)).toEqual({ valid: true, errors: [] });
    expect(payload.SellerDtls).toMatchObject({ Gstin: OURS, Loc: "Mumbai", Pin: 400050, Stcd: "27" });
    expect(payload.BuyerDtls).toMatchObject({ Gstin: BUYER_KA, Pos: "29", Stcd: "29", Pin: 560025 });
    expect(payload.ValDtls).toMatchObject({ AssVal: 11000, IgstVal: 1920, TotInvVal: 12920 });
  });

  it("says why instead: B2C, a draft, a missing PIN or HSN", () => {
    expect(eInvoiceInputOfInvoice(stored({ client: { name: "Walk-in buyer" } }))).toEqual({
      ok: false,
      reason: E_INVOICE_B2C_MESSAGE,
    });
    expect(eInvoiceInputOfInvoice(stored({}, "draft"))).toEqual({
      ok: false,
      reason: E_INVOICE_INPUT_MESSAGES.draft,
    });
    const noPin = stored();
    noPin.document = {
      ...noPin.document,
      company: { ...noPin.document.company, address: "12 Linking Road\nMumbai" },
    };
    expect(eInvoiceInputOfInvoice(noPin)).toEqual({ ok: false, reason: E_INVOICE_INPUT_MESSAGES.companyPin });
    const noHsn = stored({
      items: [{ id: "a", name: "Almirah", quantity: "1", rate: "10", taxPercent: "18" }],
    });
    expect(eInvoiceInputOfInvoice(noHsn)).toEqual({ ok: false, reason: E_INVOICE_INPUT_MESSAGES.hsn(1) });
  });
});
