import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { defaultPoolSize } from "./pdf/pool";

/** Empty strings count as unset, so `FOO=` in a .env file behaves like no FOO at all. */
const optional = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === "" ? undefined : v.trim()));
const optionalUrl = (protocols: string[]) =>
  optional.refine((v) => v === undefined || isUrl(v, protocols), {
    message: `must be a URL (${protocols.join(", ")})`,
  });

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol.replace(/:$/, ""));
  } catch {
    return false;
  }
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: optional.transform((v) => v ?? "0.0.0.0"),
  PUBLIC_URL: optionalUrl(["http", "https"]),
  DATA_DIR: optional.transform((v) => v ?? "./data"),
  DATABASE_URL: optionalUrl(["postgres", "postgresql"]),
  REDIS_URL: optionalUrl(["redis", "rediss"]),
  AUTH_SECRET: optional.refine((v) => v === undefined || v.length >= 32, {
    message: "must be at least 32 characters",
  }),
  TRUST_PROXY: optional.refine((v) => v === undefined || parseTrustProxy(v) !== undefined, {
    message:
      'must be the number of proxies in front of Bahi (e.g. "1") or their addresses ("10.0.0.1,10.0.0.2" or "10.0.0.0/8"); "true" would let any client forge X-Forwarded-For',
  }),
  SMTP_URL: optionalUrl(["smtp", "smtps"]),
  MAIL_FROM: optional.transform((v) => v ?? "Bahi <no-reply@bahi.local>"),
  GOOGLE_CLIENT_ID: optional,
  GOOGLE_CLIENT_SECRET: optional,
  GOOGLE_DISCOVERY_URL: optionalUrl(["http", "https"]).transform(
    (v) => v ?? "https://accounts.google.com/.well-known/openid-configuration",
  ),
  RAZORPAY_KEY_ID: optional,
  RAZORPAY_KEY_SECRET: optional,
  RAZORPAY_WEBHOOK_SECRET: optional,
  RAZORPAY_API_BASE: optionalUrl(["http", "https"]).transform((v) => v ?? "https://api.razorpay.com/v1"),
  RAZORPAY_CHECKOUT_URL: optionalUrl(["http", "https"]).transform(
    (v) => v ?? "https://checkout.razorpay.com/v1/checkout.js",
  ),
  /** Sign-ups and reset requests allowed per client IP in 15 minutes (tests that create many accounts raise it). */
  AUTH_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Tests only: POST /api/test/clock sets the server's clock and POST /api/test/run-jobs runs due jobs. */
  TEST_CLOCK: z.enum(["0", "1"]).default("0"),
  /** How often an idle job worker looks for new jobs, in seconds (at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(3_600).default(2),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Daily backups of the embedded database kept in DATA_DIR/backups; 0 turns the daily backup off. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(10_000).default(7),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  SHUTDOWN_TIMEOUT: optional.refine((v) => v === undefined || parseDurationMs(v) !== undefined, {
    message: 'must be a duration such as "10", "10s" or "500ms" (a bare number is seconds)',
  }),
  /** On SIGTERM, how long /api/ready answers 503 while requests are still served (5s; 0 with NODE_ENV=test). */
  SHUTDOWN_DRAIN: optional.refine((v) => v === undefined || parseDurationMs(v) !== undefined, {
    message: 'must be a duration such as "5", "5s" or "0" (a bare number is seconds)',
  }),
  /** Server processes sharing the port; default 1 on the embedded database, the cores on PostgreSQL. */
  WEB_CONCURRENCY: optional.refine((v) => v === undefined || (/^\d+$/.test(v) && Number(v) >= 1), {
    message: "must be a whole number of processes, 1 or more",
  }),
  /** How often unpaid Razorpay orders are reconciled (tests shorten it). */
  RECONCILE_EVERY_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(5 * 60_000),
  METRICS_TOKEN: optional.refine((v) => v === undefined || v.length >= 16, {
    message: "must be at least 16 characters",
  }),
});

/** "10" and "10s" are ten seconds, "500ms" half a second. */
function parseDurationMs(value: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s)?$/.exec(value);
  if (!match) return undefined;
  return Math.round(Number(match[1]) * (match[2] === "ms" ? 1 : 1000));
}

/**
 * TRUST_PROXY: "false"/"0", a number of proxy hops, or proxy addresses/CIDR ranges separated by
 * commas. Never "trust everything": the client IP then comes from the hops the proxies added.
 */
function parseTrustProxy(value: string): false | number | string[] | undefined {
  if (value === "false" || value === "0") return false;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(",").map((a) => a.trim());
  const valid = addresses.every((a) => {
    const [ip, bits, ...rest] = a.split("/");
    if (rest.length || isIP(ip) === 0) return false;
    return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (isIP(ip) === 4 ? 32 : 128));
  });
  return valid ? addresses : undefined;
}

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  /** TEST_CLOCK=1: the test clock and job routes (/api/test/*) are on. Never in production. */
  testClock: boolean;
  jobPollSeconds: number;
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  authSecret: string;
  /** Proxy hops (or proxy addresses) whose X-Forwarded-For is believed; false: none. */
  trustProxy: false | number | string[];
  smtpUrl?: string;
  mailFrom: string;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  razorpay: {
    keyId?: string;
    keySecret?: string;
    webhookSecret?: string;
    apiBase: string;
    checkoutUrl: string;
  };
  logLevel: Env["LOG_LEVEL"];
  backupKeep: number;
  authRequestsPerIp: number;
  /** Extra origins allowed to send state-changing requests (the Vite dev server). */
  extraOrigins: string[];
  /**
   * shutdownMs: time for the work under way once the server stops taking requests; drainMs: time
   * before that, after SIGTERM, for a load balancer to see /api/ready answer 503.
   */
  timeouts: {
    dbConnectMs: number;
    dbStatementMs: number;
    requestMs: number;
    shutdownMs: number;
    drainMs: number;
  };
  /** Bearer token for GET /metrics; without it the endpoint is off. */
  metricsToken?: string;
  /** Server processes (node's cluster when more than 1); see README "Scaling out". */
  webConcurrency: number;
  /** PDF render threads of each process: the pool is split between the processes, at least 1 each. */
  pdfThreads: number;
  reconcileEveryMs: number;
}

export class ConfigError extends Error {}

/** Reads the environment once, through one schema; an invalid value names the variable. */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(e.DATA_DIR);
  if ((e.GOOGLE_CLIENT_ID === undefined) !== (e.GOOGLE_CLIENT_SECRET === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    throw new ConfigError(
      "Invalid configuration:\n  RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together",
    );
  }
  const webConcurrency =
    e.WEB_CONCURRENCY === undefined
      ? e.DATABASE_URL
        ? availableParallelism()
        : 1
      : Number(e.WEB_CONCURRENCY);
  if (e.TEST_CLOCK === "1" && e.NODE_ENV === "production") {
    throw new ConfigError(
      "Invalid configuration:\n  TEST_CLOCK: is 1, which lets anyone move the server's clock; it is for tests only and refused when NODE_ENV=production (set NODE_ENV=test)",
    );
  }
  if (webConcurrency > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: is ${webConcurrency}, but the embedded database (no DATABASE_URL) can only be opened by one process; set WEB_CONCURRENCY=1 or use PostgreSQL`,
    );
  }
  return {
    env: e.NODE_ENV,
    testClock: e.TEST_CLOCK === "1",
    jobPollSeconds: e.JOB_POLL_SECONDS,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY === undefined ? false : parseTrustProxy(e.TRUST_PROXY)!,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            discoveryUrl: e.GOOGLE_DISCOVERY_URL,
          }
        : undefined,
    razorpay: {
      keyId: e.RAZORPAY_KEY_ID,
      keySecret: e.RAZORPAY_KEY_SECRET,
      webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
      apiBase: e.RAZORPAY_API_BASE.replace(/\/+$/, ""),
      checkoutUrl: e.RAZORPAY_CHECKOUT_URL,
    },
    logLevel: e.LOG_LEVEL,
    backupKeep: e.BACKUP_KEEP,
    authRequestsPerIp: e.AUTH_REQUESTS_PER_IP,
    extraOrigins: e.NODE_ENV === "development" ? ["http://localhost:5173"] : [],
    timeouts: {
      dbConnectMs: e.DB_CONNECT_TIMEOUT_MS,
      dbStatementMs: e.DB_STATEMENT_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      shutdownMs: e.SHUTDOWN_TIMEOUT === undefined ? 10_000 : parseDurationMs(e.SHUTDOWN_TIMEOUT)!,
      // Tests stop servers all the time and have no load balancer to wait for.
      drainMs:
        e.SHUTDOWN_DRAIN === undefined
          ? e.NODE_ENV === "test"
            ? 0
            : 5_000
          : parseDurationMs(e.SHUTDOWN_DRAIN)!,
    },
    metricsToken: e.METRICS_TOKEN,
    webConcurrency,
    pdfThreads: Math.max(1, Math.floor(defaultPoolSize() / webConcurrency)),
    reconcileEveryMs: e.RECONCILE_EVERY_MS,
  };
}

/** Without AUTH_SECRET a random one is kept in the data folder, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
