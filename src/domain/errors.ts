/**
 * The one error type of the domain and the data layer. `code` is stable and is what callers
 * switch on: the codes the API answers with are listed in src/contract/errors.ts (one error
 * handler maps them to an HTTP status, the browser to a message); other codes (INVALID_DATE, ...)
 * are broken invariants that a service maps or that answer 500. `message` is for people; `field`
 * names the input at fault when there is one, `fields` several.
 */
export class DomainError extends Error {
  constructor(
    public code: string,
    message: string,
    public field?: string,
    public fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
