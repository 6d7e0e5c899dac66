import { todayInTimeZone } from "./dates";
import { DomainError } from "./errors";
import {
  financialYearMonths,
  financialYearOfIsoDate,
  parseSequentialInvoiceNumber,
  sequentialInvoiceNumber,
  timestampInvoiceNumber,
  validateInvoiceNumber,
} from "./invoice-number";

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
  it("turns over on 1 April", () => {
    expect(financialYearOfIsoDate("2027-03-31")).toBe("2026-27");
    expect(financialYearOfIsoDate("2027-04-01")).toBe("2027-28");
    expect(financialYearOfIsoDate("2026-01-15")).toBe("2025-26");
    expect(financialYearOfIsoDate("2099-06-01")).toBe("2099-00");
  });

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

describe("sequentialInvoiceNumber", () => {
  it("pads to at least four digits", () => {
    expect(sequentialInvoiceNumber("2026-27", 1)).toBe("INV/2026-27/0001");
    expect(sequentialInvoiceNumber("2026-27", 9999)).toBe("INV/2026-27/9999");
    expect(sequentialInvoiceNumber("2026-27", 12345)).toBe("INV/2026-27/12345");
  });

  it("refuses a bad year or sequence", () => {
    expect(() => sequentialInvoiceNumber("2026-28", 1)).toThrow(DomainError);
    expect(() => sequentialInvoiceNumber("2026", 1)).toThrow(DomainError);
    expect(() => sequentialInvoiceNumber("2026-27", 0)).toThrow(DomainError);
    expect(() => sequentialInvoiceNumber("2026-27", 1.5)).toThrow(DomainError);
  });

  it("parses back", () => {
    expect(parseSequentialInvoiceNumber("INV/2026-27/0042")).toEqual({
      financialYear: "2026-27",
      sequence: 42,
    });
    expect(parseSequentialInvoiceNumber("INV/2026-27/12345")?.sequence).toBe(12345);
    expect(parseSequentialInvoiceNumber("INV-01042026-000000")).toBeNull();
    expect(parseSequentialInvoiceNumber("INV/2026-27/0000")).toBeNull();
  });
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
