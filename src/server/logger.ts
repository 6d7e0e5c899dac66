import { AsyncLocalStorage } from "node:async_hooks";
import pino, { type DestinationStream, type Logger } from "pino";
import type { ActivityActor } from "#domain/activity-log";

/**
 * The request being served, for log lines written through loggers that are not the request's own,
 * and who acts in it (set by requireBusiness; the activity log reads it: activity-actor.ts).
 */
export const requestContext = new AsyncLocalStorage<{
  reqId: string;
  failure?: unknown;
  actor?: ActivityActor;
}>();

/** Keeps the error behind a failure that a library turns into its own answer (better-auth's 500). */
export function noteRequestFailure(error: unknown): void {
  const store = requestContext.getStore();
  if (store) store.failure = error;
}

const { chindingsSym } = pino.symbols;

/** Path segments after these carry a credential (reset tokens, public invoice tokens). */
const SECRET_PATH = /^(\/api\/auth\/reset-password|\/i)\/[^/?]+/;

/** The path of a URL, with query values and tokens in the path replaced by [redacted]. */
export function redactUrl(url: string): string {
  const [pathPart = "", query] = url.split("?", 2) as [string, string | undefined];
  const safePath = pathPart.replace(SECRET_PATH, "$1/[redacted]");
  if (query === undefined) return safePath;
  const params = query
    .split("&")
    .filter((p) => p.length > 0)
    .map((p) => `${p.split("=", 1)[0]}=[redacted]`);
  return `${safePath}?${params.join("&")}`;
}

const CENSOR = "[redacted]";

/** Keys whose values are never logged, at any depth of a logged object (redaction by key). */
const SECRET_KEYS = new Set(
  [
    "password",
    "newPassword",
    "currentPassword",
    "token",
    "idToken",
    "accessToken",
    "refreshToken",
    "secret",
    "cookie",
    "authorization",
    "set-cookie",
    "accountNumber",
    "ifsc",
    "ifscCode",
    "upiId",
    "bankDetails",
    "params",
    "parameters",
    // PostgreSQL quotes row values in these ('Key (email)=(a@b.c) already exists').
    "detail",
    "where",
    "internalQuery",
  ].map((k) => k.toLowerCase()),
);

/** Free text: URLs in it lose query values and path tokens, `token=...` pairs their values. */
function redactText(text: string): string {
  // Neither a URL nor a pair: nothing to find (the common case, "request completed", an id).
  if (!text.includes("/") && !text.includes("=")) return text;
  return text
    .replace(/https?:\/\/[^\s"'<>]+|\/api\/[^\s"'<>]+/g, (url) => {
      const at = url.indexOf("/", url.indexOf("//") + 2);
      return url.startsWith("/")
        ? redactUrl(url)
        : at === -1
          ? url
          : url.slice(0, at) + redactUrl(url.slice(at));
    })
    .replace(/\b(token|password|secret|code)=([^&\s"']+)/gi, `$1=${CENSOR}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** Plain objects and arrays (never class instances) with secret keys censored and text scrubbed. */
function redactDeep(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (depth > 8) return value;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, depth + 1));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.has(key.toLowerCase()) ? CENSOR : redactDeep(v, depth + 1);
  }
  return out;
}

/**
 * Drizzle's "Failed query: ... params: ..." messages list the values: keep the statement only.
 * PostgreSQL's own messages quote the offending value ('invalid input syntax for type integer:
 * "9182..."'), so quoted text after a colon goes too; so do `params`, `detail` and `where`, also
 * on the error's cause.
 */
function redactErrorFields(serialized: Record<string, unknown>, depth = 0): Record<string, unknown> {
  // A database's error (it has a severity or a routine) may quote a value anywhere in its text; its
  // identifiers stay readable in `table`, `column` and `constraint`.
  const fromDatabase = "severity" in serialized || "routine" in serialized;
  const strip = (text: string) => {
    const clean = redactText(text.replace(/\nparams: [\s\S]*?(?=\n\s+at |$)/, ""));
    return fromDatabase
      ? clean.replace(/"[^"\n]*"/g, `"${CENSOR}"`)
      : clean.replace(/:\s*"[^"\n]*"/g, `: "${CENSOR}"`);
  };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(serialized)) {
    if (key === "raw") continue;
    if (SECRET_KEYS.has(key.toLowerCase())) out[key] = CENSOR;
    else if (typeof value === "string") out[key] = strip(value);
    else if ((key === "cause" || key === "aggregateErrors") && depth < 5) {
      out[key] = Array.isArray(value)
        ? value.map((v) => redactErrorFields(v as Record<string, unknown>, depth + 1))
        : value && typeof value === "object"
          ? redactErrorFields(value as Record<string, unknown>, depth + 1)
          : value;
    } else out[key] = redactDeep(value);
  }
  return out;
}

function redactError(error: unknown) {
  const serialized = pino.stdSerializers.errWithCause(error as Error) as unknown;
  if (!serialized || typeof serialized !== "object") return serialized;
  return redactErrorFields(serialized as Record<string, unknown>);
}

/**
 * Standard output without a system call per line: each line is handed to the file system at once
 * (no delay when the server is quiet), and lines written while one write is under way go out
 * together in the next (under load, one write for many requests' lines). pino writes what is
 * left synchronously when the process exits, also through `process.exit` (docs/decisions/0053).
 */
export function stdoutDestination(): DestinationStream {
  return pino.destination({ dest: 1, sync: false });
}

/**
 * Structured logs that never carry passwords, tokens, cookies, bank details or statement
 * parameters. Every line written while a request is served carries its id (`reqId`), also when
 * the code logs through the app's logger rather than the request's.
 */
export function createLogger(level: string, destination: DestinationStream = stdoutDestination()): Logger {
  return pino(
    {
      level,
      mixin(_object, _level, logger) {
        const store = requestContext.getStore();
        if (!store) return {};
        // The request's own child logger already has it among its bindings.
        const bindings = (logger as unknown as Record<symbol, string | undefined>)[chindingsSym];
        return bindings?.includes('"reqId":') ? {} : { reqId: store.reqId };
      },
      serializers: {
        req: (req: { method?: string; url?: string; ip?: string }) => ({
          method: req.method,
          url: req.url === undefined ? undefined : redactUrl(req.url),
          remoteAddress: req.ip,
        }),
        err: redactError,
      },
      formatters: {
        // Redaction by key, at any depth (err and req have their own serializers). This is the only
        // redaction: pino's path-based \`redact\` option cost ~2.5 % of a list request's CPU
        // (docs/decisions/0014-api-speed.md) and covered a subset of these keys.
        log(object) {
          const out: Record<string, unknown> = {};
          for (const [key, value] of Object.entries(object)) {
            out[key] =
              key === "err" || key === "req"
                ? value
                : SECRET_KEYS.has(key.toLowerCase())
                  ? CENSOR
                  : redactDeep(value);
          }
          return out;
        },
      },
      hooks: {
        // Messages are free text: URLs and `token=...` in them are scrubbed too.
        logMethod(args, method) {
          method.apply(
            this,
            args.map((a) => (typeof a === "string" ? redactText(a) : a)) as Parameters<typeof method>,
          );
        },
      },
    },
    destination,
  );
}
