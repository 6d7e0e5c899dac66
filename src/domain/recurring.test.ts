import fc from "fast-check";
import { startOfDayInTimeZone, todayInTimeZone } from "./dates";
import { DomainError } from "./errors";
import {
  type DuePeriod,
  describeRule,
  duePeriods,
  invoiceDatesForPeriod,
  isFinished,
  markHandled,
  NEW_RECURRING_STATE,
  nextPeriod,
  pastPeriodsMessage,
  pastPeriodsOnCreate,
  pauseProfile,
  periodDate,
  periodsUntil,
  type RecurrenceEnd,
  type RecurrenceRule,
  type RecurringPause,
  type RecurringSchedule,
  type RecurringState,
  recurringScheduleSchema,
  recurringStateSchema,
  recurringStatus,
  resumeProfile,
  ruleForPreset,
} from "./recurring";

const monthly = ruleForPreset("monthly");
const schedule = (rule: RecurrenceRule, startDate: string, end: RecurrenceEnd = { type: "never" }) => ({
  rule,
  startDate,
  end,
});
const dates = (s: RecurringSchedule, until: string) => periodsUntil(s, until).map((p) => p.date);
const at = (iso: string) => new Date(iso);

/** Runs every due period through markHandled, as the server's job does. */
function handleAll(state: RecurringState, due: DuePeriod[]): RecurringState {
  return due.reduce(markHandled, state);
}

describe("period dates, hand-checked", () => {
  it("keeps the start day each month, or the month's last day when shorter", () => {
    expect(dates(schedule(monthly, "2027-01-31"), "2027-05-31")).toEqual([
      "2027-01-31",
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
    ]);
    expect(periodDate(monthly, "2028-01-31", 1)).toBe("2028-02-29");
    expect(periodDate(monthly, "2026-01-30", 1)).toBe("2026-02-28");
    expect(periodDate(monthly, "2026-01-30", 2)).toBe("2026-03-30");
  });

  it.each<[RecurrenceRule, string, string, string[]]>([
    [
      ruleForPreset("quarterly"),
      "2026-01-31",
      "2026-12-31",
      ["2026-01-31", "2026-04-30", "2026-07-31", "2026-10-31"],
    ],
    [ruleForPreset("half_yearly"), "2026-08-31", "2027-12-31", ["2026-08-31", "2027-02-28", "2027-08-31"]],
    [
      ruleForPreset("yearly"),
      "2028-02-29",
      "2032-12-31",
      ["2028-02-29", "2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"],
    ],
    [
      { unit: "month", every: 2, day: "start" },
      "2026-12-31",
      "2027-06-30",
      ["2026-12-31", "2027-02-28", "2027-04-30", "2027-06-30"],
    ],
    // The last day of each month, the first one in the start month.
    [
      ruleForPreset("monthly_last_day"),
      "2026-01-15",
      "2026-04-30",
      ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"],
    ],
    // The weekday kept every N weeks: 5 Jan 2026 is a Monday.
    [
      ruleForPreset("weekly"),
      "2026-01-05",
      "2026-01-31",
      ["2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26"],
    ],
    [{ unit: "week", every: 2 }, "2025-12-22", "2026-01-31", ["2025-12-22", "2026-01-05", "2026-01-19"]],
  ])("counts each rule's periods from the start date: %o from %s", (rule, start, until, expected) => {
    expect(dates(schedule(rule, start), until)).toEqual(expected);
  });

  it("dates a period of the last-day rule by its index", () => {
    expect(periodDate(ruleForPreset("monthly_last_day"), "2028-01-01", 1)).toBe("2028-02-29");
  });

  it("refuses a bad index or date", () => {
    expect(() => periodDate(monthly, "2026-01-31", -1)).toThrow(DomainError);
    expect(() => periodDate(monthly, "2026-01-31", 1.5)).toThrow(DomainError);
    expect(() => periodDate(monthly, "2026-02-30", 0)).toThrow(DomainError);
  });

  it("names the rules", () => {
    expect(describeRule(ruleForPreset("weekly"))).toBe("Weekly");
    expect(describeRule({ unit: "week", every: 2 })).toBe("Every 2 weeks");
    expect(describeRule(monthly)).toBe("Monthly");
    expect(describeRule(ruleForPreset("monthly_last_day"))).toBe("Monthly on the last day");
    expect(describeRule(ruleForPreset("quarterly"))).toBe("Quarterly");
    expect(describeRule(ruleForPreset("half_yearly"))).toBe("Half-yearly");
    expect(describeRule(ruleForPreset("yearly"))).toBe("Yearly");
    expect(describeRule({ unit: "month", every: 2, day: "last" })).toBe("Every 2 months on the last day");
  });
});

describe("the end of a profile", () => {
  it("includes an end date that is a period date", () => {
    expect(dates(schedule(monthly, "2026-01-31", { type: "on", date: "2026-03-31" }), "2030-01-01")).toEqual([
      "2026-01-31",
      "2026-02-28",
      "2026-03-31",
    ]);
    expect(dates(schedule(monthly, "2026-01-31", { type: "on", date: "2026-03-30" }), "2030-01-01")).toEqual([
      "2026-01-31",
      "2026-02-28",
    ]);
  });

  it('stops "after 3" after three invoices and is then finished', () => {
    const s = schedule(monthly, "2026-01-31", { type: "after", count: 3 });
    const due = duePeriods({ schedule: s, state: NEW_RECURRING_STATE }, at("2027-01-01T00:00:00Z"));
    expect(due.map((p) => [p.date, p.action])).toEqual([
      ["2026-01-31", "create"],
      ["2026-02-28", "create"],
      ["2026-03-31", "create"],
    ]);
    const state = handleAll(NEW_RECURRING_STATE, due);
    expect(state).toEqual({ nextIndex: 3, createdCount: 3, pauses: [] });
    expect(isFinished({ schedule: s, state })).toBe(true);
    expect(recurringStatus({ schedule: s, state })).toBe("finished");
    expect(nextPeriod({ schedule: s, state })).toBeNull();
    expect(duePeriods({ schedule: s, state }, at("2030-01-01T00:00:00Z"))).toEqual([]);
  });

  it('counts only invoices made: a skipped period does not use up "after N"', () => {
    const s = schedule(monthly, "2026-01-31", { type: "after", count: 2 });
    const paused = { pausedAt: at("2026-02-10T00:00:00Z"), resumedAt: at("2026-03-10T00:00:00Z") };
    const state = { ...NEW_RECURRING_STATE, pauses: [paused] };
    const due = duePeriods({ schedule: s, state }, at("2027-01-01T00:00:00Z"));
    expect(due.map((p) => [p.date, p.action])).toEqual([
      ["2026-01-31", "create"],
      ["2026-02-28", "skip"],
      ["2026-03-31", "create"],
    ]);
  });

  it("is finished once the end date has passed", () => {
    const s = schedule(monthly, "2026-01-31", { type: "on", date: "2026-02-28" });
    const due = duePeriods({ schedule: s, state: NEW_RECURRING_STATE }, at("2026-02-10T00:00:00Z"));
    const state = handleAll(NEW_RECURRING_STATE, due);
    expect(nextPeriod({ schedule: s, state })).toEqual({ index: 1, date: "2026-02-28" });
    expect(recurringStatus({ schedule: s, state })).toBe("active");
    const after = handleAll(state, duePeriods({ schedule: s, state }, at("2026-12-01T00:00:00Z")));
    expect(after).toEqual({ nextIndex: 2, createdCount: 2, pauses: [] });
    expect(isFinished({ schedule: s, state: after })).toBe(true);
  });

  it("is never finished without an end", () => {
    const state = { nextIndex: 500, createdCount: 500, pauses: [] };
    expect(isFinished({ schedule: schedule(monthly, "2026-01-31"), state })).toBe(false);
  });
});

describe("due periods", () => {
  it("fall due at midnight in Asia/Kolkata", () => {
    const s = schedule(monthly, "2026-11-01");
    const profile = { schedule: s, state: NEW_RECURRING_STATE };
    // 18:29:59Z on 31 Dec is 23:59:59 IST, still 31 Dec; 18:30Z is 00:00 IST on 1 Jan.
    expect(duePeriods(profile, at("2026-12-31T18:29:59Z")).map((p) => p.date)).toEqual([
      "2026-11-01",
      "2026-12-01",
    ]);
    expect(duePeriods(profile, at("2026-12-31T18:30:00Z")).map((p) => p.date)).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
    ]);
    expect(duePeriods(profile, at("2026-12-31T18:30:00Z"), "UTC")).toHaveLength(2);
    expect(duePeriods(profile, at("2027-01-01T05:00:00Z"), "America/New_York")).toHaveLength(3);
    expect(duePeriods(profile, at("2027-01-01T04:59:59Z"), "America/New_York")).toHaveLength(2);
  });

  it("catches up three months of downtime, once each, in order", () => {
    const s = schedule(monthly, "2026-01-31");
    let state = handleAll(
      NEW_RECURRING_STATE,
      duePeriods({ schedule: s, state: NEW_RECURRING_STATE }, at("2026-03-01T00:00:00Z")),
    );
    expect(state).toEqual({ nextIndex: 2, createdCount: 2, pauses: [] });
    // The server is down from 1 Mar to 1 Jun (IST); March, April and May were missed.
    const due = duePeriods({ schedule: s, state }, at("2026-05-31T19:00:00Z"));
    expect(due).toEqual([
      { index: 2, date: "2026-03-31", action: "create" },
      { index: 3, date: "2026-04-30", action: "create" },
      { index: 4, date: "2026-05-31", action: "create" },
    ]);
    state = handleAll(state, due);
    expect(duePeriods({ schedule: s, state }, at("2026-06-01T00:00:00Z"))).toEqual([]);
    expect(() => markHandled(state, due[0])).toThrow(DomainError);
  });

  it("skips the periods that fall while paused, and does not make them on resume", () => {
    const s = schedule(monthly, "2026-01-31");
    let state = handleAll(
      NEW_RECURRING_STATE,
      duePeriods({ schedule: s, state: NEW_RECURRING_STATE }, at("2026-02-01T00:00:00Z")),
    );
    state = pauseProfile(state, at("2026-02-15T10:00:00Z"));
    expect(recurringStatus({ schedule: s, state })).toBe("paused");
    // 28 Feb and 31 Mar fall while paused: reported as skipped when they fall.
    const whilePaused = duePeriods({ schedule: s, state }, at("2026-04-10T00:00:00Z"));
    expect(whilePaused.map((p) => [p.date, p.action])).toEqual([
      ["2026-02-28", "skip"],
      ["2026-03-31", "skip"],
    ]);
    state = handleAll(state, whilePaused);
    state = resumeProfile(state, at("2026-04-10T00:00:00Z"));
    expect(recurringStatus({ schedule: s, state })).toBe("active");
    expect(duePeriods({ schedule: s, state }, at("2026-04-20T00:00:00Z"))).toEqual([]);
    expect(duePeriods({ schedule: s, state }, at("2026-04-29T18:30:00Z"))).toEqual([
      { index: 3, date: "2026-04-30", action: "create" },
    ]);
    expect(state.createdCount).toBe(1);
  });

  it("compares a pause with the period's midnight in the zone: [pausedAt, resumedAt)", () => {
    const s = schedule(monthly, "2026-01-31");
    const midnight28Feb = startOfDayInTimeZone("2026-02-28", "Asia/Kolkata"); // 2026-02-27T18:30Z
    const state = (pause: RecurringPause) => ({ nextIndex: 1, createdCount: 1, pauses: [pause] });
    const action = (pause: RecurringPause) =>
      duePeriods({ schedule: s, state: state(pause) }, at("2026-03-01T00:00:00Z"))[0].action;
    const before = new Date(midnight28Feb.getTime() - 1);
    const after = new Date(midnight28Feb.getTime() + 1);
    expect(action({ pausedAt: midnight28Feb, resumedAt: after })).toBe("skip");
    expect(action({ pausedAt: before, resumedAt: midnight28Feb })).toBe("create");
    expect(action({ pausedAt: after, resumedAt: null })).toBe("create");
    expect(action({ pausedAt: before, resumedAt: null })).toBe("skip");
  });

  it("makes a period that fell due before a pause even if the server was down then", () => {
    const s = schedule(monthly, "2026-01-31");
    const state = {
      nextIndex: 1,
      createdCount: 1,
      pauses: [{ pausedAt: at("2026-03-05T00:00:00Z"), resumedAt: null }],
    };
    expect(duePeriods({ schedule: s, state }, at("2026-04-05T00:00:00Z")).map((p) => p.action)).toEqual([
      "create", // 28 Feb, due before the pause
      "skip", // 31 Mar
    ]);
  });
});

describe("a start date in the past", () => {
  it("says how many invoices are made at once and their dates", () => {
    const s = schedule(monthly, "2026-08-31");
    const past = pastPeriodsOnCreate(s, at("2026-11-15T06:00:00Z"), "Asia/Kolkata");
    expect(past.count).toBe(3);
    expect(past.dates).toEqual(["2026-08-31", "2026-09-30", "2026-10-31"]);
    expect(past.message).toBe(
      "3 invoices will be created now, dated 31 Aug 2026, 30 Sep 2026 and 31 Oct 2026.",
    );
    expect(pastPeriodsOnCreate(s, at("2026-08-30T00:00:00Z")).message).toBeNull();
    expect(pastPeriodsOnCreate(s, at("2026-08-31T00:00:00Z")).message).toBe(
      "1 invoice will be created now, dated 31 Aug 2026.",
    );
    expect(
      pastPeriodsMessage([
        "2026-01-05",
        "2026-01-12",
        "2026-01-19",
        "2026-01-26",
        "2026-02-02",
        "2026-02-09",
      ]),
    ).toBe("6 invoices will be created now, dated from 5 Jan 2026 to 9 Feb 2026.");
  });
});

describe("invoice dates and validation", () => {
  it("dates an invoice on its period, due dueDays later", () => {
    expect(invoiceDatesForPeriod("2026-01-31", 15)).toEqual({
      invoiceDate: "2026-01-31",
      dueDate: "2026-02-15",
    });
    expect(invoiceDatesForPeriod("2026-01-31", 0)).toEqual({
      invoiceDate: "2026-01-31",
      dueDate: "2026-01-31",
    });
    expect(invoiceDatesForPeriod("2026-01-31", null)).toEqual({ invoiceDate: "2026-01-31", dueDate: null });
    expect(() => invoiceDatesForPeriod("2026-01-31", -1)).toThrow(DomainError);
  });

  it("validates schedules", () => {
    const ok = recurringScheduleSchema.safeParse(
      schedule(monthly, "2026-01-31", { type: "after", count: 12 }),
    );
    expect(ok.success).toBe(true);
    const bad = (value: unknown) => recurringScheduleSchema.safeParse(value).success;
    expect(bad(schedule({ unit: "week", every: 0 }, "2026-01-31"))).toBe(false);
    expect(bad(schedule({ unit: "day", every: 1 } as never, "2026-01-31"))).toBe(false);
    expect(bad(schedule(monthly, "2026-02-30"))).toBe(false);
    expect(bad(schedule(monthly, "2026-01-31", { type: "after", count: 0 }))).toBe(false);
    expect(bad(schedule(monthly, "2026-01-31", { type: "on", date: "2026-01-31" }))).toBe(true);
    const early = recurringScheduleSchema.safeParse(
      schedule(ruleForPreset("monthly_last_day"), "2026-01-15", { type: "on", date: "2026-01-20" }),
    );
    expect(early.success).toBe(false);
    expect(early.error?.issues[0]).toMatchObject({
      path: ["end", "date"],
      message: "The end date cannot be before the first invoice date (31 Jan 2026).",
    });
  });

  it("reads a stored state and refuses pauses out of order", () => {
    const parsed = recurringStateSchema.parse({
      nextIndex: 3,
      createdCount: 2,
      pauses: [{ pausedAt: "2026-02-10T00:00:00Z", resumedAt: "2026-03-10T00:00:00Z" }],
    });
    expect(parsed.pauses[0].pausedAt).toEqual(at("2026-02-10T00:00:00Z"));
    const pauses = (list: unknown[]) =>
      recurringStateSchema.safeParse({ nextIndex: 3, createdCount: 2, pauses: list }).success;
    expect(pauses([{ pausedAt: "2026-02-10T00:00:00Z", resumedAt: "2026-02-01T00:00:00Z" }])).toBe(false);
    expect(
      pauses([
        { pausedAt: "2026-02-10T00:00:00Z", resumedAt: null },
        { pausedAt: "2026-03-10T00:00:00Z", resumedAt: null },
      ]),
    ).toBe(false);
    expect(recurringStateSchema.safeParse({ nextIndex: 1, createdCount: 2, pauses: [] }).success).toBe(false);
  });

  it("pauses and resumes only in turn", () => {
    const paused = pauseProfile(NEW_RECURRING_STATE, at("2026-02-10T00:00:00Z"));
    expect(() => pauseProfile(paused, at("2026-02-11T00:00:00Z"))).toThrow(DomainError);
    expect(() => resumeProfile(NEW_RECURRING_STATE, at("2026-02-11T00:00:00Z"))).toThrow(DomainError);
    expect(() => resumeProfile(paused, at("2026-02-09T00:00:00Z"))).toThrow(DomainError);
    const resumed = resumeProfile(paused, at("2026-02-11T00:00:00Z"));
    expect(() => pauseProfile(resumed, at("2026-02-10T12:00:00Z"))).toThrow(DomainError);
  });
});

// ---- properties ----------------------------------------------------------------------------

const DAY = 86_400_000;

/** Days in a month computed apart from the code under test: the day before the next month's 1st. */
function independentDaysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 1) - DAY).getUTCDate();
}

const startDateArb = fc
  .record({
    year: fc.integer({ min: 2000, max: 2099 }),
    month: fc.integer({ min: 1, max: 12 }),
    // Favour the month ends, where the rules bite.
    day: fc.oneof(fc.integer({ min: 1, max: 31 }), fc.integer({ min: 28, max: 31 })),
  })
  .map(({ year, month, day }) => {
    const d = Math.min(day, independentDaysInMonth(year, month));
    return `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  });

const weekRuleArb = fc.record({ unit: fc.constant("week" as const), every: fc.integer({ min: 1, max: 8 }) });
const monthRuleArb = fc.record({
  unit: fc.constant("month" as const),
  every: fc.integer({ min: 1, max: 24 }),
  day: fc.constantFrom("start" as const, "last" as const),
});
const ruleArb: fc.Arbitrary<RecurrenceRule> = fc.oneof(weekRuleArb, monthRuleArb);

const utcDays = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY;

describe("period dates, properties", () => {
  it("are strictly increasing", () => {
    fc.assert(
      fc.property(ruleArb, startDateArb, fc.integer({ min: 0, max: 400 }), (rule, start, k) => {
        expect(periodDate(rule, start, k) < periodDate(rule, start, k + 1)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it("put period k of a month rule in month start + k·N, on min(start day, days in month)", () => {
    fc.assert(
      fc.property(monthRuleArb, startDateArb, fc.integer({ min: 0, max: 400 }), (rule, start, k) => {
        const [y, m, d] = start.split("-").map(Number);
        const monthCount = y * 12 + (m - 1) + k * rule.every;
        const year = Math.floor(monthCount / 12);
        const month = (monthCount % 12) + 1;
        const length = independentDaysInMonth(year, month);
        const day = rule.day === "last" ? length : Math.min(d, length);
        expect(periodDate(rule, start, k)).toBe(
          `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
        );
      }),
      { numRuns: 3000 },
    );
  });

  it("put week periods exactly 7·N days apart on the start's weekday", () => {
    fc.assert(
      fc.property(weekRuleArb, startDateArb, fc.integer({ min: 0, max: 2000 }), (rule, start, k) => {
        const a = periodDate(rule, start, k);
        const b = periodDate(rule, start, k + 1);
        expect(utcDays(b) - utcDays(a)).toBe(7 * rule.every);
        expect(utcDays(a) - utcDays(start)).toBe(7 * rule.every * k);
        expect(new Date(`${a}T00:00:00Z`).getUTCDay()).toBe(new Date(`${start}T00:00:00Z`).getUTCDay());
      }),
      { numRuns: 3000 },
    );
  });

  it("never pass an end date, and include it when it is a period date", () => {
    fc.assert(
      fc.property(
        ruleArb,
        startDateArb,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 40 }),
        fc.boolean(),
        (rule, start, j, extraDays, onPeriod) => {
          const endDate = onPeriod
            ? periodDate(rule, start, j)
            : new Date((utcDays(periodDate(rule, start, 0)) + j * 9 + extraDays) * DAY)
                .toISOString()
                .slice(0, 10);
          const s = schedule(rule, start, { type: "on", date: endDate });
          const list = periodsUntil(s, "9999-12-31");
          expect(list.length).toBeGreaterThan(0);
          expect(list.every((p) => p.date <= endDate)).toBe(true);
          expect(periodDate(rule, start, list.length) > endDate).toBe(true);
          if (onPeriod) expect(list.at(-1)?.date).toBe(endDate);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('give exactly N invoices "after N"', () => {
    fc.assert(
      fc.property(ruleArb, startDateArb, fc.integer({ min: 1, max: 40 }), (rule, start, n) => {
        const s = schedule(rule, start, { type: "after", count: n });
        expect(periodsUntil(s, "9999-12-31")).toHaveLength(n);
        const due = duePeriods({ schedule: s, state: NEW_RECURRING_STATE }, at("2200-01-01T00:00:00Z"));
        expect(due.filter((p) => p.action === "create")).toHaveLength(n);
        expect(isFinished({ schedule: s, state: handleAll(NEW_RECURRING_STATE, due) })).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("the runner, properties", () => {
  const zones = ["Asia/Kolkata", "UTC", "America/New_York", "Europe/London"];
  const HOUR = 3_600_000;

  /** The expected history at `end`, worked out period by period from the final pauses. */
  function expectedHistory(s: RecurringSchedule, pauses: RecurringPause[], end: Date, tz: string) {
    const today = todayInTimeZone(end, tz);
    const history: { index: number; date: string; action: "create" | "skip" }[] = [];
    let created = 0;
    for (let index = 0; ; index++) {
      if (s.end.type === "after" && created >= s.end.count) break;
      const date = periodDate(s.rule, s.startDate, index);
      if (date > today || (s.end.type === "on" && date > s.end.date)) break;
      const dueAt = startOfDayInTimeZone(date, tz).getTime();
      const paused = pauses.some(
        (p) => p.pausedAt.getTime() <= dueAt && (p.resumedAt === null || dueAt < p.resumedAt.getTime()),
      );
      history.push({ index, date, action: paused ? "skip" : "create" });
      if (!paused) created++;
    }
    return history;
  }

  it("handles each due period exactly once, in order, whatever instants it runs at", () => {
    fc.assert(
      fc.property(
        ruleArb,
        startDateArb,
        fc.oneof(
          fc.constant({ type: "never" } as RecurrenceEnd),
          fc.integer({ min: 1, max: 12 }).map((count): RecurrenceEnd => ({ type: "after", count })),
          fc.integer({ min: 0, max: 500 }).map((days): RecurrenceEnd => ({ type: "on", date: `+${days}` })),
        ),
        fc.constantFrom(...zones),
        // Run times and pause/resume times, in hours after the start date's midnight (UTC).
        fc.array(fc.integer({ min: -24 * 20, max: 24 * 500 }), { minLength: 1, maxLength: 25 }),
        fc.array(fc.integer({ min: -24 * 20, max: 24 * 500 }), { maxLength: 6 }),
        (rule, start, endChoice, tz, runHours, pauseHours) => {
          const base = Date.parse(`${start}T00:00:00Z`);
          const first = periodDate(rule, start, 0);
          const end: RecurrenceEnd =
            endChoice.type === "on"
              ? {
                  type: "on",
                  date: new Date((utcDays(first) + Number(endChoice.date.slice(1))) * DAY)
                    .toISOString()
                    .slice(0, 10),
                }
              : endChoice;
          const s = schedule(rule, start, end);
          // Pause, resume, pause, ... at sorted distinct instants; the last pause may stay open.
          const toggles = [...new Set(pauseHours)]
            .sort((a, b) => a - b)
            .map((h) => new Date(base + h * HOUR + 1234));
          const pauses: RecurringPause[] = [];
          for (let i = 0; i < toggles.length; i += 2) {
            pauses.push({ pausedAt: toggles[i], resumedAt: toggles[i + 1] ?? null });
          }
          /** The pauses as the server knew them at `t`: a resume not yet made is still open. */
          const knownAt = (t: Date) =>
            pauses
              .filter((p) => p.pausedAt <= t)
              .map((p) => ({
                pausedAt: p.pausedAt,
                resumedAt: p.resumedAt && p.resumedAt <= t ? p.resumedAt : null,
              }));

          const runs = [...runHours].sort((a, b) => a - b).map((h) => new Date(base + h * HOUR));
          let state: RecurringState = NEW_RECURRING_STATE;
          const handled: DuePeriod[] = [];
          for (const now of runs) {
            state = { ...state, pauses: knownAt(now) };
            for (const period of duePeriods({ schedule: s, state }, now, tz)) {
              state = markHandled(state, period);
              handled.push(period);
            }
          }
          const last = runs.at(-1)!;
          expect(handled).toEqual(expectedHistory(s, knownAt(last), last, tz));
          expect(handled.map((p) => p.index)).toEqual(handled.map((_, i) => i));
          for (const p of handled) {
            const dueAt = startOfDayInTimeZone(p.date, tz);
            const inPause = pauses.some(
              (x) => x.pausedAt <= dueAt && (x.resumedAt === null || dueAt < x.resumedAt),
            );
            expect(p.action).toBe(inPause ? "skip" : "create");
          }
          expect(state.createdCount).toBe(handled.filter((p) => p.action === "create").length);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
