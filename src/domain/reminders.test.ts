import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { reminderDue, reminderPoints } from "./reminders";

const schedule = { daysBefore: 3, onDueDate: true, everyDaysAfter: 7, maxReminders: 4 };

describe("payment reminders", () => {
  it("sets points before, on and after the due date, at most M of them", () => {
    expect(reminderPoints("2026-12-10", schedule)).toEqual([
      "2026-12-07",
      "2026-12-10",
      "2026-12-17",
      "2026-12-24",
    ]);
    expect(reminderPoints("2026-12-10", { ...schedule, maxReminders: 2 })).toEqual([
      "2026-12-07",
      "2026-12-10",
    ]);
    expect(
      reminderPoints("2026-12-10", { daysBefore: 0, onDueDate: false, everyDaysAfter: 5, maxReminders: 3 }),
    ).toEqual(["2026-12-15", "2026-12-20", "2026-12-25"]);
  });

  it("sends each point once, from the reminder hour, and only the latest one missed", () => {
    const due = (today: string, hour: number, sent: string[]) =>
      reminderDue("2026-12-10", schedule, { today, hour, sent });
    expect(due("2026-12-06", 12, [])).toBeNull();
    expect(due("2026-12-07", 9, [])).toBeNull();
    expect(due("2026-12-07", 10, [])).toBe("2026-12-07");
    expect(due("2026-12-07", 15, ["2026-12-07"])).toBeNull();
    // Down from the 7th to the 18th: the 17th is sent once, the 10th is not sent after it.
    expect(due("2026-12-18", 11, ["2026-12-07"])).toBe("2026-12-17");
    expect(due("2026-12-18", 11, ["2026-12-07", "2026-12-17"])).toBeNull();
    expect(due("2027-01-30", 11, ["2026-12-07", "2026-12-10", "2026-12-17", "2026-12-24"])).toBeNull();
  });

  it("never sends more than M, nor a point twice, whatever days the job runs on", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 6 }),
        (days, max) => {
          const s = { ...schedule, maxReminders: max };
          const sent: string[] = [];
          for (const d of [...days].sort((a, b) => a - b)) {
            const today = new Date(Date.UTC(2026, 11, 1 + d)).toISOString().slice(0, 10);
            const point = reminderDue("2026-12-10", s, { today, hour: 12, sent });
            if (point) sent.push(point);
          }
          expect(sent.length).toBeLessThanOrEqual(max);
          expect(new Set(sent).size).toBe(sent.length);
          expect([...sent].sort()).toEqual(sent);
        },
      ),
    );
  });
});
