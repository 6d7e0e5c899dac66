import type { FastifyBaseLogger } from "fastify";
import type { Metrics } from "../metrics";

type Work = () => Promise<unknown>;

/**
 * Answers whether this process should run this period of a scheduled job: with several processes
 * or instances on one database only one of them gets each period (see db/queries/job-leases.ts).
 */
export type ClaimPeriod = (name: string, everyMs: number) => Promise<boolean>;

/**
 * The background jobs of one server: today timers (payment reconciliation). One run per job at a
 * time; a tick that comes while the job still runs waits as one queued run. Each run is counted
 * in the metrics. A stop lets the runs already started finish and hands the queued ones back:
 * their work is still due in the database, so the next start (or another instance) does it.
 */
export class JobRunner {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly queued = new Set<string>();
  private readonly ticking = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly metrics: Metrics,
    private readonly log: FastifyBaseLogger,
    private readonly claimPeriod?: ClaimPeriod,
  ) {}

  /**
   * Runs `work` every `everyMs` until the runner stops; with a `claimPeriod`, only the periods this
   * process claims, so every process can schedule the same job and it still runs once per period.
   */
  every(name: string, everyMs: number, work: Work): void {
    if (this.stopped) return;
    const timer = setInterval(() => {
      // A claim under way when the runner stops is awaited too: it uses the database.
      const tick = this.tick(name, everyMs, work);
      this.ticking.add(tick);
      void tick.finally(() => this.ticking.delete(tick));
    }, everyMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async tick(name: string, everyMs: number, work: Work): Promise<void> {
    if (this.claimPeriod) {
      try {
        if (!(await this.claimPeriod(name, everyMs))) return;
      } catch (error) {
        // The database is away: this period is skipped here, and the work stays due.
        this.log.warn({ err: error, job: name }, "could not claim a scheduled job's period");
        return;
      }
    }
    await this.run(name, work);
  }

  /** Runs the job now, or queues one run after the current one; answers when that run is over. */
  run(name: string, work: Work): Promise<void> {
    if (this.stopped) return Promise.resolve();
    const current = this.running.get(name);
    if (current) {
      this.queued.add(name);
      this.metrics.jobsQueued.set({ job: name }, 1);
      return current.then(() => this.running.get(name));
    }
    const run = this.execute(name, work).then(() => {
      this.running.delete(name);
      if (!this.queued.delete(name)) return;
      this.metrics.jobsQueued.set({ job: name }, 0);
      return this.run(name, work);
    });
    this.running.set(name, run);
    return run;
  }

  private async execute(name: string, work: Work): Promise<void> {
    this.metrics.jobsRunning.inc({ job: name });
    try {
      const started = performance.now();
      await work();
      this.metrics.jobRuns.inc({ job: name, outcome: "done" });
      this.log.debug({ job: name, ms: Math.round(performance.now() - started) }, "background job done");
    } catch (error) {
      this.metrics.jobRuns.inc({ job: name, outcome: "failed" });
      this.log.error({ err: error, job: name }, "background job failed");
    } finally {
      this.metrics.jobsRunning.dec({ job: name });
    }
  }

  /** No new runs; queued runs are handed back; answers once the runs already started are over. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.clear();
    for (const name of this.queued) {
      this.metrics.jobsQueued.set({ job: name }, 0);
      this.metrics.jobRuns.inc({ job: name, outcome: "handed_back" });
    }
    this.queued.clear();
    await Promise.all(this.ticking);
    await Promise.all(this.running.values());
  }
}
