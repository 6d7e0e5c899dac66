import { isoTimestamp } from "./iso-timestamp";

describe("isoTimestamp", () => {
  it("writes PostgreSQL's UTC text as Date's toISOString does, whatever the digits of the second", () => {
    for (const [text, iso] of [
      ["2026-11-27 11:30:41+00", "2026-11-27T11:30:41.000Z"],
      ["2026-11-27 11:30:41.1+00", "2026-11-27T11:30:41.100Z"],
      ["2026-11-27 11:30:41.12+00", "2026-11-27T11:30:41.120Z"],
      ["2026-11-27 11:30:41.123+00", "2026-11-27T11:30:41.123Z"],
      ["2026-11-27 11:30:41.1234+00", "2026-11-27T11:30:41.123Z"],
      ["2026-11-27 11:30:41.12345+00", "2026-11-27T11:30:41.123Z"],
      ["2026-11-27 11:30:41.999999+00", "2026-11-27T11:30:41.999Z"],
    ]) {
      expect(isoTimestamp(text), text).toBe(iso);
      expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    }
  });

  it("reads text in another zone, and a Date, through Date", () => {
    expect(isoTimestamp("2026-11-27 17:00:41.5+05:30")).toBe("2026-11-27T11:30:41.500Z");
    expect(isoTimestamp(new Date("2026-11-27T11:30:41.250Z"))).toBe("2026-11-27T11:30:41.250Z");
  });
});
