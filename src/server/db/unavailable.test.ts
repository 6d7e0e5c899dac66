import { isDatabaseUnavailable } from "./unavailable";

const withCode = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it("recognises connection errors, shutdowns, timeouts and the pool's own messages", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "57P01", "57P03", "08006", "08001", "57014"]) {
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    }
    for (const message of [
      "Connection terminated unexpectedly",
      "timeout exceeded when trying to connect",
      "Query read timeout",
      "Client has encountered a connection error and is not queryable",
    ]) {
      expect(isDatabaseUnavailable(new Error(message)), message).toBe(true);
    }
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")], ""))).toBe(true);
  });

  it("looks through Drizzle's wrapping (the cause chain)", () => {
    const wrapped = new Error("Failed query: select 1", {
      cause: withCode("57P01", "terminating connection"),
    });
    expect(isDatabaseUnavailable(new Error("outer", { cause: wrapped }))).toBe(true);
  });

  it("leaves bugs and data errors alone", () => {
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable(withCode("23505", "duplicate key"))).toBe(false);
    expect(isDatabaseUnavailable(new Error("Failed query", { cause: withCode("22P02") }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
  });
});
