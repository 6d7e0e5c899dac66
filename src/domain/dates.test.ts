import { addDays, isValidIsoDate, isValidTimeZone, todayInTimeZone, zonedDateTime } from "./dates";
import { DomainError } from "./errors";

describe("todayInTimeZone", () => {
  it("follows the zone across midnight", () => {
    const beforeMidnightIst = new Date("2026-03-31T18:29:59Z");
    const midnightIst = new Date("2026-03-31T18:30:00Z");
    expect(todayInTimeZone(beforeMidnightIst, "Asia/Kolkata")).toBe("2026-03-31");
    expect(todayInTimeZone(midnightIst, "Asia/Kolkata")).toBe("2026-04-01");
    expect(todayInTimeZone(midnightIst, "UTC")).toBe("2026-03-31");
    expect(todayInTimeZone(new Date("2026-01-01T03:00:00Z"), "America/Los_Angeles")).toBe("2025-12-31");
  });

  it("reads midnight as hour 0", () => {
    expect(zonedDateTime(new Date("2026-04-01T00:00:00Z"), "UTC")).toEqual({
      year: 2026,
      month: 4,
      day: 1,
      hour: 0,
      minute: 0,
      second: 0,
    });
  });

  it("refuses unknown zones and invalid dates", () => {
    expect(() => todayInTimeZone(new Date(), "Mars/Base")).toThrow(DomainError);
    expect(() => todayInTimeZone(new Date("nope"), "UTC")).toThrow(DomainError);
  });
});

describe("addDays", () => {
  it("crosses months, years and leap days", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2025-12-31", 1)).toBe("2026-01-01");
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDays("2025-02-28", 1)).toBe("2025-03-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-05-10", 30)).toBe("2026-06-09");
    expect(addDays("2026-05-10", 0)).toBe("2026-05-10");
  });

  it("refuses bad input", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(DomainError);
    expect(() => addDays("10/05/2026", 1)).toThrow(DomainError);
    expect(() => addDays("2026-05-10", 1.5)).toThrow(DomainError);
  });
});

describe("isValidIsoDate", () => {
  it("accepts real calendar dates only", () => {
    expect(isValidIsoDate("2024-02-29")).toBe(true);
    expect(isValidIsoDate("2025-02-29")).toBe(false);
    expect(isValidIsoDate("2025-13-01")).toBe(false);
    expect(isValidIsoDate("2025-1-01")).toBe(false);
  });
});

describe("isValidTimeZone", () => {
  it("knows IANA zones", () => {
    expect(isValidTimeZone("Asia/Kolkata")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Europe/London")).toBe(true);
    expect(isValidTimeZone("Mars/Base")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
    expect(isValidTimeZone(" UTC")).toBe(false);
  });
});
