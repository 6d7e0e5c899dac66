import cluster from "node:cluster";
import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AggregatorRegistry, Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { NewestBackup } from "./backup/newest";
import { reportToPrimary } from "./cluster-metrics";
import type { PoolStats } from "./db/client";
import type { QueueCounts } from "./db/queries/job-leases";
import type { PdfPoolStats } from "./pdf/pool";

/** What the gauges read when /metrics is scraped. */
export interface MetricSources {
  pdf?: () => PdfPoolStats | undefined;
  dbPool?: () => PoolStats | undefined;
  /** pg-boss's jobs by queue and state (one database for every process: summed, they would double). */
  queue?: () => Promise<QueueCounts[]>;
  /** The newest file in the backups folder. */
  backups?: () => Promise<NewestBackup>;
}

const QUEUE_STATES = ["queued", "deferred", "active", "failed"] as const;

/**
 * One registry per app instance (tests build many apps in one process; prom-client's global
 * registry would refuse the second set of metrics with the same names).
 */
export function createMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  const registers = [registry];
  // Every metric of this app goes to its registry.
  const counter = <L extends string = string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter<L>({ name, help, labelNames, registers });
  const jobGauge = (name: string, help: string) =>
    new Gauge({ name, help, labelNames: ["job"] as const, registers });
  const metrics = {
    registry,
    httpRequests: counter("bahi_http_requests_total", "HTTP requests answered, by route pattern and status", [
      "method",
      "route",
      "status",
    ]),
    httpDuration: new Histogram({
      name: "bahi_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    pdfRenders: counter("bahi_pdf_renders_total", "PDF renders, by outcome", ["outcome"]),
    pdfRenderDuration: new Histogram({
      name: "bahi_pdf_render_duration_seconds",
      help: "Time from asking for a PDF to having its bytes (queue wait included)",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mails: counter("bahi_mails_total", "E-mails handed to SMTP or the outbox, by outcome", ["outcome"]),
    mailFailures: counter(
      "bahi_mail_failures_total",
      "E-mails that SMTP or the outbox did not take, by reason (auth, connection, rejected, deferred, message, disk, other)",
      ["reason"],
    ),
    idleCollections: counter(
      "bahi_idle_collections_total",
      "Garbage collections run once the server was quiet, to give memory back",
    ),
    creditsSold: counter("bahi_credits_sold_total", "Credits granted for paid orders"),
    jobRuns: counter("bahi_job_runs_total", "Background job runs, by job and outcome", ["job", "outcome"]),
    jobsRunning: jobGauge("bahi_jobs_running", "Background jobs running now"),
    jobsQueued: jobGauge(
      "bahi_jobs_queued",
      "Background job runs that are due and waiting for the previous run to finish",
    ),
  };
  const pdfStat = (name: string, help: string, key: "threads" | "busy" | "queued") =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = sources.pdf?.();
        if (stats) this.set(stats[key]);
      },
    });
  pdfStat("bahi_pdf_threads", "PDF render threads started", "threads");
  pdfStat("bahi_pdf_threads_busy", "PDF render threads rendering now", "busy");
  pdfStat("bahi_pdf_queue_depth", "PDF renders waiting for a thread", "queued");
  const dbStat = (name: string, help: string, read: (s: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        const stats = sources.dbPool?.();
        if (stats) this.set(read(stats));
      },
    });
  dbStat("bahi_db_pool_connections_in_use", "PostgreSQL connections checked out", (s) => s.total - s.idle);
  dbStat("bahi_db_pool_connections_idle", "PostgreSQL connections open and idle", (s) => s.idle);
  dbStat("bahi_db_pool_waiting", "Queries waiting for a free PostgreSQL connection", (s) => s.waiting);

  // Read from the database and the backups folder, which every process shares: across processes
  // the largest reading is kept, not the sum (cluster-metrics.ts).
  const queueCounts = () => sources.queue?.().catch(() => [] as QueueCounts[]) ?? Promise.resolve([]);
  new Gauge({
    name: "bahi_queue_jobs",
    help: "Background jobs in pg-boss by queue and state: queued (due, waiting for a worker), deferred (waiting for their time or a retry's backoff), active, failed (retries spent; kept a month)",
    labelNames: ["queue", "state"] as const,
    aggregator: "max",
    registers,
    async collect() {
      this.reset();
      for (const counts of await queueCounts()) {
        for (const state of QUEUE_STATES) this.set({ queue: counts.queue, state }, counts[state]);
      }
    },
  });
  new Gauge({
    name: "bahi_queue_oldest_waiting_seconds",
    help: "How long the oldest due job of each queue has waited for a worker (0 when none waits)",
    labelNames: ["queue"] as const,
    aggregator: "max",
    registers,
    async collect() {
      this.reset();
      for (const counts of await queueCounts())
        this.set({ queue: counts.queue }, counts.oldestWaitingSeconds);
    },
  });
  const backupStat = (name: string, help: string, read: (b: NewestBackup) => number) =>
    new Gauge({
      name,
      help,
      aggregator: "max",
      registers,
      async collect() {
        const newest = await sources.backups?.().catch(() => undefined);
        if (newest) this.set(read(newest));
      },
    });
  backupStat("bahi_backup_files", "Files in the backups folder", (b) => b.files);
  backupStat(
    "bahi_backup_newest_age_seconds",
    "Age of the newest file in the backups folder (+Inf when there is none)",
    (b) => b.ageSeconds ?? Number.POSITIVE_INFINITY,
  );
  backupStat(
    "bahi_backup_newest_size_bytes",
    "Size of the newest file in the backups folder (0 when there is none)",
    (b) => b.bytes ?? 0,
  );
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Counts every answered request under its route pattern (never the raw URL, which would make a
 * series per invoice id), and serves GET /metrics to holders of the bearer token: this process's
 * metrics, or, in a process of node's cluster (WEB_CONCURRENCY > 1), every process's summed by
 * the primary (cluster-metrics.ts), whichever process the scrape reached.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    done();
  });
  if (!token) return;
  collectDefaultMetrics({ register: metrics.registry, prefix: "bahi_" });
  const text = cluster.isWorker
    ? reportToPrimary(metrics.registry, (snapshots) => AggregatorRegistry.aggregate(snapshots))
    : () => metrics.registry.metrics();
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: { code: "unauthorized", message: "A valid metrics token is required." } });
    }
    try {
      return reply.type(metrics.registry.contentType).send(await text());
    } catch (error) {
      // A partial sum would look like counters going down: no answer instead.
      request.log.warn({ err: error }, "metrics unavailable");
      return reply
        .status(503)
        .send({ error: { code: "service_unavailable", message: "The metrics could not be collected." } });
    }
  });
}
