import { errorChain, SQLSTATE } from "./db-errors";

/**
 * Whether an error means "the database cannot be reached or did not answer" rather than a bug:
 * such errors answer 503 (try again), not 500. Drizzle wraps the driver's error, so the whole
 * `cause` chain is looked at.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of errorChain(error)) if (isUnavailableCause(e)) return true;
  return false;
}

const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** SQLSTATEs: admin shutdown, crash shutdown, cannot connect now, statement timeout (57014). */
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", SQLSTATE.queryCanceled]);

/** node-postgres and pg-pool report these as plain errors without a code. */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Query read timeout",
  "Client has encountered a connection error and is not queryable",
  "Client was closed and is not queryable",
  "Cannot use a pool after calling end on the pool",
  "Connection refused",
];

function isUnavailableCause(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    // Class 08: connection exception.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // One connection attempt to several addresses (IPv4 and IPv6) fails as an AggregateError.
  if (error instanceof AggregateError && error.errors.some((e) => isDatabaseUnavailable(e))) return true;
  return DRIVER_MESSAGES.some((m) => error.message.includes(m));
}
