import fc from "fast-check";
import { todayInTimeZone } from "./dates";
import {
  DOCUMENT_SERIES,
  type DocumentSeries,
  draftNumber,
  financialYearMonths,
  financialYearOfIsoDate,
  formatDocumentNumber,
  GST_DOCUMENT_NUMBER_MAX_LENGTH,
  isDeletable,
  isDraftNumber,
  nextDocumentNumber,
  parseDocumentNumber,
  timestampInvoiceNumber,
  validateInvoiceNumber,
} from "./document-number";
import { DomainError } from "./errors";
import { validateTaxInvoiceNumber } from "./gst-numbers";
import { itMaps } from "./testing/checks";

const IST = "Asia/Kolkata";

describe("timestampInvoiceNumber", () => {
  it("zero-pads day, month and 24 h time", () => {
    expect(timestampInvoiceNumber(new Date("2026-01-05T03:04:05Z"), "UTC")).toBe("INV-05012026-030405");
    expect(timestampInvoiceNumber(new Date("2026-01-05T15:04:05Z"), "UTC")).toBe("INV-05012026-150405");
  });

  it("uses the wall clock of the zone around midnight", () => {
    const lastSecondOfMarchIst = new Date("2026-03-31T18:29:59Z");
    const firstSecondOfAprilIst = new Date("2026-03-31T18:30:00Z");
    expect(timestampInvoiceNumber(lastSecondOfMarchIst, IST)).toBe("INV-31032026-235959");
    expect(timestampInvoiceNumber(firstSecondOfAprilIst, IST)).toBe("INV-01042026-000000");
    expect(timestampInvoiceNumber(firstSecondOfAprilIst, "UTC")).toBe("INV-31032026-183000");
    expect(timestampInvoiceNumber(new Date("2026-04-01T00:00:00Z"), "UTC")).toBe("INV-01042026-000000");
    expect(timestampInvoiceNumber(new Date("2025-12-31T18:30:00Z"), IST)).toBe("INV-01012026-000000");
  });
});

describe("financialYearOfIsoDate", () => {
  itMaps("turns over on 1 April", financialYearOfIsoDate, [
    ["2027-03-31", "2026-27"],
    ["2027-04-01", "2027-28"],
    ["2026-01-15", "2025-26"],
    ["2099-06-01", "2099-00"],
  ]);

  it("follows the day in the given zone when used with todayInTimeZone", () => {
    const at = (iso: string, zone: string) => financialYearOfIsoDate(todayInTimeZone(new Date(iso), zone));
    expect(at("2026-03-31T18:29:59Z", IST)).toBe("2025-26");
    expect(at("2026-03-31T18:30:00Z", IST)).toBe("2026-27");
    expect(at("2026-03-31T23:59:59Z", "UTC")).toBe("2025-26");
    expect(at("2026-04-01T00:00:00Z", "UTC")).toBe("2026-27");
  });
});

describe("financialYearMonths", () => {
  it("runs from April to the next March", () => {
    expect(financialYearMonths("2027-03-31")).toEqual({ first: "2026-04", last: "2027-03" });
    expect(financialYearMonths("2027-04-01")).toEqual({ first: "2027-04", last: "2028-03" });
  });
});

describe("document series", () => {
  it("number every series per financial year, at least four digits", () => {
    expect(formatDocumentNumber("INV", "2026-27", 1)).toBe("INV/2026-27/0001");
    expect(formatDocumentNumber("INV", "2026-27", 9999)).toBe("INV/2026-27/9999");
    expect(formatDocumentNumber("QT", "2099-00", 12345)).toBe("QT/2099-00/12345");
    expect(formatDocumentNumber("CN", "2026-27", 1)).toBe("CN/2026-27/0001");
    expect(formatDocumentNumber("DN", "2026-27", 12)).toBe("DN/2026-27/0012");
    expect(formatDocumentNumber("DC", "2026-27", 3)).toBe("DC/2026-27/0003");
    expect(formatDocumentNumber("PF", "2026-27", 4)).toBe("PF/2026-27/0004");
    expect(nextDocumentNumber("INV", "2026-27", 0)).toBe("INV/2026-27/0001");
    // The financial year of a date: 1 April to 31 March.
    expect(formatDocumentNumber("QT", financialYearOfIsoDate("2027-03-31"), 7)).toBe("QT/2026-27/0007");
    expect(formatDocumentNumber("QT", financialYearOfIsoDate("2027-04-01"), 1)).toBe("QT/2027-28/0001");
    expect(nextDocumentNumber("DC", "2026-27", 41)).toBe("DC/2026-27/0042");
  });

  it("keeps every series within the 16 characters of Rule 46 up to 9999 a year", () => {
    for (const series of DOCUMENT_SERIES) {
      const last = formatDocumentNumber(series, "2026-27", 9999);
      expect(last.length).toBeLessThanOrEqual(GST_DOCUMENT_NUMBER_MAX_LENGTH);
      expect(validateTaxInvoiceNumber(last)).toBeNull();
    }
  });

  it("refuses a bad series, year or sequence", () => {
    expect(() => formatDocumentNumber("cn" as DocumentSeries, "2026-27", 1)).toThrow(DomainError);
    expect(() => formatDocumentNumber("INV", "2026-28", 1)).toThrow(DomainError);
    expect(() => formatDocumentNumber("INV", "2026", 1)).toThrow(DomainError);
    expect(() => formatDocumentNumber("INV", "2026-27", 0)).toThrow(DomainError);
    expect(() => formatDocumentNumber("INV", "2026-27", 1.5)).toThrow(DomainError);
  });

  it("reads its own series back and no other", () => {
    expect(parseDocumentNumber("INV/2026-27/0042", "INV")).toEqual({
      financialYear: "2026-27",
      sequence: 42,
    });
    expect(parseDocumentNumber("INV/2026-27/12345", "INV")?.sequence).toBe(12345);
    expect(parseDocumentNumber("INV-01042026-000000", "INV")).toBeNull();
    expect(parseDocumentNumber("INV/2026-27/0000", "INV")).toBeNull();
    expect(parseDocumentNumber("QT/2026-28/0042", "QT")).toBeNull();
    expect(parseDocumentNumber("QT/2026-27/042", "QT")).toBeNull();
    expect(parseDocumentNumber("QT/2026-27/0042", "INV")).toBeNull();
    expect(parseDocumentNumber("CN/2026-27/0042", "DN")).toBeNull();
    fc.assert(
      fc.property(
        fc.constantFrom(...DOCUMENT_SERIES),
        fc.integer({ min: 2000, max: 2998 }),
        fc.integer({ min: 1, max: 10_000_000 }),
        (series, y, n) => {
          const fy = `${y}-${String((y + 1) % 100).padStart(2, "0")}`;
          expect(parseDocumentNumber(formatDocumentNumber(series, fy, n), series)).toEqual({
            financialYear: fy,
            sequence: n,
          });
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe("draft numbers", () => {
  it("gives a draft a provisional number that no series or typed rule mistakes for a real one", () => {
    const number = draftNumber("1a2b3c4d-0000-4000-8000-000000000000");
    expect(number).toBe("DRAFT-1A2B3C4D");
    expect(isDraftNumber(number)).toBe(true);
    expect(validateInvoiceNumber(number)).toBeNull();
    expect(validateTaxInvoiceNumber(number)).toBeNull();
    for (const series of DOCUMENT_SERIES) expect(parseDocumentNumber(number, series)).toBeNull();
    expect(isDraftNumber("INV/2026-27/0001")).toBe(false);
    expect(isDraftNumber("DRAFT-1")).toBe(false);
  });

  it.each([
    ["draft", "DRAFT-1A2B3C4D", true],
    ["draft", "INV-27112026-083000", true],
    ["draft", "Typed 7", true],
    ["draft", "INV/2026-27/0004", false],
    ["due", "INV-27112026-083000", false],
    ["cancelled", "DRAFT-1A2B3C4D", true],
    ["due", "INV/2026-27/0004", false],
    ["paid", "INV/2026-27/0004", false],
    ["cancelled", "INV/2026-27/0004", false],
  ] as const)(
    "lets only drafts never issued be deleted: none holding a number of the series: %s %s",
    (status, number, deletable) => {
      expect(isDeletable(status, number)).toBe(deletable);
    },
  );
});

describe("validateInvoiceNumber", () => {
  it("accepts both schemes and typed numbers", () => {
    for (const ok of ["INV-01042026-000000", "INV/2026-27/0001", "A", "Bill 12_b.3", "x".repeat(40)]) {
      expect(validateInvoiceNumber(ok)).toBeNull();
    }
  });

  it("explains what is wrong", () => {
    expect(validateInvoiceNumber("")).toBe("Invoice number is required.");
    expect(validateInvoiceNumber("   ")).toBe("Invoice number is required.");
    expect(validateInvoiceNumber("x".repeat(41))).toBe("Invoice number must be at most 40 characters.");
    expect(validateInvoiceNumber("INV#1")).toBe(
      "Invoice number may only use letters, digits, spaces and / - _ .",
    );
    expect(validateInvoiceNumber("INV\n1")).not.toBeNull();
    expect(validateInvoiceNumber(" INV1")).toBe("Invoice number cannot start or end with a space.");
  });
});
