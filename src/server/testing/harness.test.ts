import { createTestApp, get, signUpAndSignIn } from "./harness";
import { TEST_DATABASE_URL } from "./test-config";

describe.skipIf(!TEST_DATABASE_URL)("test harness on PostgreSQL", () => {
  it("drops its database without a connection error from the app's pool", async () => {
    const warnings = vi.spyOn(console, "warn");
    const errors = vi.spyOn(console, "error");
    try {
      for (let round = 0; round < 3; round++) {
        const t = await createTestApp("postgres");
        const s = await signUpAndSignIn(t);
        // Many idle connections in the pool when the database is dropped.
        await Promise.all(Array.from({ length: 12 }, () => get(t.app, "/api/clients", s.cookie)));
        await t.close();
      }
      // Connection errors arrive as events after the drop: let them come.
      await new Promise((resolve) => setImmediate(resolve));
      const printed = [...warnings.mock.calls, ...errors.mock.calls].map((c) => c.join(" ")).join("\n");
      expect(printed).not.toMatch(/PostgreSQL/);
    } finally {
      warnings.mockRestore();
      errors.mockRestore();
    }
  });
});
