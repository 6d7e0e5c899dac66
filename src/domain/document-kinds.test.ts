import { describe, expect, it } from "vitest";
import {
  ALL_PRE_INVOICE_STATUSES,
  canConvertKind,
  canDeleteKind,
  canEditKind,
  canMove,
  DOCUMENT_KINDS,
  holdsStockAs,
  KIND_STATUSES,
  PRE_INVOICE_KINDS,
  type PreInvoiceKind,
} from "./document-kinds";
import {
  financialYearOfIsoDate,
  formatDocumentNumber,
  GST_DOCUMENT_NUMBER_MAX_LENGTH,
  parseDocumentNumber,
} from "./document-number";

describe("document kinds", () => {
  it("every move, conversion and stock hold names a status of its own kind", () => {
    for (const kind of PRE_INVOICE_KINDS) {
      const config = DOCUMENT_KINDS[kind];
      const own = new Set<string>(KIND_STATUSES[kind]);
      for (const [from, tos] of Object.entries(config.moves)) {
        expect(own.has(from), `${kind} ${from}`).toBe(true);
        for (const to of tos ?? []) expect(own.has(to), `${kind} ${from}->${to}`).toBe(true);
      }
      for (const s of [...config.convertsFrom, ...config.holdsStockIn]) expect(own.has(s)).toBe(true);
      expect(config.countsInReceivables).toBe(false);
      expect(config.convertsInto).toBe("invoice");
    }
    expect(ALL_PRE_INVOICE_STATUSES).toEqual(
      expect.arrayContaining(["draft", "sent", "accepted", "issued", "returned", "cancelled", "converted"]),
    );
  });

  it("a challan holds stock only while issued; quotes and proformas never", () => {
    const held = PRE_INVOICE_KINDS.flatMap((kind) =>
      KIND_STATUSES[kind].filter((s) => holdsStockAs(kind, s)).map((s) => `${kind}:${s}`),
    );
    expect(held).toEqual(["challan:issued"]);
  });

  it("a challan is issued, then returned or cancelled, once; never back to draft", () => {
    expect(canMove("challan", "draft", "issued")).toEqual({ ok: true });
    expect(canMove("challan", "issued", "returned")).toEqual({ ok: true });
    expect(canMove("challan", "issued", "cancelled")).toEqual({ ok: true });
    expect(canMove("challan", "draft", "cancelled")).toMatchObject({
      ok: false,
      message: "This delivery challan is draft, so it cannot be marked cancelled.",
    });
    for (const from of ["returned", "cancelled", "converted"] as const)
      for (const to of ["draft", "issued", "returned", "cancelled"] as const)
        expect(canMove("challan", from, to).ok, `${from}->${to}`).toBe(false);
    expect(canMove("proforma", "draft", "sent")).toEqual({ ok: true });
    expect(canMove("proforma", "sent", "draft").ok).toBe(false);
  });

  it("converts, edits and deletes by the kind's rules", () => {
    expect(canConvertKind("challan", "issued")).toEqual({ ok: true });
    expect(canConvertKind("challan", "returned")).toMatchObject({
      ok: false,
      message:
        "A delivery challan can be converted to an invoice only when it is issued; this one is returned.",
    });
    expect(canConvertKind("proforma", "draft")).toEqual({ ok: true });
    expect(canConvertKind("proforma", "converted")).toMatchObject({
      ok: false,
      message: "This proforma invoice has already been converted to an invoice.",
    });
    expect(canEditKind("challan", "draft")).toEqual({ ok: true });
    expect(canEditKind("challan", "issued").ok).toBe(false);
    expect(canEditKind("proforma", "sent")).toEqual({ ok: true });
    expect(canDeleteKind("challan", "issued").ok).toBe(false);
    expect(canDeleteKind("challan", "draft")).toEqual({ ok: true });
    expect(canDeleteKind("proforma", "converted")).toEqual({ ok: true });
  });

  it("numbers each kind in its own series per financial year, within Rule 46's 16 characters", () => {
    const numberFor = (kind: PreInvoiceKind, date: string, sequence: number) =>
      formatDocumentNumber(DOCUMENT_KINDS[kind].series, financialYearOfIsoDate(date), sequence);
    expect(numberFor("challan", "2027-03-31", 1)).toBe("DC/2026-27/0001");
    expect(numberFor("challan", "2027-04-01", 1)).toBe("DC/2027-28/0001");
    expect(numberFor("proforma", "2026-05-01", 42)).toBe("PF/2026-27/0042");
    expect(numberFor("quote", "2026-05-01", 7)).toBe("QT/2026-27/0007");
    expect(numberFor("challan", "2026-05-01", 99_999).length).toBeLessThanOrEqual(
      GST_DOCUMENT_NUMBER_MAX_LENGTH,
    );
    expect(parseDocumentNumber("DC/2026-27/0012", "DC")).toEqual({ financialYear: "2026-27", sequence: 12 });
    expect(parseDocumentNumber("DC/2026-27/0012", "PF")).toBeNull();
    expect(parseDocumentNumber("DC/2026-28/0012", "DC")).toBeNull();
  });
});
