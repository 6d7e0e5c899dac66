import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { PoolStats } from "./db/client";
import type { PdfPoolStats } from "./pdf/pool";

/** What the gauges read when /metrics is scraped. */
export interface MetricSources {
  pdf?: () => PdfPoolStats | undefined;
  dbPool?: () => PoolStats | undefined;
}

/**
 * One registry per app instance (tests build many apps in one process; prom-client's global
 * registry would refuse the second set of metrics with the same names).
 */
export function createMetrics(sources: MetricSources = {}) {
  const registry = new Registry();
  const registers = [registry];
  const metrics = {
    registry,
    httpRequests: new Counter({
      name: "bahi_http_requests_total",
      help: "HTTP requests answered, by route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "bahi_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern",
      labelNames: ["method", "route", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    pdfRenders: new Counter({
      name: "bahi_pdf_renders_total",
      help: "PDF renders, by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    pdfRenderDuration: new Histogram({
      name: "bahi_pdf_render_duration_seconds",
      help: "Time from asking for a PDF to having its bytes (queue wait included)",
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mails: new Counter({
      name: "bahi_mails_total",
      help: "E-mails handed to SMTP or the outbox, by outcome",
      labelNames: ["outcome"] as const,
      registers,
    }),
    creditsSold: new Counter({
      name: "bahi_credits_sold_total",
      help: "Credits granted for paid orders",
      registers,
    }),
    jobRuns: new Counter({
      name: "bahi_job_runs_total",
      help: "Background job runs, by job and outcome",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobsRunning: new Gauge({
      name: "bahi_jobs_running",
      help: "Background jobs running now",
      labelNames: ["job"] as const,
      registers,
    }),
    jobsQueued: new Gauge({
      name: "bahi_jobs_queued",
      help: "Background job runs that are due and waiting for the previous run to finish",
      labelNames: ["job"] as const,
      registers,
    }),
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
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * Counts every answered request under its route pattern (never the raw URL, which would make a
 * series per invoice id), and serves GET /metrics to holders of the bearer token.
 */
export function registerMetrics(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  app.addHook("onResponse", async (request, reply) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? "unmatched",
      status: String(reply.statusCode),
    };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  if (!token) return;
  collectDefaultMetrics({ register: metrics.registry, prefix: "bahi_" });
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (request, reply) => {
    const given = Buffer.from(request.headers.authorization ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: { code: "unauthorized", message: "A valid metrics token is required." } });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
