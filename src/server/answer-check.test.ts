import { contractAt } from "#contract";
import { answerMismatch } from "./answer-check";

// The route tests run with every JSON answer checked (testing/harness.ts); this shows what the
// check catches, with the two answers the OpenAPI document used to misdescribe.
describe("answers against their contracts", () => {
  const notes = contractAt("GET /api/credit-notes");
  const page = { items: [], total: 0, totalIsExact: true, hasMore: false, page: 1, pageSize: 20 };

  it("refuses a list page without its cursor, and takes it with one", () => {
    expect(answerMismatch(notes, 200, page)).toMatch(/^nextCursor: /);
    expect(answerMismatch(notes, 200, { ...page, nextCursor: null })).toBeUndefined();
  });

  it("reads the export file as the JSON object it is", () => {
    const file = {
      invoices: [],
      clients: [],
      settings: {},
      productServices: [],
      quotes: [],
      creditNotes: [],
      recurringProfiles: [],
      statements: [],
    };
    expect(answerMismatch(contractAt("GET /api/export"), 200, file)).toBeUndefined();
    expect(answerMismatch(contractAt("GET /api/export"), 200, { invoices: [] })).toMatch(/^clients: /);
  });

  it("checks errors against the error shape and refuses undeclared statuses", () => {
    const refused = { error: { code: "not_found", message: "Credit note not found." } };
    expect(answerMismatch(notes, 404, refused)).toBeUndefined();
    expect(answerMismatch(notes, 404, { message: "Not found" })).toMatch(/^error: /);
    expect(answerMismatch(notes, 201, page)).toBe("status 201 is not declared");
  });

  it("reads an error status with its own declared answer first (readiness's 503)", () => {
    const notReady = { status: "not_ready", checks: {} };
    expect(answerMismatch(contractAt("GET /api/ready"), 503, notReady)).toBeUndefined();
  });

  it("leaves files alone", () => {
    expect(answerMismatch(contractAt("GET /api/invoices/export.csv"), 200, "a,b")).toBeUndefined();
  });
});
