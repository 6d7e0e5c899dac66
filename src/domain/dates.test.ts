import fc from "fast-check";
import {
  addDays,
  daysInMonth,
  isValidIsoDate,
  isValidTimeZone,
  startOfDayInTimeZone,
  todayInTimeZone,
  zonedDateTime,
} from "./dates";
import { DomainError } from "./errors";
import { describeYesNoChecks, type YesNoCheck } from "./testing/checks";

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

// Each yes-or-no check: the values it accepts, then the values it refuses.
const checks: YesNoCheck[] = [
  [
    "isValidIsoDate",
    "accepts real calendar dates only",
    isValidIsoDate,
    ["2024-02-29"],
    ["2025-02-29", "2025-13-01", "2025-1-01"],
  ],
  [
    "isValidTimeZone",
    "knows IANA zones",
    isValidTimeZone,
    ["Asia/Kolkata", "UTC", "Europe/London"],
    ["Mars/Base", "", " UTC"],
  ],
];

describeYesNoChecks(checks);

describe("daysInMonth", () => {
  it.each([
    [2026, 1, 31],
    [2026, 2, 28],
    [2028, 2, 29],
    [2100, 2, 28],
    [2000, 2, 29],
    [2026, 4, 30],
    [2026, 12, 31],
  ])("knows short months and leap years: %i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it("refuses a 13th month", () => {
    expect(() => daysInMonth(2026, 13)).toThrow(DomainError);
  });

  it("agrees with the day before the next month's first", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const nextFirst = new Date(0);
        nextFirst.setUTCFullYear(year, month, 1);
        const last = new Date(nextFirst.getTime() - 86_400_000);
        expect(daysInMonth(year, month)).toBe(last.getUTCDate());
      }),
      { numRuns: 2000 },
    );
  });
});

describe("startOfDayInTimeZone", () => {
  it("is midnight on the zone's wall clock", () => {
    expect(startOfDayInTimeZone("2027-01-01", "Asia/Kolkata").toISOString()).toBe("2026-12-31T18:30:00.000Z");
    expect(startOfDayInTimeZone("2027-01-01", "UTC").toISOString()).toBe("2027-01-01T00:00:00.000Z");
    // New York: EST in winter, EDT in summer; the 8 March 2026 change is at 02:00, after midnight.
    expect(startOfDayInTimeZone("2026-01-15", "America/New_York").toISOString()).toBe(
      "2026-01-15T05:00:00.000Z",
    );
    expect(startOfDayInTimeZone("2026-03-08", "America/New_York").toISOString()).toBe(
      "2026-03-08T05:00:00.000Z",
    );
    expect(startOfDayInTimeZone("2026-03-09", "America/New_York").toISOString()).toBe(
      "2026-03-09T04:00:00.000Z",
    );
  });

  it("takes the first instant of the day where a clock change skips midnight", () => {
    // São Paulo's summer time began at midnight on 4 Nov 2018: the day began at 01:00 (-02).
    expect(startOfDayInTimeZone("2018-11-04", "America/Sao_Paulo").toISOString()).toBe(
      "2018-11-04T03:00:00.000Z",
    );
    // Samoa skipped 30 Dec 2011 altogether: it "begins" when 31 Dec does.
    expect(startOfDayInTimeZone("2011-12-30", "Pacific/Apia").toISOString()).toBe("2011-12-30T10:00:00.000Z");
    expect(startOfDayInTimeZone("2011-12-31", "Pacific/Apia").toISOString()).toBe("2011-12-30T10:00:00.000Z");
  });

  it("is the first instant whose date in the zone is that date", () => {
    const zones = [
      "Asia/Kolkata",
      "UTC",
      "America/New_York",
      "Europe/London",
      "Australia/Lord_Howe",
      "America/Sao_Paulo",
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date("1990-01-01T00:00:00Z"),
          max: new Date("2060-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (d, zone) => {
          const date = d.toISOString().slice(0, 10);
          const start = startOfDayInTimeZone(date, zone).getTime();
          expect(todayInTimeZone(new Date(start), zone) >= date).toBe(true);
          expect(todayInTimeZone(new Date(start - 1), zone) < date).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("refuses bad input", () => {
    expect(() => startOfDayInTimeZone("2026-02-30", "UTC")).toThrow(DomainError);
    expect(() => startOfDayInTimeZone("2026-02-03", "Mars/Base")).toThrow(DomainError);
  });
});
