import { describe, expect, it } from "vitest";
import {
  activityCutoff,
  actorFilterValue,
  actorLabel,
  describeActivity,
  parseActorFilter,
} from "./activity-log";

describe("activity log words and rules", () => {
  it("reads and writes the actor filter", () => {
    expect(parseActorFilter("system")).toEqual({ kind: "system", id: null });
    expect(parseActorFilter("member:u1")).toEqual({ kind: "member", id: "u1" });
    expect(parseActorFilter("api_key:k:2")).toEqual({ kind: "api_key", id: "k:2" });
    for (const bad of ["", "member:", ":u1", "owner:u1", "nobody"]) expect(parseActorFilter(bad)).toBeNull();
    expect(actorFilterValue({ kind: "member", id: "u1" })).toBe("member:u1");
    expect(actorFilterValue({ kind: "system", id: null })).toBe("system");
  });

  it("keeps a year: the cutoff is the same instant a year before", () => {
    expect(activityCutoff(new Date("2027-11-27T10:00:00Z")).toISOString()).toBe("2026-11-27T10:00:00.000Z");
    // 29 February has no day a year before: the cutoff is 1 March, keeping a little less than a year.
    expect(activityCutoff(new Date("2028-02-29T00:00:00Z")).toISOString()).toBe("2027-03-01T00:00:00.000Z");
  });

  it.each([
    [
      "Status changed: Invoice INV-7 (Due → Paid)",
      "status_changed",
      "invoice",
      "INV-7",
      { from: "due", to: "paid" },
    ],
    ["Data cleared", "data_cleared", "data", "", {}],
    ["Edited: Client Meera Stores", "edited", "client", "Meera Stores", {}],
    ["Data imported: clients CSV", "data_imported", "data", "clients CSV", {}],
    [
      "Role changed: Member Sunil (Staff → Owner)",
      "member_role_changed",
      "member",
      "Sunil",
      { from: "staff", to: "owner" },
    ],
  ] as const)("says what happened: %s", (words, action, recordKind, recordLabel, detail) => {
    expect(describeActivity({ action, recordKind, recordLabel, detail })).toBe(words);
  });

  it("names who did it", () => {
    expect(actorLabel({ kind: "api_key", name: "Tally" })).toBe('API key "Tally"');
    expect(actorLabel({ kind: "member", name: "Asha Rao" })).toBe("Asha Rao");
  });
});
