import { describe, expect, it } from "vitest";
import { creditNoteToGstr1Document } from "./credit-note-gstr1";
import { buildNotePage } from "./credit-note-page";
import {
  buildNoteDocument,
  creditApplication,
  creditableMinor,
  creditedQuantities,
  type EarlierNote,
  type NoteChoices,
  noteStockReturns,
} from "./credit-notes";
import { DomainError } from "./errors";
import { formatMoney } from "./format";
import { buildInvoiceDocument, type InvoiceCompany, invoiceInputSchema } from "./invoice";
import { thrown } from "./testing/thrown";
import { isGstTotals } from "./totals";

const company = (gst: boolean): InvoiceCompany => ({
  name: "Acme Traders",
  email: "",
  address: "Bengaluru",
  phone: "",
  gstin: gst ? "29ABCDE1234F1Z5" : "",
  logoImageId: null,
  signatureImageId: null,
  upiQrImageId: null,
  gst: gst
    ? {
        registrationType: "regular",
        gstin: "29ABCDE1234F1Z5",
        legalName: "Acme Traders",
        tradeName: "",
        stateCode: "29",
        turnoverAbove5Crore: false,
      }
    : null,
});

function original(opts: { gst?: boolean; clientGstin?: string; status?: "due" | "paid" | "draft" } = {}) {
  const input = invoiceInputSchema.parse({
    invoiceNumber: "INV/2026-27/0004",
    status: opts.status ?? "due",
    invoiceDate: "2026-11-03",
    currency: "INR",
    client: { name: "Bharat Stores", gstin: opts.clientGstin ?? "", billingAddress: { state: "Tamil Nadu" } },
    items: [
      { id: "a", productId: "p1", name: "Kettle", quantity: "4", rate: "1000", taxPercent: "18" },
      { id: "b", productId: null, name: "Fitting", quantity: "1", rate: "500", taxPercent: "18" },
    ],
  });
  return { ...buildInvoiceDocument(input, company(opts.gst ?? true)), status: input.status };
}

const ref = { invoiceId: "inv1", invoiceNumber: "INV/2026-27/0004", invoiceDate: "2026-11-03" };
const money = (m: number) => formatMoney(m, "INR");
const returnTwo: NoteChoices = {
  kind: "credit",
  noteDate: "2026-11-10",
  reason: "sales_return",
  lines: [{ originalLineId: "a", quantity: "2" }],
};

const problem = (fn: () => unknown) => thrown(DomainError, fn);

describe("buildNoteDocument", () => {
  it("takes the original's split, client and snapshots, with its own number and date", () => {
    const orig = original({ clientGstin: "33AAACB1234C1ZM" });
    const note = buildNoteDocument(orig, ref, returnTwo, "CN/2026-27/0001", [], money);
    expect(note.invoiceNumber).toBe("CN/2026-27/0001");
    expect(note.invoiceDate).toBe("2026-11-10");
    expect(note.client).toEqual(orig.client);
    expect(note.gstDetails?.split).toBe(orig.gstDetails?.split);
    expect(note.gstDetails?.split).toBe("igst");
    expect(isGstTotals(note.totals) && note.totals.igstMinor).toBe(36000);
    expect(note.totals.totalMinor).toBe(236000);
    expect(note.note.originalLineIds).toEqual({ n1: "a" });
  });

  it("makes a retail note for a retail invoice (notes are allowed on any issued invoice)", () => {
    const note = buildNoteDocument(original({ gst: false }), ref, returnTwo, "CN/2026-27/0001", [], money);
    expect(note.gstDetails).toBeUndefined();
    expect(note.totals.totalMinor).toBe(236000);
  });

  it("refuses a draft invoice", () => {
    expect(
      problem(() => buildNoteDocument(original({ status: "draft" }), ref, returnTwo, "CN", [], money)).code,
    ).toBe("credit_note_not_allowed");
  });

  it("refuses more quantity than is left after earlier credit notes", () => {
    const orig = original();
    const first = buildNoteDocument(orig, ref, returnTwo, "CN/2026-27/0001", [], money);
    const earlier: EarlierNote[] = [
      { kind: "credit", status: "issued", totalMinor: 236000, document: first },
    ];
    expect(creditedQuantities(earlier).get("a")).toBe(2000);
    const again = { ...returnTwo, lines: [{ originalLineId: "a", quantity: "3" }] };
    const error = problem(() => buildNoteDocument(orig, ref, again, "CN/2026-27/0002", earlier, money));
    expect(error.fields?.["lines.0.quantity"]).toBe("At most 2 can still be credited on this line.");
    // A cancelled note gives its quantities back.
    const cancelled: EarlierNote[] = [{ ...earlier[0]!, status: "cancelled" }];
    expect(() => buildNoteDocument(orig, ref, again, "CN/2026-27/0002", cancelled, money)).not.toThrow();
  });

  it("refuses a credit above the invoice's total less earlier credit notes", () => {
    const orig = original(); // total 5310.00
    const earlier: EarlierNote[] = [
      { kind: "credit", status: "issued", totalMinor: 500000, document: { items: [] } },
    ];
    expect(creditableMinor(orig.totals.totalMinor, earlier)).toBe(31000);
    const discount: NoteChoices = {
      kind: "credit",
      noteDate: "2026-11-10",
      reason: "post_sale_discount",
      lines: [{ originalLineId: null, name: "Discount", amount: "300", taxPercent: "18" }],
    };
    const error = problem(() => buildNoteDocument(orig, ref, discount, "CN/2026-27/0002", earlier, money));
    expect(error.code).toBe("validation_failed");
    expect(error.message).toBe(
      "This credit note is more than what is left to credit on the invoice (₹310.00).",
    );
  });

  it("lets a debit note go above the original (it adds to what is owed)", () => {
    const debit: NoteChoices = {
      kind: "debit",
      noteDate: "2026-11-10",
      reason: "correction_in_invoice",
      lines: [{ originalLineId: null, name: "Freight missed", amount: "10000", taxPercent: "18" }],
    };
    const note = buildNoteDocument(original(), ref, debit, "DN/2026-27/0001", [], money);
    expect(note.totals.totalMinor).toBe(1180000);
  });

  it("refuses a note dated before the invoice and an unknown line", () => {
    const early = { ...returnTwo, noteDate: "2026-11-01" };
    expect(problem(() => buildNoteDocument(original(), ref, early, "CN", [], money)).field).toBe("noteDate");
    const unknown = { ...returnTwo, lines: [{ originalLineId: "zz", quantity: "1" }] };
    expect(problem(() => buildNoteDocument(original(), ref, unknown, "CN", [], money)).field).toBe(
      "lines.0.originalLineId",
    );
  });
});

describe("noteStockReturns", () => {
  it("puts back product lines of a sales return only", () => {
    const choices: NoteChoices = {
      ...returnTwo,
      lines: [
        { originalLineId: "a", quantity: "1.5" },
        { originalLineId: "b", quantity: "1" },
      ],
    };
    const note = buildNoteDocument(original(), ref, choices, "CN/2026-27/0001", [], money);
    expect([...noteStockReturns(note)]).toEqual([["p1", 1500]]);
    const discount = { ...note, note: { ...note.note, reason: "post_sale_discount" as const } };
    expect(noteStockReturns(discount).size).toBe(0);
    const debit = { ...note, note: { ...note.note, kind: "debit" as const } };
    expect(noteStockReturns(debit).size).toBe(0);
  });
});

describe("creditApplication", () => {
  it("reduces the balance up to what is due; the rest is owed to the client", () => {
    expect(creditApplication(1000, 5000, 0)).toEqual({ appliedMinor: 1000, excessMinor: 0 });
    expect(creditApplication(1000, 5000, 4500)).toEqual({ appliedMinor: 500, excessMinor: 500 });
    expect(creditApplication(1000, 5000, 5000)).toEqual({ appliedMinor: 0, excessMinor: 1000 });
  });
});

describe("buildNotePage", () => {
  it("prints the note's title, number label, original invoice and reason, and asks for no payment", () => {
    const note = buildNoteDocument(original(), ref, returnTwo, "CN/2026-27/0001", [], money);
    const page = buildNotePage(note, { cancelled: false });
    expect(page.title).toBe("CREDIT NOTE");
    expect(page.meta.map((m) => [m.label, m.value])).toEqual([
      ["Credit Note No.", "CN/2026-27/0001"],
      ["Credit Note Date", "10 Nov 2026"],
      ["Original invoice", "INV/2026-27/0004 dated 3 Nov 2026"],
      ["Reason", "Sales return"],
    ]);
    expect(page.payments).toEqual([]);
    expect(page.upi).toBeNull();
    expect(page.mark).toBeNull();
    expect(buildNotePage(note, { cancelled: true }).mark?.text).toBe("CANCELLED");
  });
});

describe("creditNoteToGstr1Document", () => {
  it("hands the builder the note with the original's facts", () => {
    const orig = original({ clientGstin: "33AAACB1234C1ZM" });
    const note = buildNoteDocument(orig, ref, returnTwo, "CN/2026-27/0001", [], money);
    const doc = creditNoteToGstr1Document({ ...note, cancelled: false }, orig);
    expect(doc).toMatchObject({
      kind: "credit_note",
      number: "CN/2026-27/0001",
      date: "2026-11-10",
      recipientGstin: "33AAACB1234C1ZM",
      placeOfSupply: "33",
      supplierStateCode: "29",
      valueMinor: 236000,
      original: {
        number: "INV/2026-27/0004",
        date: "2026-11-03",
        valueMinor: 531000,
        recipientGstin: "33AAACB1234C1ZM",
        placeOfSupply: "33",
        exportType: "none",
      },
    });
    expect(doc?.lines).toEqual([
      expect.objectContaining({ taxableMinor: 200000, igstMinor: 36000, ratePercent: 18, quantity: "2" }),
    ]);
  });

  it("answers null for a retail note", () => {
    const orig = original({ gst: false });
    const note = buildNoteDocument(orig, ref, returnTwo, "CN/2026-27/0001", [], money);
    expect(creditNoteToGstr1Document({ ...note, cancelled: false }, orig)).toBeNull();
  });
});
