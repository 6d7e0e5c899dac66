import pino from "pino";
import { createMetrics } from "../metrics";
import { JobRunner } from "./runner";

/** A job run that the test finishes when it wants. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

async function value(
  metrics: ReturnType<typeof createMetrics>,
  name: string,
  labels: Record<string, string>,
) {
  const metric = (await metrics.registry.getSingleMetric(name)?.get()) as
    | { values: Array<{ value: number; labels: Record<string, string> }> }
    | undefined;
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}

describe("JobRunner", () => {
  it("runs one at a time, queues one more run, counts outcomes", async () => {
    const metrics = createMetrics();
    const jobs = new JobRunner(metrics, pino({ level: "silent" }));
    const first = gate();
    let runs = 0;
    const work = async () => {
      runs++;
      if (runs === 1) await first.opened;
      if (runs === 2) throw new Error("Razorpay is down");
    };
    const a = jobs.run("reconcile", work);
    const b = jobs.run("reconcile", work);
    jobs.run("reconcile", work); // joins the one queued run
    expect(await value(metrics, "bahi_jobs_running", { job: "reconcile" })).toBe(1);
    expect(await value(metrics, "bahi_jobs_queued", { job: "reconcile" })).toBe(1);
    first.open();
    await a;
    await b;
    expect(runs).toBe(2);
    expect(await value(metrics, "bahi_job_runs_total", { job: "reconcile", outcome: "done" })).toBe(1);
    expect(await value(metrics, "bahi_job_runs_total", { job: "reconcile", outcome: "failed" })).toBe(1);
    expect(await value(metrics, "bahi_jobs_running", { job: "reconcile" })).toBe(0);
    expect(await value(metrics, "bahi_jobs_queued", { job: "reconcile" })).toBe(0);
  });

  it("on stop, lets the started run finish and hands the queued one back", async () => {
    const metrics = createMetrics();
    const jobs = new JobRunner(metrics, pino({ level: "silent" }));
    const first = gate();
    let runs = 0;
    let finished = false;
    const work = async () => {
      runs++;
      await first.opened;
      finished = true;
    };
    void jobs.run("reconcile", work);
    void jobs.run("reconcile", work);
    const stopped = jobs.stop();
    let stopDone = false;
    void stopped.then(() => {
      stopDone = true;
    });
    await Promise.resolve();
    expect(stopDone).toBe(false);
    first.open();
    await stopped;
    expect(finished).toBe(true);
    expect(runs).toBe(1);
    expect(await value(metrics, "bahi_job_runs_total", { job: "reconcile", outcome: "handed_back" })).toBe(1);
    await jobs.run("reconcile", work);
    expect(runs).toBe(1);
  });
});

describe("JobRunner with a claim per period", () => {
  it("runs a scheduled job only in the periods it claims", async () => {
    vi.useFakeTimers();
    try {
      const metrics = createMetrics();
      let claims = 0;
      // Every other period goes to another process.
      const jobs = new JobRunner(metrics, pino({ level: "silent" }), async () => claims++ % 2 === 0);
      let runs = 0;
      jobs.every("tick", 1_000, async () => {
        runs++;
      });
      await vi.advanceTimersByTimeAsync(4_000);
      expect(claims).toBe(4);
      expect(runs).toBe(2);
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("skips the period when the claim fails, and keeps ticking", async () => {
    vi.useFakeTimers();
    try {
      const metrics = createMetrics();
      let calls = 0;
      const jobs = new JobRunner(metrics, pino({ level: "silent" }), async () => {
        calls++;
        if (calls === 1) throw new Error("database unavailable");
        return true;
      });
      let runs = 0;
      jobs.every("tick", 1_000, async () => {
        runs++;
      });
      await vi.advanceTimersByTimeAsync(2_000);
      expect(runs).toBe(1);
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
