import type { Logger } from "pino";
import { buildApp } from "./app";
import type { Config } from "./config";
import { DataDirLockedError, openDatabase } from "./db/client";
import { WEB_ROOT } from "./paths";

/** An error that stops the start with its message alone (another server holds the data folder). */
export function isStartRefusal(error: unknown): boolean {
  return error instanceof DataDirLockedError;
}

/**
 * One serving process: opens the database, builds the app and listens. On SIGTERM/SIGINT it
 * drains (docs/decisions/0048-metrics-and-drain.md): /api/ready answers 503 at once while
 * everything else is still served for SHUTDOWN_DRAIN, so a load balancer takes this process out
 * before it stops taking requests; then it stops listening, closes idle keep-alive connections,
 * answers `Connection: close` on the others, and exits once the work under way is done
 * (SHUTDOWN_TIMEOUT at most).
 */
export async function serve(config: Config, logger: Logger, started: number): Promise<void> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: { connectMs: config.timeouts.dbConnectMs, statementMs: config.timeouts.dbStatementMs },
    onConnectionFault: (error) => logger.warn({ err: error }, "PostgreSQL connection lost"),
  });
  const { app, lifecycle } = await buildApp({ config, database, logger, webRoot: WEB_ROOT });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const { drainMs, shutdownMs } = config.timeouts;
    lifecycle.drain();
    logger.info({ signal, drainMs }, "shutting down");
    const force = setTimeout(() => {
      logger.error({ timeoutMs: shutdownMs }, "shutdown took too long; exiting");
      process.exit(1);
    }, drainMs + shutdownMs);
    force.unref();
    try {
      // The drain is a wait by design: nothing signals that the load balancer has seen the 503.
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      logger.info({ signal }, "drained; closing");
      await app.close();
      await database.close();
      logger.info({ signal }, "stopped");
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, "shutdown failed");
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  logger.info(
    { url: config.publicUrl, database: database.kind, startupMs: Math.round(performance.now() - started) },
    `Bahi is ready at ${config.publicUrl}`,
  );
}
