import { ERROR_STATUS, type ErrorCode, isErrorCode } from "#contract/errors";
import { DomainError } from "#domain/errors";

export { ERROR_STATUS, type ErrorCode } from "#contract/errors";

/**
 * An error the API answers with its code (src/contract/errors.ts). Services and routes throw it;
 * query files throw a plain DomainError with one of the same codes.
 */
export class AppError extends DomainError {
  declare code: ErrorCode;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(code, message, undefined, fields);
    this.name = "AppError";
  }
}

/** The code, message and fields to answer with, when the error carries one of the API's codes. */
export function answerOf(
  error: unknown,
): { status: number; code: ErrorCode; message: string; fields?: Record<string, string> } | undefined {
  if (!(error instanceof DomainError) || !isErrorCode(error.code)) return undefined;
  return { status: ERROR_STATUS[error.code], code: error.code, message: error.message, fields: error.fields };
}

export const notFound = (what: string) => new AppError("not_found", `${what} not found.`);

/** `row` when there is one; else a 404 naming `what` (another business's, or gone: the same answer). */
export function orNotFound<T>(row: T, what: string): NonNullable<T> {
  if (!row) throw notFound(what);
  return row as NonNullable<T>;
}
