import { existsSync } from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { checkAnswersAgainstContracts } from "./answer-check";
import { apiKeyAuthenticator } from "./auth/api-keys";
import { type Auth, createAuth, type PasswordHashing } from "./auth/auth";
import { backupsDir, registerBackups } from "./backup/jobs";
import { newestBackup } from "./backup/newest";
import { loadTestClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { claimJobPeriod } from "./db/queries/job-leases";
import { isDatabaseUnavailable } from "./db/unavailable";
import { answerOf } from "./errors";
import { collectWhenQuiet } from "./idle-collection";
import { JobQueue } from "./jobs/queue";
import { JobRunner } from "./jobs/runner";
import { scheduleJobs } from "./jobs/schedules";
import { createMetrics, registerMetrics } from "./metrics";
import { countMails, countRenders, registerRequestContext, serverOptions } from "./observability";
import { PdfPool, type PdfRenderer } from "./pdf/pool";
import { RenderQueue } from "./pdf/render-queue";
import { answerLateRequests, REQUEST_TIMED_OUT_CODE } from "./request-deadline";
import { frameworkErrors, registerRequestGuards } from "./request-guards";
import { registerFeatureRoutes } from "./routes";
import { type AuthLimits, DEFAULT_AUTH_LIMITS, registerAuthBridge } from "./routes/auth-bridge";
import { registerCreditNoteRoutes } from "./routes/credit-notes";
import { registerPdfRoutes } from "./routes/pdf";
import { registerProbes } from "./routes/probes";
import { registerPublicQuoteRoutes } from "./routes/public-quotes";
import { registerQuoteRoutes } from "./routes/quotes";
import { registerRecurringRoutes } from "./routes/recurring";
import { registerStatementRoutes } from "./routes/statements";
import { registerTestRoutes } from "./routes/test-clock";
import { registerSecurityHeaders } from "./security-headers";
import { setUpBusinessGateways } from "./services/business-gateway";
import { ensureFirstBusiness, startFirstBusiness } from "./services/businesses";
import { rememberSignupGrant } from "./services/credits";
import { createMailer, type Mailer } from "./services/mail";
import { defineMailJobs } from "./services/mail-jobs";
import { setUpPayments } from "./services/payments";

export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  mailer?: Mailer;
  authLimits?: AuthLimits;
  /** Folder of the built web app; served with an SPA fallback when it exists. */
  webRoot?: string;
  /** Renders invoice PDFs; by default a pool of worker threads owned (and closed) by the app. */
  pdfRenderer?: PdfRenderer;
  /** Tests only: a cheaper password hash than the production one (testing/password-hashing.ts). */
  passwordHashing?: PasswordHashing;
  /** Tests only: every JSON answer is checked against its route's contract (answer-check.ts). */
  checkAnswers?: boolean;
}

export interface BahiApp {
  app: FastifyInstance;
  auth: Auth;
  /** The job queue (tests drain it to see a queued mail go out). */
  queue: JobQueue;
  /** drain(): /api/ready answers 503 from now on, so a load balancer stops sending requests here. */
  lifecycle: { drain(): void };
}

/** API answers from this size on are compressed (smaller ones fit TCP's initial window anyway). */
export const COMPRESS_FROM_BYTES = 12 * 1024;

const DATABASE_UNAVAILABLE = "The database is not answering right now. Please try again in a moment.";
const REQUEST_TIMED_OUT = "The server took too long to answer. Please try again.";

/** Builds the whole server without listening, so tests can `inject`. */
export async function buildApp(deps: AppDeps): Promise<BahiApp> {
  const { config, database, logger } = deps;
  const { db } = database;
  // Once the last PDF thread has ended, a collection gives back what it held (idle-collection.ts).
  let collectOnceQuiet = () => {};
  const pdfRenderer =
    deps.pdfRenderer ??
    new PdfPool(config.pdfThreads, { idleMs: config.pdfIdleMs, onAllEnded: () => collectOnceQuiet() });
  const metrics = createMetrics({
    pdf: () => renderQueue.stats(),
    dbPool: () => database.poolStats?.(),
    queue: () => queue.stats(),
    backups: () => newestBackup(backupsDir(config.dataDir)),
  });
  const mailer = countMails(
    deps.mailer ??
      createMailer({
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        abuseEmail: config.abuseEmail,
        dataDir: config.dataDir,
        logger,
      }),
    metrics,
  );
  const auth = createAuth({
    config,
    db,
    mailer,
    logger,
    limits: deps.authLimits ?? { ...DEFAULT_AUTH_LIMITS, requestsPerIp: config.authRequestsPerIp },
    onUserCreated: (user) => startFirstBusiness(db, user),
    onUserDeleting: (user) => rememberSignupGrant(db, user.email),
    onSignedIn: (user) => ensureFirstBusiness(db, user),
    passwordHashing: deps.passwordHashing,
  });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: trustedProxies(config.trustProxy),
    bodyLimit: 12 * 1024 * 1024,
    frameworkErrors,
    // A request that arrives on a kept-alive connection once closing has begun (the load balancer
    // has had SHUTDOWN_DRAIN to stop sending) is served, answered with `Connection: close`, rather
    // than refused with a 503; idle connections are closed (Fastify's default "idle").
    return503OnClosing: false,
    ...serverOptions(config),
  });
  registerRequestContext(app);
  answerLateRequests(app, config.timeouts.requestMs);
  // Before compression, so the check reads the JSON as the route answered it.
  if (deps.checkAnswers) checkAnswersAgainstContracts(app);
  registerMetrics(app, metrics, config.metricsToken);
  collectOnceQuiet = collectWhenQuiet(app, metrics).owe;
  const jobs = new JobRunner(metrics, app.log, (name, everyMs) => claimJobPeriod(db, name, everyMs));
  // Once closing starts: no new job runs (the ones started finish before the database closes),
  // and each answer still under way closes its connection, or an idle keep-alive connection
  // would hold the stop until its timeout.
  // Jobs on pg-boss (docs/decisions/0032-job-queue.md); invoice mail goes out through it.
  const queue = new JobQueue({
    database,
    log: app.log,
    metrics,
    runner: jobs,
    pollSeconds: config.jobPollSeconds,
  });
  const outbox = defineMailJobs(queue, { db, mailer, limits: config.mailLimits });
  let jobsStopped = Promise.resolve();
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    jobsStopped = jobs
      .stop()
      .then(() => queue.stop(config.timeouts.shutdownMs))
      .finally(() => mailer.close?.());
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (closing) reply.header("connection", "close");
    done(null, payload);
  });
  app.addHook("onClose", () => jobsStopped);
  registerBackups(app, {
    jobs,
    pglite: database.pglite,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    keep: config.backupKeep,
    authSecret: config.authSecret,
    s3: config.backupS3,
  });

  // Answers smaller than the first round trip's window (TCP's initial window of 10 segments,
  // ~14 KB with the headers) go out as they are: compressed or not, they arrive in the same round
  // trip, and compressing a list page cost ~10 % of its server CPU (docs/decisions/0053).
  // Brotli at quality 1 above that: an API answer compresses to within 6 % of quality 4's size in
  // half the time; static files are precompressed at build time at 11.
  // Answers up to 64 KB are compressed in one call and sent with their length: above the
  // plugin's default (8 KB on two cores) a large answer went through a zlib stream on the
  // thread pool and out in chunks, several writes each, which cost more than the compression.
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_FROM_BYTES,
    syncThreshold: 64 * 1024,
    encodings: ["br", "gzip"],
    brotliOptions: {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
      },
    },
    zlibOptions: { level: 1 },
  });
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", new URL(config.razorpay.checkoutUrl).origin],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'", new URL(config.razorpay.apiBase).origin],
        frameSrc: ["'self'", "https://api.razorpay.com", "https://checkout.razorpay.com"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.secureCookies ? [] : null,
      },
    },
    hsts: config.secureCookies ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // Origin check, session before body, no NUL, no-store: see request-guards.ts.
  const apiKeys = apiKeyAuthenticator(db, config.apiLimits);
  registerRequestGuards(app, {
    auth,
    apiKeys,
    allowedOrigins: new Set([config.publicUrl, ...config.extraOrigins]),
  });

  app.setErrorHandler((error, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply
        .status(503)
        .header("retry-after", "5")
        .send({ error: { code: "database_unavailable", message: DATABASE_UNAVAILABLE } });
    }
    if ((error as { code?: string }).code === REQUEST_TIMED_OUT_CODE) {
      request.log.warn({ err: error }, "request timed out");
      return reply.status(503).send({ error: { code: "service_unavailable", message: REQUEST_TIMED_OUT } });
    }
    // Every error with one of the API's codes (src/contract/errors.ts), from any layer.
    const answer = answerOf(error);
    if (answer) {
      const { status, ...body } = answer;
      // A limit that knows when it opens again says so (the mail limits, decision 0044).
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (status === 429 && typeof retryAfter === "number") reply.header("retry-after", String(retryAfter));
      return reply.status(status).send({ error: body });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    const code =
      status === 413
        ? "payload_too_large"
        : status === 415
          ? "unsupported_media_type"
          : status >= 500
            ? "internal"
            : "bad_request";
    const message =
      status >= 500 ? "Something went wrong on our side. Please try again." : (error as Error).message;
    return reply.status(status).send({ error: { code, message } });
  });

  let draining = false;
  registerProbes(app, { db, renderer: pdfRenderer, draining: () => draining });

  registerAuthBridge(app, { auth, config });
  // Mails sent after their answer (password resets) go out before the app closes.
  app.addHook("onClose", () => auth.mailsSent());
  // The payment services the routes and the scheduled jobs share.
  const payments = setUpPayments({
    db,
    config,
    mailer,
    logger: app.log,
    onCreditsSold: (credits) => metrics.creditsSold.inc(credits),
  });
  const gateways = setUpBusinessGateways(db, config);
  registerFeatureRoutes({
    app,
    auth,
    db,
    config,
    mailer,
    metrics,
    queue,
    outbox,
    apiKeys,
    payments,
    gateways,
  });
  if (config.testClock) registerTestRoutes(app, { db, queue });
  if (!deps.pdfRenderer) app.addHook("onClose", () => pdfRenderer.close());
  // Once the server listens (so it does not slow the start down), start one render thread to
  // prove threads can start (/api/ready says so); it ends when idle, like every thread. Tests
  // start threads on first use.
  if (!deps.pdfRenderer && config.env !== "test") {
    app.addHook("onListen", async () => {
      pdfRenderer.warm().catch((error) => logger.error({ err: error }, "PDF workers failed to start"));
    });
  }
  // Fair turns per account in front of the threads; the metrics time the render alone.
  const renderQueue = RenderQueue.around(countRenders(pdfRenderer, metrics));
  registerPdfRoutes(app, { auth, db, renderer: renderQueue, outbox, publicUrl: config.publicUrl });
  registerQuoteRoutes(app, { auth, db, renderer: renderQueue, outbox, publicUrl: config.publicUrl });
  registerPublicQuoteRoutes(app, { db, outbox, publicUrl: config.publicUrl });
  registerCreditNoteRoutes(app, { auth, db, renderer: renderQueue });
  registerStatementRoutes(app, { auth, db, renderer: renderQueue, outbox, publicUrl: config.publicUrl });
  registerRecurringRoutes(app, { auth, db, renderer: renderQueue, outbox, publicUrl: config.publicUrl });
  scheduleJobs(queue, { db, config, log: app.log, payments, gateways, renderer: renderQueue, outbox });
  // Every job is defined by now. pg-boss is installed and its workers and schedules started once
  // the server listens, off the start's critical path (~0.1-0.2 s); a job sent before that starts
  // the queue itself (JobQueue.send), as tests without a listening server do.
  app.addHook("onReady", async () => {
    if (config.testClock) await loadTestClock(db);
  });
  app.addHook("onListen", async () => {
    queue.start().catch((error) => logger.error({ err: error }, "the job queue did not start"));
  });

  const webRoot = deps.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // "/" is the app page too (it sends a visitor on to /dashboard or /auth).
      index: "index.html",
      // The build writes .br and .gz copies (vite.config.ts): sent as they are, not compressed again.
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // Missing files under /assets/ are a real 404 (an old tab after a deploy), not the app page.
    const wantsPage =
      request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/assets/");
    if (wantsPage && hasWeb) {
      return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ error: { code: "not_found", message: "Not found." } });
  });

  return {
    app,
    auth,
    queue,
    lifecycle: {
      drain: () => {
        draining = true;
      },
    },
  };
}

/**
 * Fastify's trust for X-Forwarded-For. A hop count trusts that many addresses from the socket's
 * side (hop 0 is the peer), so the client IP is the one the outermost trusted proxy saw; Fastify
 * itself refuses plain numbers, hence the function.
 */
function trustedProxies(trust: Config["trustProxy"]) {
  return typeof trust === "number" ? (_address: string, hop: number) => hop < trust : trust;
}
