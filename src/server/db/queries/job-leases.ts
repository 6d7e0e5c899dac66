import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../client";

/**
 * Claims this period of the scheduled job `name`: answers true, and moves its next run `everyMs`
 * ahead, only when the job is due (a little early counts, for timers that fire a few ms before
 * the period is over). One atomic statement on the database's clock, so with many processes or
 * instances on one database exactly one of them wins each period.
 */
export async function claimJobPeriod(db: Db, name: string, everyMs: number): Promise<boolean> {
  const earlyMs = Math.min(1_000, Math.floor(everyMs / 10));
  const rows = await queryRows<{ name: string }>(
    db,
    sql`
    insert into job_leases (name, next_run_at)
      values (${name}, now() + make_interval(secs => ${everyMs / 1000}))
    on conflict (name) do update set next_run_at = excluded.next_run_at
      where job_leases.next_run_at <= now() + make_interval(secs => ${earlyMs / 1000})
    returning name`,
  );
  return rows.length > 0;
}

/**
 * How many jobs of these queues are unfinished now: taken by a worker (of any process) and not yet
 * settled, or due and not yet taken (a worker's fetch may hold them locked a moment, so another
 * fetch skips them).
 */
export async function countActiveJobs(db: Db, names: string[]): Promise<number> {
  if (names.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from pgboss.job
      where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
        and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
  );
  return rows[0]?.n ?? 0;
}

export interface QueueCounts {
  queue: string;
  /** Due and waiting for a worker. */
  queued: number;
  /** Waiting for their time: a retry's backoff, or a job sent for later. */
  deferred: number;
  active: number;
  /** Kept as failed once their retries were spent (pg-boss keeps them a month). */
  failed: number;
  /** How long the oldest due job has waited for a worker, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

/** pg-boss's jobs of these queues by state, on the database's clock (the metrics read it). */
export async function countJobsByState(db: Db, names: string[]): Promise<QueueCounts[]> {
  if (names.length === 0) return [];
  const rows = await queryRows<Omit<QueueCounts, "queue"> & { name: string }>(
    db,
    sql`select name,
        count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as queued,
        count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
        count(*) filter (where state = 'active')::int as active,
        count(*) filter (where state = 'failed')::int as failed,
        coalesce(extract(epoch from now() - min(start_after)
          filter (where state in ('created', 'retry') and start_after <= now())), 0)::float8
          as "oldestWaitingSeconds"
      from pgboss.job
      where name in (${sql.join(
        names.map((name) => sql`${name}`),
        sql`, `,
      )})
      group by name`,
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  return names.map((queue) => {
    const row = byName.get(queue);
    return {
      queue,
      queued: row?.queued ?? 0,
      deferred: row?.deferred ?? 0,
      active: row?.active ?? 0,
      failed: row?.failed ?? 0,
      oldestWaitingSeconds: Number(row?.oldestWaitingSeconds ?? 0),
    };
  });
}
