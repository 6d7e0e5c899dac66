import { isStatementTimeout, isUniqueViolation } from "./db-errors";

/** What node-postgres and PGlite throw: an Error with the SQLSTATE and the constraint's name. */
const driverError = (code: string, constraint?: string) =>
  Object.assign(new Error("from the database"), { code, constraint });

/** What Drizzle throws around it: a query error whose `cause` is the driver's error. */
const wrapped = (cause: Error) => new Error("Failed query: insert into ...", { cause });

describe("db-errors", () => {
  it("reads the SQLSTATE on the driver's error and through Drizzle's cause", () => {
    for (const error of [
      driverError("23505", "invoices_business_number_uq"),
      wrapped(driverError("23505", "invoices_business_number_uq")),
    ]) {
      expect(isUniqueViolation(error)).toBe(true);
      expect(isUniqueViolation(error, "invoices_business_number_uq")).toBe(true);
      expect(isUniqueViolation(error, "images_business_hash_uq")).toBe(false);
      expect(isStatementTimeout(error)).toBe(false);
    }
    expect(isStatementTimeout(wrapped(driverError("57014")))).toBe(true);
    expect(isUniqueViolation(wrapped(driverError("23503")))).toBe(false);
    expect(isUniqueViolation(new Error("23505"))).toBe(false);
    expect(isUniqueViolation({ code: "23505" })).toBe(false);
  });
});
