/**
 * The one error type of the domain. `code` is stable and is what callers switch on (the server
 * maps it to an HTTP status, the browser to a message); `message` is for people; `field` names
 * the input at fault when there is one.
 */
export class DomainError extends Error {
  constructor(
    public code: string,
    message: string,
    public field?: string,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
