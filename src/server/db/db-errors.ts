/**
 * The one place that recognises PostgreSQL's errors by SQLSTATE. Drizzle wraps the driver's error
 * (a DrizzleQueryError whose `cause` is node-postgres' or PGlite's error); a raw driver error
 * carries `code` and `constraint` itself. Every check reads the error and its `cause` chain, so
 * callers never compare `.code` by hand.
 */

/** The SQLSTATEs the code relies on (PostgreSQL, Appendix A); add one here with its check. */
export const SQLSTATE = {
  uniqueViolation: "23505",
  /** query_canceled: statement_timeout, or a cancel request. */
  queryCanceled: "57014",
} as const;

type DriverError = Error & { code?: unknown; constraint?: unknown };

/** The error and its causes, outermost first (at most 5 deep). */
export function* errorChain(error: unknown): Generator<DriverError> {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    yield current as DriverError;
    current = (current as { cause?: unknown }).cause;
  }
}

/** The driver's error with this SQLSTATE in the chain, if any. */
function findState(error: unknown, state: string): DriverError | undefined {
  for (const e of errorChain(error)) if (e.code === state) return e;
  return undefined;
}

/** A unique index refused the row; with `constraint`, only that index. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = findState(error, SQLSTATE.uniqueViolation);
  return found !== undefined && (constraint === undefined || found.constraint === constraint);
}

/** The statement ran past `statement_timeout` (or was cancelled). */
export function isStatementTimeout(error: unknown): boolean {
  return findState(error, SQLSTATE.queryCanceled) !== undefined;
}
