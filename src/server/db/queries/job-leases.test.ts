import { sql } from "drizzle-orm";
import { describeEachDb, testAppForSuite } from "#server/testing/harness";
import { claimJobPeriod } from "./job-leases";

describeEachDb("scheduled job periods", (kind) => {
  const t = testAppForSuite(kind);

  it("gives each period to one claimant, however many claim at once", async () => {
    const claims = await Promise.all(
      Array.from({ length: 12 }, () => claimJobPeriod(t.database.db, "every-hour", 3_600_000)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The period is taken: nobody gets it again until it is over.
    expect(await claimJobPeriod(t.database.db, "every-hour", 3_600_000)).toBe(false);
    // Another job has periods of its own.
    expect(await claimJobPeriod(t.database.db, "other-job", 3_600_000)).toBe(true);
  });

  it("gives the next period once the current one is over", async () => {
    // A minute's period: the checks below keep their meaning however slow the machine is.
    expect(await claimJobPeriod(t.database.db, "short", 60_000)).toBe(true);
    expect(await claimJobPeriod(t.database.db, "short", 60_000)).toBe(false);
    // A little early counts (a tenth of the period, at most a second): timers fire a few ms early.
    const dueIn = (ms: number) =>
      t.database.db.execute(
        sql`update job_leases set next_run_at = now() + make_interval(secs => ${ms / 1000}) where name = 'short'`,
      );
    await dueIn(30_000);
    expect(await claimJobPeriod(t.database.db, "short", 60_000)).toBe(false);
    await dueIn(500);
    expect(await claimJobPeriod(t.database.db, "short", 60_000)).toBe(true);
    await dueIn(-1000);
    expect(await claimJobPeriod(t.database.db, "short", 60_000)).toBe(true);
  });
});
