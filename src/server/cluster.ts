import cluster, { type Worker } from "node:cluster";
import type { Logger } from "pino";
import { aggregateClusterMetrics } from "./cluster-metrics";
import type { Config } from "./config";

/** More unexpected deaths than this within the window is a crash loop: everything stops. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;

/**
 * The primary process when WEB_CONCURRENCY > 1: forks that many server processes, which share the
 * port (node's cluster hands connections out in turn), restarts one that dies while serving,
 * passes SIGTERM/SIGINT on and leaves once they have all stopped, with 0 when every one stopped
 * cleanly. It opens no database and serves nothing itself (it never loads the app: see main.ts),
 * but it sums the processes' metrics for /metrics (cluster-metrics.ts). A process that dies before it ever
 * listened (database unreachable, a failing migration) stops the whole server: restarting it
 * would fail the same way.
 */
export function runPrimary(config: Config, logger: Logger): void {
  const live = new Set<Worker>();
  const listened = new WeakSet<Worker>();
  const deaths: number[] = [];
  let stopping = false;
  let exitCode = 0;
  let ready = false;

  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once("listening", () => {
      listened.add(worker);
      if (!ready && [...live].every((w) => listened.has(w))) {
        ready = true;
        logger.info(
          { processes: live.size, pdfThreadsEach: config.pdfThreads },
          `Bahi runs ${live.size} server processes at ${config.publicUrl}`,
        );
      }
    });
  };

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    for (const worker of live) worker.process.kill(signal);
    // Each process drains for SHUTDOWN_DRAIN, then has SHUTDOWN_TIMEOUT of its own; this only
    // catches one that hangs past both.
    const { drainMs, shutdownMs } = config.timeouts;
    const force = setTimeout(
      () => {
        logger.error({ timeoutMs: shutdownMs }, "server processes did not stop; killing them");
        for (const worker of live) worker.process.kill("SIGKILL");
        process.exit(1);
      },
      drainMs + shutdownMs + 2_000,
    );
    force.unref();
    if (live.size === 0) process.exit(exitCode);
  };

  cluster.on("exit", (worker, code, signal) => {
    live.delete(worker);
    if (stopping) {
      if (code !== 0) exitCode = 1;
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!listened.has(worker)) {
      exitCode = 1;
      logger.error({ pid: worker.process.pid, code, signal }, "a server process failed to start; stopping");
      stopAll("SIGTERM");
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
    if (deaths.length > MAX_RESTARTS) {
      logger.error(
        { pid: worker.process.pid, code, signal, deaths: deaths.length, windowMs: RESTART_WINDOW_MS },
        "server processes keep dying; stopping",
      );
      exitCode = 1;
      stopAll("SIGTERM");
      return;
    }
    logger.error({ pid: worker.process.pid, code, signal }, "a server process died; starting another");
    fork();
  });

  process.on("SIGTERM", () => {
    logger.info({ signal: "SIGTERM" }, "shutting down");
    stopAll("SIGTERM");
  });
  process.on("SIGINT", () => {
    logger.info({ signal: "SIGINT" }, "shutting down");
    stopAll("SIGINT");
  });

  if (config.metricsToken) {
    aggregateClusterMetrics(() => [...live].filter((w) => listened.has(w) && w.isConnected()));
  }

  logger.info({ processes: config.webConcurrency }, "starting server processes");
  for (let i = 0; i < config.webConcurrency; i++) fork();
}
