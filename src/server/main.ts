import cluster from "node:cluster";
import path from "node:path";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
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
  // the generated AUTH_SECRET file, so they all read the same one). It never loads the app
  // (Fastify, the database drivers, better-auth, pdfkit...): the build splits serve.ts into a
  // chunk of its own, so the primary stays at ~60 MB instead of a serving process's ~340 MB.
  if (config.webConcurrency > 1 && cluster.isPrimary) {
    const { runPrimary } = await import("./cluster");
    return runPrimary(config, logger);
  }
  const { serve } = await import("./serve");
  await serve(config, logger, started);
}

main().catch(async (error) => {
  // A stop that the person starting Bahi can fix gets its one line, not a stack trace.
  if (error instanceof ConfigError || (await import("./serve")).isStartRefusal(error)) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
