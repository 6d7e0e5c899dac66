import { existsSync } from "node:fs";
import path from "node:path";
import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { type Auth, createAuth } from "./auth/auth";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { ping } from "./db/client";
import { grantSignupCredits } from "./db/queries/credits";
import { AppError } from "./errors";
import { PdfPool, type PdfRenderer } from "./pdf/pool";
import { registerFeatureRoutes } from "./routes";
import { type AuthLimits, DEFAULT_AUTH_LIMITS, registerAuthBridge } from "./routes/auth-bridge";
import { registerPdfRoutes } from "./routes/pdf";
import { createMailer, type Mailer } from "./services/mail";

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
}

export interface BahiApp {
  app: FastifyInstance;
  auth: Auth;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Builds the whole server without listening, so tests can `inject`. */
export async function buildApp(deps: AppDeps): Promise<BahiApp> {
  const { config, database, logger } = deps;
  const { db } = database;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const auth = createAuth({
    config,
    db,
    mailer,
    logger,
    onUserCreated: (userId) => grantSignupCredits(db, userId),
  });

  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 12 * 1024 * 1024,
  });

  await app.register(compress, { global: true, threshold: 1024, encodings: ["br", "gzip"] });
  await app.register(helmet, {
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

  const allowedOrigins = new Set([config.publicUrl, ...config.extraOrigins]);
  // Every state-changing API call must come from our own pages (webhooks sign their bodies instead).
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const url = request.url;
    if (!url.startsWith("/api/") || url.startsWith("/api/webhooks/")) return;
    const origin = request.headers.origin;
    if (!origin || !allowedOrigins.has(origin)) {
      throw new AppError("forbidden_origin", "This request must come from the Bahi web app.");
    }
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ error: { code: error.code, message: error.message, fields: error.fields } });
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

  app.get("/api/health", async (_request, reply) => {
    try {
      await ping(db);
      return { status: "ok" };
    } catch {
      return reply.status(503).send({ status: "unavailable" });
    }
  });

  registerAuthBridge(app, {
    auth,
    config,
    db,
    limits: deps.authLimits ?? { ...DEFAULT_AUTH_LIMITS, requestsPerIp: config.authRequestsPerIp },
  });
  registerFeatureRoutes({ app, auth, db, config, mailer });
  const pdfRenderer = deps.pdfRenderer ?? new PdfPool();
  if (!deps.pdfRenderer) app.addHook("onClose", () => pdfRenderer.close());
  // Warm the render threads once the server listens (so they do not slow the start down) and
  // before anyone downloads; tests warm on first use.
  if (!deps.pdfRenderer && config.env !== "test") {
    app.addHook("onListen", async () => {
      pdfRenderer.warm().catch((error) => logger.error({ err: error }, "PDF workers failed to start"));
    });
  }
  registerPdfRoutes(app, { auth, db, renderer: pdfRenderer });

  const webRoot = deps.webRoot;
  const hasWeb = webRoot !== undefined && existsSync(path.join(webRoot, "index.html"));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      // "/" is the app page too (it sends a visitor on to /dashboard or /auth).
      index: "index.html",
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

  return { app, auth };
}
