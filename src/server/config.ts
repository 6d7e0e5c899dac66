import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

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
  TRUST_PROXY: optional.transform((v) => v === "true" || v === "1"),
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
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  authSecret: string;
  trustProxy: boolean;
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
  authRequestsPerIp: number;
  /** Extra origins allowed to send state-changing requests (the Vite dev server). */
  extraOrigins: string[];
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    secureCookies: publicUrl.startsWith("https:"),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    authSecret: e.AUTH_SECRET ?? readOrCreateSecret(dataDir),
    trustProxy: e.TRUST_PROXY,
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
    authRequestsPerIp: e.AUTH_REQUESTS_PER_IP,
    extraOrigins: e.NODE_ENV === "development" ? ["http://localhost:5173"] : [],
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
