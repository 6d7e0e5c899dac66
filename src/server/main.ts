import cluster from "node:cluster";
import path from "node:path";
import { buildApp } from "./app";
import { runPrimary } from "./cluster";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError, openDatabase } from "./db/client";
import { createLogger } from "./logger";
import { WEB_ROOT } from "./paths";
import { keepNewFilesPrivate, tightenModes } from "./private-files";

async function main() {
  const started = performance.now();
  // Before anything is written: the data folder, the generated secret, the database, the outbox.
  keepNewFilesPrivate();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  // Once per start (the primary, not each worker): mail that nobody may read is never silent.
  if (cluster.isPrimary && (config.outbox === "explicit" || config.outbox === "local")) {
    logger.warn(
      { outbox: path.join(config.dataDir, "outbox"), reason: config.outbox },
      config.outbox === "explicit"
        ? "MAIL_OUTBOX=1: e-mails are written to the outbox folder, not sent; set SMTP_URL to send them"
        : "no SMTP_URL: e-mails are written to the outbox folder, not sent (PUBLIC_URL is this machine, so this is a local start)",
    );
  }
  if (!cluster.isWorker) {
    const { changed, failed } = tightenModes(config.dataDir);
    if (changed > 0)
      logger.warn(
        { dataDir: config.dataDir, changed },
        "made files in the data folder private (0600, folders 0700)",
      );
    if (failed.length > 0)
      logger.warn(
        { failed: failed.slice(0, 10), count: failed.length },
        "could not make these files private: they belong to another user",
      );
  }
  // Several processes: this one only forks and watches them (loadConfig above has already made
  // the generated AUTH_SECRET file, so they all read the same one).
  if (config.webConcurrency > 1 && cluster.isPrimary) return runPrimary(config, logger);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeouts: { connectMs: config.timeouts.dbConnectMs, statementMs: config.timeouts.dbStatementMs },
    onConnectionFault: (error) => logger.warn({ err: error }, "PostgreSQL connection lost"),
  });
  const { app } = await buildApp({ config, database, logger, webRoot: WEB_ROOT });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    // New connections are refused at once; requests, PDF renders and jobs already started get
    // SHUTDOWN_TIMEOUT to finish, then the process leaves anyway.
    const force = setTimeout(() => {
      logger.error({ timeoutMs: config.timeouts.shutdownMs }, "shutdown took too long; exiting");
      process.exit(1);
    }, config.timeouts.shutdownMs);
    force.unref();
    try {
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

main().catch((error) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
