import { describe, expect, it } from "vitest";
import { companySnapshot } from "./company-snapshot";
import { creditNoteToGstr1Document } from "./credit-note-gstr1";
import { buildNoteDocument, noteLineSchema } from "./credit-notes";
import { buildEInvoice } from "./gst-einvoice";
import { eInvoiceInputOfNote } from "./gst-einvoice-input";
import { buildGstr1, gstr1HsnRows } from "./gst-gstr1";
import { buildInvoiceDocument, invoiceInputSchema } from "./invoice";
import { DEFAULT_SETTINGS } from "./settings";
import { almirahSale, SHARMA_GSTIN } from "./testing/gst-sale";

// Issue 32 part 3 (decision 0082): a credit or debit note made from a typed amount carries an
// HSN/SAC and a unit, the invoice's unless the user gives others, so its e-invoice is made and
// GSTR-1's HSN summary has a code (never "hsn_sc": "").

const OURS = SHARMA_GSTIN;

const company = companySnapshot({
  ...DEFAULT_SETTINGS,
  companyName: "Sharma Traders",
  companyAddress: "12, Linking Road\nBandra West\nMumbai 400050\nMaharashtra",
  gstRegistration: {
    type: "regular",
    gstin: OURS,
    legalName: "Sharma Traders Private Limited",
    tradeName: "",
    turnoverAbove5Crore: false,
  },
});

const invoice = {
  ...buildInvoiceDocument(invoiceInputSchema.parse(almirahSale()), company),
  status: "due" as const,
};
const ref = { invoiceId: "i1", invoiceNumber: "INV/2026-27/0001", invoiceDate: "2026-11-05" };

function discountNote(line: Record<string, unknown> = {}) {
  return buildNoteDocument(
    invoice,
    ref,
    {
      kind: "credit",
      noteDate: "2026-11-20",
      reason: "post_sale_discount",
      lines: [
        noteLineSchema.parse({
          originalLineId: null,
          name: "Discount",
          amount: "500",
          taxPercent: "18",
          ...line,
        }),
      ],
    },
    "CN/2026-27/0001",
    [],
    String,
  );
}

describe("a note from a typed amount", () => {
  it("takes the invoice's HSN and unit by default, and makes its e-invoice", () => {
    const note = discountNote();
    expect(note.items[0]).toMatchObject({ hsnSac: "94031090", uqc: "PCS" });
    const input = eInvoiceInputOfNote({
      kind: "credit",
      noteNumber: "CN/2026-27/0001",
      status: "issued",
      noteDate: "2026-11-20",
      currency: "INR",
      document: note,
      original: ref,
    });
    expect(input.ok).toBe(true);
    if (!input.ok) return;
    const payload = buildEInvoice(input.input);
    expect(payload.DocDtls.Typ).toBe("CRN");
    expect(payload.ItemList[0]).toMatchObject({ HsnCd: "94031090", Unit: "PCS" });
  });

  it("reports the code in GSTR-1's HSN summary, with no quantity (a discount moves no goods)", () => {
    const doc = creditNoteToGstr1Document({ ...discountNote(), cancelled: false }, invoice);
    const report = buildGstr1({
      gstin: OURS,
      period: "2026-11",
      registrationType: "regular",
      documents: [doc!],
    });
    expect(gstr1HsnRows(report.hsn)).toEqual([
      expect.objectContaining({ hsn_sc: "94031090", uqc: "PCS", qty: 0, txval: -500 }),
    ]);
  });

  it("takes the HSN/SAC and unit the user gives, and refuses a code that is not 4, 6 or 8 digits", () => {
    expect(discountNote({ hsnSac: "998599", uqc: "oth" }).items[0]).toMatchObject({
      hsnSac: "998599",
      uqc: "OTH",
    });
    expect(
      noteLineSchema.safeParse({ originalLineId: null, name: "X", amount: "1", hsnSac: "12345" }).success,
    ).toBe(false);
  });
});
