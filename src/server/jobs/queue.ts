import type { FastifyBaseLogger } from "fastify";
import type { JobWithMetadata, PgBoss } from "pg-boss";
import { asSystem } from "../activity-actor";
import type { Database, Db } from "../db/client";
import { countActiveJobs, countJobsByState, type QueueCounts } from "../db/queries/job-leases";
import { jobsInTransaction } from "../db/queries/jobs-in-transaction";
import type { Metrics } from "../metrics";
import type { JobRunner } from "./runner";

// Background work as jobs on pg-boss (docs/decisions/0032-job-queue.md): on PostgreSQL with its
// own small pool, on the embedded PGlite through its one client (pg-boss's "pglite" backend), the
// same code either way. A job is kept in the database from the moment it is sent, taken by one
// worker of one server at a time, retried with exponential backoff when its handler throws, and
// kept as failed (and logged) once its retries are spent.

export interface JobDefinition<T> {
  name: string;
  run: (data: T) => Promise<void>;
  /** Attempts after the first one (a mail: 6, about four minutes of backoff in all). */
  retryLimit: number;
  /** The first retry's delay in seconds; each one after doubles it (with jitter) unless `backoff` is false. */
  retryDelaySeconds: number;
  backoff?: boolean;
  /** The longest delay between two attempts with backoff, in seconds (an hour unless set). */
  maxDelaySeconds?: number;
  /** Called once when the last attempt has failed too (give a credit back, free a claim). */
  onGiveUp?: (data: T, error: Error) => Promise<void>;
}

export interface JobQueueOptions {
  database: Database;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** How often an idle worker looks for new jobs (pg-boss polls; 0.5 s at the least). */
  pollSeconds?: number;
  /** Ticks the scheduled jobs: each period claimed by one process on the database queues one run. */
  runner: JobRunner;
}

// biome-ignore lint/suspicious/noExplicitAny: definitions of every job's own data type
type AnyDefinition = JobDefinition<any>;

export class JobQueue {
  private readonly definitions = new Map<string, AnyDefinition>();
  private readonly schedules = new Map<string, number>();
  private started: Promise<PgBoss> | null = null;
  /** Batches the workers are running now, so `drain` waits for them too. */
  private readonly inFlight = new Set<Promise<void>>();
  private stopping = false;

  constructor(private readonly opts: JobQueueOptions) {}

  /** Declares a kind of job; call before start. */
  define<T>(definition: JobDefinition<T>): void {
    this.definitions.set(definition.name, definition);
  }

  /**
   * A job that runs every `everyMs` (reminders, reconciliation): each period one process queues
   * one run (JobRunner's claim), and one worker runs it. A failed run is not retried: the next
   * period does the same work again.
   */
  every(name: string, everyMs: number, run: () => Promise<unknown>): void {
    this.define({ name, retryLimit: 0, retryDelaySeconds: 1, run: async () => void (await run()) });
    this.schedules.set(name, everyMs);
  }

  /** Queues one run of every scheduled job now, then runs every job due (POST /api/test/run-jobs). */
  async runScheduledNow(): Promise<number> {
    for (const name of this.schedules.keys()) await this.send(name, {}, { singletonKey: name });
    return this.drain();
  }

  /** Installs or upgrades pg-boss's tables (once per database, under its lock) and starts the workers. */
  start(): Promise<PgBoss> {
    this.started ??= this.boot();
    return this.started;
  }

  private async boot(): Promise<PgBoss> {
    const { database, log } = this.opts;
    const access = database.queueAccess;
    // Loaded when the queue starts (after the server listens), not with the server: ~70 ms.
    const { PgBoss, fromPglite } = await import("pg-boss");
    const boss = new PgBoss({
      ...("pglite" in access ? { db: fromPglite(access.pglite) } : { connectionString: access.url, max: 3 }),
      backend: database.kind,
      schedule: false,
      registerInstance: false,
    });
    boss.on("error", (error) => log.warn({ err: error }, "job queue error"));
    await boss.start();
    for (const definition of this.definitions.values()) {
      await boss.createQueue(definition.name, {
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        ...(definition.backoff === false
          ? { retryBackoff: false }
          : { retryBackoff: true, retryDelayMax: definition.maxDelaySeconds ?? 3_600 }),
        // Failed jobs stay a month for a person to look at; done ones a week.
        deleteAfterSeconds: 7 * 24 * 3_600,
        retentionSeconds: 30 * 24 * 3_600,
      });
      // Up to 10 jobs a fetch, fetched again at once while batches come back full; each job is
      // settled on its own, so one failure retries that job alone.
      await boss.work<
        unknown,
        unknown,
        {
          includeMetadata: true;
          batchSize: number;
          burstWhenBatchFull: boolean;
          pollingIntervalSeconds: number;
        }
      >(
        definition.name,
        {
          includeMetadata: true,
          batchSize: 10,
          burstWhenBatchFull: true,
          pollingIntervalSeconds: this.opts.pollSeconds ?? 2,
        },
        (jobs) => this.track(this.settle(boss, definition, jobs)),
      );
    }
    for (const [name, everyMs] of this.schedules) {
      this.opts.runner.every(name, everyMs, () => this.send(name, {}, { singletonKey: name }));
    }
    return boss;
  }

  /**
   * Queues a job; with `singletonKey`, not while another job with that key is still waiting. With
   * `tx`, in that open transaction (kept only if it commits): the queue must have started before
   * the transaction began (`start()`), since PGlite runs one transaction at a time.
   */
  async send<T extends object>(
    name: string,
    data: T,
    options: { singletonKey?: string; tx?: Db } = {},
  ): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name}`);
    if (options.tx && !this.started) throw new Error("Start the job queue before the transaction.");
    const boss = await this.start();
    const inTx = options.tx ? { db: await jobsInTransaction(options.tx) } : {};
    await boss.send(name, data, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...inTx,
    });
  }

  /**
   * Runs every job that is due now, here, until none is left (retries whose backoff has not
   * passed stay for later); answers how many ran. For POST /api/test/run-jobs, tests and the bench.
   */
  async drain(): Promise<number> {
    const boss = await this.start();
    const deadline = Date.now() + 10_000;
    let ran = 0;
    for (;;) {
      let round = 0;
      for (const definition of this.definitions.values()) {
        const jobs = await boss.fetch<unknown>(definition.name, { batchSize: 20, includeMetadata: true });
        round += jobs.length;
        await this.settle(boss, definition, jobs);
      }
      ran += round;
      if (round > 0) continue;
      // A worker may have taken a job just before this fetch: wait for it (its job may queue more).
      if (this.inFlight.size > 0) {
        await Promise.allSettled([...this.inFlight]);
        continue;
      }
      // Taken but not yet handed to this process's handler (or taken by another server's worker,
      // or locked by a worker's fetch so this one skipped it): wait until none is left, at most 10 s.
      const names = [...this.definitions.keys()];
      if ((await countActiveJobs(this.opts.database.db, names)) === 0) return ran;
      if (Date.now() > deadline) return ran;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  private track(batch: Promise<void>): Promise<void> {
    this.inFlight.add(batch);
    return batch.finally(() => this.inFlight.delete(batch));
  }

  /** Runs each job and marks it done, or failed (pg-boss retries it or keeps it as failed). */
  private async settle(boss: PgBoss, definition: AnyDefinition, jobs: JobWithMetadata<unknown>[]) {
    for (const job of jobs) {
      try {
        await this.attempt(definition, job);
        await boss.complete(definition.name, job);
      } catch (error) {
        await boss.fail(definition.name, job, { message: (error as Error).message });
      }
    }
  }

  /** One attempt; a throw is a failed attempt (retried by pg-boss, or given up after the last). */
  private async attempt(definition: AnyDefinition, job: JobWithMetadata<unknown>): Promise<void> {
    const { metrics, log } = this.opts;
    metrics.jobsRunning.inc({ job: definition.name });
    try {
      // A job acts as the system in the activity log, whatever request started the workers.
      await asSystem(() => definition.run(job.data));
      metrics.jobRuns.inc({ job: definition.name, outcome: "done" });
    } catch (error) {
      metrics.jobRuns.inc({ job: definition.name, outcome: "failed" });
      const last = job.retryCount >= job.retryLimit;
      if (last) {
        log.error(
          { err: error, job: definition.name, jobId: job.id, attempts: job.retryCount + 1 },
          "job failed for good: kept as failed in pgboss.job",
        );
        await definition
          .onGiveUp?.(job.data, error as Error)
          .catch((giveUpError) =>
            log.error({ err: giveUpError, job: definition.name, jobId: job.id }, "job's give-up step failed"),
          );
      } else {
        log.warn(
          { err: error, job: definition.name, jobId: job.id, attempt: job.retryCount + 1 },
          "job attempt failed: it will be retried",
        );
      }
      throw error;
    } finally {
      metrics.jobsRunning.dec({ job: definition.name });
    }
  }

  /**
   * Every queue's jobs by state, for the metrics; none before pg-boss has made its tables here
   * (the first start installs them once the server listens).
   */
  async stats(): Promise<QueueCounts[]> {
    if (!this.started) return [];
    await this.started;
    return countJobsByState(this.opts.database.db, [...this.definitions.keys()]);
  }

  /** Stops the workers, letting the jobs under way finish (up to `timeoutMs`). */
  async stop(timeoutMs = 10_000): Promise<void> {
    if (this.stopping || !this.started) return;
    this.stopping = true;
    const boss = await this.started.catch(() => null);
    await boss?.stop({ graceful: true, timeout: timeoutMs });
  }
}
