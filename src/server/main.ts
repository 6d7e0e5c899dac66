import { buildApp } from "./app";
import { ConfigError, loadConfig } from "./config";
import { DataDirLockedError, openDatabase } from "./db/client";
import { createLogger } from "./logger";
import { WEB_ROOT } from "./paths";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { app } = await buildApp({ config, database, logger, webRoot: WEB_ROOT });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await database.close();
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
