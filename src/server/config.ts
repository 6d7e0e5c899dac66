import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import { availableParallelism } from "node:os";
import path from "node:path";
import { z } from "zod";
import { isSingleAddress, parseMailbox } from "#domain/mail-address";
import { DEFAULT_MAIL_LIMITS, type MailLimits } from "#domain/mail-limits";
import type { S3Settings } from "./backup/s3";
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
  MAIL_FROM: optional
    .transform((v) => v ?? "Bahi <no-reply@bahi.local>")
    .refine((v) => parseMailbox(v) !== undefined, {
      message:
        'must be one address, with a name or without: "Bahi <billing@example.in>" or "billing@example.in"',
    }),
  /** Where recipients report abuse (the footer of every business's mail); default abuse@ MAIL_FROM's domain. */
  ABUSE_EMAIL: optional.refine((v) => v === undefined || isSingleAddress(v), {
    message: "must be one e-mail address",
  }),
  /** Recipients (To and Cc each count) one account may mail in an hour and in a day (decision 0044). */
  MAIL_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_MAIL_LIMITS.perHour),
  MAIL_LIMIT_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_MAIL_LIMITS.perDay),
  /** The same for an account younger than a week that has bought no credits. */
  MAIL_LIMIT_NEW_PER_HOUR: z.coerce.number().int().min(1).default(DEFAULT_MAIL_LIMITS.newPerHour),
  MAIL_LIMIT_NEW_PER_DAY: z.coerce.number().int().min(1).default(DEFAULT_MAIL_LIMITS.newPerDay),
  /** Production without SMTP_URL: 1 keeps the outbox folder knowingly (warned at every start). */
  MAIL_OUTBOX: z.enum(["0", "1"]).default("0"),
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
  /** Without Razorpay keys: "1" sells credits through a local test checkout (no money moves). */
  PAYMENTS_TEST_MODE: optional.refine((v) => v === undefined || v === "0" || v === "1", {
    message: 'must be "1" (the local test checkout on) or "0" (off)',
  }),
  /** Sign-ups and reset requests allowed per client IP in 15 minutes (tests that create many accounts raise it). */
  AUTH_REQUESTS_PER_IP: z.coerce.number().int().min(1).default(20),
  API_KEY_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  API_USER_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  API_KEY_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Tests only: POST /api/test/clock sets the server's clock and POST /api/test/run-jobs runs due jobs. */
  TEST_CLOCK: z.enum(["0", "1"]).default("0"),
  /** How often an idle job worker looks for new jobs, in seconds (at least 0.5). */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(3_600).default(2),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Daily backups kept in DATA_DIR/backups (embedded: the newest N; PostgreSQL: N days); 0 turns them off. */
  BACKUP_KEEP: z.coerce.number().int().min(0).max(10_000).default(7),
  /** PostgreSQL's daily backups are also uploaded to this S3-compatible bucket (README "Backups"). */
  BACKUP_S3_BUCKET: optional.refine((v) => v === undefined || /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(v), {
    message: "must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens)",
  }),
  BACKUP_S3_ENDPOINT: optionalUrl(["https", "http"]),
  BACKUP_S3_REGION: z.string().trim().min(1).default("us-east-1"),
  BACKUP_S3_PREFIX: z.string().default("bahi/"),
  BACKUP_S3_FORCE_PATH_STYLE: z.enum(["0", "1"]).default("0"),
  AWS_ACCESS_KEY_ID: optional,
  AWS_SECRET_ACCESS_KEY: optional,
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
  /** A PDF render thread with no work for this many seconds ends (the next PDF starts one again). */
  PDF_IDLE_SECONDS: z.coerce.number().min(0.1).max(86_400).default(60),
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

/**
 * A PUBLIC_URL on this machine (the default, http://localhost:PORT) is a laptop or a trial: the
 * links in its e-mails open only here, so the outbox loses nothing a user could have used.
 */
function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127\./.test(host);
}

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
  /**
   * Why mail goes to DATA_DIR/outbox instead of SMTP, when it does: a test or development server,
   * a local start (PUBLIC_URL on this machine), or MAIL_OUTBOX=1 on a production server.
   */
  outbox?: "not-production" | "local" | "explicit";
  mailFrom: string;
  /** The operator's address for abuse reports, named in the footer of every business's mail. */
  abuseEmail: string;
  /** Recipients per account: established accounts, and new ones (decision 0044). */
  mailLimits: MailLimits;
  google?: { clientId: string; clientSecret: string; discoveryUrl: string };
  razorpay: {
    keyId?: string;
    keySecret?: string;
    webhookSecret?: string;
    apiBase: string;
    checkoutUrl: string;
  };
  /**
   * No Razorpay keys and the local test checkout is on: credits are "bought" for nothing and a
   * business may take test payments on its public invoice page. Off in production unless
   * PAYMENTS_TEST_MODE=1 (decision 0043); never with keys.
   */
  paymentsTestMode: boolean;
  logLevel: Env["LOG_LEVEL"];
  backupKeep: number;
  /** The bucket PostgreSQL's daily backups are uploaded to, besides DATA_DIR/backups. */
  backupS3?: S3Settings;
  authRequestsPerIp: number;
  /** API keys: requests per key, per user (all keys) and failed lookups per address, a minute. */
  apiLimits: { perKey: number; perUser: number; failuresPerAddress: number };
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
  /** A render thread without work for this long ends. */
  pdfIdleMs: number;
  reconcileEveryMs: number;
}

export class ConfigError extends Error {}

/** What `npm run backup`/`restore` read: the secret only when it exists, never a new one. */
export type ToolConfig = Omit<Config, "authSecret"> & { authSecret?: string };

/**
 * Reads the environment once, through one schema; an invalid value names the variable. Without
 * AUTH_SECRET the server generates one into DATA_DIR; `{ createSecret: false }` (the backup
 * tools) only reads it, so a failed restore leaves no new secret behind.
 */
export function loadConfig(
  source?: Record<string, string | undefined>,
  opts?: { createSecret?: true },
): Config;
export function loadConfig(
  source: Record<string, string | undefined> | undefined,
  opts: { createSecret: false },
): ToolConfig;
export function loadConfig(
  source: Record<string, string | undefined> = process.env,
  opts: { createSecret?: boolean } = {},
): Config | ToolConfig {
  // Empty values count as unset for every variable (README), also those with a default such as
  // NODE_ENV or PORT, which the schema alone would refuse or read as 0.
  const set = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value.trim() !== ""),
  );
  const parsed = envSchema.safeParse(set);
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
  const razorpayKeys = e.RAZORPAY_KEY_ID !== undefined && e.RAZORPAY_KEY_SECRET !== undefined;
  if (e.PAYMENTS_TEST_MODE === "1" && razorpayKeys) {
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENTS_TEST_MODE: is 1, but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set, so payments are real; remove PAYMENTS_TEST_MODE (or the keys)",
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
  const outbox = e.SMTP_URL
    ? undefined
    : e.NODE_ENV !== "production"
      ? "not-production"
      : e.MAIL_OUTBOX === "1"
        ? "explicit"
        : isLocalAddress(publicUrl)
          ? "local"
          : undefined;
  if (!e.SMTP_URL && !outbox) {
    throw new ConfigError(
      `Invalid configuration:\n  SMTP_URL: is not set, so every e-mail (confirmation links, password resets, invoices, reminders) would only be written to ${path.join(dataDir, "outbox")}, which no user reads; set SMTP_URL, or MAIL_OUTBOX=1 to keep the outbox knowingly`,
    );
  }
  if (webConcurrency > 1 && !e.DATABASE_URL) {
    throw new ConfigError(
      `Invalid configuration:\n  WEB_CONCURRENCY: is ${webConcurrency}, but the embedded database (no DATABASE_URL) can only be opened by one process; set WEB_CONCURRENCY=1 or use PostgreSQL`,
    );
  }
  if (e.BACKUP_S3_BUCKET !== undefined) {
    const missing = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"].filter(
      (name) => e[name as "AWS_ACCESS_KEY_ID"] === undefined,
    );
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n  BACKUP_S3_BUCKET: is set, but ${missing.join(" and ")} ${missing.length > 1 ? "are" : "is"} not; set the bucket's access key in both`,
      );
    }
    if (!e.DATABASE_URL) {
      throw new ConfigError(
        "Invalid configuration:\n  BACKUP_S3_BUCKET: uploads the daily PostgreSQL backups, but there is no DATABASE_URL; the embedded database keeps its backups in DATA_DIR/backups only",
      );
    }
  }
  const s3Prefix = e.BACKUP_S3_PREFIX.trim().replace(/^\/+/, "");
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
    authSecret:
      e.AUTH_SECRET ?? (opts.createSecret === false ? readSecret(dataDir) : readOrCreateSecret(dataDir)),
    trustProxy: e.TRUST_PROXY === undefined ? false : parseTrustProxy(e.TRUST_PROXY)!,
    smtpUrl: e.SMTP_URL,
    outbox,
    mailFrom: e.MAIL_FROM,
    abuseEmail: e.ABUSE_EMAIL ?? `abuse@${parseMailbox(e.MAIL_FROM)!.address.split("@")[1]}`,
    mailLimits: {
      perHour: e.MAIL_LIMIT_PER_HOUR,
      perDay: e.MAIL_LIMIT_PER_DAY,
      newPerHour: e.MAIL_LIMIT_NEW_PER_HOUR,
      newPerDay: e.MAIL_LIMIT_NEW_PER_DAY,
    },
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
    paymentsTestMode:
      !razorpayKeys && (e.PAYMENTS_TEST_MODE ?? (e.NODE_ENV === "production" ? "0" : "1")) === "1",
    logLevel: e.LOG_LEVEL,
    backupKeep: e.BACKUP_KEEP,
    backupS3: e.BACKUP_S3_BUCKET
      ? {
          bucket: e.BACKUP_S3_BUCKET,
          endpoint: e.BACKUP_S3_ENDPOINT,
          region: e.BACKUP_S3_REGION,
          prefix: s3Prefix === "" || s3Prefix.endsWith("/") ? s3Prefix : `${s3Prefix}/`,
          forcePathStyle: e.BACKUP_S3_FORCE_PATH_STYLE === "1",
          accessKeyId: e.AWS_ACCESS_KEY_ID!,
          secretAccessKey: e.AWS_SECRET_ACCESS_KEY!,
        }
      : undefined,
    authRequestsPerIp: e.AUTH_REQUESTS_PER_IP,
    apiLimits: {
      perKey: e.API_KEY_REQUESTS_PER_MINUTE,
      perUser: e.API_USER_REQUESTS_PER_MINUTE,
      failuresPerAddress: e.API_KEY_FAILURES_PER_MINUTE,
    },
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
    pdfIdleMs: Math.round(e.PDF_IDLE_SECONDS * 1000),
    reconcileEveryMs: e.RECONCILE_EVERY_MS,
  };
}

const secretFile = (dataDir: string) => path.join(dataDir, "auth-secret");

function readSecret(dataDir: string): string | undefined {
  const file = secretFile(dataDir);
  return existsSync(file) ? readFileSync(file, "utf8").trim() : undefined;
}

/** Without AUTH_SECRET a random one is kept in the data folder, so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = secretFile(dataDir);
  const existing = readSecret(dataDir);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
