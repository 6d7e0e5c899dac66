import cluster from "node:cluster";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";

async function main() {
  const started = performance.now();
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
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
